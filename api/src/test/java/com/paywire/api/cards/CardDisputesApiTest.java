package com.paywire.api.cards;

import static com.paywire.api.support.JsonAnswers.assertNotFound;
import static com.paywire.api.support.JsonAnswers.assertScopeRefused;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.ApiClientHelper;
import com.paywire.api.support.ApiTest;
import com.paywire.api.support.ApiTestBase;
import com.paywire.domain.clients.ClientSecretHasher;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.vocabulary.clients.ApiClient;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/**
 * The card processor's dispute callback and the card API's disputes, without a worker: the callback records the
 * dispute once and starts its workflow (which waits for a worker here), the API lists and reads the client's own,
 * and refuses what a dispute's state or its rules refuse before the workflow is asked.
 */
@ApiTest
class CardDisputesApiTest extends ApiTestBase {

    private static final String CALLBACK = "/rails/card-processor/disputes";
    private static final String SECRET = "sandbox-card-processor-secret";
    private static final String DISPUTES = "/apps/graph/api/v1/cards/disputes";

    @Autowired
    JdbcClient jdbc;
    @Autowired
    ApiClientStore clients;

    String capture;
    String processorCapture;

    @BeforeEach
    void aCapturedPayment() {
        String auth = "auth_" + UUID.randomUUID();
        capture = "cap_" + UUID.randomUUID();
        processorCapture = "pcap_" + UUID.randomUUID();
        insert(auth, "AUTHORISATION", "CAPTURED", auth, null, null);
        insert(capture, "CAPTURE", "CAPTURED", auth, null, processorCapture);
    }

    @Test
    void givenADisputeNotifiedTwice_itShouldBeRecordedOnce_andListedNewestFirst_withItsFields() {
        String id = "dp_" + UUID.randomUUID();

        ResponseEntity<JsonNode> first = callback(SECRET, notice(id, processorCapture, "12.34", "NEEDS_RESPONSE"));
        ResponseEntity<JsonNode> again = callback(SECRET, notice(id, processorCapture, "12.34", "NEEDS_RESPONSE"));

        assertThat(first.getStatusCode().value()).as("%s", first.getBody()).isEqualTo(200);
        assertThat(first.getBody().get("recorded").asBoolean()).isTrue();
        assertThat(again.getStatusCode().value()).isEqualTo(200);
        assertThat(again.getBody().get("recorded").asBoolean()).isFalse();
        assertThat(again.getBody().get("disputeId").asString()).isEqualTo(first.getBody().get("disputeId").asString());
        assertThat(jdbc.sql("select count(*) from card_disputes where processor_dispute_id = ?").param(id)
                .query(Long.class).single()).isEqualTo(1);

        clock.advance(Duration.ofSeconds(1));
        String newer = opened(notice("dp_" + UUID.randomUUID(), processorCapture, "1.00", "NEEDS_RESPONSE"));
        List<String> ids = new ArrayList<>();
        getJson(DISPUTES + "?pageSize=100", token).getBody().get("Disputes").forEach(d -> ids.add(d.get("Id").asString()));
        assertThat(ids.indexOf(newer)).as("newest first").isBetween(0, ids.indexOf(first.getBody().get("disputeId")
                .asString()) - 1);
        JsonNode listed = getJson(DISPUTES + "/" + first.getBody().get("disputeId").asString(), token).getBody();
        assertThat(listed.get("ProcessorDisputeId").asString()).isEqualTo(id);
        assertThat(listed.get("Status").asString()).isEqualTo("NEEDS_RESPONSE");
        assertThat(listed.get("Amount").asString()).isEqualTo("12.34");
        assertThat(listed.get("Currency").asString()).isEqualTo("USD");
        assertThat(listed.get("Fee").asString()).isEqualTo("15.00");
        assertThat(listed.get("Reason").asString()).isEqualTo("fraudulent");
        assertThat(listed.get("CaptureId").asString()).isEqualTo(capture);
        assertThat(listed.get("EvidenceDueBy").isNull()).isFalse();
    }

