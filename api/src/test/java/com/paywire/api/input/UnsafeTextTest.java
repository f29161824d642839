package com.paywire.api.input;

import static com.paywire.api.support.ErrorAnswers.assertInvalidRequest;
import static com.paywire.api.support.ErrorAnswers.fieldsNamed;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.ApiTest;
import com.paywire.api.support.RawHttp;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * NUL characters, strings that are not well-formed Unicode and broken percent-encoding, refused before any
 * operation runs.
 */
@ApiTest
class UnsafeTextTest extends SandboxRequests {

    private static final String NUL = "\\u0000"; // as a client writes it inside a JSON string

    Map<String, String> bearer;

    @BeforeEach
    void bearerOnly() {
        bearer = Map.of("Authorization", headers.get("Authorization"));
    }

    @Test
    void givenANulInAStringOfARecordBody_whenCreatingAPaymentLink_itShouldAnswer400NamingTheField_andStoreNothing() {
        int before = rows("payment_links");

        RawHttp.Response response = post("/v1/payment-link/create-payment-link", headers, """
                {"shortCode":"174379","description":"Order%s 42","isAmountSpecified":false}""".formatted(NUL));

        assertFieldErrors(response, "description");
        assertThat(rows("payment_links")).isEqualTo(before);
    }

    @Test
    void givenANulDeepInsideTheBody_itShouldNameTheJsonPathAsTheClientSpelledIt() {
        RawHttp.Response nested = post(CARDS + "/payment/authorise", headers, """
                {"Transaction":{"Amount":"10.00","Currency":"USD","TransientToken":"tt_x","RequestId":"r%s1"},
                 "BillingAddress":{"FirstName":"Jane"}}""".formatted(NUL));
        assertFieldErrors(nested, "Transaction.RequestId");

        RawHttp.Response inAList = post(CARDS + "/webhooks", headers, """
                {"Url":"https://merchant.example/hooks","Events":["payment.captured","payment.voided%s"],
                 "SigningSecret":"0123456789abcdef"}""".formatted(NUL));
        assertFieldErrors(inAList, "Events[1]");

        RawHttp.Response inAName = post("/v1/payment-link/create-payment-link", headers, """
                {"shortCode":"174379","description":"x","isAmountSpecified":false,"no%1$ste":"a%1$sb"}""".formatted(NUL));
        assertFieldErrors(inAName, "no\\u0000te", "no\\u0000te");
    }

    @Test
    void givenANulInABodyReadAsAMap_whenRequestingAToken_itShouldAnswerInvalidRequest() {
        RawHttp.Response response = post("/connect/token", Map.of("Content-Type", "application/json"), """
                {"grant_type":"client_credentials","client_id":"paywire%s-sandbox","client_secret":"x"}""".formatted(NUL));

        assertInvalidRequest(response, "client_id", "NUL");
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

        assertInvalidRequest(response, "client_secret");
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

        assertInvalidRequest(response, "percent-encoded");
    }

    @ParameterizedTest(name = "originatorConversationId x{0}y")
    @ValueSource(strings = {"\\ud800", "\\udc00", "\\udc00\\ud800", "\\ud800\\ud800\\udc00\\udc00"})
    void givenAnIdThatIsNotWellFormedUnicode_aPaymentOrderShouldBeRefusedNamingIt_andNothingStored(String surrogates) {
        int before = rows("payment_orders");
        String ocid = "sur-" + UUID.randomUUID() + "-x" + surrogates + "y";

        RawHttp.Response response = post("/v1/payment-order/new-order", mobileOrder(ocid, UUID.randomUUID().toString()));

        assertThat(fieldsNamed(response)).containsExactly("originatorConversationId");
        assertThat(response.body()).contains("not well-formed Unicode").doesNotContain("x?y");
        assertThat(rows("payment_orders")).isEqualTo(before);
    }

    @Test
    void givenASurrogatePairOrALoneSurrogateInAPropertyNameOrQuery_onlyThePairShouldPass() {
        String ocid = "pair-" + UUID.randomUUID() + "-\\ud83d\\ude00";
        assertThat(post("/v1/payment-order/new-order", mobileOrder(ocid, UUID.randomUUID().toString())).status())
                .as("an emoji, a well-formed pair").isEqualTo(200);

        RawHttp.Response inAName = post("/v1/payment-link/create-payment-link", headers, """
                {"shortCode":"174379","description":"x","isAmountSpecified":false,"no\\udfffte":"a"}""");
        assertFieldErrors(inAName, "$"); // the JSON parser itself refuses such a name

        RawHttp.Response cesuInQuery = RawHttp.send(port, "GET",
                "/v1/express-deposit/check-status?OriginatorConversationId=a%ed%a0%80b", bearer, null);
        assertFieldErrors(cesuInQuery, "OriginatorConversationId");
    }

    private static String mobileOrder(String ocid, String stan) {
        return """
                {"originatorConversationId":"%s","paymentOrderLines":[{"remitter":{"name":"A"},
                 "recipient":{"mccmnc":"63902","primaryAccountNumber":"+254712345678"},
                 "transaction":{"routeId":"4a3e1249-51a2-4c57-8b74-166d7f689460","ChannelType":1,"amount":10,
                 "systemTraceAuditNumber":"%s"}}]}""".formatted(ocid, stan);
    }

    /** A 400 in the field-error list shape naming exactly these fields, with no NUL in the answer itself. */
    private static void assertFieldErrors(RawHttp.Response response, String... fields) {
        assertThat(fieldsNamed(response)).containsExactly(fields);
        assertThat(response.body()).doesNotContain("\\u0000\"");
    }
}
