package com.paywire.api.operations;

import static com.paywire.api.support.ApiClientHelper.SANDBOX_ID;
import static com.paywire.api.support.ApiClientHelper.SANDBOX_SECRET;
import static com.paywire.api.support.JsonAnswers.assertScopeRefused;
import static com.paywire.api.support.JsonAnswers.assertTokenRequired;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.ApiClientHelper;
import com.paywire.api.support.ApiTest;
import com.paywire.api.support.ApiTestBase;
import com.paywire.api.support.RawHttp;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * The codec endpoint as the Temporal UI and CLI call it: {"payloads":[...]} in protobuf's JSON form, a bearer token
 * with the operations scope, the namespace in X-Namespace, and from the UI's pages, CORS.
 */
@ApiTest
@TestPropertySource(properties = "paywire.codec.temporal-ui-origins=" + PayloadCodecApiTest.UI)
class PayloadCodecApiTest extends ApiTestBase {

    static final String UI = "https://temporal.example.com";
    private static final String PHONE_NUMBER = "\"254712345678\"";

    private static String base64(String text) {
        return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    /** One JSON payload as an SDK writes it, in the codec protocol's form. */
    private static Map<String, Object> payloads(String json) {
        return Map.of("payloads", List.of(Map.of("metadata", Map.of("encoding", base64("json/plain")),
                "data", base64(json))));
    }

    private String operator;

    @BeforeEach
    void connectAsTheOperator() {
        operator = ApiClientHelper.operatorToken(http);
    }

    private ResponseEntity<JsonNode> call(String operation, Object body, String bearer, String namespace) {
        return http.post().uri("/codec/" + operation).contentType(MediaType.APPLICATION_JSON)
                .headers(headers -> {
                    if (bearer != null) {
                        headers.setBearerAuth(bearer);
                    }
                    if (namespace != null) {
                        headers.set("X-Namespace", namespace);
                    }
                })
                .body(body).retrieve().toEntity(JsonNode.class);
    }

    @Test
    void givenAPayload_encodingShouldEncryptIt_andDecodingGiveItBack() {
        ResponseEntity<JsonNode> encoded = call("encode", payloads(PHONE_NUMBER), operator, "default");

        assertThat(encoded.getStatusCode().value()).as("%s", encoded.getBody()).isEqualTo(200);
        JsonNode payload = encoded.getBody().get("payloads").get(0);
        assertThat(payload.get("metadata").get("encoding").asString()).isEqualTo(base64("binary/encrypted"));
        assertThat(payload.get("metadata").get("encryption-key-id").asString()).isEqualTo(base64("development"));
        assertThat(new String(Base64.getDecoder().decode(payload.get("data").asString()), StandardCharsets.ISO_8859_1))
                .doesNotContain("254712345678");

        ResponseEntity<JsonNode> decoded = call("decode", encoded.getBody(), operator, "default");

        assertThat(decoded.getStatusCode().value()).isEqualTo(200);
        assertThat(decoded.getBody()).isEqualTo(call("decode", payloads(PHONE_NUMBER), operator, null).getBody());
        JsonNode plain = decoded.getBody().get("payloads").get(0);
        assertThat(plain.get("metadata").get("encoding").asString()).isEqualTo(base64("json/plain"));
        assertThat(plain.get("data").asString()).isEqualTo(base64(PHONE_NUMBER));
    }

    @Test
    void givenNoToken_orATokenWithoutTheOperationsScope_itShouldBeRefused() {
        assertTokenRequired(call("decode", payloads(PHONE_NUMBER), null, "default"));
        String payouts = ApiClientHelper.token(http, SANDBOX_ID, SANDBOX_SECRET, "payouts");

        assertScopeRefused(call("decode", payloads(PHONE_NUMBER), payouts, "default"), "operations");
        assertScopeRefused(call("encode", payloads(PHONE_NUMBER), payouts, "default"), "operations");
    }

    @Test
    void givenAnotherNamespace_itShouldBeRefused_namingTheOneItServes() {
        ResponseEntity<JsonNode> refused = call("decode", payloads(PHONE_NUMBER), operator, "payments-elsewhere");

        assertThat(refused.getStatusCode().value()).isEqualTo(400);
        JsonNode error = refused.getBody().get("errors").get(0);
        assertThat(error.get("field").asString()).isEqualTo("X-Namespace");
        assertThat(error.get("message").asString()).contains("'default'");
    }

    @Test
    void givenWhatIsNotAPayloadList_orAPayloadThatDoesNotDecrypt_itShouldBeA400_notA500() {
        ResponseEntity<JsonNode> notPayloads = call("decode", Map.of("payloads", "none"), operator, "default");
        assertThat(notPayloads.getStatusCode().value()).isEqualTo(400);
        assertThat(notPayloads.getBody().get("errors").get(0).get("field").asString()).isEqualTo("payloads");

        JsonNode encrypted = call("encode", payloads(PHONE_NUMBER), operator, "default").getBody();
        Map<String, Object> underAnotherKey = Map.of("payloads", List.of(Map.of("metadata", Map.of(
                        "encoding", base64("binary/encrypted"), "encryption-key-id", base64("retired-2025")),
                "data", encrypted.get("payloads").get(0).get("data").asString())));
        ResponseEntity<JsonNode> unknownKey = call("decode", underAnotherKey, operator, "default");
        assertThat(unknownKey.getStatusCode().value()).isEqualTo(400);
        assertThat(unknownKey.getBody().get("errors").get(0).get("message").asString()).contains("'retired-2025'");
    }

    @Test
    void givenTheTemporalUisOrigin_thePreflightShouldLetItsPagesCallWithTheirToken_andNoOtherOrigin() {
        RawHttp.Response preflight = RawHttp.send(port, "OPTIONS", "/codec/decode", Map.of(
                HttpHeaders.ORIGIN, UI, HttpHeaders.ACCESS_CONTROL_REQUEST_METHOD, "POST",
                HttpHeaders.ACCESS_CONTROL_REQUEST_HEADERS, "authorization,content-type,x-namespace"), null);

        assertThat(preflight.status()).isEqualTo(200);
        assertThat(preflight.header(HttpHeaders.ACCESS_CONTROL_ALLOW_ORIGIN)).isEqualTo(UI);
        assertThat(preflight.header(HttpHeaders.ACCESS_CONTROL_ALLOW_CREDENTIALS)).isEqualTo("true");
        assertThat(preflight.header(HttpHeaders.ACCESS_CONTROL_ALLOW_METHODS)).contains("POST");
        assertThat(preflight.header(HttpHeaders.ACCESS_CONTROL_ALLOW_HEADERS).toLowerCase())
                .contains("authorization", "content-type", "x-namespace");

        ResponseEntity<JsonNode> fromTheUi = http.post().uri("/codec/decode").contentType(MediaType.APPLICATION_JSON)
                .header(HttpHeaders.ORIGIN, UI).header("X-Namespace", "default").headers(h -> h.setBearerAuth(operator))
                .body(payloads(PHONE_NUMBER)).retrieve().toEntity(JsonNode.class);
        assertThat(fromTheUi.getStatusCode().value()).isEqualTo(200);
        assertThat(fromTheUi.getHeaders().getAccessControlAllowOrigin()).isEqualTo(UI);

        RawHttp.Response elsewhere = RawHttp.send(port, "OPTIONS", "/codec/decode", Map.of(
                HttpHeaders.ORIGIN, "https://evil.example", HttpHeaders.ACCESS_CONTROL_REQUEST_METHOD, "POST"), null);
        assertThat(elsewhere.status()).isEqualTo(403);
        assertThat(elsewhere.header(HttpHeaders.ACCESS_CONTROL_ALLOW_ORIGIN)).isNull();
    }
}
