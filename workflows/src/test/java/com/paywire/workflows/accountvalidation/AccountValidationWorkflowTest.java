package com.paywire.workflows.accountvalidation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.workflows.FailureType;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.lookups.LookupFake;
import com.paywire.workflows.lookups.LookupWorkflowTestBase;
import io.temporal.client.WorkflowFailedException;
import org.junit.jupiter.api.Test;

/** The account validation workflow alone, against in-memory activities, with time skipping. */
class AccountValidationWorkflowTest extends LookupWorkflowTestBase<LookupOutcome> {

    /** The institution: it fails as told for its first attempts, then finds the account; the records note the steps. */
    final LookupFake<LookupOutcome> institution = fake;

    AccountValidationWorkflowTest() {
        super(AccountValidationWorkflowImpl.class, AccountLookupActivities.class, AccountValidationActivities.class,
                "account-validation", new LookupOutcome(LookupOutcome.FOUND, "The account is valid", "AL1"));
    }

    @Test
    void givenTheInstitutionAnswers_theOutcomeShouldBeRecorded_andTheHolderErasedOnlyWhenTheRetentionEnds() {
        String code = start("stan-1").validate(command("stan-1"));

        assertThat(code).isEqualTo(LookupOutcome.FOUND);
        assertThat(institution.closed.get("val-stan-1").transactionId()).isEqualTo("AL1");
        assertClosedThenErasedAfterTheRetention();
    }

    @Test
    void givenTheInstitutionNeverAnswersWithinTheWindow_theValidationShouldFailWith91_afterRetrying() {
        institution.fail(FailureType.RAIL_UNAVAILABLE, Integer.MAX_VALUE);

        String code = start("stan-2").validate(command("stan-2"));

        assertThat(code).isEqualTo(LookupOutcome.INSTITUTION_UNAVAILABLE);
        assertThat(institution.closed.get("val-stan-2").institutionAnswered()).isFalse();
        assertRetriedThroughTheWindow();
    }

    @Test
    void givenAnAnswerThatCannotBeRead_theValidationShouldFailVisibly() {
        institution.fail(FailureType.BAD_DATA, Integer.MAX_VALUE);

        assertThatThrownBy(() -> start("stan-3").validate(command("stan-3")))
                .isInstanceOf(WorkflowFailedException.class);

        assertNothingRecordedAndNotRetried();
    }

    private AccountValidationWorkflow start(String stan) {
        return start(AccountValidationWorkflow.class, WorkflowIds.accountValidation("client-1", stan));
    }

    private static AccountValidationCommand command(String stan) {
        return new AccountValidationCommand("val-" + stan, "client-1", stan, WINDOW, RETENTION);
    }
}
