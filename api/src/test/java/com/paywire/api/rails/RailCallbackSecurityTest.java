package com.paywire.api.rails;

import static com.paywire.api.support.ApiClientHelper.SANDBOX_ID;
import static com.paywire.api.support.ApiClientHelper.SANDBOX_SECRET;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.ApiClientHelper;
import com.paywire.api.support.ApiTest;
import com.paywire.api.support.ApiTestBase;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/**
 * A rail's callback endpoint and secret move only that rail's payments, and a body of the wrong shape is refused
 * before anything is signalled or kept. No worker runs here: an accepted line stays Pending unless a callback moves it.
 */
@ApiTest
class RailCallbackSecurityTest extends ApiTestBase {

    private static final String MOBILE_ROUTE = "4a3e1249-51a2-4c57-8b74-166d7f689460";
    private static final String BANK_SECRET = "sandbox-bank-secret";
    private static final String MOBILE_MONEY_SECRET = "sandbox-mobile-money-secret";

    @Autowired
    JdbcClient jdbc;

    @Test
    void givenTheBankSecret_whenItReportsAMobileMoneyLineCompleted_itShouldBeRefused_andTheLineUnchanged() {
        String reference = acceptedMobileLine();
        long callbacksBefore = count();

        ResponseEntity<JsonNode> forged = callback("/rails/bank/transfer-result", BANK_SECRET, success(reference));

        assertThat(forged.getStatusCode().value()).isEqualTo(403);
        assertThat(forged.getBody().get("reason").asString()).contains("not a payment of this rail");
        assertThat(lineStatus(reference)).isZero();
        assertThat(count()).isEqualTo(callbacksBefore);
    }

    @Test
    void givenTheLinesOwnRail_itsCallbackShouldBeTakenAndKept() {
        String reference = acceptedMobileLine();
        long callbacksBefore = count();

        ResponseEntity<JsonNode> own = callback("/rails/mobile-money/b2c-result", MOBILE_MONEY_SECRET, success(reference));

        // no worker runs, so the line's workflow has not started yet and the callback is kept unmatched
        assertThat(own.getStatusCode().value()).isEqualTo(200);
        assertThat(own.getBody().get("received").asBoolean()).isTrue();
        assertThat(count()).isEqualTo(callbacksBefore + 1);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "{\"reference\":{\"a\":1}}",
            "[1,2]",
            "\"just a string\"",
            "{\"reference\":\"x\",\"walletBalance\":\"abc\"}",
            "{\"reference\":\"x\",\"walletBalance\":1e400}",
            "{\"reference\":\"x\",\"resultCode\":[0]}",
            "{\"reference\":\"x\",\"receiptNumber\":{\"n\":1}}",
            "{\"reference\":\"\"}",
            "{}"})
    void givenACallbackBodyOfTheWrongShape_itShouldAnswer400_andKeepNothing(String body) {
        long before = count();
        for (String[] endpoint : new String[][] {{"/rails/bank/transfer-result", BANK_SECRET},
                {"/rails/mobile-money/b2c-result", MOBILE_MONEY_SECRET},
                {"/rails/mobile-money/stk-result", MOBILE_MONEY_SECRET}}) {
            if (endpoint[0].endsWith("stk-result") && body.contains("walletBalance")) {
                continue; // not a field of the prompt result
            }
            ResponseEntity<JsonNode> response = callback(endpoint[0], endpoint[1], body);

            assertThat(response.getStatusCode().value()).as("%s %s", endpoint[0], body).isEqualTo(400);
            assertThat(response.getBody().get("reason").asString()).doesNotContain("Exception").doesNotContain("jackson");
        }
        assertThat(count()).isEqualTo(before);
    }

    /** @return the line's rail reference, which the rail's callbacks name it by */
    private String acceptedMobileLine() {
        String token = ApiClientHelper.token(http, SANDBOX_ID, SANDBOX_SECRET);
        String stan = UUID.randomUUID().toString();
        ResponseEntity<JsonNode> accepted = http.post().uri("/v1/payment-order/new-order")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).contentType(MediaType.APPLICATION_JSON)
                .body("""
                        {"originatorConversationId":"rail-%s","paymentOrderLines":[{
                          "recipient":{"name":"Jane Doe","mccmnc":"63902","primaryAccountNumber":"+254712345678","ccy":404,"country":"KE"},
                          "remitter":{"name":"Acme Ltd"},
                          "transaction":{"routeId":"%s","ChannelType":1,"amount":100,"reference":"r",
                           "systemTraceAuditNumber":"%s"}}]}""".formatted(stan, MOBILE_ROUTE, stan))
                .retrieve().toEntity(JsonNode.class);
        assertThat(accepted.getStatusCode().value()).isEqualTo(200);
        return jdbc.sql("select rail_reference from payout_lines where client_id = ? and system_trace_audit_number = ?")
                .params(SANDBOX_ID, stan).query(String.class).single();
    }

    /** A rail's report that the payment succeeded. */
    private static String success(String reference) {
        return """
                {"reference":"%s","resultCode":"0","resultDescription":"Success","receiptNumber":"R1",
                 "walletBalance":"1.00","completedAt":"2026-11-21T10:00:00Z"}""".formatted(reference);
    }

    private ResponseEntity<JsonNode> callback(String path, String secret, String body) {
        return http.post().uri(path).header(RailCallbackController.SECRET_HEADER, secret)
                .contentType(MediaType.APPLICATION_JSON).body(body).retrieve().toEntity(JsonNode.class);
    }

    private int lineStatus(String reference) {
        return jdbc.sql("select transaction_status from payout_lines where rail_reference = ?")
                .param(reference).query(Integer.class).single();
    }

    private long count() {
        return jdbc.sql("select count(*) from rail_callbacks").query(Long.class).single();
    }
}
