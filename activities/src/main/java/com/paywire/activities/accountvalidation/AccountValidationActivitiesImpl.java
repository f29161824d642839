package com.paywire.activities.accountvalidation;

import com.paywire.activities.lookups.LookupRecords;
import com.paywire.domain.accountvalidation.AccountValidationRecord;
import com.paywire.domain.notifications.EventPublisher;
import com.paywire.vocabulary.lookups.AccountValidation;
import com.paywire.persistence.accountvalidation.AccountValidationStore;
import com.paywire.persistence.notifications.EventStore;
import com.paywire.vocabulary.lookups.LookupStatus;
import com.paywire.vocabulary.notifications.EventType;
import com.paywire.vocabulary.products.Product;
import com.paywire.workflows.accountvalidation.AccountValidationActivities;
import com.paywire.workflows.accountvalidation.LookupOutcome;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * An account validation's record ({@link LookupRecords}): the institution's codes, and the public record as the
 * callback, in XML when the client asked for it. The holder's name was stored by the lookup itself.
 */
@Component
public class AccountValidationActivitiesImpl implements AccountValidationActivities {

    private static final Logger log = LoggerFactory.getLogger(AccountValidationActivitiesImpl.class);

    private final AccountValidationStore validations;
    private final LookupRecords<AccountValidation> records;

    public AccountValidationActivitiesImpl(AccountValidationStore validations, EventStore events,
                                           EventPublisher publisher, TransactionTemplate transaction, Clock clock) {
        this.validations = validations;
        this.records = new LookupRecords<>(validations, events, publisher, transaction, clock,
                new LookupRecords.Kind("account validation", EventType.ACCOUNT_VALIDATION_RESULT,
                        Product.ACCOUNT_VALIDATION));
    }

    @Override
    public void close(String validationId, LookupOutcome outcome) {
        records.close(validationId, (current, now) -> {
            validations.recordOutcome(current.id(), outcome.institutionAnswered() ? LookupStatus.COMPLETED
                    : LookupStatus.FAILED, outcome.resultCode(), outcome.resultDesc(), outcome.transactionId(), now);
            log.info("Account validation {} of client {} (account {} at {}): {} {}",
                    current.systemTraceAuditNumber(), current.clientId(), current.accountHint(),
                    current.institutionCode(), outcome.resultCode(), outcome.resultDesc());
        }, validation -> new LookupRecords.Callback(AccountValidationRecord.of(validation).toJson(),
                "XML".equals(validation.callbackFormat()) ? AccountValidationRecord.XML_ROOT : null));
    }

    @Override
    public void erasePersonalData(String validationId) {
        records.erasePersonalData(validationId, "the account number and holder");
    }
}
