package com.paywire.infra.tenancy;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.paywire.infra.support.ClientRequests.CARDS;
import static com.paywire.infra.support.ClientRequests.accepted;
import static com.paywire.infra.support.ClientRequests.payout;
import static com.paywire.infra.support.ClientRequests.systemConversationId;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import com.paywire.infra.support.ClientRequests;
import com.paywire.infra.support.EveryProductSystemTest;
import com.paywire.infra.support.LoopbackReceiver;
import com.paywire.infra.support.TimeSkippingPlatform;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.workflows.WorkflowIds;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;
import tools.jackson.databind.JsonNode;

/**
 * Two clients of their own, A and B, created through the operator's API as a developer's would be: what one does
 * never shows to, reaches, moves or locks the other.
 */
class OwnClientsSystemTest extends EveryProductSystemTest {

    @Autowired
    Ledger ledger;

    Own a;
    Own b;

    /** A client created through the operator's API, with its token and the secret its callbacks are signed with. */
    record Own(String clientId, String secret, String token, String callbackSecret) {
    }

    @BeforeEach
    void twoClientsOfTheirOwn() {
        String operator = TimeSkippingPlatform.token(http, "paywire-operator", "operator-secret");
        a = create(operator, "Shop A");
        b = create(operator, "Shop B");
    }

    @Test
    void givenBsPayout_itShouldMoveNeitherAsBalance_norReachAsWebhook_andNeitherSeeTheOthersEvents() {
        String aHook = subscribe(a, "/own-clients/a/" + UUID.randomUUID());
        String bHook = subscribe(b, "/own-clients/b/" + UUID.randomUUID());
        String aEvent = paidPayout(a, "+254712100001", "100");
        TimeSkippingPlatform.awaitPostTo(aHook);
        BigDecimal aBalance = ledger.available(LedgerAccounts.working(a.clientId()));

        String bEvent = paidPayout(b, "+254712100002", "200");
        LoggedRequest bDelivery = TimeSkippingPlatform.awaitPostTo(bHook);

        assertThat(json.readTree(bDelivery.getBodyAsString()).get("Id").asString()).isEqualTo(bEvent);
        assertThat(ledger.available(LedgerAccounts.working(a.clientId()))).isEqualByComparingTo(aBalance);
        assertThat(ledger.available(LedgerAccounts.working(b.clientId()))).isLessThanOrEqualTo(new BigDecimal("4800.00"));
        assertThat(deliveredEventIds(aHook)).containsExactly(aEvent);
        assertThat(deliveredEventIds(bHook)).containsExactly(bEvent);
        assertThat(eventIds(b)).contains(bEvent).doesNotContain(aEvent);
        assertThat(eventIds(a)).contains(aEvent).doesNotContain(bEvent);
        assertThat(api.read(b.token(), CARDS + "/events/" + bEvent).get("Deliveries")).hasSize(1);
        assertThat(status(api.send(b.token(), CARDS + "/events/" + aEvent + "/redeliver", "{}"))).isEqualTo(404);
        assertThat(status(get(b, CARDS + "/events/" + aEvent))).isEqualTo(404);
        assertThat(deliveredEventIds(aHook)).containsExactly(aEvent);
    }

    @Test
    void givenAsPayout_BShouldGet404ByEachOfItsIds() {
        String ocid = UUID.randomUUID().toString();
        String stan = UUID.randomUUID().toString();
        String systemConversationId = systemConversationId(
                api.send(a.token(), "/v1/payment-order/new-order", payout(ocid, stan, "+254712100003", "50")));
        String railReference = api.sentPayoutReference("+254712100003");

        for (String query : List.of("IdType=OriginatorConversationId&Id=" + ocid,
                "IdType=SystemConversationId&Id=" + systemConversationId)) {
            assertThat(status(get(a, "/v1/payment-order/check-status?" + query))).isEqualTo(200);
            assertThat(status(get(b, "/v1/payment-order/check-status?" + query))).as(query).isEqualTo(404);
        }
        for (String id : List.of(ocid, stan, systemConversationId, railReference)) {
            assertThat(status(get(a, "/v1/payments/timeline?id=" + id))).as(id).isEqualTo(200);
            assertThat(status(get(b, "/v1/payments/timeline?id=" + id))).as(id).isEqualTo(404);
        }
    }

    @Test
    void givenAsSecretGuessedFromOneAddress_BShouldStillGetATokenFromThere_andAFromAnyOther() {
        RestClient guesser = from("127.0.0.21");
        for (int i = 0; i < 7; i++) {
            tokenStatus(guesser, a.clientId(), "wrong-" + i);
        }

        assertThat(tokenStatus(guesser, a.clientId(), a.secret())).as("A, from the guessing address").isEqualTo(429);
        assertThat(tokenStatus(guesser, b.clientId(), b.secret())).as("B, from the guessing address").isEqualTo(200);
        assertThat(tokenStatus(from("127.0.0.22"), a.clientId(), a.secret())).as("A, from elsewhere").isEqualTo(200);
    }

