package com.paywire.api.support;

import static com.paywire.api.support.ApiClientHelper.SANDBOX_ID;
import static com.paywire.api.support.ApiClientHelper.SANDBOX_SECRET;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.client.RestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Where an {@link ApiTest} starts from: a client of the server on its random port, a token of the sandbox
 * client (every scope), and the test clock put back after each test.
 */
public abstract class ApiTestBase {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @LocalServerPort
    protected int port;
    @Autowired
    protected MutableClock clock;
    protected RestClient http;
    protected String token;

    @BeforeEach
    void connectAsTheSandboxClient() {
        http = ApiClientHelper.client(port);
        token = ApiClientHelper.token(http, SANDBOX_ID, SANDBOX_SECRET);
    }

    @AfterEach
    void putTheClockBack() {
        clock.reset();
    }

    /** POSTs the body as JSON, with the bearer token unless it is null, and reads the answer as JSON. */
    protected ResponseEntity<JsonNode> postJson(String uri, Object body, String bearer) {
        return http.post().uri(uri).headers(headers -> authorize(headers, bearer))
                .contentType(MediaType.APPLICATION_JSON).body(JSON.writeValueAsString(body))
                .retrieve().toEntity(JsonNode.class);
    }

    /** GETs the URI, with the bearer token unless it is null, and reads the answer as JSON. */
    protected ResponseEntity<JsonNode> getJson(String uri, String bearer) {
        return http.get().uri(uri).headers(headers -> authorize(headers, bearer)).retrieve().toEntity(JsonNode.class);
    }

    private static void authorize(HttpHeaders headers, String bearer) {
        if (bearer != null) {
            headers.set(HttpHeaders.AUTHORIZATION, "Bearer " + bearer);
        }
    }
}
