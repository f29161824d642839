package com.paywire.workflows.cards;

import com.paywire.vocabulary.cards.CardTransactionStatus;

/** The answer to an authorisation: AUTHORIZED, or DECLINED (by the processor or fraud screening) with an error code. */
public record AuthorisationResult(String authorisationId, CardTransactionStatus status, String responseCode,
                                  String avsCode, String cvnCode, String errorCode, String errorMessage,
                                  String processorTransactionId) {

    public boolean authorised() {
        return status == CardTransactionStatus.AUTHORIZED;
    }
}