    @Test
    void givenAPartlyRefundedCapture_theDisputeShouldBeRecordedAgainstWhatIsLeft() {
        insert("ref_" + UUID.randomUUID(), "REFUND", "REFUNDED", "x", capture, null, "90.00");

        String disputeId = opened(notice("dp_" + UUID.randomUUID(), processorCapture, "80.00", "NEEDS_RESPONSE"));

        assertThat(getJson(DISPUTES + "/" + disputeId, token).getBody().get("Amount").asString()).isEqualTo("10.00");
    }

    @Test
    void givenAnUnknownCaptureOrDispute_itShouldAnswer404_andWriteNothing() {
        long before = disputes();

        assertNotFound(callback(SECRET, notice("dp_" + UUID.randomUUID(), "pcap_unknown", "1.00", "NEEDS_RESPONSE")));
        assertNotFound(callback(SECRET, notice("dp_" + UUID.randomUUID(), processorCapture, "1.00", "WON")));

        assertThat(disputes()).isEqualTo(before);
    }

    @Test
    void givenAWrongOrMissingSecret_itShouldAnswer401_andWriteNothing() {
        long before = disputes();
        String body = notice("dp_" + UUID.randomUUID(), processorCapture, "1.00", "NEEDS_RESPONSE");

        assertThat(callback("sandbox-bank-secret", body).getStatusCode().value()).isEqualTo(401);
        assertThat(callback(null, body).getStatusCode().value()).isEqualTo(401);
        assertThat(disputes()).isEqualTo(before);
    }

    @ParameterizedTest
    @ValueSource(strings = {"{}", "[1]", "not json",
            "{\"id\":\"dp_1\",\"captureId\":\"c\",\"amount\":\"abc\",\"currency\":\"USD\",\"reason\":\"r\","
                    + "\"evidenceDueBy\":\"2030-01-01T00:00:00Z\",\"status\":\"NEEDS_RESPONSE\"}",
            "{\"id\":\"dp_1\",\"captureId\":\"c\",\"amount\":\"1.00\",\"currency\":\"USD\",\"reason\":\"r\","
                    + "\"evidenceDueBy\":\"tomorrow\",\"status\":\"NEEDS_RESPONSE\"}",
            "{\"id\":\"dp_1\",\"captureId\":\"c\",\"amount\":\"1.00\",\"currency\":\"USD\",\"reason\":\"r\","
                    + "\"evidenceDueBy\":\"2030-01-01T00:00:00Z\",\"status\":\"UNDER_REVIEW\"}"})
    void givenABadBody_itShouldAnswer400_andWriteNothing(String body) {
        long before = disputes();

        ResponseEntity<JsonNode> refused = callback(SECRET, body);

        assertThat(refused.getStatusCode().value()).isEqualTo(400);
        assertThat(disputes()).isEqualTo(before);
    }

    @Test
    void givenEvidenceWithACardNumber_itShouldBeRefusedNamingTheField_withoutEchoingIt() {
        String disputeId = opened(notice("dp_" + UUID.randomUUID(), processorCapture, "5.00", "NEEDS_RESPONSE"));

        ResponseEntity<JsonNode> refused = postJson(DISPUTES + "/" + disputeId + "/evidence",
                Map.of("explanation", "the card 4111 1111 1111 1111 was the buyer's"), token);

        assertThat(refused.getStatusCode().value()).isEqualTo(400);
        assertThat(refused.getBody().toString()).contains("explanation").doesNotContain("4111");
        assertThat(getJson(DISPUTES + "/" + disputeId, token).getBody().get("Evidence").isNull()).isTrue();
    }

    @Test
    void givenEvidenceAfterTheDueDate_orForADecidedDispute_itShouldAnswer409() {
        String late = opened(notice("dp_" + UUID.randomUUID(), processorCapture, "5.00", "NEEDS_RESPONSE"));
        clock.advance(Duration.ofMinutes(10));

        ResponseEntity<JsonNode> tooLate = postJson(DISPUTES + "/" + late + "/evidence",
                Map.of("explanation", "delivered"), token);
        assertThat(tooLate.getStatusCode().value()).isEqualTo(409);
        assertThat(tooLate.getBody().get("reason").asString()).contains("due date");
        assertThat(postJson(DISPUTES + "/" + late + "/accept", Map.of(), token).getStatusCode().value())
                .isEqualTo(409);

        String decided = opened(notice("dp_" + UUID.randomUUID(), processorCapture, "5.00", "NEEDS_RESPONSE"));
        jdbc.sql("update card_disputes set status = 'LOST' where id = ?").param(decided).update();
        assertThat(postJson(DISPUTES + "/" + decided + "/evidence", Map.of("explanation", "x"), token)
                .getStatusCode().value()).isEqualTo(409);
    }

