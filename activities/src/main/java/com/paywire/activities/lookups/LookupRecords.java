package com.paywire.activities.lookups;

import static com.paywire.activities.ActivityFailures.reported;

import com.paywire.domain.notifications.EventPublisher;
import com.paywire.vocabulary.lookups.PersonalDataRequest;
import com.paywire.persistence.PersonalDataTable;
import com.paywire.persistence.notifications.EventStore;
import com.paywire.vocabulary.lifecycle.Lifecycles;
import com.paywire.vocabulary.notifications.EventType;
import com.paywire.vocabulary.products.Product;
import com.paywire.workflows.notifications.EventCommand;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.UUID;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The record side of a personal-data lookup (a KYC request, an account validation), the same for each: close the
 * request once, under its lock, and call the client back with its record, sealed; when the retention ends, erase
 * its personal data and the callback event's. Each product says how it records its outcome and what its callback
 * carries; the callback event's id is the request's, so a retried close publishes it once.
 */
public final class LookupRecords<T extends PersonalDataRequest> {

    private static final Logger log = LoggerFactory.getLogger(LookupRecords.class);

    private final PersonalDataTable<T> store;
    private final EventStore events;
    private final EventPublisher publisher;
    private final TransactionTemplate transaction;
    private final Clock clock;
    private final Kind kind;

    /**
     * What tells one product's requests from another's.
     *
     * @param noun          one request, for the log ("KYC request")
     * @param callbackEvent the event type of its result callback
     * @param product       what it is, whose event key erasure finds its events by
     */
    public record Kind(String noun, EventType callbackEvent, Product product) {
    }

    /**
     * What the client is called back with.
     *
     * @param xmlRoot the root element when the client asked for XML; null for JSON
     */
    public record Callback(String json, String xmlRoot) {
    }

    public LookupRecords(PersonalDataTable<T> store, EventStore events, EventPublisher publisher,
                         TransactionTemplate transaction, Clock clock, Kind kind) {
        this.store = store;
        this.events = events;
        this.publisher = publisher;
        this.transaction = transaction;
        this.clock = clock;
        this.kind = kind;
    }

    /**
     * Records the outcome unless the request was closed before, then calls the client back (again after a retry
     * that found it closed: only the callback may have been missing).
     *
     * @param record   records the outcome of the still pending request, inside its lock, as of the time given
     * @param callback what the closed request's callback carries
     */
    public void close(String requestId, BiConsumer<T, OffsetDateTime> record, Function<T, Callback> callback) {
        reported(() -> {
            UUID id = UUID.fromString(requestId);
            T request = transaction.execute(tx -> {
                T current = store.lock(id);
                if (Lifecycles.LOOKUP.isTerminal(current.status())) {
                    return current; // closed before: only the callback may be missing
                }
                record.accept(current, OffsetDateTime.now(clock));
                return store.find(id).orElseThrow();
            });
            if (request.callbackUrl() != null) {
                Callback body = callback.apply(request);
                publisher.publishPersonal(new EventCommand(requestId, request.clientId(),
                        kind.callbackEvent().wireName(), orderingKey(requestId), body.json(), request.callbackUrl(), clock.millis()), body.xmlRoot());
            }
        });
    }

    /** @param erased what is erased, for the log ("the personal data") */
    public void erasePersonalData(String requestId, String erased) {
        reported(() -> transaction.executeWithoutResult(tx -> {
            store.erasePersonalData(UUID.fromString(requestId), OffsetDateTime.now(clock));
            events.erasePersonalData(orderingKey(requestId));
            log.info("Erased {} of {} {}: its retention ended", erased, kind.noun(), requestId);
        }));
    }

    private String orderingKey(String requestId) {
        return kind.product().eventKey(requestId);
    }
}
