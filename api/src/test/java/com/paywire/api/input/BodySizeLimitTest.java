package com.paywire.api.input;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.ApiTest;
import com.paywire.api.support.RawHttp;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** A body over paywire.http.max-body-size (1 MiB) is refused with 413, however it is sent. */
@ApiTest
class BodySizeLimitTest extends SandboxRequests {

    private static final int MIB = 1024 * 1024;

    @Test
    void givenAValidBodyWithA5MegabyteExtraField_whoseLengthIsDeclared_itShouldAnswer413_andStoreNothing() {
        int before = rows("payment_links");

        RawHttp.Response response = RawHttp.send(port, "POST", "/v1/payment-link/create-payment-link", headers,
                linkWithExtra(5 * MIB));

        assertTooLarge(response);
        assertThat(rows("payment_links")).isEqualTo(before);
    }

    @Test
    void givenABodyThatGrowsPastTheLimitInChunks_itShouldAnswer413_andStoreNothing() {
        int before = rows("payment_links");

        RawHttp.Response response = RawHttp.sendChunked(port, "POST", "/v1/payment-link/create-payment-link", headers,
                linkWithExtra(MIB + MIB / 2), 64 * 1024);

        assertTooLarge(response);
        assertThat(rows("payment_links")).isEqualTo(before);
    }

    @Test
    void givenAFormOrJsonLargerThanTheLimit_toTheTokenEndpoint_itShouldAnswer413_inOAuthsShape() {
        byte[] form = ("grant_type=client_credentials&client_id=x&pad=" + "a".repeat(5 * MIB))
                .getBytes(StandardCharsets.UTF_8);
        byte[] json = ("{\"grant_type\":\"client_credentials\",\"client_id\":\"x\",\"pad\":\""
                + "a".repeat(5 * MIB) + "\"}").getBytes(StandardCharsets.UTF_8);
        Map<String, String> formType = Map.of("Content-Type", "application/x-www-form-urlencoded");
        Map<String, String> jsonType = Map.of("Content-Type", "application/json");

        assertTooLargeForOAuth(RawHttp.send(port, "POST", "/connect/token", formType, form));
        assertTooLargeForOAuth(RawHttp.sendChunked(port, "POST", "/connect/token", formType, form, 64 * 1024));
        assertTooLargeForOAuth(RawHttp.send(port, "POST", "/connect/token", jsonType, json));
        assertTooLargeForOAuth(RawHttp.sendChunked(port, "POST", "/connect/token", jsonType, json, 64 * 1024));
    }

    @Test
    void givenOtherErrorsOfTheTokenEndpoint_theyShouldAnswerInOAuthsShape_withTheirStatus() {
        RawHttp.Response wrongMethod = RawHttp.send(port, "GET", "/connect/token", Map.of(), new byte[0]);
        RawHttp.Response wrongType = RawHttp.send(port, "POST", "/connect/token",
                Map.of("Content-Type", "text/plain"), "grant_type=client_credentials".getBytes(StandardCharsets.UTF_8));

        assertThat(wrongMethod.status()).isEqualTo(405);
        assertThat(wrongType.status()).isEqualTo(415);
        for (RawHttp.Response response : new RawHttp.Response[] {wrongMethod, wrongType}) {
            JsonNode body = JSON.readTree(response.body());
            assertThat(new ArrayList<>(body.propertyNames())).containsExactly("error", "error_description");
            assertThat(body.get("error").asString()).isEqualTo("invalid_request");
        }
    }

    @Test
    void givenABodyJustUnderTheLimit_itShouldBeRead() {
        RawHttp.Response response = RawHttp.send(port, "POST", "/v1/payment-link/create-payment-link", headers,
                linkWithExtra(MIB - 200));

        assertThat(response.status()).as(response.body()).isEqualTo(200);
    }

    private static byte[] linkWithExtra(int padding) {
        return ("{\"shortCode\":\"174379\",\"description\":\"x\",\"isAmountSpecified\":false,\"notes\":\""
                + "a".repeat(padding) + "\"}").getBytes(StandardCharsets.UTF_8);
    }

    private static void assertTooLargeForOAuth(RawHttp.Response response) {
        assertThat(response.status()).as(response.body()).isEqualTo(413);
        assertThat(response.header("X-Content-Type-Options")).isEqualTo("nosniff");
        JsonNode body = JSON.readTree(response.body());
        assertThat(new ArrayList<>(body.propertyNames())).containsExactly("error", "error_description");
        assertThat(body.get("error").asString()).isEqualTo("invalid_request");
        assertThat(body.get("error_description").asString()).contains("1048576 bytes");
    }

    private static void assertTooLarge(RawHttp.Response response) {
        assertThat(response.status()).as(response.body()).isEqualTo(413);
        assertThat(response.header("X-Content-Type-Options")).isEqualTo("nosniff");
        JsonNode body = JSON.readTree(response.body());
        assertThat(new ArrayList<>(body.propertyNames())).containsExactly("appDomainName", "timestamp", "reason");
        assertThat(body.get("reason").asString()).contains("1048576 bytes");
    }
}
