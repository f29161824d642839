package com.paywire.infra.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.web.client.RestClient;

/** What the README's run command starts, used as a first-time user would. */
class LocalStackTest {

    static RestClient http;

    @BeforeAll
    static void start() {
        http = RunningLocalStack.http();
    }

    @Test
    void givenTheLocalStack_whenAUserGetsATokenAndAsksForRoutes_itShouldAnswer200() {
        String token = RunningLocalStack.sandboxToken(http);

        ResponseEntity<Map> routes = http.get().uri("/v1/transaction-routes/assigned-routes")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().toEntity(Map.class);
        assertThat(routes.getStatusCode().value()).isEqualTo(200);
        assertThat((List<?>) routes.getBody().get("routes")).hasSize(11);
    }

    @Test
    void givenTheLocalStack_itShouldBeHealthy_andRefuseCallsWithoutAToken() {
        assertThat(http.get().uri("/api_health_check").retrieve().body(String.class)).isEqualTo("Healthy");
        assertThat(http.get().uri("/v1/transaction-routes/assigned-routes").retrieve().toBodilessEntity()
                .getStatusCode().value()).isEqualTo(401);
        assertThat(http.get().uri("/swagger-ui/index.html").retrieve().toBodilessEntity()
                .getStatusCode().value()).isEqualTo(200);
    }
}
