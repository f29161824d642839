package com.paywire.domain.cards;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.paywire.domain.InvalidInputException;
import com.paywire.domain.UnknownResourceException;
import com.paywire.domain.notifications.EventPublisher;
import com.paywire.persistence.cards.CardStore;
import com.paywire.vocabulary.cards.CardSummary;
import com.paywire.vocabulary.notifications.EventType;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;

/**
 * The sandbox's 3-D Secure directory (docs/sandbox.md#cards) decides by network: Visa cards authenticate
 * frictionless, Mastercard cards need a challenge, others are not enrolled.
 */
class SandboxPayerAuthentication implements PayerAuthentication {

    private final CardStore cards;
    private final EventPublisher events;

    SandboxPayerAuthentication(CardStore cards, EventPublisher events) {
        this.cards = cards;
        this.events = events;
    }

    /** The data of an authentication.completed event. */
    record AuthenticationCompleted(@JsonProperty("PayerAuthenticationId") String payerAuthenticationId,
                                   @JsonProperty("Status") Status status) {
    }

    @Override
    public Setup setup(String clientId, CardSummary card) {
        String referenceId = "3dsref_" + CardIds.randomHex(12);
        cards.savePayerAuthentication(new CardStore.PayerAuthentication("pa_" + CardIds.randomHex(12), referenceId,
                card.processorInstrumentId(), card.network(), Status.SETUP.name(), null, null, null, null), clientId);
        return new Setup(referenceId, CardIds.randomHex(24));
    }

    @Override
    public Enrolment checkEnrolment(String clientId, String referenceId, BigDecimal amount, String currency) {
        CardStore.PayerAuthentication setup = cards.findPayerAuthentication(clientId, referenceId)
                .orElseThrow(() -> InvalidInputException.of(null, "ReferenceId", "No 3-D Secure setup with that ReferenceId."));
        Status status = switch (setup.network()) {
            case "VISA" -> Status.AUTHENTICATION_SUCCESSFUL;
            case "MASTERCARD" -> Status.PENDING_AUTHENTICATION;
            default -> Status.NOT_ENROLLED;
        };
        boolean frictionless = status == Status.AUTHENTICATION_SUCCESSFUL;
        cards.savePayerAuthentication(new CardStore.PayerAuthentication(setup.id(), setup.referenceId(),
                setup.processorInstrumentId(), setup.network(), status.name(), amount, currency,
                frictionless ? "05" : null, frictionless ? cavv() : null), clientId);
        if (frictionless) {
            authenticated(clientId, setup.id(), status);
        }
        return new Enrolment(setup.id(), status);
    }

    @Override
    public Result validate(String clientId, String payerAuthenticationId) {
        CardStore.PayerAuthentication pending = cards.findPayerAuthentication(clientId, payerAuthenticationId)
                .orElseThrow(() -> new UnknownResourceException("No payer authentication with that PayerAuthenticationId"));
        CardStore.PayerAuthentication done = pending;
        if (Status.PENDING_AUTHENTICATION.name().equals(pending.status())) {
            done = new CardStore.PayerAuthentication(pending.id(), pending.referenceId(), pending.processorInstrumentId(),
                    pending.network(), Status.AUTHENTICATION_SUCCESSFUL.name(), pending.amount(), pending.currency(),
                    "02", cavv());
            cards.savePayerAuthentication(done, clientId);
            authenticated(clientId, done.id(), Status.AUTHENTICATION_SUCCESSFUL);
        }
        return new Result(Status.valueOf(done.status()), done.eci(), done.cavv());
    }

    @Override
    public Optional<String> cavvOf(String clientId, String payerAuthenticationId, CardSummary card) {
        return cards.findPayerAuthentication(clientId, payerAuthenticationId)
                .filter(a -> Status.AUTHENTICATION_SUCCESSFUL.name().equals(a.status()))
                .filter(a -> a.processorInstrumentId().equals(card.processorInstrumentId()))
                .map(CardStore.PayerAuthentication::cavv);
    }

    private void authenticated(String clientId, String id, Status status) {
        events.publishNow(clientId, EventType.AUTHENTICATION_COMPLETED.wireName(), id, new AuthenticationCompleted(id, status));
    }

    private static String cavv() {
        return Base64.getEncoder().encodeToString(CardIds.randomHex(10).getBytes(StandardCharsets.US_ASCII));
    }
}
