package com.paywire.bench.chaos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class FaultScheduleTest {

    private static List<Fault> faults(FaultSchedule schedule) {
        return schedule.events().stream().map(FaultSchedule.Event::fault).toList();
    }

    @Test
    void aRunOfTheDefaultLengthInjectsEveryKindOfFault() {
        FaultSchedule schedule = new FaultSchedule(17, FaultSchedule.lengthFor(EnumSet.allOf(Fault.class)));

        assertThat(faults(schedule)).containsAll(EnumSet.allOf(Fault.class));
    }

    @Test
    void aLoadTooShortForEveryKindIsRefusedNamingTheLengthItNeeds() {
        Duration needed = FaultSchedule.lengthFor(EnumSet.allOf(Fault.class));

        assertThatThrownBy(() -> new FaultSchedule(17, needed.minusSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(needed.toSeconds() + " s");
    }

    @Test
    void aSwitchedFaultStaysOnUntilItHasAffectedARequest() throws Exception {
        FaultSchedule schedule = new FaultSchedule(17, Duration.ofSeconds(30), EnumSet.of(Fault.RAIL_5XX));
        AtomicInteger affected = new AtomicInteger();
        schedule.start(fault -> { }, fault -> affected.get()); // its own event is 15 s away: stop() drops it
        try {
            schedule.switchOn(Fault.RAIL_5XX, fault -> affected.get(), Duration.ofMillis(100));
            Thread.sleep(700);
            assertThat(schedule.on("/bank/transfers")).isEqualTo(Fault.RAIL_5XX); // past its window, unfired
            assertThat(schedule.anyOn()).isTrue();

            affected.incrementAndGet();
            Thread.sleep(1_600);
            assertThat(schedule.on("/bank/transfers")).isNull();
            assertThat(schedule.anyOn()).isFalse();
        } finally {
            schedule.stop();
        }
    }

    @Test
    void aFaultThatHasNotFiredStaysOnBesideTheNext_andOfTwoThatApplyTheFirstToGoOnIsTheOne() throws Exception {
        FaultSchedule schedule = new FaultSchedule(17, Duration.ofSeconds(45),
                EnumSet.of(Fault.CARD_REFUNDED_BUT_TIMED_OUT, Fault.RAIL_5XX));
        schedule.start(fault -> { }, fault -> 0);
        try {
            schedule.switchOn(Fault.CARD_REFUNDED_BUT_TIMED_OUT, fault -> 0, Duration.ofMillis(100));
            schedule.switchOn(Fault.RAIL_5XX, fault -> 0, Duration.ofMillis(100));
            Thread.sleep(300);

            assertThat(schedule.on("/card-processor/captures/c_1/refunds")).isEqualTo(Fault.CARD_REFUNDED_BUT_TIMED_OUT);
            assertThat(schedule.on("/bank/transfers")).isEqualTo(Fault.RAIL_5XX);
            assertThat(schedule.isOn(Fault.RAIL_5XX)).isTrue();
        } finally {
            schedule.stop();
        }
        assertThat(schedule.anyOn()).isFalse();
    }

    @Test
    void everyKindOnceBeforeAnyTwiceAndNoneInTheLastSpacing() {
        Duration load = FaultSchedule.lengthFor(EnumSet.allOf(Fault.class)).plus(FaultSchedule.SPACING.multipliedBy(4));
        List<FaultSchedule.Event> events = new FaultSchedule(3, load).events();

        List<Fault> firstRound = faults(new FaultSchedule(3, load)).subList(0, Fault.values().length);
        assertThat(events).hasSizeGreaterThan(Fault.values().length);
        assertThat(firstRound).doesNotHaveDuplicates();
        assertThat(events).allMatch(e -> e.at().plus(FaultSchedule.SPACING).compareTo(load) <= 0);
        assertThat(events.getFirst().at()).isEqualTo(FaultSchedule.SPACING);
    }

    @Test
    void aScheduleOfChosenKindsHasOnlyThose() {
        FaultSchedule schedule = new FaultSchedule(17, Duration.ofSeconds(90),
                EnumSet.of(Fault.WORKER_KILLED, Fault.PROMPT_PAID_AFTER_WINDOW));

        assertThat(faults(schedule)).hasSize(5).containsOnly(Fault.WORKER_KILLED, Fault.PROMPT_PAID_AFTER_WINDOW)
                .contains(Fault.WORKER_KILLED, Fault.PROMPT_PAID_AFTER_WINDOW);
    }

    @Test
    void theSameSeedAndLengthGiveTheSameScheduleAndAnotherSeedAnother() {
        Duration load = FaultSchedule.lengthFor(EnumSet.allOf(Fault.class));

        assertThat(new FaultSchedule(5, load).events()).isEqualTo(new FaultSchedule(5, load).events());
        assertThat(new FaultSchedule(6, load).events()).isNotEqualTo(new FaultSchedule(5, load).events());
    }
}
