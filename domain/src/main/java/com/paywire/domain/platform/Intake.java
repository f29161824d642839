package com.paywire.domain.platform;

import com.paywire.workflows.logging.PaymentContext;
import io.temporal.client.WorkflowClient;
import java.time.Clock;
import java.util.function.Predicate;
import org.springframework.dao.DuplicateKeyException;

/**
 * What accepting a request the API records first and starts second is, whatever its product: recording it under
 * the client's id, a reused id refused in one message ({@link #duplicateMessage}), then handing it to Temporal and
 * sweeping up what Temporal did not get, through the {@link Outbox}. Each product gives its parts: its name, the
 * field that carries the client's id, and how it refuses a request.
 */
public final class Intake {

    /**
     * How a product refuses a request: its error answer, given the client's id of it, the field at fault and why
     * (in the order of {@code InvalidInputException.of}).
     */
    @FunctionalInterface
    public interface Refusal {
        RuntimeException refuse(String clientsId, String field, String message);
    }

    private final String kind;
    private final String earlier;
    private final String idField;
    private final Refusal refusal;
    private final WorkflowClient temporal;
    private final Clock clock;

    /**
     * @param kind    the product's request in words, for the outbox's log ("KYC request"; "KYC requests" in the
     *                sweep's)
     * @param earlier what the duplicate message says the id was used for, where the product words it otherwise
     *                than {@code kind} ("order" for a payment order: "… used for an earlier order.")
     * @param idField the field that carries the client's id of the request ("originatorConversationId")
     */
    public Intake(String kind, String earlier, String idField, Refusal refusal, WorkflowClient temporal, Clock clock) {
        this.kind = kind;
        this.earlier = earlier;
        this.idField = idField;
        this.refusal = refusal;
        this.temporal = temporal;
        this.clock = clock;
    }

    /** A product whose duplicate message names its request as the outbox's log does. */
    public Intake(String kind, String idField, Refusal refusal, WorkflowClient temporal, Clock clock) {
        this(kind, kind, idField, refusal, temporal, clock);
    }

    /** "The {field} '{id}' is a duplicate: it was used for an earlier {what}." */
    public static String duplicateMessage(String field, String id, String what) {
        return "The " + field + " '" + id + "' is a duplicate: it was used for an earlier " + what + ".";
    }

    /**
     * Records the request with {@code insert}, which the store's unique key refuses when the client used the id
     * before: no look first, the insert answers in the same round trip.
     *
     * @throws RuntimeException the product's refusal ({@link #duplicate}) when the id was used before
     */
    public void record(String clientsId, Runnable insert) {
        try {
            insert.run();
        } catch (DuplicateKeyException reused) {
            throw duplicate(clientsId);
        }
    }

    /** The product's refusal of a reused id. */
    public RuntimeException duplicate(String clientsId) {
        return refusal.refuse(clientsId, idField, duplicateMessage(idField, clientsId, earlier));
    }

    /** {@link Outbox#start} of one of the product's requests. */
    public boolean start(PaymentContext payment, Runnable start, Runnable markStarted) {
        return Outbox.start(kind, payment, start, markStarted);
    }

    /** {@link Outbox#sweep} of the product's requests. */
    public <T> void sweep(Outbox.Unstarted<T> unstarted, Predicate<T> start) {
        Outbox.sweep(temporal, clock, kind + "s", unstarted, start);
    }
}
