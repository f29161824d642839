package com.paywire.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class JvmThreadCpuTest {

    @Test
    void givenHotSpotThreadNames_itShouldTellCompilerAndCollectorThreadsFromTheRest() {
        assertThat(JvmThreadCpu.kindOf("C1 CompilerThre")).isEqualTo(JvmThreadCpu.Kind.JIT);
        assertThat(JvmThreadCpu.kindOf("C2 CompilerThre")).isEqualTo(JvmThreadCpu.Kind.JIT);
        assertThat(JvmThreadCpu.kindOf("GC Thread#3")).isEqualTo(JvmThreadCpu.Kind.GC);
        assertThat(JvmThreadCpu.kindOf("G1 Conc#0")).isEqualTo(JvmThreadCpu.Kind.GC);
        assertThat(JvmThreadCpu.kindOf("G1 Refine#0")).isEqualTo(JvmThreadCpu.Kind.GC);
        assertThat(JvmThreadCpu.kindOf("VM Thread")).isNull();
        assertThat(JvmThreadCpu.kindOf("http-nio-8080-e")).isNull();
        assertThat(JvmThreadCpu.kindOf("java")).isNull();
    }

    @Test
    void givenThisJvm_itShouldFindItsCompilerAndCollectorThreads() {
        JvmThreadCpu.Threads threads = JvmThreadCpu.read(ProcessHandle.current().pid());

        assertThat(threads.jit()).isNotEmpty();
        assertThat(threads.gc()).isNotEmpty();
    }

    @Test
    void givenThreadsThatStartedAndEndedBetweenReadings_itShouldCountEachThreadsOwnGrowth_neverBelowZero() {
        // thread 1 grew by 5 ticks, thread 2 ended (its 40 ticks leave with it), thread 3 is new with 2 ticks
        JvmThreadCpu.Threads before = new JvmThreadCpu.Threads(Map.of(1L, 10L, 2L, 40L), Map.of(7L, 3L));
        JvmThreadCpu.Threads after = new JvmThreadCpu.Threads(Map.of(1L, 15L, 3L, 2L), Map.of(7L, 3L));

        assertThat(after.millisSince(before, JvmThreadCpu.Kind.JIT)).isEqualTo(70);
        assertThat(after.millisSince(before, JvmThreadCpu.Kind.GC)).isZero();
    }

    @Test
    void givenNoSuchProcess_itShouldReadNoThreads() {
        assertThat(JvmThreadCpu.read(Long.MAX_VALUE)).isEqualTo(JvmThreadCpu.Threads.NONE);
    }
}
