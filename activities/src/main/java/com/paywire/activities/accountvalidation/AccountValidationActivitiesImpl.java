package com.paywire.activities.accountvalidation;

import static com.paywire.activities.ActivityFailures.reported;

import com.paywire.domain.accountvalidation.AccountValidationRecord;
import com.paywire.domain.notifications.EventPublisher;
import com.paywire.persistence.accountvalidation.AccountValidation;
import com.paywire.persistence.accountvalidation.AccountValidationStore;
import com.paywire.persistence.notifications.EventStore;
import com.paywire.vocabulary.lookups.LookupStatus;
import com.paywire.workflows.accountvalidation.AccountValidationActivities;
import com.paywire.workflows.accountvalidation.LookupOutcome;
import com.paywire.workflows.notifications.EventCommand;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

@Component
public class AccountValidationActivitiesImpl implements AccountValidationActivities {

    /** The event type of an account validation's result callback in the events store. */
    public static final String CALLBACK_EVENT = "account_validation.result";
    private static final Logger log = LoggerFactory.getLogger(AccountValidationActivitiesImpl.class);

    private final AccountValidationStore validations;
    private final EventStore events;
    private final EventPublisher publisher;
    private final TransactionTemplate transaction;
    private final Clock clock;

    public AccountValidationActivitiesImpl(AccountValidationStore validations, EventStore events,
                                           EventPublisher publisher, TransactionTemplate transaction, Clock clock) {
        this.validations = validations;
        this.events = events;
        this.publisher = publisher;
        this.transaction = transaction;
        this.clock = clock;
    }

    @Override
    public void close(String validationId, LookupOutcome outcome) {
        reported(() -> {
            UUID id = UUID.fromString(validationId);
            AccountValidation validation = transaction.execute(tx -> {
                AccountValidation current = validations.lock(id);
                if (current.status() != LookupStatus.PENDING) {
                    return current; // closed before: only the callback may be missing
                }
                validations.recordOutcome(id, outcome.institutionAnswered() ? LookupStatus.COMPLETED
                                : LookupStatus.FAILED, outcome.resultCode(), outcome.resultDesc(),
                        outcome.transactionId(), OffsetDateTime.now(clock));
                log.info("Account validation {} of client {} (account {} at {}): {} {}",
                        current.systemTraceAuditNumber(), current.clientId(), current.accountHint(),
                        current.institutionCode(), outcome.resultCode(), outcome.resultDesc());
                return validations.find(id).orElseThrow();
            });
            publisher.publishPersonal(new EventCommand(validationId, validation.clientId(), CALLBACK_EVENT,
                    orderingKey(validationId), AccountValidationRecord.of(validation).toJson(),
                    validation.callbackUrl(), clock.millis()),
                    "XML".equals(validation.callbackFormat()) ? AccountValidationRecord.XML_ROOT : null);
        });
    }

    @Override
    public void erasePersonalData(String validationId) {
        reported(() -> transaction.executeWithoutResult(tx -> {
            validations.erasePersonalData(UUID.fromString(validationId), OffsetDateTime.now(clock));
            events.erasePersonalData(orderingKey(validationId));
            log.info("Erased the account number and holder of account validation {}: its retention ended",
                    validationId);
        }));
    }

    private static String orderingKey(String validationId) {
        return "account-validation:" + validationId;
    }
}
