package com.paywire.activities.kyc;

import com.paywire.activities.lookups.LookupRecords;
import com.paywire.domain.kyc.KycStatusRecord;
import com.paywire.domain.notifications.EventPublisher;
import com.paywire.vocabulary.lookups.KycRequest;
import com.paywire.persistence.kyc.KycStore;
import com.paywire.persistence.notifications.EventStore;
import com.paywire.vocabulary.lookups.LookupStatus;
import com.paywire.vocabulary.notifications.EventType;
import com.paywire.vocabulary.products.Product;
import com.paywire.workflows.kyc.KycActivities;
import com.paywire.vocabulary.rules.kyc.KycVerdict;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

/**
 * A KYC request's record ({@link LookupRecords}): the verdict, of the personal data only what the status record
 * shows, and the status record as the callback.
 */
@Component
public class KycActivitiesImpl implements KycActivities {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Logger log = LoggerFactory.getLogger(KycActivitiesImpl.class);

    private final KycStore requests;
    private final LookupRecords<KycRequest> records;

    public KycActivitiesImpl(KycStore requests, EventStore events, EventPublisher publisher,
                             TransactionTemplate transaction, Clock clock) {
        this.requests = requests;
        this.records = new LookupRecords<>(requests, events, publisher, transaction, clock,
                new LookupRecords.Kind("KYC request", EventType.KYC_RESULT, Product.KYC));
    }

    @Override
    public void close(String requestId, KycVerdict verdict) {
        records.close(requestId, (current, now) -> {
            boolean found = verdict.code().personFound();
            requests.recordOutcome(current.id(),
                    verdict.registryAnswered() ? LookupStatus.COMPLETED : LookupStatus.FAILED, verdict.code(),
                    verdict.responseDesc(), JSON.writeValueAsString(verdict.fieldMatches()),
                    current.personal().forStatusRecord(found ? current.personal().nationalId() : null), now);
            log.info("KYC request {} of client {} (national ID {}): {} {}", current.systemTraceAuditNumber(),
                    current.clientId(), current.nationalIdHint(), verdict.responseCode(), verdict.responseDesc());
        }, request -> new LookupRecords.Callback(KycStatusRecord.of(request).toJson(), null));
    }

    @Override
    public void erasePersonalData(String requestId) {
        records.erasePersonalData(requestId, "the personal data");
    }
}
