package com.paywire.activities.accountvalidation;

import static com.paywire.activities.CallbackHarness.NOW;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.activities.ActivitiesTestApplication;
import com.paywire.activities.CallbackHarness;
import com.paywire.activities.UnusedRails;
import com.paywire.persistence.TestDatabase;
import com.paywire.persistence.accountvalidation.AccountHolder;
import com.paywire.persistence.accountvalidation.AccountValidation;
import com.paywire.persistence.accountvalidation.AccountValidationStore;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.notifications.EventStore;
import com.paywire.vocabulary.lookups.LookupStatus;
import com.paywire.workflows.FailureType;
import com.paywire.workflows.accountvalidation.LookupOutcome;
import io.temporal.failure.ApplicationFailure;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * An account validation's record steps on a real PostgreSQL: the outcome recorded once, the callback published
 * sealed in the format the client asked for, and the account number and holder erased with the event's.
 */
@SpringBootTest(classes = ActivitiesTestApplication.class)
class AccountValidationActivitiesImplTest {

    static final String CALLBACK = "https://merchant.example/account-validation";
    static final LookupOutcome FOUND = new LookupOutcome(LookupOutcome.FOUND, "The account is valid", "AL1");

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        TestDatabase.register(registry);
        UnusedRails.register(registry);
    }

    @Autowired
    AccountValidationStore validations;
    @Autowired
    EventStore events;
    @Autowired
    ApiClientStore clients;
    @Autowired
    TransactionTemplate transaction;

    CallbackHarness callbacks;
    AccountValidationActivitiesImpl activities;

    @BeforeEach
    void setUp() {
        callbacks = new CallbackHarness(events);
        activities = new AccountValidationActivitiesImpl(validations, events, callbacks.publisher(), transaction,
                callbacks.clock);
    }

    @AfterEach
    void tearDown() {
        callbacks.close();
    }

    @Test
    void givenTheInstitutionAnswered_closingShouldRecordTheOutcome_andCallBackInJson() {
        AccountValidation pending = pending("JSON");
        String id = pending.id().toString();

        activities.close(id, FOUND);

        AccountValidation closed = validations.find(pending.id()).orElseThrow();
        assertThat(closed.status()).isEqualTo(LookupStatus.COMPLETED);
        assertThat(closed.resultCode()).isEqualTo(LookupOutcome.FOUND);
        assertThat(closed.resultDesc()).isEqualTo("The account is valid");
        assertThat(closed.transactionId()).isEqualTo("AL1");
        assertThat(closed.completedAt()).isEqualTo(NOW);
        assertThat(closed.holder()).as("kept for the status record until the retention ends")
                .isEqualTo(new AccountHolder("254712345678", "JANE WANJIRU"));
        EventStore.Event callback = callbacks.event(id);
        assertThat(callback.type()).isEqualTo(AccountValidationActivitiesImpl.CALLBACK_EVENT);
        assertThat(callback.orderingKey()).isEqualTo("account-validation:" + id);
        assertThat(callback.personal()).as("sealed at rest").isTrue();
        assertThat(callback.callbackXmlRoot()).isNull();
        assertThat(callback.dataJson()).contains("\"status\":4", "\"transactionCreditParty\":\"JANE WANJIRU\"");
        assertThat(callbacks.deliveredTo(id)).containsExactly(CALLBACK);
    }

    @Test
    void givenAClientThatAskedForXml_theCallbackShouldGoAsXml() {
        AccountValidation pending = pending("XML");

        activities.close(pending.id().toString(), FOUND);

        assertThat(callbacks.event(pending.id().toString()).callbackXmlRoot()).isEqualTo("AccountValidationResult");
    }

    @Test
    void givenTheInstitutionWasAwayForTheWholeWindow_closingShouldFailTheValidation() {
        AccountValidation pending = pending("JSON");

        activities.close(pending.id().toString(), LookupOutcome.institutionUnavailable());

        AccountValidation closed = validations.find(pending.id()).orElseThrow();
        assertThat(closed.status()).isEqualTo(LookupStatus.FAILED);
        assertThat(closed.resultCode()).isEqualTo(LookupOutcome.INSTITUTION_UNAVAILABLE);
        assertThat(callbacks.event(pending.id().toString()).dataJson()).contains("\"status\":2");
    }

    @Test
    void givenAClosedValidation_closingItAgain_shouldKeepTheFirstOutcome_andCallBackOnce() {
        AccountValidation pending = pending("JSON");
        String id = pending.id().toString();
        activities.close(id, FOUND);

        activities.close(id, LookupOutcome.institutionUnavailable());

        assertThat(validations.find(pending.id()).orElseThrow().resultCode()).isEqualTo(LookupOutcome.FOUND);
        assertThat(callbacks.deliveredTo(id)).containsExactly(CALLBACK);
    }

    @Test
    void givenNoSuchValidation_closingShouldFailAsABrokenInvariant() {
        assertThatThrownBy(() -> activities.close(UUID.randomUUID().toString(), FOUND))
                .isInstanceOfSatisfying(ApplicationFailure.class, failure -> {
                    assertThat(failure.getType()).isEqualTo(FailureType.INVARIANT_VIOLATED.name());
                    assertThat(failure.isNonRetryable()).isTrue();
                });
    }

    @Test
    void erasingShouldForgetTheAccountAndHolder_inTheValidationAndInItsCallbackEvent_andKeepTheOutcome() {
        AccountValidation pending = pending("JSON");
        String id = pending.id().toString();
        activities.close(id, FOUND);

        activities.erasePersonalData(id);

        AccountValidation erased = validations.find(pending.id()).orElseThrow();
        assertThat(erased.holder()).isNull();
        assertThat(erased.personalDataErasedAt()).isEqualTo(NOW);
        assertThat(erased.resultCode()).isEqualTo(LookupOutcome.FOUND);
        assertThat(callbacks.event(id).dataJson()).doesNotContain("254712345678", "JANE").contains("erased");
    }

    /** A wallet validation whose lookup has stored the holder's name, as the lookup activity does. */
    private AccountValidation pending(String callbackFormat) {
        String client = CallbackHarness.newClient(clients, "kyc");
        AccountValidation validation = new AccountValidation(UUID.randomUUID(), client, "av-" + UUID.randomUUID(), 1,
                "63902", "KE", "404", CALLBACK, callbackFormat, "**********78", new AccountHolder("254712345678", null),
                LookupStatus.PENDING, null, null, null, null, null, true, NOW.minusMinutes(1));
        validations.insert(validation);
        validations.recordHolder(validation.id(), new AccountHolder("254712345678", "JANE WANJIRU"));
        return validation;
    }
}
