package com.paywire.infra.tenancy;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.infra.support.TimeSkippingPlatform;
import com.paywire.infra.support.TimeSkippingSystemTest;
import com.paywire.workflows.WorkflowIds;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;

/**
 * A client of one's own, created through the operator's API in the sandbox, takes an express deposit with the short
 * code it was issued, and none with another client's.
 */
class OwnClientDepositSystemTest extends TimeSkippingSystemTest {

    @BeforeAll
    static void rail() {
        TimeSkippingPlatform.OUTSIDE.stubFor(post(urlPathEqualTo("/mobile-money/stk-push")).willReturn(okJson("""
                {"merchantRequestId":"MR-own","checkoutRequestId":"ws_CO_own",
                 "responseCode":"0","responseDescription":"Success. Request accepted for processing"}""")));
        TimeSkippingPlatform.OUTSIDE.stubFor(get(urlPathMatching("/mobile-money/stk-push/.+"))
                .willReturn(okJson("{\"status\":\"PENDING\"}")));
        TimeSkippingPlatform.OUTSIDE.stubFor(post(urlPathMatching("/own-merchant/.+"))
                .willReturn(aResponse().withStatus(200).withBody("{}")));
    }

    @Test
    void givenAClientOfOnesOwn_itsShortCodeShouldTakeADepositToTheEnd_andAnotherClientsShouldBeRefused() {
        String operator = TimeSkippingPlatform.operatorToken(http);
        JsonNode mine = create(operator, "Deposit Shop");
        JsonNode theirs = create(operator, "Other Shop");
        String shortCode = mine.get("shortCode").asString();
        String prefix = mine.get("accountPrefix").asString();
        assertThat(shortCode).matches("\\d{6}").isNotEqualTo("174379").isNotEqualTo(theirs.get("shortCode").asString());
        assertThat(http.get().uri("/v1/admin/clients/" + mine.get("clientId").asString())
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + operator).retrieve().body(JsonNode.class)
                .get("shortCode").asString()).isEqualTo(shortCode);
        String clientId = mine.get("clientId").asString();
        String own = TimeSkippingPlatform.token(http, clientId, mine.get("clientSecret").asString());

        for (String notMine : new String[] {"174379", theirs.get("shortCode").asString()}) {
            ResponseEntity<JsonNode> refused = deposit(own, notMine, "PW1", "dep-" + UUID.randomUUID());
            assertThat(refused.getStatusCode().value()).as(notMine).isEqualTo(400);
            assertThat(refused.getBody().toString()).as(notMine).contains("is not issued to you");
        }
        String ocid = "dep-" + UUID.randomUUID();
        ResponseEntity<JsonNode> accepted = deposit(own, shortCode, prefix + "INV-1", ocid);
        assertThat(accepted.getStatusCode().value()).as("%s", accepted.getBody()).isEqualTo(200);
        String systemId = accepted.getBody().get("message").get("systemConversationId").asString();
        http.post().uri("/rails/mobile-money/stk-result").header("X-Rail-Secret", "sandbox-mobile-money-secret")
                .contentType(MediaType.APPLICATION_JSON).body("""
                        {"reference":"%s","merchantRequestId":"MR-own","checkoutRequestId":"ws_CO_own",
                         "resultCode":"0","resultDesc":"Processed","receiptNumber":"OWN1RCPT",
                         "transactionDate":"20261127101010"}""".formatted(systemId))
                .retrieve().toBodilessEntity();

        assertThat(resultOf(WorkflowIds.expressDeposit(clientId, ocid), String.class)).isEqualTo("0");
        JsonNode status = http.get().uri("/v1/express-deposit/check-status?OriginatorConversationId=" + ocid)
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + own).retrieve().body(JsonNode.class);
        assertThat(status.get("status").asString()).isEqualTo("COMPLETED");
        assertThat(status.get("mpesaReceiptNumber").asString()).isEqualTo("OWN1RCPT");
    }

    private JsonNode create(String operator, String name) {
        ResponseEntity<JsonNode> created = http.post().uri("/v1/admin/clients")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + operator).contentType(MediaType.APPLICATION_JSON)
                .body(Map.of("name", name)).retrieve().toEntity(JsonNode.class);
        assertThat(created.getStatusCode().value()).as("%s", created.getBody()).isEqualTo(201);
        return created.getBody();
    }

    private ResponseEntity<JsonNode> deposit(String bearer, String shortCode, String accountNo, String ocid) {
        return http.post().uri("/v1/express-deposit").header(HttpHeaders.AUTHORIZATION, "Bearer " + bearer)
                .contentType(MediaType.APPLICATION_JSON).body("""
                        {"ShortCode":"%s","Amount":"10.00","PhoneNumber":"254708374149","AccountNo":"%s",
                         "TransactionDesc":"Invoice 1","OriginatorConversationId":"%s",
                         "CallBackUrl":"%s/own-merchant/%s","Type":0,"Currency":"KES"}"""
                        .formatted(shortCode, accountNo, ocid, TimeSkippingPlatform.OUTSIDE.baseUrl(), ocid))
                .retrieve().toEntity(JsonNode.class);
    }
}
