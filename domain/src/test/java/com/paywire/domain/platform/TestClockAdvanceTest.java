package com.paywire.domain.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * An advance over a time that a test holds back, as work in flight holds the dev service's: its caller hears within
 * the wait where it is going and what is in flight, the advance goes on and gets there once let go, and those
 * asked meanwhile join it.
 */
class TestClockAdvanceTest {

    static final Instant START = Instant.parse("2026-11-25T09:00:00Z");
    static final Duration WAIT = Duration.ofMillis(200);

    /** A time that jumps at once when not held, and waits for {@link #letGo} when held. */
    static final class HeldTime implements TestClock.Source {
        final List<Duration> asked = new CopyOnWriteArrayList<>();
        final CountDownLatch letGo = new CountDownLatch(1);
        volatile boolean held;
        volatile RuntimeException failure;
        volatile Instant now = START;

        @Override
        public Instant now() {
            return now;
        }

        @Override
        public void advance(Duration by) {
            asked.add(by);
            if (failure != null) {
                throw failure;
            }
            if (held) {
                try {
                    assertThat(letGo.await(10, TimeUnit.SECONDS)).as("let go").isTrue();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }
            now = now.plus(by);
        }

        @Override
        public Duration advancedBy() {
            return Duration.between(START, now);
        }
    }

    final HeldTime time = new HeldTime();
    final TestClock clock = new TestClock(time, WAIT);

    @AfterEach
    void letGo() {
        time.letGo.countDown();
    }

    @Test
    void givenNothingHoldingIt_anAdvanceShouldAnswerWhereItGotTo_withNothingUnderWay() {
        TestClock.Advance advance = clock.advance(Duration.ofMinutes(2));

        assertThat(advance.underWay()).isFalse();
        assertThat(advance.reached()).contains(START.plusSeconds(120));
        assertThat(advance.target()).isEqualTo(START.plusSeconds(120));
        assertThat(clock.underWay()).isEmpty();
        assertThat(clock.advance(Duration.ofMinutes(1)).reached()).as("the next may start at once")
                .contains(START.plusSeconds(180));
    }

    @Test
    void givenAnActivityInFlight_anAdvanceShouldAnswerWithinTheWait_namingIt_andGetThereOnceLetGo()
            throws InterruptedException {
        time.held = true;
        TestClock.Holding topUp = clock.holding("airtime:shop-1:ocid-1", "TopUp");
        clock.holding("delivery:shop-2:d-1", "Deliver");

        long begun = System.nanoTime();
        TestClock.Advance advance = clock.advance(Duration.ofMinutes(3));

        assertThat(Duration.ofNanos(System.nanoTime() - begun)).isBetween(WAIT, WAIT.plusSeconds(2));
        assertThat(advance.underWay()).isTrue();
        assertThat(advance.by()).isEqualTo(Duration.ofMinutes(3));
        assertThat(advance.target()).isEqualTo(START.plusSeconds(180));
        assertThat(advance.heldBy()).extracting(TestClock.Hold::workflowId, TestClock.Hold::activityType)
                .as("longest in flight first")
                .containsExactly(tuple("airtime:shop-1:ocid-1", "TopUp"),
                        tuple("delivery:shop-2:d-1", "Deliver"));
        assertThat(advance.heldBy().getFirst().workflow().clientId()).isEqualTo("shop-1");
        assertThat(advance.heldBy().getFirst().inFlightFor()).isGreaterThanOrEqualTo(WAIT);

        topUp.close();
        assertThat(clock.underWay().orElseThrow().heldBy()).as("a mark closed is no longer in flight")
                .extracting(TestClock.Hold::activityType).containsExactly("Deliver");
        time.letGo.countDown();
        awaitGotThere();
        assertThat(clock.now()).isEqualTo(START.plusSeconds(180));
    }

    @Test
    void givenTheClockOnItsWay_laterAdvancesShouldJoinIt_andTakeItToTheFurthestPointAsked()
            throws InterruptedException {
        time.held = true;
        clock.advance(Duration.ofMinutes(3));

        TestClock.Advance shorter = clock.advance(Duration.ofMinutes(1));
        TestClock.Advance further = clock.advance(Duration.ofMinutes(5));

        assertThat(shorter.underWay()).as("its point is passed only once the clock moves").isTrue();
        assertThat(shorter.target()).isEqualTo(START.plusSeconds(60));
        assertThat(further.target()).isEqualTo(START.plusSeconds(300));
        TestClock.Advance onItsWay = clock.underWay().orElseThrow();
        assertThat(onItsWay.target()).isEqualTo(START.plusSeconds(300));
        assertThat(onItsWay.by()).as("from where it stood").isEqualTo(Duration.ofMinutes(5));
        assertThat(time.asked).as("one step at a time").containsExactly(Duration.ofMinutes(3));

        time.letGo.countDown();
        awaitGotThere();
        assertThat(time.asked).as("on from where the first step got to")
                .containsExactly(Duration.ofMinutes(3), Duration.ofMinutes(2));
        assertThat(clock.now()).isEqualTo(START.plusSeconds(300));
    }

    @Test
    void givenTheTimeFailingToMove_theCallerShouldHearIt_andTheClockBeFreeForTheNext() {
        time.failure = new IllegalStateException("the dev service is stopping");

        assertThatThrownBy(() -> clock.advance(Duration.ofMinutes(1))).hasMessage("the dev service is stopping");

        assertThat(clock.underWay()).isEmpty();
        time.failure = null;
        assertThat(clock.advance(Duration.ofMinutes(1)).underWay()).isFalse();
    }

    @Test
    void givenAnAdvanceThatIsNotForward_itShouldBeRefusedAsABug() {
        assertThatThrownBy(() -> clock.advance(Duration.ZERO)).isInstanceOf(IllegalArgumentException.class);
        assertThat(time.asked).isEmpty();
    }

    private void awaitGotThere() throws InterruptedException {
        long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (clock.underWay().isPresent() && System.nanoTime() < giveUp) {
            Thread.sleep(10);
        }
        assertThat(clock.underWay()).as("got there").isEmpty();
    }
}
