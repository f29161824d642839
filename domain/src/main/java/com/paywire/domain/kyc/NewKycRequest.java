package com.paywire.domain.kyc;

/**
 * A KYC request as the client sent it (docs/interface.md#kyc). Numbers that clients send either as a number or as
 * a string (ccy, kycRequestReportReason) arrive as text.
 */
public record NewKycRequest(String routeId, String firstName, String middleName, String lastName, String otherNames,
                            String nationalId, String serialNo, String passportNo, String serviceId, String alienId,
                            String taxId, String dateOfBirth, String postalBoxNo, String postalTown,
                            String telephoneMobile, String physicalAddress, String physicalTown,
                            String physicalCountry, String reportReason, String callbackUrl, String deviceId,
                            String systemTraceAuditNumber, String country, String ccy) {
}
