package com.paywire.api.errors;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.ApiTest;
import com.paywire.api.support.RawHttp;
import java.util.ArrayList;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Errors the servlet container answers itself come as JSON in the reason shape, never as HTML. */
@ApiTest
class ContainerErrorsTest {

    private static final JsonMapper JSON = new JsonMapper();

    @LocalServerPort
    int port;

    @Test
    void givenAnEncodedNulInThePath_itShouldAnswer400InTheReasonShapeWithTheSecurityHeaders() {
        assertReasonError(RawHttp.send(port, "GET", "/pay/a%00b", Map.of(), null), 400);
    }

    @Test
    void givenAQueryParameterOf100Kilobytes_itShouldAnswerInTheReasonShape() {
        RawHttp.Response response = RawHttp.send(port, "GET",
                "/v1/express-deposit/check-status?OriginatorConversationId=" + "a".repeat(100_000), Map.of(), null);

        assertReasonError(response, 400);
        assertThat(response.body()).doesNotContain("aaaa");
    }

    @Test
    void givenAHeaderTooLarge_itShouldAnswerInTheReasonShape() {
        assertReasonError(RawHttp.send(port, "GET", "/v1/transaction-routes/assigned-routes",
                Map.of("X-Large", "b".repeat(20_000)), null), 400);
    }

    @Test
    void givenAMalformedRequestLine_itShouldAnswerInTheReasonShape() {
        assertReasonError(RawHttp.send(port, "GET", "/pay/{bad}|<x>", Map.of(), null), 400);
    }

    @Test
    void givenSpringsOwnErrorPath_itShouldNotAnswerSpringsDefaultBody() {
        RawHttp.Response response = RawHttp.send(port, "GET", "/error", Map.of(), null);

        assertReasonError(response, 404);
        assertThat(response.body()).doesNotContain("\"status\"", "\"error\"", "\"path\"");
    }

    private static void assertReasonError(RawHttp.Response response, int status) {
        assertThat(response.status()).as(response.body()).isEqualTo(status);
        assertThat(response.header("Content-Type")).startsWith("application/json");
        assertThat(response.header("X-Content-Type-Options")).isEqualTo("nosniff");
        assertThat(response.header("Content-Security-Policy")).isEqualTo("default-src 'none'; frame-ancestors 'none'");
        assertThat(response.header("Cache-Control")).isEqualTo("no-store");
        JsonNode body = JSON.readTree(response.body());
        assertThat(new ArrayList<>(body.propertyNames())).containsExactly("appDomainName", "timestamp", "reason");
        assertThat(body.get("reason").asString()).isNotBlank().doesNotContain("Tomcat", "Exception", "java.");
    }
}
