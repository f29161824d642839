package com.paywire.workflows;

import static org.assertj.core.api.Assertions.assertThat;

import io.temporal.activity.ActivityOptions;
import io.temporal.common.RetryOptions;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class PoliciesTest {

    @Test
    void givenARailCallWindow_itsAttemptsShouldBeThoseWhoseBackoffFitsTheWindow() {
        // 1 s, 2 s, 4 s and 8 s of backoff fit in 30 s (15 s); the next 16 s would not: five attempts
        RetryOptions retries = Policies.railCall("q", Duration.ofSeconds(30)).getRetryOptions();

        assertThat(retries.getMaximumAttempts()).isEqualTo(5);
        assertThat(retries.getInitialInterval()).isEqualTo(Duration.ofSeconds(1));
        assertThat(retries.getDoNotRetry()).containsExactlyInAnyOrder(FailureType.nonRetryable());
    }

    @Test
    void givenAnyWindow_theLastAttemptShouldStartWithinIt_andOneMoreShouldNot() {
        for (ActivityOptions options : new ActivityOptions[] {
                Policies.railCall("q", Policies.PROMPT_SEND_GIVE_UP),
                Policies.railCall("q", Policies.CARD_CHARGE_GIVE_UP),
                Policies.database("q"),
                Policies.awaitSettlement("q", Duration.ofMinutes(30)),
                Policies.awaitSettlement("q", Policies.RECONCILIATION_WINDOW)}) {
            RetryOptions retries = options.getRetryOptions();
            Duration window = options.getScheduleToCloseTimeout();
            Duration waited = Duration.ZERO;
            Duration next = retries.getInitialInterval();
            for (int attempt = 2; attempt <= retries.getMaximumAttempts(); attempt++) {
                waited = waited.plus(next);
                next = min(Duration.ofMillis((long) (next.toMillis() * retries.getBackoffCoefficient())),
                        retries.getMaximumInterval());
            }
            assertThat(waited).as("backoff before the last of %s attempts in %s", retries.getMaximumAttempts(), window)
                    .isLessThanOrEqualTo(window);
            assertThat(waited.plus(next)).as("with one attempt more, in %s", window).isGreaterThan(window);
        }
    }

    @Test
    void givenTheReconciliationWindow_itShouldBeAskedAboutFiftyTimes_notThousands() {
        RetryOptions retries = Policies.awaitSettlement("q", Policies.RECONCILIATION_WINDOW).getRetryOptions();

        assertThat(retries.getMaximumAttempts()).isBetween(45, 60);
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }
}
