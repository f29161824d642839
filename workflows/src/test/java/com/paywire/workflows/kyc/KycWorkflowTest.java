package com.paywire.workflows.kyc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.vocabulary.lookups.KycResponseCode;
import com.paywire.vocabulary.rules.kyc.KycVerdict;
import com.paywire.workflows.FailureType;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.lookups.LookupFake;
import com.paywire.workflows.lookups.LookupWorkflowTestBase;
import io.temporal.client.WorkflowFailedException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The KYC workflow alone, against in-memory activities, with time skipping: registry outages and retention. */
class KycWorkflowTest extends LookupWorkflowTestBase<KycVerdict> {

    /** The registry: it fails as told for its first attempts, then verifies; the record steps note when they ran. */
    final LookupFake<KycVerdict> registry = fake;

    KycWorkflowTest() {
        super(KycWorkflowImpl.class, IdentityRegistryActivities.class, KycActivities.class, "kyc",
                KycVerdict.of(KycResponseCode.VERIFIED, "Identity verified", Map.of("firstName", "MATCHED")));
    }

    @Test
    void givenTheRegistryAnswers_theVerdictShouldBeRecorded_andThePersonalDataErasedOnlyWhenTheRetentionEnds() {
        String code = start("stan-1").verify(command("stan-1"));

        assertThat(code).isEqualTo(KycResponseCode.VERIFIED.code());
        assertThat(registry.closed.get("req-stan-1").fieldMatches()).containsEntry("firstName", "MATCHED");
        assertClosedThenErasedAfterTheRetention();
    }

    @Test
    void givenTheRegistryIsAwayForTheWholeWindow_theRequestShouldFailWith91_afterRetrying() {
        registry.fail(FailureType.RAIL_UNAVAILABLE, Integer.MAX_VALUE);

        String code = start("stan-2").verify(command("stan-2"));

        assertThat(code).isEqualTo(KycResponseCode.REGISTRY_UNAVAILABLE.code());
        assertThat(registry.closed.get("req-stan-2").registryAnswered()).isFalse();
        assertRetriedThroughTheWindow();
        assertThat(registry.steps).containsExactly("close", "erase");
    }

    @Test
    void givenTheRegistryComesBackWithinTheWindow_theRequestShouldGetItsVerdict() {
        registry.fail(FailureType.RAIL_UNAVAILABLE, 3);

        String code = start("stan-3").verify(command("stan-3"));

        assertThat(code).isEqualTo(KycResponseCode.VERIFIED.code());
        assertThat(registry.attempts.get()).isEqualTo(4);
    }

    @Test
    void givenAnAnswerThatCannotBeRead_theRequestShouldFailVisibly_notPretendTheRegistryWasAway() {
        registry.fail(FailureType.BAD_DATA, Integer.MAX_VALUE);

        assertThatThrownBy(() -> start("stan-4").verify(command("stan-4"))).isInstanceOf(WorkflowFailedException.class);

        assertNothingRecordedAndNotRetried();
    }

    private KycWorkflow start(String stan) {
        return start(KycWorkflow.class, WorkflowIds.kyc("client-1", stan));
    }

    private static KycCommand command(String stan) {
        return new KycCommand("req-" + stan, "client-1", stan, WINDOW, RETENTION);
    }
}
