package com.paywire.activities.accountvalidation;

import static com.paywire.activities.CallbackHarness.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.activities.CallbackHarness;
import com.paywire.activities.lookups.LookupRecordsContract;
import com.paywire.vocabulary.lookups.AccountHolder;
import com.paywire.vocabulary.lookups.AccountValidation;
import com.paywire.persistence.accountvalidation.AccountValidationStore;
import com.paywire.vocabulary.lookups.LookupStatus;
import com.paywire.vocabulary.notifications.Event;
import com.paywire.vocabulary.notifications.EventType;
import com.paywire.workflows.accountvalidation.LookupOutcome;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * An account validation's record steps: besides what every lookup's must do, the institution's codes recorded with
 * the holder the lookup stored, and the public record as the callback, in XML when the client asked for it.
 */
class AccountValidationActivitiesImplTest extends LookupRecordsContract<AccountValidation> {

    static final String CALLBACK = "https://merchant.example/account-validation";
    static final LookupOutcome FOUND = new LookupOutcome(LookupOutcome.FOUND, "The account is valid", "AL1");

    @Autowired
    AccountValidationStore validations;

    AccountValidationActivitiesImpl activities;

    @Override
    protected Product<AccountValidation> buildActivities() {
        activities = new AccountValidationActivitiesImpl(validations, events, callbacks.publisher(), transaction,
                callbacks.clock);
        return new Product<>(validations, EventType.ACCOUNT_VALIDATION_RESULT.wireName(), "account-validation",
                id -> activities.close(id, FOUND),
                id -> activities.close(id, LookupOutcome.institutionUnavailable()), activities::erasePersonalData,
                AccountValidation::holder, "254712345678", "JANE WANJIRU");
    }

    @Test
    void givenTheInstitutionAnswered_closingShouldRecordTheOutcome_andCallBackInJson() {
        AccountValidation pending = pending();
        String id = pending.id().toString();

        activities.close(id, FOUND);

        AccountValidation closed = find(pending.id());
        assertThat(closed.status()).isEqualTo(LookupStatus.COMPLETED);
        assertThat(closed.resultCode()).isEqualTo(LookupOutcome.FOUND);
        assertThat(closed.resultDesc()).isEqualTo("The account is valid");
        assertThat(closed.transactionId()).isEqualTo("AL1");
        assertThat(closed.completedAt()).isEqualTo(NOW);
        assertThat(closed.holder()).as("kept for the status record until the retention ends")
                .isEqualTo(new AccountHolder("254712345678", "JANE WANJIRU"));
        Event callback = callbacks.event(id);
        assertThat(callback.callbackXmlRoot()).as("JSON, as asked").isNull();
        assertThat(callback.dataJson()).as("the public record").contains("\"status\":4",
                "\"transactionCreditParty\":\"JANE WANJIRU\"");
    }

    @Test
    void givenAClientThatAskedForXml_theCallbackShouldGoAsXml() {
        AccountValidation pending = insert("XML");

        activities.close(pending.id().toString(), FOUND);

        assertThat(callbacks.event(pending.id().toString()).callbackXmlRoot()).isEqualTo("AccountValidationResult");
    }

    @Test
    void givenTheInstitutionWasAway_theOutcomeShouldSayItWasUnavailable_andTheRecordFailed() {
        AccountValidation pending = pending();

        closeUnreachable(pending.id().toString());

        assertThat(find(pending.id()).resultCode()).isEqualTo(LookupOutcome.INSTITUTION_UNAVAILABLE);
        assertThat(callbacks.event(pending.id().toString()).dataJson()).contains("\"status\":2");
    }

    @Override
    protected AccountValidation pending() {
        return insert("JSON");
    }

    /** A wallet validation whose lookup has stored the holder's name, as the lookup activity does. */
    private AccountValidation insert(String callbackFormat) {
        String client = CallbackHarness.newClient(clients, "kyc");
        AccountValidation validation = new AccountValidation(UUID.randomUUID(), client, "av-" + UUID.randomUUID(), 1,
                "63902", "KE", "404", CALLBACK, callbackFormat, "**********78", new AccountHolder("254712345678", null),
                LookupStatus.PENDING, null, null, null, null, null, true, NOW.minusMinutes(1));
        validations.insert(validation);
        validations.recordHolder(validation.id(), new AccountHolder("254712345678", "JANE WANJIRU"));
        return validation;
    }
}
