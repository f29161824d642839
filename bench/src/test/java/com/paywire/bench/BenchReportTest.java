package com.paywire.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The targets as the benchmark judges them: from the measured CPU, and again from it without the JIT's part. */
class BenchReportTest {

    private static final TemporalCost TWO_TASKS = new TemporalCost(1, 2, 16, 1, 0, 1, 4, 1, 0);

    private static CpuByRole.PerUnit perUnit(Map<String, Double> cpu, Map<String, Double> jit) {
        Map<String, Double> all = new LinkedHashMap<>(cpu);
        all.put("total", cpu.values().stream().mapToDouble(Double::doubleValue).sum());
        Map<String, Double> compiling = new LinkedHashMap<>(jit);
        compiling.put("total", jit.values().stream().mapToDouble(Double::doubleValue).sum());
        return new CpuByRole.PerUnit(all, compiling, Map.of());
    }

    private static PayoutLoad.OpenLoopResult openLoop(double acceptMillis, double finalMillis) {
        Stats accept = new Stats();
        accept.add(acceptMillis);
        Stats submitToFinal = new Stats();
        submitToFinal.add(finalMillis);
        return new PayoutLoad.OpenLoopResult(20, 1, accept, submitToFinal, 0);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> target(Map<String, Object> targets, String name) {
        return (Map<String, Object>) targets.get(name);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> withoutJit(Map<String, Object> targets, String name) {
        return (Map<String, Object>) target(targets, name).get("withoutJit");
    }

    @Test
    void givenCompilingThatTipsTheCpuTargets_theyShouldBeNotMet_butMetWithoutIt() {
        CpuByRole.PerUnit line = perUnit(
                Map.of("api", 9.0, "worker", 12.0, "temporal", 6.0, "rails", 2.5, "postgres", 5.0),
                Map.of("api", 2.0, "worker", 4.0, "temporal", 1.0, "rails", 1.0));
        CpuByRole.PerUnit floor = perUnit(Map.of("worker", 4.0, "temporal", 5.0), Map.of("worker", 1.0, "temporal", 0.0));
        Map<String, Object> cost = Map.of("perOrder", TemporalCost.summary(List.of(TWO_TASKS)));

        Map<String, Object> targets = BenchReport.targets(cost, List.of(TWO_TASKS), line, floor, 0.3,
                openLoop(20, 300));

        assertThat(target(targets, "apiCpuPerHttpExchangeAtMost4Ms")).containsEntry("measured", 4.5)
                .containsEntry("met", false);
        assertThat(withoutJit(targets, "apiCpuPerHttpExchangeAtMost4Ms")).containsEntry("measured", 3.5)
                .containsEntry("met", true);
        assertThat(target(targets, "workerCpuPerLineAtMostFloorWorkerPlus5Ms")).containsEntry("limit", 9.0)
                .containsEntry("met", false);
        assertThat(withoutJit(targets, "workerCpuPerLineAtMostFloorWorkerPlus5Ms")).containsEntry("measured", 8.0)
                .containsEntry("limit", 8.0).containsEntry("met", true);
        assertThat(target(targets, "simulatorCpuPerLineAtMost2Ms")).containsEntry("met", false);
        assertThat(withoutJit(targets, "simulatorCpuPerLineAtMost2Ms")).containsEntry("measured", 1.5)
                .containsEntry("met", true);
        // the ratio without the JIT is the CPU ratio: the floor's 8.0 over the line's 26.5
        assertThat(target(targets, "ratioAtLeastHalf")).containsEntry("measured", 0.3).containsEntry("met", false);
        assertThat(withoutJit(targets, "ratioAtLeastHalf")).containsEntry("measured", 0.3).containsEntry("met", false);
    }

    @Test
    void givenTheLatencyAndTaskTargets_theyShouldHaveNoFigureWithoutJit() {
        CpuByRole.PerUnit line = perUnit(Map.of("api", 4.0, "worker", 6.0, "rails", 1.0), Map.of());
        CpuByRole.PerUnit floor = perUnit(Map.of("worker", 3.0), Map.of());
        Map<String, Object> cost = Map.of("perOrder", TemporalCost.summary(List.of(TWO_TASKS)));

        Map<String, Object> targets = BenchReport.targets(cost, List.of(TWO_TASKS), line, floor, 0.6,
                openLoop(60, 900));

        assertThat(target(targets, "openLoopAcceptP99Under50Ms")).containsEntry("met", false)
                .doesNotContainKey("withoutJit");
        assertThat(target(targets, "openLoopSubmitToFinalP99Under1s")).containsEntry("met", true);
        assertThat(target(targets, "workflowTasksPerPayoutAtMostFloorPlusOne")).containsEntry("met", true);
        assertThat(target(targets, "ratioAtLeastHalf")).containsEntry("met", true);
        assertThat(withoutJit(targets, "apiCpuPerHttpExchangeAtMost4Ms")).containsEntry("measured", 2.0);
    }
}
