package com.paywire.infra.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.persistence.TestDatabase;
import com.paywire.worker.WorkerApplication;
import io.temporal.testserver.TestServer;
import java.io.IOException;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.http.ResponseEntity;
import org.springframework.web.client.RestClient;

/**
 * A worker that cannot reach Temporal polls nothing: the orchestrator must see it as not ready (but alive). (A worker
 * does not start at all while Temporal is away: its task queues' workers fail to start, and the process exits.)
 */
class WorkerReadinessTest {

    @Test
    void givenTemporalGoesAway_theWorkersReadinessShouldBeDown_namingTemporal_andItsLivenessUp() throws IOException {
        int temporalPort = unusedPort();
        TestServer.PortBoundTestServer temporal = TestServer.createPortBoundServer(temporalPort);
        try (temporal; ConfigurableApplicationContext worker = WorkerApplication.builder()
                .profiles("local")
                .properties("spring.main.banner-mode=off")
                .run("--paywire.worker.management-port=0", "--spring.datasource.url=" + TestDatabase.newDatabaseUrl(),
                        "--paywire.temporal.address=127.0.0.1:" + temporalPort,
                        "--management.endpoint.health.show-details=always")) {
            RestClient http = RestClient.builder()
                    .baseUrl("http://localhost:" + worker.getEnvironment().getProperty("local.server.port"))
                    .defaultStatusHandler(status -> true, (request, response) -> { })
                    .build();
            assertThat(http.get().uri("/actuator/health/readiness").retrieve().toEntity(String.class)
                    .getStatusCode().value()).isEqualTo(200);

            temporal.close();

            ResponseEntity<String> readiness = http.get().uri("/actuator/health/readiness").retrieve()
                    .toEntity(String.class);
            assertThat(readiness.getStatusCode().value()).isEqualTo(503);
            assertThat(readiness.getBody()).contains("\"temporal\":{\"status\":\"DOWN\"}", "\"db\":{")
                    .contains("\"readinessState\":{\"status\":\"UP\"}");
            assertThat(http.get().uri("/actuator/health/liveness").retrieve().toEntity(String.class)
                    .getStatusCode().value()).isEqualTo(200);
        }
    }

    private static int unusedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
