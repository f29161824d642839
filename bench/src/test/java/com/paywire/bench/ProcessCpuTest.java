package com.paywire.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import org.junit.jupiter.api.Test;

class ProcessCpuTest {

    @Test
    void givenThisProcessBurnsCpu_itsCpuTimeShouldGrowByAsMuch_andTheTreeCountAtLeastThatMuch() {
        long before = ProcessCpu.ownMillis();
        long treeBefore = ProcessCpu.millis(ProcessHandle.current().pid());

        burn(300);

        // the kernel counts in 10 ms ticks: allow one tick of rounding each side
        assertThat(ProcessCpu.ownMillis() - before).isGreaterThanOrEqualTo(280);
        assertThat(ProcessCpu.millis(ProcessHandle.current().pid()) - treeBefore).isGreaterThanOrEqualTo(280);
    }

    @Test
    void givenNoSuchProcess_itShouldReadZero() {
        assertThat(ProcessCpu.millis(Long.MAX_VALUE)).isZero();
    }

    /** Spins until this thread has used that much CPU time. */
    private static void burn(long millis) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long until = threads.getCurrentThreadCpuTime() + millis * 1_000_000;
        long sink = 0;
        while (threads.getCurrentThreadCpuTime() < until) {
            sink += System.nanoTime() % 7;
        }
        assertThat(sink).isNotNegative();
    }
}
