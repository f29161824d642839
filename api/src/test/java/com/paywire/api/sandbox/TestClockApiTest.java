package com.paywire.api.sandbox;

import static com.paywire.api.support.ApiClientHelper.SANDBOX_ID;
import static com.paywire.api.support.ApiClientHelper.SANDBOX_SECRET;
import static com.paywire.api.support.JsonAnswers.assertTokenRequired;
import static com.paywire.api.support.JsonAnswers.fields;
import static com.paywire.api.support.JsonAnswers.names;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.ApiClientHelper;
import com.paywire.api.support.ApiTest;
import com.paywire.api.support.ApiTestBase;
import com.paywire.api.support.StandInTestClock;
import com.paywire.domain.platform.TestClock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * The test clock's operations over a stand-in time: what they answer and refuse, and what a caller hears of an
 * advance that work in flight holds (the stand-in holds it back; the activities are marked as the worker marks them).
 * The local stack's own clock, the dev service's, is driven end to end by infra's TestClockSystemTest.
 */
@ApiTest
@TestPropertySource(properties = TestClock.ENABLED + "=true")
@Import(StandInTestClock.Configuration.class)
class TestClockApiTest extends ApiTestBase {

    @Autowired
    StandInTestClock testClock;

    @Autowired
    TestClock clock;

    @Autowired
    JdbcClient jdbc;

    @Test
    void givenAnAdvance_theClockShouldAnswerTheNewTime_andSayHowFarAheadItIs() {
        Duration ahead = testClock.advancedBy().plusMinutes(2);
        Instant before = Instant.now();
        ResponseEntity<JsonNode> advanced = postJson("/v1/sandbox/clock/advance", Map.of("by", "PT2M"), token);

        assertThat(advanced.getStatusCode().value()).as("%s", advanced.getBody()).isEqualTo(200);
        assertThat(names(advanced.getBody())).containsExactly("now", "advancedBy");
        assertThat(OffsetDateTime.parse(advanced.getBody().get("now").asString()).toInstant())
                .isBetween(before.plus(ahead), Instant.now().plus(ahead));
        assertThat(advanced.getBody().get("advancedBy").asString()).isEqualTo(ahead.toString());
        assertThat(testClock.advances).last().isEqualTo(Duration.ofMinutes(2));
        ResponseEntity<JsonNode> read = getJson("/v1/sandbox/clock", token);
        assertThat(read.getStatusCode().value()).isEqualTo(200);
        assertThat(names(read.getBody())).containsExactly("now", "advancedBy");
        assertThat(read.getBody().get("advancedBy").asString()).isEqualTo(ahead.toString());
    }

    @Test
    void givenTheClockAhead_aProcessorsEvidenceDueDate_shouldBeMovedAsFarOnTheSandboxsTime() {
        assertThat(postJson("/v1/sandbox/clock/advance", Map.of("by", "P1D"), token).getStatusCode().value())
                .isEqualTo(200);
        String auth = "auth_" + UUID.randomUUID();
        String processorCapture = "pcap_" + UUID.randomUUID();
        for (String[] row : new String[][] {{auth, "AUTHORISATION", null}, {"cap_" + UUID.randomUUID(), "CAPTURE",
                processorCapture}}) {
            jdbc.sql("""
                    insert into card_transactions (id, client_id, type, status, authorisation_id, order_id, request_id,
                        amount, currency, processor_transaction_id, created_at)
                    values (?, 'paywire-sandbox', ?, 'CAPTURED', ?, 'order-1', ?, 20.00, 'USD', ?, now())
                    """).params(row[0], row[1], auth, "req-" + row[0], row[2]).update();
        }
        Instant due = Instant.now().plus(Duration.ofMinutes(5)).truncatedTo(ChronoUnit.SECONDS); // the processor's
        ResponseEntity<JsonNode> notified = http.post().uri("/rails/card-processor/disputes")
                .header("X-Rail-Secret", "sandbox-card-processor-secret").contentType(MediaType.APPLICATION_JSON)
                .body("""
                        {"id":"dp_%s","captureId":"%s","amount":"20.00","currency":"USD","reason":"fraudulent",
                         "evidenceDueBy":"%s","status":"NEEDS_RESPONSE"}""".formatted(UUID.randomUUID(),
                        processorCapture, due)).retrieve().toEntity(JsonNode.class);
        assertThat(notified.getStatusCode().value()).as("%s", notified.getBody()).isEqualTo(200);

        JsonNode dispute = getJson("/apps/graph/api/v1/cards/disputes/" + notified.getBody().get("disputeId")
                .asString(), token).getBody();

        Instant recorded = OffsetDateTime.parse(dispute.get("EvidenceDueBy").asString()).toInstant();
        assertThat(Duration.between(due.plus(testClock.advancedBy()), recorded).abs())
                .as("5 minutes of the sandbox's time, not a due date already past").isLessThan(Duration.ofSeconds(2));
    }

