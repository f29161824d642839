package com.paywire.api.support;

import static com.paywire.api.support.ApiClientHelper.SANDBOX_ID;
import static com.paywire.api.support.ApiClientHelper.SANDBOX_SECRET;
import static com.paywire.api.support.JsonAnswers.assertScopeRefused;
import static com.paywire.api.support.JsonAnswers.assertTokenRequired;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.UUID;
import java.util.function.LongSupplier;
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

    /** The body with one field set (or replaced): a valid request broken in one place. */
    protected static Map<String, Object> with(Map<String, Object> body, String field, Object value) {
        body.put(field, value);
        return body;
    }

    /**
     * A product's two operations as its tests call them, submit (a JSON POST) and query (a GET whose URI ends with
     * the id asked for), and the count of the rows its submissions store.
     */
    protected final class Operations {

        private final String submitUri;
        private final String queryUri;
        private final LongSupplier rows;

        /** @param queryUri the query's URI up to the id ("/v1/kyc-request/check-status?stan=") */
        public Operations(String submitUri, String queryUri, LongSupplier rows) {
            this.submitUri = submitUri;
            this.queryUri = queryUri;
            this.rows = rows;
        }

        public ResponseEntity<JsonNode> submit(Object body, String bearer) {
            return postJson(submitUri, body, bearer);
        }

        public ResponseEntity<JsonNode> query(Object id, String bearer) {
            return getJson(queryUri + id, bearer);
        }

        /** Submits, and asserts that the submission stored nothing. */
        public ResponseEntity<JsonNode> submitStoringNothing(Object body, String bearer) {
            long before = rows.getAsLong();
            ResponseEntity<JsonNode> response = submit(body, bearer);
            assertThat(rows.getAsLong()).as("rows stored by %s", response.getBody()).isEqualTo(before);
            return response;
        }

        /** Both operations with a token of another scope: 403 naming {@code scope}, and nothing stored. */
        public void assertRefusedWithoutScope(String scope, String otherScope, Object body) {
            String other = ApiClientHelper.token(http, SANDBOX_ID, SANDBOX_SECRET, otherScope);
            assertScopeRefused(submitStoringNothing(body, other), scope);
            assertScopeRefused(query(UUID.randomUUID(), other), scope);
        }

        /** Both operations without a token: 401 with a Bearer challenge, and nothing stored. */
        public void assertRefusedWithoutToken(Object body) {
            assertTokenRequired(submitStoringNothing(body, null));
            assertTokenRequired(query(UUID.randomUUID(), null));
        }
    }

    private static void authorize(HttpHeaders headers, String bearer) {
        if (bearer != null) {
            headers.set(HttpHeaders.AUTHORIZATION, "Bearer " + bearer);
        }
    }
}