    @Test
    void givenADisputedCapture_itsRefundShouldBeRefused() {
        opened(notice("dp_" + UUID.randomUUID(), processorCapture, "5.00", "NEEDS_RESPONSE"));

        ResponseEntity<JsonNode> refused = postJson("/apps/graph/api/v1/cards/payment/refund",
                Map.of("CaptureId", capture, "Amount", "1.00", "RequestId", "r-" + UUID.randomUUID()), token);

        assertThat(refused.getStatusCode().value()).as("%s", refused.getBody()).isEqualTo(409);
        assertThat(refused.getBody().get("ErrorMessage").asString()).contains("disputed");
    }

    @Test
    void givenAnotherClientsDispute_itShouldBe404_andAbsentFromItsList_andATokenWithoutCardsRefused() {
        String disputeId = opened(notice("dp_" + UUID.randomUUID(), processorCapture, "5.00", "NEEDS_RESPONSE"));
        String snoop = "dispute-snoop-" + UUID.randomUUID();
        clients.registerWithAllRoutes(new ApiClient(snoop, "Snoop", ClientSecretHasher.hash("snoop-secret"),
                Set.of("cards", "payouts")));
        String other = ApiClientHelper.token(http, snoop, "snoop-secret");

        assertNotFound(getJson(DISPUTES + "/" + disputeId, other));
        assertNotFound(postJson(DISPUTES + "/" + disputeId + "/evidence", Map.of("explanation", "x"), other));
        assertNotFound(postJson(DISPUTES + "/" + disputeId + "/accept", Map.of(), other));
        assertThat(getJson(DISPUTES, other).getBody().get("Disputes")).isEmpty();

        String payoutsOnly = ApiClientHelper.token(http, snoop, "snoop-secret", "payouts");
        assertScopeRefused(getJson(DISPUTES, payoutsOnly), "cards");
        assertScopeRefused(getJson(DISPUTES + "/" + disputeId, payoutsOnly), "cards");
    }

    private String opened(String notice) {
        ResponseEntity<JsonNode> answer = callback(SECRET, notice);
        assertThat(answer.getStatusCode().value()).as("%s", answer.getBody()).isEqualTo(200);
        return answer.getBody().get("disputeId").asString();
    }

    private String notice(String id, String captureId, String amount, String status) {
        return """
                {"id":"%s","captureId":"%s","amount":"%s","currency":"USD","reason":"fraudulent",
                 "evidenceDueBy":"%s","status":"%s"}""".formatted(id, captureId, amount,
                Instant.ofEpochMilli(clock.millis()).plus(Duration.ofMinutes(5)), status);
    }

    private ResponseEntity<JsonNode> callback(String secret, String body) {
        return http.post().uri(CALLBACK).headers(h -> {
            if (secret != null) {
                h.set("X-Rail-Secret", secret);
            }
        }).contentType(MediaType.APPLICATION_JSON).body(body).retrieve().toEntity(JsonNode.class);
    }

    private long disputes() {
        return jdbc.sql("select count(*) from card_disputes").query(Long.class).single();
    }

    private void insert(String id, String type, String status, String auth, String parent, String processorId) {
        insert(id, type, status, auth, parent, processorId, "100.00");
    }

    private void insert(String id, String type, String status, String auth, String parent, String processorId,
                        String amount) {
        jdbc.sql("""
                insert into card_transactions (id, client_id, type, status, authorisation_id, parent_id, order_id,
                    request_id, amount, currency, processor_transaction_id, created_at)
                values (?, 'paywire-sandbox', ?, ?, ?, ?, 'order-1', ?, ?::numeric, 'USD', ?, now())
                """).params(id, type, status, auth, parent, "req-" + id, amount, processorId).update();
    }
}
