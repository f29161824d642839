package com.paywire.api.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;

/** What the API tests read from a JSON answer: its property names in order, and the fields an error list names. */
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
}
