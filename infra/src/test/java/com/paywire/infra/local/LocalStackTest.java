package com.paywire.infra.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.web.client.RestClient;

/** What the README's run command starts, started the same way, and used as a first-time user would. */
class LocalStackTest {

    static LocalStack stack;
    static RestClient http;

    @BeforeAll
    static void start() throws IOException {
        int temporalPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            temporalPort = socket.getLocalPort();
        }
        stack = new LocalStack();
        stack.start(new LocalStackSettings(null, temporalPort, null, null, 0), "--server.port=0");
        http = RestClient.builder().baseUrl(stack.apiBaseUrl())
                .defaultStatusHandler(status -> true, (request, response) -> { }).build();
    }

    @AfterAll
    static void stop() {
        stack.close();
    }

    @Test
    void givenTheLocalStack_whenAUserGetsATokenAndAsksForRoutes_itShouldAnswer200() {
        var form = new LinkedMultiValueMap<String, String>();
        form.add("grant_type", "client_credentials");
        form.add("client_id", stack.apiEnvironment().getProperty("paywire.sandbox.client-id"));
        form.add("client_secret", stack.apiEnvironment().getProperty("paywire.sandbox.client-secret"));
        ResponseEntity<Map> token = http.post().uri("/connect/token")
                .contentType(MediaType.APPLICATION_FORM_URLENCODED).body(form).retrieve().toEntity(Map.class);
        assertThat(token.getStatusCode().value()).isEqualTo(200);

        ResponseEntity<Map> routes = http.get().uri("/v1/transaction-routes/assigned-routes")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token.getBody().get("access_token"))
                .retrieve().toEntity(Map.class);
        assertThat(routes.getStatusCode().value()).isEqualTo(200);
        assertThat((java.util.List<?>) routes.getBody().get("routes")).hasSize(11);
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
