package com.paywire.activities.kyc;

import static com.paywire.activities.ActivityFailures.reported;

import com.paywire.domain.kyc.KycStatusRecord;
import com.paywire.domain.notifications.EventPublisher;
import com.paywire.persistence.kyc.KycRequest;
import com.paywire.persistence.kyc.KycStore;
import com.paywire.persistence.notifications.EventStore;
import com.paywire.vocabulary.lookups.LookupStatus;
import com.paywire.workflows.kyc.KycActivities;
import com.paywire.workflows.kyc.KycVerdict;
import com.paywire.workflows.notifications.EventCommand;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

@Component
public class KycActivitiesImpl implements KycActivities {

    /** The event type of a KYC request's result callback in the events store. */
    public static final String CALLBACK_EVENT = "kyc.result";
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Logger log = LoggerFactory.getLogger(KycActivitiesImpl.class);

    private final KycStore requests;
    private final EventStore events;
    private final EventPublisher publisher;
    private final TransactionTemplate transaction;
    private final Clock clock;

    public KycActivitiesImpl(KycStore requests, EventStore events, EventPublisher publisher,
                             TransactionTemplate transaction, Clock clock) {
        this.requests = requests;
        this.events = events;
        this.publisher = publisher;
        this.transaction = transaction;
        this.clock = clock;
    }

    @Override
    public void close(String requestId, KycVerdict verdict) {
        reported(() -> {
            UUID id = UUID.fromString(requestId);
            KycRequest request = transaction.execute(tx -> {
                KycRequest current = requests.lock(id);
                if (current.status() != LookupStatus.PENDING) {
                    return current; // closed before: only the callback may be missing
                }
                boolean found = verdict.code().personFound();
                requests.recordOutcome(id, verdict.registryAnswered() ? LookupStatus.COMPLETED : LookupStatus.FAILED,
                        verdict.code(), verdict.responseDesc(), JSON.writeValueAsString(verdict.fieldMatches()),
                        current.personal().forStatusRecord(found ? current.personal().nationalId() : null),
                        OffsetDateTime.now(clock));
                log.info("KYC request {} of client {} (national ID {}): {} {}", current.systemTraceAuditNumber(),
                        current.clientId(), current.nationalIdHint(), verdict.responseCode(), verdict.responseDesc());
                return requests.find(id).orElseThrow();
            });
            if (request.callbackUrl() != null) {
                publisher.publishPersonal(new EventCommand(requestId, request.clientId(), CALLBACK_EVENT,
                        orderingKey(requestId), KycStatusRecord.of(request).toJson(), request.callbackUrl(),
                        clock.millis()), null);
            }
        });
    }

    @Override
    public void erasePersonalData(String requestId) {
        reported(() -> transaction.executeWithoutResult(tx -> {
            requests.erasePersonalData(UUID.fromString(requestId), OffsetDateTime.now(clock));
            events.erasePersonalData(orderingKey(requestId));
            log.info("Erased the personal data of KYC request {}: its retention ended", requestId);
        }));
    }

    private static String orderingKey(String requestId) {
        return "kyc:" + requestId;
    }
}
