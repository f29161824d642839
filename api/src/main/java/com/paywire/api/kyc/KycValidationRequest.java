package com.paywire.api.kyc;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.paywire.domain.kyc.NewKycRequest;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The body of KYC validation (docs/interface.md#kyc). Clients send the serial number as serialNo or
 * CustomerAccountSerialNo, and ccy and kycRequestReportReason as numbers or strings: all are read as text here,
 * and every rule is the domain's ({@code KycRequests}).
 */
record KycValidationRequest(String routeId, String kycRequestFirstName, String kycRequestMiddleName,
                            String kycRequestLastName, String kycRequestOtherNames,
                            @JsonProperty("kycRequestNationalID") String kycRequestNationalId,
                            @JsonAlias("CustomerAccountSerialNo") String serialNo, String kycRequestPassportNo,
                            @JsonProperty("kycRequestServiceID") String kycRequestServiceId,
                            @JsonProperty("kycRequestAlienID") String kycRequestAlienId,
                            @JsonProperty("kycRequestTaxID") String kycRequestTaxId,
                            String kycRequestDateOfBirth, String kycRequestPostalBoxNo, String kycRequestPostalTown,
                            String kycRequestTelephoneMobile, String kycRequestPhysicalAddress,
                            String kycRequestPhysicalTown, String kycRequestPhysicalCountry,
                            @Schema(description = "a whole number, sent as a number or a string")
                            String kycRequestReportReason,
                            @JsonProperty("kycRequestCallBackURL") String kycRequestCallBackUrl, String deviceId,
                            String systemTraceAuditNumber, String country,
                            @Schema(description = "404 (or KES), sent as a number or a string") String ccy) {

    NewKycRequest submission() {
        return new NewKycRequest(routeId, kycRequestFirstName, kycRequestMiddleName, kycRequestLastName,
                kycRequestOtherNames, kycRequestNationalId, serialNo, kycRequestPassportNo, kycRequestServiceId,
                kycRequestAlienId, kycRequestTaxId, kycRequestDateOfBirth, kycRequestPostalBoxNo, kycRequestPostalTown,
                kycRequestTelephoneMobile, kycRequestPhysicalAddress, kycRequestPhysicalTown, kycRequestPhysicalCountry,
                kycRequestReportReason, kycRequestCallBackUrl, deviceId, systemTraceAuditNumber, country, ccy);
    }
}
