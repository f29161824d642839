package com.paywire.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class SteadyStateTest {

    @Test
    void givenEveryJvmCompilingLittle_itShouldSettle_butNotBeforeTheSecondRound() {
        Map<String, Double> quiet = Map.of("api", 0.01, "worker", 0.029);

        assertThat(SteadyState.settled(1, quiet)).isFalse();
        assertThat(SteadyState.settled(2, quiet)).isTrue();
    }

    @Test
    void givenOneJvmStillCompiling_itShouldNotSettle() {
        assertThat(SteadyState.settled(5, Map.of("api", 0.01, "worker", 0.03))).isFalse();
        assertThat(SteadyState.settled(5, Map.of("api", 0.2, "worker", 0.0))).isFalse();
    }
}
