package com.paywire.api.kyc;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.paywire.api.input.NumberOrText;
import com.paywire.domain.kyc.NewKycRequest;
import io.swagger.v3.oas.annotations.media.Schema;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * The body of KYC validation (docs/interface.md#kyc). Clients send the serial number as serialNo or
 * CustomerAccountSerialNo, and ccy and kycRequestReportReason as numbers or strings: all are read as text here,
 * and every rule is the domain's ({@code KycRequests}).
 */
record KycValidationRequest(
        @Schema(description = "the KYC route's id (7084d9cf-08ba-491b-ab39-de9db5ee59d2 in the sandbox)")
        String routeId,
        @Schema(description = "the first name to match against the registry's")
        String kycRequestFirstName,
        @Schema(description = "the middle name to match against the registry's")
        String kycRequestMiddleName,
        @Schema(description = "the last name to match against the registry's")
        String kycRequestLastName,
        @Schema(description = "other names to match against the registry's")
        String kycRequestOtherNames,
        @Schema(description = "the national identity number to look up")
        @JsonProperty("kycRequestNationalID") String kycRequestNationalId,
        @Schema(description = "the identity card's serial number (CustomerAccountSerialNo is also read)")
        @JsonAlias("CustomerAccountSerialNo") String serialNo,
        @Schema(description = "the passport number")
        String kycRequestPassportNo,
        @Schema(description = "the service number")
        @JsonProperty("kycRequestServiceID") String kycRequestServiceId,
        @Schema(description = "the alien identity number")
        @JsonProperty("kycRequestAlienID") String kycRequestAlienId,
        @Schema(description = "the tax identity number (KRA PIN)")
        @JsonProperty("kycRequestTaxID") String kycRequestTaxId,
        @Schema(description = "the date of birth (yyyy-MM-dd)")
        String kycRequestDateOfBirth,
        @Schema(description = "the postal box number")
        String kycRequestPostalBoxNo,
        @Schema(description = "the postal town")
        String kycRequestPostalTown,
        @Schema(description = "a mobile number in any of three forms: +2547XXXXXXXX, 2547XXXXXXXX or 07XXXXXXXX")
        String kycRequestTelephoneMobile,
        @Schema(description = "the physical address")
        String kycRequestPhysicalAddress,
        @Schema(description = "the town of the physical address")
        String kycRequestPhysicalTown,
        @Schema(description = "the country of the physical address")
        String kycRequestPhysicalCountry,
        @Schema(description = "a whole number, sent as a number or a string")
        @JsonDeserialize(using = NumberOrText.class) String kycRequestReportReason,
        @Schema(description = "where Paywire posts the status record when the check completes")
        @JsonProperty("kycRequestCallBackURL") String kycRequestCallBackUrl,
        @Schema(description = "the id of the device the request came from")
        String deviceId,
        @Schema(description = "the client's own unique id of the check, by which its status is queried; a reused "
                + "one is refused as a duplicate")
        String systemTraceAuditNumber,
        @Schema(description = "the country of the identity document, a two-letter code (KE)")
        String country,
        @Schema(description = "404 (or KES), sent as a number or a string")
        @JsonDeserialize(using = NumberOrText.class) String ccy) {

    NewKycRequest submission() {
        return new NewKycRequest(routeId, kycRequestFirstName, kycRequestMiddleName, kycRequestLastName,
                kycRequestOtherNames, kycRequestNationalId, serialNo, kycRequestPassportNo, kycRequestServiceId,
                kycRequestAlienId, kycRequestTaxId, kycRequestDateOfBirth, kycRequestPostalBoxNo, kycRequestPostalTown,
                kycRequestTelephoneMobile, kycRequestPhysicalAddress, kycRequestPhysicalTown, kycRequestPhysicalCountry,
                kycRequestReportReason, kycRequestCallBackUrl, deviceId, systemTraceAuditNumber, country, ccy);
    }
}
