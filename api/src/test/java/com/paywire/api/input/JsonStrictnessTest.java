package com.paywire.api.input;

import static com.paywire.api.support.ErrorAnswers.fieldsNamed;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.AdminApi;
import com.paywire.api.support.ApiClientHelper;
import com.paywire.api.support.ApiTest;
import com.paywire.api.support.RawHttp;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Null list elements, booleans, JSON of the wrong type, and what a parse error may say. */
@ApiTest
class JsonStrictnessTest extends SandboxRequests {

    private static final String CARD_NUMBER = "4111111111111111";

    @Test
    void givenANullInsideAList_itShouldAnswer400NamingTheElement() {
        assertNamed(post(CARDS + "/webhooks", """
                {"Url":"https://merchant.example/hooks","Events":["payment.captured",null],"SigningSecret":"0123456789abcdef"}"""),
                "Events[1]");
        assertNamed(post(CARDS + "/capture-context", """
                {"TargetOrigins":["https://shop.example"],"AllowedCardNetworks":[null]}"""), "AllowedCardNetworks[0]");
        assertNamed(post("/v1/payment-order/new-order", """
                {"originatorConversationId":"nulls-1","paymentOrderLines":[null]}"""), "paymentOrderLines[0]");
    }

    @ParameterizedTest(name = "isAmountSpecified: {0}")
    @ValueSource(strings = {"12345", "0", "1.5", "\"true\"", "\"yes\"", "\"\""})
    void givenSomethingOtherThanTrueOrFalseForABoolean_itShouldAnswer400_andStoreNothing(String value) {
        int before = rows("payment_links");

        RawHttp.Response response = post("/v1/payment-link/create-payment-link", """
                {"shortCode":"174379","description":"x","isAmountSpecified":%s,"amount":10}""".formatted(value));

        assertNamed(response, "isAmountSpecified");
        assertThat(rows("payment_links")).isEqualTo(before);
    }

    @Test
    void givenNumbersForNumberFields_asJsonNumbersOrStrings_theyShouldStillBeTaken() {
        RawHttp.Response asNumber = post("/v1/payment-link/create-payment-link", """
                {"shortCode":"174379","description":"x","isAmountSpecified":true,"amount":250}""");
        RawHttp.Response asString = post("/v1/payment-link/create-payment-link", """
                {"shortCode":"174379","description":"x","isAmountSpecified":false,"amount":"12.50"}""");

        assertThat(asNumber.status()).as(asNumber.body()).isEqualTo(200);
        assertThat(asString.status()).as(asString.body()).isEqualTo(200);
    }

    @ParameterizedTest(name = "graceSeconds: {0}")
    @ValueSource(strings = {"1.5", "0.5", "1.0"})
    void givenAFractionWhereAWholeNumberIsWanted_itShouldAnswer400NamingTheField_notCutItDown(String grace) {
        AdminApi admin = new AdminApi(ApiClientHelper.client(port));
        AdminApi.Created client = admin.create("Grace " + grace, null);

        RawHttp.Response rotation = post("/v1/admin/clients/" + client.clientId() + "/secret",
                Map.of("Authorization", "Bearer " + admin.operatorToken(), "Content-Type", "application/json"),
                "{\"graceSeconds\":" + grace + "}");

        assertNamed(rotation, "graceSeconds");
        // not rotated: 0.5 cut to 0 would have revoked the secret at once
        assertThat(ApiClientHelper.token(ApiClientHelper.client(port), client.clientId(), client.secret())).isNotBlank();
    }

    @Test
    void givenAWholeNumberWrittenAsAString_itShouldStillBeTaken() {
        AdminApi admin = new AdminApi(ApiClientHelper.client(port));
        AdminApi.Created client = admin.create("Grace as text", null);

        RawHttp.Response rotation = post("/v1/admin/clients/" + client.clientId() + "/secret",
                Map.of("Authorization", "Bearer " + admin.operatorToken(), "Content-Type", "application/json"),
                "{\"graceSeconds\":\"60\"}");

        assertThat(rotation.status()).as(rotation.body()).isEqualTo(200);
    }

    @ParameterizedTest(name = "accountNumber: {0}")
    @ValueSource(strings = {"true", "7010000001", "70100.5"})
    void givenABooleanOrANumberWhereAStringIsWanted_itShouldAnswer400NamingTheField_andStoreNothing(String account) {
        int before = rows("bill_payments");

        RawHttp.Response response = post("/v1/bill-payments", """
                {"transactionType":2,"serviceId":"1","accountNumber":%s,"msisdn":"254712345678","amount":100,
                 "originatorConversationId":"types-%s"}""".formatted(account, UUID.randomUUID()));

        assertNamed(response, "accountNumber");
        assertThat(rows("bill_payments")).isEqualTo(before);
    }

