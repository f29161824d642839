package com.paywire.domain.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.temporal.api.enums.v1.TimeoutType;
import io.temporal.api.failure.v1.ActivityFailureInfo;
import io.temporal.api.failure.v1.Failure;
import io.temporal.api.failure.v1.TimeoutFailureInfo;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Failures, retries, amounts and durations in the words a timeline uses. */
class FailureWordsTest {

    @Test
    void givenARailThatWasAway_itsFailureShouldSayWhatTheRailDid() {
        assertThat(FailureWords.of(HistoryBuilder.railAnswered(503))).isEqualTo("rail answered 503");
        assertThat(FailureWords.of(HistoryBuilder.applicationFailure(
                "BILLER answered HTTP 200 with a body that is not JSON", "RAIL_UNAVAILABLE")))
                .isEqualTo("rail answered 200 with a body it could not read");
        assertThat(FailureWords.of(HistoryBuilder.applicationFailure("BANK did not answer POST http://bank/transfers:"
                + " java.net.ConnectException", "RAIL_UNAVAILABLE"))).isEqualTo("rail did not answer");
    }

    @Test
    void givenAnActivitysFailure_theWordsShouldBeItsCauses() {
        Failure timedOut = Failure.newBuilder().setMessage("activity timed out")
                .setTimeoutFailureInfo(TimeoutFailureInfo.newBuilder()
                        .setTimeoutType(TimeoutType.TIMEOUT_TYPE_SCHEDULE_TO_CLOSE))
                .setCause(HistoryBuilder.railAnswered(502)).build();
        Failure activity = Failure.newBuilder().setMessage("Activity task failed")
                .setActivityFailureInfo(ActivityFailureInfo.getDefaultInstance()).setCause(timedOut).build();

        assertThat(FailureWords.of(activity))
                .isEqualTo("gave up: no success within its time limit; the last attempt: rail answered 502");
    }

    @Test
    void givenAMessageQuotingAPhoneOrAnAccount_itShouldBeMasked_butNotTheDigitsOfAnId() {
        assertThat(FailureWords.of(HistoryBuilder.applicationFailure(
                "no wallet +254712345678 at 63902 for 1b31da3c-392d-4554-b75b-766312345678", "BAD_DATA")))
                .isEqualTo("a value could not be read: no wallet ***********78 at 63902 for "
                        + "1b31da3c-392d-4554-b75b-766312345678");
    }

    @Test
    void theWaitBeforeEachRetry_shouldGrowByTheCoefficient_upToTheMaximum() {
        var policy = HistoryBuilder.policy(Duration.ofSeconds(1), 2.0, Duration.ofSeconds(30));

        assertThat(FailureWords.retryDelay(policy, 1)).isEqualTo(Duration.ofSeconds(1));
        assertThat(FailureWords.retryDelay(policy, 3)).isEqualTo(Duration.ofSeconds(4));
        assertThat(FailureWords.retryDelay(policy, 9)).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void earlierAttempts_shouldBeCounted_andTheLastFailureNamedWhenKnown() {
        assertThat(FailureWords.earlierAttempts(2, null)).isEqualTo("attempt 1 failed");
        assertThat(FailureWords.earlierAttempts(4, HistoryBuilder.railAnswered(503)))
                .isEqualTo("attempts 1 to 3 failed (the last: rail answered 503)");
    }

    @Test
    void amountsAndDurations_shouldReadAsAPersonWritesThem() {
        assertThat(PlainWords.money(new java.math.BigDecimal("1010"), "KES")).isEqualTo("1,010.00 KES");
        assertThat(PlainWords.duration(Duration.ofMillis(350))).isEqualTo("350 ms");
        assertThat(PlainWords.duration(Duration.ofMillis(2500))).isEqualTo("2.5 s");
        assertThat(PlainWords.duration(Duration.ofSeconds(150))).isEqualTo("2 min 30 s");
        assertThat(PlainWords.duration(Duration.ofMinutes(65))).isEqualTo("1 h 5 min");
        assertThat(PlainWords.duration(Duration.ofDays(30))).isEqualTo("30 d");
    }
}
