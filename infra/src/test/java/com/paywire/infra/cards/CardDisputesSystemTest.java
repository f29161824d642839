package com.paywire.infra.cards;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.domain.disputes.CardDisputes;
import com.paywire.domain.observability.PaywireMeters;
import com.paywire.persistence.disputes.CardDisputeStore;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.vocabulary.cards.CardDispute;
import com.paywire.vocabulary.cards.DisputeStatus;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.workflows.WorkflowIds;
import io.micrometer.core.instrument.MeterRegistry;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;

/**
 * A card dispute end to end with time skipping: the processor's notification (sent here as the processor sends it,
 * twice) starts one DisputeWorkflow, which debits the amount and the fee from the USD utility account once; winning
 * evidence then the processor's WON (twice) credits the amount back once; unanswered, its due date's timer loses
 * it. The card processor is the rails simulator's own mappings.
 */
class CardDisputesSystemTest extends CardSystemTestBase {

    private static final String USD_UTILITY = LedgerAccounts.utility("paywire-sandbox", "USD");

    @Autowired
    Ledger ledger;

    @Autowired
    CardDisputeStore disputeStore;

    @Autowired
    MeterRegistry meters;

    private final List<String> disputeWorkflows = new ArrayList<>();

    @AfterEach
    void recordDisputeHistoriesIfAsked(TestInfo test) throws IOException {
        String target = System.getProperty("paywire.recordHistories");
        if (target != null) {
            for (String workflowId : disputeWorkflows) {
                Files.writeString(Path.of(target).resolve("card-dispute-system-"
                        + test.getTestMethod().orElseThrow().getName() + ".json"), historyToKeep(workflowId));
            }
        }
    }

    @Test
    void givenWinningEvidence_theDisputeShouldDebitOnce_andTheWinCreditTheAmountBackOnce() {
        String capture = captured("100.00");
        BigDecimal before = ledger.available(USD_UTILITY);
        String processorId = "dp_" + UUID.randomUUID();
        double opened = disputes("opened");
        double won = disputes("won");

        String disputeId = notify(processorId, capture, "40.00", "NEEDS_RESPONSE");
        assertThat(notify(processorId, capture, "40.00", "NEEDS_RESPONSE")).isEqualTo(disputeId);
        assertThat(disputes("opened") - opened).as("counted once").isEqualTo(1.0);

        ResponseEntity<JsonNode> sent = post("/disputes/" + disputeId + "/evidence",
                Map.of("explanation", "winning_evidence: delivered and signed for"));
        assertThat(sent.getStatusCode().value()).as("%s", sent.getBody()).isEqualTo(200);
        assertThat(sent.getBody().get("Status").asString()).isEqualTo("UNDER_REVIEW");
        assertThat(ledger.available(USD_UTILITY)).as("the amount and the fee, once")
                .isEqualByComparingTo(before.subtract(new BigDecimal("55.00")));

        notify(processorId, capture, "40.00", "WON");
        notify(processorId, capture, "40.00", "WON");

        assertThat(resultOf(WorkflowIds.cardDispute(processorId), String.class)).isEqualTo("WON");
        assertThat(ledger.available(USD_UTILITY)).as("the amount back, not the fee")
                .isEqualByComparingTo(before.subtract(new BigDecimal("15.00")));
        assertThat(getJson("/disputes/" + disputeId).getBody().get("Status").asString()).isEqualTo("WON");
        assertThat(eventTypes(disputeId)).containsExactly("dispute.created", "dispute.won");
        assertThat(disputes("won") - won).as("decided once").isEqualTo(1.0);
    }

    @Test
    void givenNoAnswer_theDueDateShouldLoseIt_andTheMoneyStayDebited() {
        String capture = captured("20.00");
        BigDecimal before = ledger.available(USD_UTILITY);
        String processorId = "dp_" + UUID.randomUUID();

        String disputeId = notify(processorId, capture, "20.00", "NEEDS_RESPONSE");

        assertThat(resultOf(WorkflowIds.cardDispute(processorId), String.class)).isEqualTo("LOST");
        // each leg from the utility account when it can pay it, else owed on the USD receivable
        BigDecimal owed = ledger.find(LedgerAccounts.receivable("paywire-sandbox", "USD")).map(Ledger.Account::balance)
                .orElse(BigDecimal.ZERO);
        assertThat(ledger.available(USD_UTILITY).subtract(before).add(owed)).isEqualByComparingTo("-35.00");
        assertThat(getJson("/disputes/" + disputeId).getBody().get("Status").asString()).isEqualTo("LOST");
        assertThat(eventTypes(disputeId)).containsExactly("dispute.created", "dispute.lost");
        assertThat(post("/payment/refund", Map.of("CaptureId", capture, "Amount", "1.00", "RequestId", rid()))
                .getStatusCode().value()).as("a lost dispute's capture is not refunded").isEqualTo(409);
    }

