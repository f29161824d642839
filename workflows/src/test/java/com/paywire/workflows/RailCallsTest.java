package com.paywire.workflows;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.temporal.api.enums.v1.RetryState;
import io.temporal.failure.ActivityFailure;
import io.temporal.failure.ApplicationFailure;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Only a rail that could not be reached gets the fallback; any other failure goes on up untouched. */
class RailCallsTest {

    private final List<String> fallbacks = new ArrayList<>();

    @Test
    void anAnswerIsTheCallsOwn() {
        assertThat(RailCalls.orWhenUnreachable(() -> "answered", this::fallback)).isEqualTo("answered");
        assertThat(fallbacks).isEmpty();
    }

    @Test
    void anUnreachableRailGetsTheFallbackWithItsFailure() {
        ActivityFailure away = failure(FailureType.RAIL_UNAVAILABLE.failure("away", null));

        assertThat(RailCalls.orWhenUnreachable(() -> thrown(away), this::fallback)).isEqualTo("fallback");
        assertThat(fallbacks).containsExactly(away.getMessage());
    }

    @Test
    void anyOtherFailureIsRethrownAndTheFallbackNotRun() {
        ActivityFailure bug = failure(ApplicationFailure.newNonRetryableFailure("garbled", "IllegalStateException"));

        assertThatThrownBy(() -> RailCalls.orWhenUnreachable(() -> thrown(bug), this::fallback)).isSameAs(bug);
        assertThat(fallbacks).isEmpty();
    }

    @Test
    void aWorkflowsOwnReadingOfUnreachableDecides() {
        ActivityFailure bug = failure(ApplicationFailure.newNonRetryableFailure("garbled", "IllegalStateException"));

        assertThat(RailCalls.orWhenUnreachable(() -> thrown(bug), failure -> true, this::fallback)).isEqualTo("fallback");
        ActivityFailure away = failure(FailureType.RAIL_UNAVAILABLE.failure("away", null));
        assertThatThrownBy(() -> RailCalls.orWhenUnreachable(() -> thrown(away), failure -> false, this::fallback))
                .isSameAs(away);
    }

    @Test
    void aWorkflowsOwnReadingIsNotAskedWhenTheCallAnswers() {
        // a reading that checks a version would otherwise record its marker in every run, failed or not
        List<String> readings = new ArrayList<>();

        assertThat(RailCalls.orWhenUnreachable(() -> "answered", failure -> readings.add("asked"), this::fallback))
                .isEqualTo("answered");
        assertThat(readings).isEmpty();
    }

    @Test
    void aWorkflowsOwnReadingIsAskedOnce_beforeTheFallbackRuns() {
        ActivityFailure away = failure(FailureType.RAIL_UNAVAILABLE.failure("away", null));
        List<String> steps = new ArrayList<>();

        RailCalls.orWhenUnreachable(() -> thrown(away), failure -> {
            steps.add("reading");
            return true;
        }, failure -> {
            steps.add("fallback");
            return "fallback";
        });

        assertThat(steps).as("a version the reading checks is recorded before what the fallback does")
                .containsExactly("reading", "fallback");
    }

    @Test
    void aFallbackWithNoAnswer_isNoAnswer() {
        ActivityFailure away = failure(FailureType.RAIL_UNAVAILABLE.failure("away", null));

        assertThat(RailCalls.<String>orWhenUnreachable(() -> thrown(away), failure -> null)).isNull();
    }

    private String fallback(ActivityFailure failure) {
        fallbacks.add(failure.getMessage());
        return "fallback";
    }

    private static String thrown(ActivityFailure failure) {
        throw failure;
    }

    private static ActivityFailure failure(Throwable cause) {
        return new ActivityFailure("rail call failed", 5, 6, "Rail", "1", RetryState.RETRY_STATE_NON_RETRYABLE_FAILURE,
                "worker", cause);
    }
}
