package com.paywire.bench.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class FaultScheduleTest {

    private static List<Fault> faults(FaultSchedule schedule) {
        return schedule.events().stream().map(FaultSchedule.Event::fault).toList();
    }

    @Test
    void aRunOfTheDefaultLengthInjectsEveryKindOfFault() {
        FaultSchedule schedule = new FaultSchedule(17, Duration.ofSeconds(240));

        assertThat(faults(schedule)).containsAll(EnumSet.allOf(Fault.class));
    }

    @Test
    void everyKindOnceBeforeAnyTwiceAndNoneInTheLastSpacing() {
        Duration load = Duration.ofSeconds(240);
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
        Duration load = Duration.ofSeconds(240);

        assertThat(new FaultSchedule(5, load).events()).isEqualTo(new FaultSchedule(5, load).events());
        assertThat(new FaultSchedule(6, load).events()).isNotEqualTo(new FaultSchedule(5, load).events());
    }
}
