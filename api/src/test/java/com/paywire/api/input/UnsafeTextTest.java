package com.paywire.api.input;

import static com.paywire.api.support.ApiClientHelper.SANDBOX_ID;
import static com.paywire.api.support.ApiClientHelper.SANDBOX_SECRET;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.ApiClientHelper;
import com.paywire.api.support.ApiTest;
import com.paywire.api.support.RawHttp;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Issue 11, items 1 and 2: NUL characters and broken percent-encoding, refused before any operation runs. */
@ApiTest
class UnsafeTextTest {

    private static final String NUL = "\\u0000"; // as a client writes it inside a JSON string
    private static final String CARDS = "/apps/graph/api/v1/cards";
    private static final JsonMapper JSON = new JsonMapper();

    @LocalServerPort
    int port;
    @Autowired
    JdbcClient jdbc;
    Map<String, String> bearer;
    Map<String, String> jsonWithBearer;

    @BeforeEach
    void setUp() {
        String token = ApiClientHelper.token(ApiClientHelper.client(port), SANDBOX_ID, SANDBOX_SECRET);
        bearer = Map.of("Authorization", "Bearer " + token);
        jsonWithBearer = Map.of("Authorization", "Bearer " + token, "Content-Type", "application/json");
    }

    @Test
    void givenANulInAStringOfARecordBody_whenCreatingAPaymentLink_itShouldAnswer400NamingTheField_andStoreNothing() {
        int before = links();

        RawHttp.Response response = post("/v1/payment-link/create-payment-link", jsonWithBearer, """
                {"shortCode":"174379","description":"Order%s 42","isAmountSpecified":false}""".formatted(NUL));

        assertFieldErrors(response, "description");
        assertThat(links()).isEqualTo(before);
    }

    @Test
    void givenANulDeepInsideTheBody_itShouldNameTheJsonPathAsTheClientSpelledIt() {
        RawHttp.Response nested = post(CARDS + "/payment/authorise", jsonWithBearer, """
                {"Transaction":{"Amount":"10.00","Currency":"USD","TransientToken":"tt_x","RequestId":"r%s1"},
                 "BillingAddress":{"FirstName":"Jane"}}""".formatted(NUL));
        assertFieldErrors(nested, "Transaction.RequestId");

        RawHttp.Response inAList = post(CARDS + "/webhooks", jsonWithBearer, """
                {"Url":"https://merchant.example/hooks","Events":["payment.captured","payment.voided%s"],
                 "SigningSecret":"0123456789abcdef"}""".formatted(NUL));
        assertFieldErrors(inAList, "Events[1]");

        RawHttp.Response inAName = post("/v1/payment-link/create-payment-link", jsonWithBearer, """
                {"shortCode":"174379","description":"x","isAmountSpecified":false,"no%1$ste":"a%1$sb"}""".formatted(NUL));
        assertFieldErrors(inAName, "no\\u0000te", "no\\u0000te");
    }

    @Test
    void givenANulInABodyReadAsAMap_whenRequestingAToken_itShouldAnswerInvalidRequest() {
        RawHttp.Response response = post("/connect/token", Map.of("Content-Type", "application/json"), """
                {"grant_type":"client_credentials","client_id":"paywire%s-sandbox","client_secret":"x"}""".formatted(NUL));

        assertThat(response.status()).isEqualTo(400);
        JsonNode body = JSON.readTree(response.body());
        assertThat(body.get("error").asString()).isEqualTo("invalid_request");
        assertThat(body.get("error_description").asString()).contains("client_id").contains("NUL");
    }

    @Test
    void givenANulInABodyReadAsText_whenARailCallsBack_itShouldAnswer400NamingTheField() {
        RawHttp.Response response = post("/rails/bank/transfer-result",
                Map.of("Content-Type", "application/json", "X-Rail-Secret", "sandbox-bank-secret"),
                "{\"reference\":\"ref%s\",\"resultCode\":\"0\"}".formatted(NUL));

        assertFieldErrors(response, "reference");
    }

    @Test
    void givenANulInAQueryParameter_itShouldAnswer400NamingTheParameter() {
        RawHttp.Response response = RawHttp.send(port, "GET",
                "/v1/express-deposit/check-status?OriginatorConversationId=dep%001", bearer, null);

        assertFieldErrors(response, "OriginatorConversationId");
    }

    @Test
    void givenANulInAFormField_whenRequestingAToken_itShouldAnswerInvalidRequest() {
        RawHttp.Response response = post("/connect/token", Map.of("Content-Type", "application/x-www-form-urlencoded"),
                "grant_type=client_credentials&client_id=paywire-sandbox&client_secret=sandbox%00secret");

        assertThat(response.status()).isEqualTo(400);
        JsonNode body = JSON.readTree(response.body());
        assertThat(body.get("error").asString()).isEqualTo("invalid_request");
        assertThat(body.get("error_description").asString()).contains("client_secret");
    }

    @ParameterizedTest(name = "ccy={0}")
    @ValueSource(strings = {"%", "%zz", "%ff", "1%2", "%e2%82"})
    void givenABrokenPercentEncodingInTheQuery_itShouldAnswer400InTheOperationsShape(String value) {
        RawHttp.Response response = RawHttp.send(port, "GET", "/v1/customer-accounts/get-wallet-balance?ccy=" + value,
                bearer, null);

        assertFieldErrors(response, "ccy");
    }

    @Test
    void givenABrokenPercentEncodingInAForm_whenRequestingAToken_itShouldAnswerInvalidRequest() {
        RawHttp.Response response = post("/connect/token", Map.of("Content-Type", "application/x-www-form-urlencoded"),
                "grant_type=client_credentials&client_id=%zz&client_secret=x");

        assertThat(response.status()).isEqualTo(400);
        assertThat(JSON.readTree(response.body()).get("error").asString()).isEqualTo("invalid_request");
    }

    private RawHttp.Response post(String path, Map<String, String> headers, String body) {
        return RawHttp.send(port, "POST", path, headers, body.getBytes(StandardCharsets.UTF_8));
    }

    /** A 400 in the field-error list shape naming exactly these fields. */
    private static void assertFieldErrors(RawHttp.Response response, String... fields) {
        assertThat(response.status()).as(response.body()).isEqualTo(400);
        JsonNode body = JSON.readTree(response.body());
        List<String> named = new ArrayList<>();
        body.get("errors").forEach(error -> {
            named.add(error.get("field").asString());
            assertThat(error.get("field").asString() + error.get("message").asString()).doesNotContain("\0");
        });
        assertThat(named).containsExactly(fields);
    }

    private int links() {
        return jdbc.sql("select count(*) from payment_links").query(Integer.class).single();
    }
}