    @Test
    void givenANumberForAFieldDocumentedToTakeAStringOrANumber_itShouldBeTakenAsItsText() {
        RawHttp.Response deposit = post("/v1/express-deposit", """
                {"ShortCode":"174379","Amount":100.50,"PhoneNumber":"254712345678","OriginatorConversationId":"%s"}"""
                .formatted(UUID.randomUUID()));
        RawHttp.Response screening = post(CARDS + "/fraud/screen", """
                {"Amount":10,"Currency":"USD","TransientToken":"tt_unknown"}""");
        RawHttp.Response bill = post("/v1/bill-payments", """
                {"transactionType":3,"serviceId":1,"accountNumber":"7010000001","originatorConversationId":"%s"}"""
                .formatted(UUID.randomUUID()));

        assertThat(deposit.status()).as(deposit.body()).isEqualTo(200);
        assertThat(fieldsNamed(screening)).as(screening.body()).doesNotContain("Amount");
        // read and passed on: no biller answers here, but no type error either
        assertThat(bill.body()).doesNotContain("\"field\":\"serviceId\"");
        assertThat(post(CARDS + "/fraud/screen", """
                {"Amount":10.555,"Currency":"USD","TransientToken":"tt_unknown"}""").body())
                .as("the amount rule reads the number's text").contains("\"field\":\"Amount\"");
    }

    @Test
    void givenMalformedJsonWithACardNumberInIt_theErrorShouldSayWhereButNeverEchoTheInputOrNameAClass() {
        RawHttp.Response response = RawHttp.send(port, "POST", CARDS + "/transient-tokens",
                Map.of("Content-Type", "application/json"),
                ("{\"CaptureContext\":\"x\",\n \"Number\":tru" + CARD_NUMBER + "}").getBytes(StandardCharsets.UTF_8));

        assertThat(response.status()).isEqualTo(400);
        String message = JSON.readTree(response.body()).get("errors").get(0).get("message").asString();
        assertThat(message).startsWith("The request body is not valid JSON (line 2, column");
        assertThat(response.body()).doesNotContain(CARD_NUMBER, "tru4", "Unrecognized", "token");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"{\"amount\":NaN}", "{\"amount\":Infinity}", "{'amount':1}", "{\"amount\":01}", "{\"amount\":1,}", "{\"a\":1}}"})
    void givenNonStandardJson_theErrorShouldNameNoLibraryFeatureOrClass(String body) {
        RawHttp.Response response = post("/v1/payment-link/create-payment-link", body);

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.body()).contains("not valid JSON")
                .doesNotContain("JsonReadFeature", "ALLOW_", "tools.jackson", "java.", "Exception", "NaN", "Infinity");
    }

    @Test
    void givenACardNumberInAQueryParameterOfTheWrongType_theErrorShouldNotEchoIt() {
        RawHttp.Response response = RawHttp.send(port, "GET", "/v1/charge/fetch-charges?transactionTypeId=" + CARD_NUMBER,
                Map.of("Authorization", headers.get("Authorization")), null);

        assertNamed(response, "transactionTypeId");
        assertThat(response.body()).doesNotContain(CARD_NUMBER);
    }

    @Test
    void givenACardNumberInABodyFieldOfTheWrongType_theErrorShouldNotEchoIt() {
        RawHttp.Response response = post("/v1/express-deposit", """
                {"ShortCode":"174379","Amount":"10","PhoneNumber":"254712345678","OriginatorConversationId":"t-1",
                 "Type":"%s"}""".formatted(CARD_NUMBER));

        assertNamed(response, "Type");
        assertThat(response.body()).doesNotContain(CARD_NUMBER);
    }

    @Test
    void givenACardNumberWhereTheCardApiWantsAnId_theNotFoundAnswerShouldNotEchoIt() {
        Map<String, String> bearer = Map.of("Authorization", headers.get("Authorization"));

        RawHttp.Response card = RawHttp.send(port, "GET", CARDS + "/cards/" + CARD_NUMBER, bearer, null);
        RawHttp.Response transaction = RawHttp.send(port, "GET", CARDS + "/transactions/" + CARD_NUMBER, bearer, null);
        RawHttp.Response capture = post(CARDS + "/payment/capture", """
                {"AuthorisationId":"%s","Amount":"10.00","RequestId":"r-1"}""".formatted(CARD_NUMBER));

        for (RawHttp.Response response : List.of(card, transaction, capture)) {
            assertThat(response.status()).isEqualTo(404);
            assertThat(response.body()).doesNotContain(CARD_NUMBER);
        }
    }

    private static void assertNamed(RawHttp.Response response, String field) {
        assertThat(fieldsNamed(response)).as(response.body()).containsExactly(field);
    }
}