    @Test
    void givenAsKycRequest_itsCallbackShouldReachA_signedWithAsOwnCallbackSecret() {
        String stan = UUID.randomUUID().toString();
        String path = "/own-callback/" + stan;
        TimeSkippingPlatform.OUTSIDE.stubFor(post(urlPathEqualTo(path)).willReturn(aResponse().withStatus(200)));

        accepted(api.send(a.token(), "/v1/kyc-request/validate", """
                {"routeId":"%s","kycRequestFirstName":"John","kycRequestLastName":"Mwangi",
                 "kycRequestNationalID":"10000001","kycRequestReportReason":1,"systemTraceAuditNumber":"%s",
                 "country":"KE","ccy":404,"kycRequestCallBackURL":"%s%s"}"""
                .formatted(ClientRequests.KYC_ROUTE, stan, TimeSkippingPlatform.OUTSIDE.baseUrl(), path)));

        LoggedRequest callback = TimeSkippingPlatform.awaitPostTo(path);
        String[] signature = callback.getHeader("Paywire-Signature").split(",");
        assertThat(LoopbackReceiver.hmacHex(a.callbackSecret(), signature[0].substring(2) + "."
                + callback.getBodyAsString())).as("signed with A's callback secret").isEqualTo(signature[1].substring(3));
    }

    private Own create(String operator, String name) {
        ResponseEntity<JsonNode> created = http.post().uri("/v1/admin/clients")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + operator).contentType(MediaType.APPLICATION_JSON)
                .body(Map.of("name", name, "float", "5000.00")).retrieve().toEntity(JsonNode.class);
        assertThat(created.getStatusCode().value()).as("%s", created.getBody()).isEqualTo(201);
        String clientId = created.getBody().get("clientId").asString();
        String secret = created.getBody().get("clientSecret").asString();
        return new Own(clientId, secret, TimeSkippingPlatform.token(http, clientId, secret),
                created.getBody().get("callbackSecret").asString());
    }

    /** Subscribes the client to payout events at this path of the outside world, which answers 200. */
    private String subscribe(Own client, String path) {
        TimeSkippingPlatform.OUTSIDE.stubFor(post(urlPathEqualTo(path)).willReturn(aResponse().withStatus(200)));
        ResponseEntity<JsonNode> webhook = http.post().uri(CARDS + "/webhooks")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + client.token()).contentType(MediaType.APPLICATION_JSON)
                .body(Map.of("Url", TimeSkippingPlatform.OUTSIDE.baseUrl() + path, "Events", List.of("payout.completed"),
                        "Description", client.clientId(), "SigningSecret", "whsec_" + client.clientId()))
                .retrieve().toEntity(JsonNode.class);
        assertThat(webhook.getStatusCode().value()).as("%s", webhook.getBody()).isEqualTo(201);
        return path;
    }

    /** A payout the rail paid; @return the id of its payout.completed event */
    private String paidPayout(Own client, String wallet, String amount) {
        String stan = UUID.randomUUID().toString();
        accepted(api.send(client.token(), "/v1/payment-order/new-order",
                payout(UUID.randomUUID().toString(), stan, wallet, amount)));
        api.payoutResult(api.sentPayoutReference(wallet), "0", "Processed");
        assertThat(resultOf(WorkflowIds.payoutLine(client.clientId(), stan), String.class)).isEqualTo("COMPLETED");
        return jdbc.sql("select id::text from events where client_id = ? and type = 'payout.completed'"
                + " order by created_at desc limit 1").param(client.clientId()).query(String.class).single();
    }

    private List<String> deliveredEventIds(String path) {
        List<String> ids = new ArrayList<>();
        TimeSkippingPlatform.OUTSIDE.findAll(postRequestedFor(urlPathEqualTo(path)))
                .forEach(r -> ids.add(json.readTree(r.getBodyAsString()).get("Id").asString()));
        return ids;
    }

    private List<String> eventIds(Own client) {
        List<String> ids = new ArrayList<>();
        api.read(client.token(), CARDS + "/events?Limit=100").get("Events").forEach(e -> ids.add(e.get("Id").asString()));
        return ids;
    }

    private ResponseEntity<JsonNode> get(Own client, String path) {
        return http.get().uri(path).header(HttpHeaders.AUTHORIZATION, "Bearer " + client.token()).retrieve()
                .toEntity(JsonNode.class);
    }

    private static int status(ResponseEntity<JsonNode> response) {
        return response.getStatusCode().value();
    }

    private int tokenStatus(RestClient from, String clientId, String secret) {
        return from.post().uri("/connect/token").contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .body("grant_type=client_credentials&client_id=" + clientId + "&client_secret=" + secret)
                .retrieve().toBodilessEntity().getStatusCode().value();
    }

    /** A client of the API whose connections come from this loopback address. */
    private RestClient from(String sourceAddress) {
        try {
            HttpClient client = HttpClient.newBuilder().localAddress(InetAddress.getByName(sourceAddress)).build();
            return RestClient.builder().baseUrl("http://127.0.0.1:" + port)
                    .requestFactory(new JdkClientHttpRequestFactory(client))
                    .defaultStatusHandler(status -> true, (request, response) -> { })
                    .build();
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }
}
