package com.paywire.domain.cards;

import com.paywire.vocabulary.cards.CardSummary;
import java.math.BigDecimal;
import java.util.Optional;

/**
 * 3-D Secure: setup, enrolment check (frictionless or a challenge), the challenge's result. Chosen by
 * {@code paywire.cards.payer-authentication} (sandbox: {@link SandboxPayerAuthentication}); a real directory
 * server replaces it behind these operations.
 */
public interface PayerAuthentication {

    enum Status {
        SETUP, AUTHENTICATION_SUCCESSFUL, PENDING_AUTHENTICATION, NOT_ENROLLED
    }

    record Setup(String referenceId, String accessToken) {
    }

    record Enrolment(String payerAuthenticationId, Status status) {
    }

    record Result(Status status, String eci, String cavv) {
    }

    Setup setup(String clientId, CardSummary card);

    /** @throws com.paywire.domain.InvalidInputException naming ReferenceId when there was no such setup */
    Enrolment checkEnrolment(String clientId, String referenceId, BigDecimal amount, String currency);

    /** @throws com.paywire.domain.UnknownResourceException when there is no such authentication */
    Result validate(String clientId, String payerAuthenticationId);

    /** The proof (CAVV) of a successful authentication of this card, for its authorisation; empty if none. */
    Optional<String> cavvOf(String clientId, String payerAuthenticationId, CardSummary card);
}
