package com.paywire.api.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Reading error answers in tests. */
public final class ErrorAnswers {

    private static final JsonMapper JSON = new JsonMapper();

    private ErrorAnswers() {
    }

    /** The fields a 400 field error list names, in its order; fails on any other answer. */
    public static List<String> fieldsNamed(RawHttp.Response response) {
        assertThat(response.status()).as(response.body()).isEqualTo(400);
        List<String> named = new ArrayList<>();
        JSON.readTree(response.body()).get("errors").forEach(error -> named.add(error.get("field").asString()));
        return named;
    }

    /** Asserts RFC 6749's 400 invalid_request, whose description mentions the given words. */
    public static void assertInvalidRequest(RawHttp.Response response, String... mentioned) {
        assertThat(response.status()).as(response.body()).isEqualTo(400);
        JsonNode body = JSON.readTree(response.body());
        assertThat(body.get("error").asString()).isEqualTo("invalid_request");
        assertThat(body.get("error_description").asString()).contains(mentioned);
    }
}
