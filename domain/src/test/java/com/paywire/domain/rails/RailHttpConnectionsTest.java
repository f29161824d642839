package com.paywire.domain.rails;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.vocabulary.rails.Rail;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A rail's calls go over one kept-alive connection, as JSON with the idempotency key, and read its answer. */
class RailHttpConnectionsTest {

    final StubRail rail = new StubRail();
    final RailHttp http = new RailHttp(Rail.MOBILE_MONEY, Duration.ofSeconds(2), Duration.ofSeconds(2),
            new SimpleMeterRegistry());

    @AfterEach
    void stop() {
        rail.close();
    }

    @Test
    void givenSeveralCalls_theyShouldShareOneConnection() {
        rail.answer("/payments", 202, "{\"responseCode\":\"0\"}");
        for (int i = 0; i < 3; i++) {
            RailAnswer answer = http.post(URI.create(rail.baseUrl() + "/payments"), "key-" + i, Map.of("n", i));
            assertThat(answer.statusCode()).isEqualTo(202);
            assertThat(http.parse(answer).get("responseCode").asString()).isEqualTo("0");
        }
        http.get(URI.create(rail.baseUrl() + "/payments/key-0"));

        assertThat(rail.received()).extracting(StubRail.Received::clientPort).containsOnly(
                rail.received().getFirst().clientPort());
        StubRail.Received first = rail.received().getFirst();
        assertThat(first.method()).isEqualTo("POST");
        assertThat(first.contentType()).isEqualTo("application/json");
        assertThat(first.idempotencyKey()).isEqualTo("key-0");
        assertThat(first.body()).isEqualTo("{\"n\":0}");
        assertThat(rail.received().getLast().method()).isEqualTo("GET");
        assertThat(rail.received().getLast().idempotencyKey()).isNull();
    }
}
