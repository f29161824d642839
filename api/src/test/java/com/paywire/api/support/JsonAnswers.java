package com.paywire.api.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;

/**
 * What the API tests read from a JSON answer: its property names in order, the fields an error list names, and the
 * answers every operation gives alike (refused for a scope or a token, not found).
 */
public final class JsonAnswers {

    private JsonAnswers() {
    }

    /** The object's property names, in the order the answer has them. */
    public static List<String> names(JsonNode node) {
        return new ArrayList<>(node.propertyNames());
    }

    /** The fields named by the {@code errors} list of a field-error answer. */
    public static List<String> fields(JsonNode body) {
        List<String> fields = new ArrayList<>();
        body.get("errors").forEach(e -> fields.add(e.get("field").asString()));
        return fields;
    }

    /** The fields named by a 400 answer's {@code errors} list; any other status fails the test. */
    public static List<String> fields(ResponseEntity<JsonNode> response) {
        assertThat(response.getStatusCode().value()).as("%s", response.getBody()).isEqualTo(400);
        return fields(response.getBody());
    }

    /** Asserts 403 insufficient_scope naming the scope, in the body and in the WWW-Authenticate challenge. */
    public static void assertScopeRefused(ResponseEntity<JsonNode> refused, String scope) {
        assertThat(refused.getStatusCode().value()).isEqualTo(403);
        assertThat(refused.getBody().get("error").asString()).isEqualTo("insufficient_scope");
        assertThat(refused.getBody().get("scope").asString()).isEqualTo(scope);
        assertThat(refused.getHeaders().getFirst(HttpHeaders.WWW_AUTHENTICATE)).contains("scope=\"" + scope + "\"");
    }

    /** Asserts 401 with a Bearer challenge. */
    public static void assertTokenRequired(ResponseEntity<JsonNode> refused) {
        assertThat(refused.getStatusCode().value()).isEqualTo(401);
        assertThat(refused.getHeaders().getFirst(HttpHeaders.WWW_AUTHENTICATE)).startsWith("Bearer");
    }

    /** Asserts the not-found answer: 404 with appDomainName, timestamp and reason, in that order. */
    public static void assertNotFound(ResponseEntity<JsonNode> answer) {
        assertThat(answer.getStatusCode().value()).isEqualTo(404);
        assertThat(names(answer.getBody())).containsExactly("appDomainName", "timestamp", "reason");
    }
}
