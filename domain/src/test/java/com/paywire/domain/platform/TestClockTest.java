package com.paywire.domain.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.paywire.domain.InvalidInputException;
import com.paywire.vocabulary.rules.FieldProblem;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.support.StaticListableBeanFactory;
import org.springframework.mock.env.MockEnvironment;

/** What an advance may ask for, and which clock the platform runs on with and without the test clock. */
class TestClockTest {

    static final Instant THEN = Instant.parse("2026-11-25T09:00:00Z");

    /** A test clock stopped at {@link #THEN}. */
    static final TestClock STOPPED = new TestClock(new TestClock.Source() {
        @Override
        public Instant now() {
            return THEN;
        }

        @Override
        public void advance(Duration by) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Duration advancedBy() {
            return Duration.ZERO;
        }
    });

    @Test
    void givenAnIsoDuration_upTo30Days_itShouldBeTheAdvance() {
        assertThat(TestClock.advanceOf("PT2M")).isEqualTo(Duration.ofMinutes(2));
        assertThat(TestClock.advanceOf(" P1DT3H ")).isEqualTo(Duration.ofHours(27));
        assertThat(TestClock.advanceOf("P30D")).isEqualTo(TestClock.MAX_ADVANCE);
    }

    @Test
    void givenAnythingElse_itShouldBeRefusedOnTheFieldBy_sayingWhy() {
        assertThat(refusal(null)).isEqualTo("The by field is required.");
        assertThat(refusal("")).isEqualTo("The by field is required.");
        assertThat(refusal("2 minutes")).isEqualTo("The field by must be an ISO-8601 duration such as PT2M, PT3H or P1D.");
        assertThat(refusal("P1M")).as("months have no fixed length").contains("ISO-8601 duration");
        assertThat(refusal("PT0S")).isEqualTo("The field by must be positive: the test clock only moves forward.");
        assertThat(refusal("-PT1M")).contains("must be positive");
        assertThat(refusal("P30DT0.001S")).isEqualTo("The field by must be at most P30D.");
    }

    @Test
    void givenNoTestClock_thePlatformShouldRunOnTheSystemClock() {
        Clock clock = new PlatformConfiguration().clock(new MockEnvironment(), testClocks());

        assertThat(clock.getZone()).isEqualTo(ZoneOffset.UTC);
        assertThat(clock.instant()).isBetween(Instant.now().minusSeconds(1), Instant.now().plusSeconds(1));
    }

    @Test
    void givenTheTestClock_thePlatformShouldRunOnIt_inUtcOrTheZoneAskedFor() {
        Clock clock = new PlatformConfiguration().clock(enabled(), testClocks(STOPPED));

        assertThat(clock.instant()).isEqualTo(THEN);
        assertThat(LocalDateTime.now(clock.withZone(ZoneId.of("Africa/Nairobi"))))
                .isEqualTo(LocalDateTime.parse("2026-11-25T12:00:00"));
    }

    @Test
    void givenTheTestClockEnabled_butNoneProvided_theRoleShouldRefuseToStart() {
        assertThatThrownBy(() -> new PlatformConfiguration().clock(enabled(), testClocks()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("paywire.test-clock.enabled is true, but this process has no test clock");
    }

    private static String refusal(String by) {
        InvalidInputException refused = catchThrowableOfType(InvalidInputException.class, () -> TestClock.advanceOf(by));
        assertThat(refused).as(by).isNotNull();
        assertThat(refused.problems()).singleElement().extracting(FieldProblem::field)
                .isEqualTo("by");
        return refused.problems().getFirst().message();
    }

    private static MockEnvironment enabled() {
        return new MockEnvironment().withProperty(TestClock.ENABLED, "true");
    }

    private static ObjectProvider<TestClock> testClocks(TestClock... provided) {
        StaticListableBeanFactory beans = new StaticListableBeanFactory();
        for (TestClock clock : provided) {
            beans.addBean("testClock", clock);
        }
        return beans.getBeanProvider(TestClock.class);
    }
}