    @Test
    void givenADecisionForARecordedDisputeWhoseWorkflowNeverStarted_itShouldStartIt_andDecide() {
        String capture = captured("30.00");
        BigDecimal before = ledger.available(USD_UTILITY);
        String processorId = "dp_" + UUID.randomUUID();
        // recorded as the notification records it, its workflow's start lost (Temporal away at that moment)
        String disputeId = CardDisputes.idOf(processorId);
        Map<String, Object> row = jdbc.sql("select client_id, authorisation_id from card_transactions where id = ?")
                .param(capture).query().singleRow();
        OffsetDateTime now = OffsetDateTime.ofInstant(Instant.ofEpochMilli(env.currentTimeMillis()), ZoneOffset.UTC);
        disputeStore.insertIfAbsent(new CardDispute(disputeId, processorId, (String) row.get("client_id"), capture,
                (String) row.get("authorisation_id"), new BigDecimal("30.00"), "USD", new BigDecimal("15.00"),
                "fraudulent", DisputeStatus.NEEDS_RESPONSE, false, now.plusMinutes(5), null, null, null, now));

        assertThat(decide(processorId, "WON").get("matched").asBoolean()).as("started by the decision").isTrue();

        assertThat(resultOf(WorkflowIds.cardDispute(processorId), String.class)).isEqualTo("WON");
        assertThat(ledger.available(USD_UTILITY)).as("debited, then the amount back: the fee stays")
                .isEqualByComparingTo(before.subtract(new BigDecimal("15.00")));
        assertThat(eventTypes(disputeId)).containsExactly("dispute.created", "dispute.won");
        assertThat(decide(processorId, "LOST").get("matched").asBoolean()).as("decided: a late word").isFalse();
        assertThat(getJson("/disputes/" + disputeId).getBody().get("Status").asString()).isEqualTo("WON");
    }

    @Test
    void givenADisputeWhoseWorkflowAnOperatorTerminated_aLateDecisionShouldStartNoSecondRun_andMoveNothing()
            throws InterruptedException {
        String capture = captured("25.00");
        String processorId = "dp_" + UUID.randomUUID();
        String disputeId = notify(processorId, capture, "25.00", "NEEDS_RESPONSE");
        for (int i = 0; i < 200 && !eventTypes(disputeId).contains("dispute.created"); i++) {
            Thread.sleep(50);
        }
        assertThat(eventTypes(disputeId)).as("opened: debited and announced").containsExactly("dispute.created");
        BigDecimal debited = ledger.available(USD_UTILITY);
        env.getWorkflowClient().newUntypedWorkflowStub(WorkflowIds.cardDispute(processorId))
                .terminate("an operator ended it");

        assertThat(decide(processorId, "WON").get("matched").asBoolean()).as("its one workflow has ended").isFalse();

        List<EventType> lastRun = env.getWorkflowClient().fetchHistory(WorkflowIds.cardDispute(processorId))
                .getEvents().stream().map(HistoryEvent::getEventType).toList();
        assertThat(lastRun).as("no second run: the id's newest run is still the terminated one")
                .contains(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_TERMINATED);
        assertThat(ledger.available(USD_UTILITY)).as("nothing credited back").isEqualByComparingTo(debited);
        assertThat(getJson("/disputes/" + disputeId).getBody().get("Status").asString())
                .as("undecided, for an operator").isEqualTo("NEEDS_RESPONSE");
        assertThat(eventTypes(disputeId)).containsExactly("dispute.created");
    }

    /** A USD capture of a Visa payment; answers its CaptureId. */
    private String captured(String amount) {
        ResponseEntity<JsonNode> authorised = authorise(tokenise(VISA), amount, "USD", rid());
        assertThat(authorised.getStatusCode().value()).as("%s", authorised.getBody()).isEqualTo(201);
        ResponseEntity<JsonNode> captured = post("/payment/capture", Map.of("AuthorisationId",
                authorised.getBody().get("AuthorisationId").asString(), "Amount", amount, "RequestId", rid()));
        assertThat(captured.getStatusCode().value()).as("%s", captured.getBody()).isEqualTo(201);
        return captured.getBody().get("CaptureId").asString();
    }

    /** The processor's notification, as its callback sends it; answers Paywire's dispute id. */
    private String notify(String processorId, String capture, String amount, String status) {
        String processorCapture = jdbc.sql("select processor_transaction_id from card_transactions where id = ?")
                .param(capture).query(String.class).single();
        String body = """
                {"id":"%s","captureId":"%s","amount":"%s","currency":"USD","reason":"fraudulent",
                 "evidenceDueBy":"%s","status":"%s"}""".formatted(processorId, processorCapture, amount,
                Instant.ofEpochMilli(env.currentTimeMillis()).plus(Duration.ofMinutes(5)), status);
        ResponseEntity<JsonNode> answer = http.post().uri("/rails/card-processor/disputes")
                .header("X-Rail-Secret", "sandbox-card-processor-secret").contentType(MediaType.APPLICATION_JSON)
                .body(body).retrieve().toEntity(JsonNode.class);
        assertThat(answer.getStatusCode().value()).as("%s", answer.getBody()).isEqualTo(200);
        if (!disputeWorkflows.contains(WorkflowIds.cardDispute(processorId))) {
            disputeWorkflows.add(WorkflowIds.cardDispute(processorId));
        }
        return answer.getBody().get("disputeId").asString();
    }

    /** The processor's decision alone (its id and status), as a decision callback may send it. */
    private JsonNode decide(String processorId, String status) {
        ResponseEntity<JsonNode> answer = http.post().uri("/rails/card-processor/disputes")
                .header("X-Rail-Secret", "sandbox-card-processor-secret").contentType(MediaType.APPLICATION_JSON)
                .body("{\"id\":\"%s\",\"status\":\"%s\"}".formatted(processorId, status)).retrieve()
                .toEntity(JsonNode.class);
        assertThat(answer.getStatusCode().value()).as("%s", answer.getBody()).isEqualTo(200);
        if (!disputeWorkflows.contains(WorkflowIds.cardDispute(processorId))) {
            disputeWorkflows.add(WorkflowIds.cardDispute(processorId));
        }
        return answer.getBody();
    }

    private double disputes(String outcome) {
        return meters.counter(PaywireMeters.MONEY_BACK, PaywireMeters.KIND, "dispute", PaywireMeters.OUTCOME, outcome)
                .count();
    }

    /** The types of the events of one dispute, oldest first. */
    private List<String> eventTypes(String disputeId) {
        return jdbc.sql("select type from events where ordering_key = ? order by created_at, type")
                .param("dispute:" + disputeId).query(String.class).list();
    }
}
