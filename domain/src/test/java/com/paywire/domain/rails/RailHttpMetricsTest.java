package com.paywire.domain.rails;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.domain.observability.PaywireMeters;
import com.paywire.vocabulary.rails.Rail;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Every call to a rail is timed by rail and outcome: answered, refused, an error, or unreachable. */
class RailHttpMetricsTest {

    static final Duration TIMEOUT = Duration.ofSeconds(2);

    final StubRail rail = new StubRail();
    final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    final RailHttp http = new RailHttp(Rail.BILLER, TIMEOUT, TIMEOUT, meters);

    @AfterEach
    void stop() {
        rail.close();
    }

    @Test
    void givenCallsThatEndEachWay_eachShouldBeTimedUnderItsOutcome() throws IOException {
        rail.answer("/ok", 200, "{}");
        rail.answer("/refused", 422, "{}");
        rail.answer("/broken", 503, "{}");
        http.get(URI.create(rail.baseUrl() + "/ok"));
        http.get(URI.create(rail.baseUrl() + "/ok"));
        http.post(URI.create(rail.baseUrl() + "/refused"), "key-1", "{}");
        http.get(URI.create(rail.baseUrl() + "/broken"));
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        assertThatThrownBy(() -> http.get(URI.create("http://127.0.0.1:" + closedPort + "/away")))
                .isInstanceOf(RailUnavailableException.class);

        assertThat(calls("answered")).isEqualTo(2);
        assertThat(calls("refused")).isEqualTo(1);
        assertThat(calls("error")).isEqualTo(1);
        assertThat(calls("unreachable")).isEqualTo(1);
    }

    private long calls(String outcome) {
        return meters.get(PaywireMeters.RAIL_CALLS).tags(PaywireMeters.RAIL, "BILLER", PaywireMeters.OUTCOME, outcome)
                .timer().count();
    }
}
