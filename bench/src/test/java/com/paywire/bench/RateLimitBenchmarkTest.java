package com.paywire.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The comparison the rate-limit benchmark prints: the means of its turns, limited less unlimited. */
class RateLimitBenchmarkTest {

    private static Map<String, Object> turn(double perSecond, double p50, double api, double postgres) {
        return Map.of("requestsPerSecond", perSecond, "latencyMs", Map.of("p50", p50),
                "cpuMsPer1000Requests", Map.of("api", api, "postgres", postgres, "total", api + postgres));
    }

    @Test
    void givenTwoTurnsOfEachSide_theCostShouldBeTheDifferenceOfTheirMeans_andTheRateTheirRatio() {
        List<Map<String, Object>> limited = List.of(turn(800, 3.0, 500, 400), turn(1000, 2.0, 300, 400));
        List<Map<String, Object>> unlimited = List.of(turn(1000, 1.5, 300, 250), turn(1250, 1.5, 300, 250));

        Map<String, Double> cost = RateLimitBenchmark.cost(limited, unlimited);

        assertThat(cost).containsEntry("apiCpuMsPer1000", 100.0).containsEntry("postgresCpuMsPer1000", 150.0)
                .containsEntry("totalCpuMsPer1000", 250.0).containsEntry("p50LatencyMs", 1.0)
                .containsEntry("requestsPerSecondRatio", 0.8);
    }
}
