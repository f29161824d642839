package com.paywire.api.health;

import static com.paywire.api.support.ApiClientHelper.SANDBOX_ID;
import static com.paywire.api.support.ApiClientHelper.SANDBOX_SECRET;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.ApiClientHelper;
import com.paywire.api.support.ApiTest;
import com.paywire.api.support.TestTemporalService;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

class HealthCheckTest {

    @Nested
    @ApiTest
    class GivenPostgresAndTemporalAnswer {

        @LocalServerPort
        int port;

        @Test
        void itShouldAnswerHealthy_andActuatorShouldReportBothUp() {
            var http = ApiClientHelper.client(port);
            ResponseEntity<String> response = http.get().uri("/api_health_check").retrieve().toEntity(String.class);

            assertThat(response.getStatusCode().value()).isEqualTo(200);
            assertThat(response.getBody()).isEqualTo("Healthy");
            String operator = ApiClientHelper.operatorToken(http);
            String actuator = http.get().uri("/actuator/health").header(HttpHeaders.AUTHORIZATION, "Bearer " + operator)
                    .retrieve().body(String.class);
            assertThat(actuator).contains("\"db\":{").contains("\"temporal\":{\"status\":\"UP\"");
            assertThat(http.get().uri("/actuator/prometheus").header(HttpHeaders.AUTHORIZATION, "Bearer " + operator)
                    .retrieve().body(String.class)).contains("jvm_memory_used_bytes");
        }

        @Test
        void givenNoOperatorToken_actuatorShouldShowTheStatusOnly_andRefuseMetrics() {
            var http = ApiClientHelper.client(port);
            String merchant = ApiClientHelper.token(http, SANDBOX_ID, SANDBOX_SECRET, "payouts accounts");

            for (String authorization : new String[] {null, "Bearer " + merchant}) {
                ResponseEntity<String> health = http.get().uri("/actuator/health")
                        .headers(h -> { if (authorization != null) { h.set(HttpHeaders.AUTHORIZATION, authorization); } })
                        .retrieve().toEntity(String.class);
                assertThat(health.getStatusCode().value()).isEqualTo(200);
                assertThat(health.getBody()).contains("\"status\":\"UP\"")
                        .doesNotContain("components").doesNotContain("diskSpace").doesNotContain("PostgreSQL");
            }
            assertThat(http.get().uri("/actuator/prometheus").retrieve().toEntity(String.class).getStatusCode().value())
                    .isEqualTo(401);
            assertThat(http.get().uri("/actuator/metrics").header(HttpHeaders.AUTHORIZATION, "Bearer " + merchant)
                    .retrieve().toEntity(String.class).getStatusCode().value()).isEqualTo(403);
        }
    }

    /** Its own PostgreSQL, so stopping it harms no other test. */
    @Nested
    @ApiTest
    class GivenPostgresGoesDown {

        static EmbeddedPostgres postgres;

        @LocalServerPort
        int port;

        @DynamicPropertySource
        static void ownDatabase(DynamicPropertyRegistry registry) throws IOException {
            postgres = EmbeddedPostgres.builder().start();
            registry.add("spring.datasource.url", () -> postgres.getJdbcUrl("postgres", "postgres"));
        }

        @AfterAll
        static void cleanUp() throws IOException {
            postgres.close();
        }

        @Test
        void itShouldAnswerUnhealthyWith503() throws IOException {
            var http = ApiClientHelper.client(port);
            assertThat(http.get().uri("/api_health_check").retrieve().body(String.class)).isEqualTo("Healthy");

            postgres.close();

            ResponseEntity<String> response = http.get().uri("/api_health_check").retrieve().toEntity(String.class);
            assertThat(response.getStatusCode().value()).isEqualTo(503);
            assertThat(response.getBody()).isEqualTo("Unhealthy");
        }
    }

    @Nested
    @ApiTest
    class GivenTemporalDoesNotAnswer {

        @LocalServerPort
        int port;

        @DynamicPropertySource
        static void nowhere(DynamicPropertyRegistry registry) {
            int unused = TestTemporalService.freePort();
            registry.add("paywire.temporal.address", () -> "127.0.0.1:" + unused);
        }

        @Test
        void itShouldAnswerUnhealthyWith503() {
            ResponseEntity<String> response = ApiClientHelper.client(port).get().uri("/api_health_check")
                    .retrieve().toEntity(String.class);

            assertThat(response.getStatusCode().value()).isEqualTo(503);
            assertThat(response.getBody()).isEqualTo("Unhealthy");
        }

        /** Callbacks and status queries need no Temporal: the orchestrator must keep sending them to this API. */
        @Test
        void itsReadinessShouldStayUp_forItHoldsTheDatabaseAlone() {
            var http = ApiClientHelper.client(port);
            for (String probe : new String[] {"/actuator/health/readiness", "/actuator/health/liveness"}) {
                ResponseEntity<String> answer = http.get().uri(probe).retrieve().toEntity(String.class);
                assertThat(answer.getStatusCode().value()).as(probe).isEqualTo(200);
                assertThat(answer.getBody()).as(probe).contains("\"status\":\"UP\"");
            }
            String operator = ApiClientHelper.operatorToken(http);
            assertThat(http.get().uri("/actuator/health/readiness").header(HttpHeaders.AUTHORIZATION, "Bearer " + operator)
                    .retrieve().body(String.class)).contains("\"db\"").doesNotContain("temporal");
        }
    }
}