    @Test
    void givenABadDuration_itShouldBeRefusedWith400OnTheFieldBy_andTheClockNotMoved() {
        int before = testClock.advances.size();
        for (String bad : new String[] {"2 minutes", "P1M", "-PT1M", "PT0S", "P30DT1S", " "}) {
            ResponseEntity<JsonNode> refused = postJson("/v1/sandbox/clock/advance", Map.of("by", bad), token);
            assertThat(fields(refused)).as(bad).containsExactly("by");
        }
        assertThat(fields(postJson("/v1/sandbox/clock/advance", Map.of(), token))).containsExactly("by");
        assertThat(postJson("/v1/sandbox/clock/advance", Map.of("by", "P30D"), token).getStatusCode().value())
                .as("the longest advance").isEqualTo(200);
        assertThat(testClock.advances).hasSize(before + 1);
    }

    @Test
    void givenAnyClientsToken_ofAnyScope_itMayReadAndMoveTheClock_butNotWithoutOne() {
        String kycOnly = ApiClientHelper.token(http, SANDBOX_ID, SANDBOX_SECRET, "kyc");

        assertThat(getJson("/v1/sandbox/clock", kycOnly).getStatusCode().value()).isEqualTo(200);
        assertThat(postJson("/v1/sandbox/clock/advance", Map.of("by", "PT1S"), kycOnly).getStatusCode().value())
                .isEqualTo(200);
        assertTokenRequired(getJson("/v1/sandbox/clock", null));
        assertTokenRequired(postJson("/v1/sandbox/clock/advance", Map.of("by", "PT1S"), null));
    }

