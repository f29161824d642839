package com.paywire.workflows.cards;

/** The processor's answer to an authorisation: AUTHORIZED, or DECLINED with an error code. */
public record AuthorisationResult(String authorisationId, String status, String responseCode, String avsCode,
                                  String cvnCode, String errorCode, String errorMessage,
                                  String processorTransactionId) {

    public static final String AUTHORIZED = "AUTHORIZED";
    public static final String DECLINED = "DECLINED";

    public boolean authorised() {
        return AUTHORIZED.equals(status);
    }
}