    @Test
    void givenWorkInFlight_anAdvanceShouldAnswer202WithinSeconds_namingTheCallersOwn_countingOthers() {
        Duration ahead = testClock.advancedBy();
        testClock.hold();
        List<TestClock.Holding> inFlight = List.of(clock.holding("airtime:" + SANDBOX_ID + ":ocid-held", "TopUp"),
                clock.holding("payout-line:other-shop:stan-9", "SendPayout"),
                clock.holding("c2b:RKT123", "RecordDeposit"));
        try {
            long begun = System.nanoTime();
            ResponseEntity<JsonNode> accepted = postJson("/v1/sandbox/clock/advance", Map.of("by", "PT3M"), token);

            assertThat(Duration.ofNanos(System.nanoTime() - begun)).as("answered within the wait")
                    .isBetween(Duration.ofSeconds(TestClock.ANSWER_WITHIN_SECONDS),
                            Duration.ofSeconds(TestClock.ANSWER_WITHIN_SECONDS + 3));
            assertThat(accepted.getStatusCode().value()).as("%s", accepted.getBody()).isEqualTo(202);
            assertThat(accepted.getHeaders().getLocation()).hasToString("/v1/sandbox/clock");
            JsonNode advance = accepted.getBody().get("advance");
            assertThat(names(advance)).containsExactly("by", "to", "remaining", "heldBy", "othersHolding", "message");
            assertThat(advance.get("by").asString()).isEqualTo("PT3M");
            assertThat(OffsetDateTime.parse(advance.get("to").asString()).toInstant())
                    .isAfter(OffsetDateTime.parse(accepted.getBody().get("now").asString()).toInstant());
            assertThat(Duration.parse(advance.get("remaining").asString())).isBetween(Duration.ofMinutes(2),
                    Duration.ofMinutes(3));
            JsonNode own = advance.get("heldBy");
            assertThat(own).as("the merchant's own, by its id; whose and which activity are the operator's")
                    .singleElement().satisfies(held -> {
                        assertThat(names(held)).containsExactly("kind", "id", "inFlightFor");
                        assertThat(held.get("kind").asString()).isEqualTo("airtime");
                        assertThat(held.get("id").asString()).isEqualTo("ocid-held");
                    });
            assertThat(advance.get("othersHolding").asInt()).isEqualTo(2);
            assertThat(advance.get("message").asString())
                    .contains("work of 3 payments or deliveries are in flight, 1 of them yours")
                    .contains("The advance finishes once that work is done")
                    .doesNotContain("other-shop").doesNotContain("stan-9").doesNotContain("RKT123");

            JsonNode read = getJson("/v1/sandbox/clock", token).getBody();
            assertThat(read.get("advance").get("to")).as("the status URL shows the same advance")
                    .isEqualTo(advance.get("to"));
            JsonNode operators = getJson("/v1/sandbox/clock", ApiClientHelper.operatorToken(http)).getBody()
                    .get("advance");
            assertThat(operators.get("othersHolding").asInt()).isZero();
            assertThat(operators.get("heldBy")).extracting(held -> held.get("workflowId").asString())
                    .containsExactly("airtime:" + SANDBOX_ID + ":ocid-held", "payout-line:other-shop:stan-9",
                            "c2b:RKT123");
            assertThat(operators.get("heldBy").get(1).get("clientId").asString()).isEqualTo("other-shop");
            assertThat(operators.get("heldBy").get(2).has("clientId")).as("a paybill deposit names no client")
                    .isFalse();
            assertThat(operators.get("heldBy").get(1).get("activities")).extracting(JsonNode::asString)
                    .containsExactly("SendPayout");

            ResponseEntity<JsonNode> another = postJson("/v1/sandbox/clock/advance", Map.of("by", "PT1M"), token);
            assertThat(another.getStatusCode().value()).as("joins the clock on its way").isEqualTo(202);
            assertThat(another.getBody().get("advance").get("by").asString()).isEqualTo("PT1M");
            assertThat(getJson("/v1/sandbox/clock", token).getBody().get("advance").get("to"))
                    .as("the clock still goes to the furthest point asked").isEqualTo(advance.get("to"));
        } finally {
            inFlight.forEach(TestClock.Holding::close);
            testClock.release();
            StandInTestClock.awaitNoAdvance(clock);
        }
        JsonNode there = getJson("/v1/sandbox/clock", token).getBody();
        assertThat(there.has("advance")).as("got there").isFalse();
        assertThat(Duration.parse(there.get("advancedBy").asString())).isEqualTo(ahead.plusMinutes(3));
        assertThat(testClock.advances).as("the shorter one, passed on the way, took no step of its own").last()
                .isEqualTo(Duration.ofMinutes(3));
    }

    @Test
    void theDocument_shouldDescribeTheAdvancesAnswers_200And202_inTheClocksShape() {
        JsonNode responses = http.get().uri("/v3/api-docs").retrieve().body(JsonNode.class).get("paths")
                .get("/v1/sandbox/clock/advance").get("post").get("responses");

        for (String status : new String[] {"200", "202"}) {
            assertThat(responses.get(status).get("content").values()).as(status).isNotEmpty()
                    .allSatisfy(media -> assertThat(media.get("schema").get("$ref").asString()).as(status)
                            .endsWith("ClockView"));
        }
        assertThat(responses.get("default")).as("refusals, in the reason shape").isNotNull();
    }
}
