package com.paywire.api.operations;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.AdminApi;
import com.paywire.api.support.ApiClientHelper;
import com.paywire.api.support.ApiTest;
import com.paywire.api.support.ApiTestBase;
import com.paywire.domain.airtime.AirtimeOutcomes;
import com.paywire.domain.bills.BillPaymentOutcomes;
import com.paywire.domain.clients.ClientSecretHasher;
import com.paywire.domain.money.MoneyEngine;
import com.paywire.domain.payouts.PayoutOutcomes;
import com.paywire.persistence.airtime.AirtimeRecipient;
import com.paywire.persistence.airtime.AirtimeStore;
import com.paywire.vocabulary.bills.BillPayment;
import com.paywire.persistence.bills.BillPaymentStore;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.persistence.payouts.PayoutStore;
import com.paywire.vocabulary.airtime.AirtimePurchase;
import com.paywire.vocabulary.airtime.AirtimePurchaseStatus;
import com.paywire.vocabulary.airtime.AirtimeRecipientStatus;
import com.paywire.vocabulary.bills.BillPaymentStatus;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.ledger.TransferState;
import com.paywire.vocabulary.networks.MobileNetwork;
import com.paywire.vocabulary.payouts.LineStatus;
import com.paywire.vocabulary.payouts.PaymentOrderRow;
import com.paywire.vocabulary.payouts.PayoutLineRow;
import com.paywire.vocabulary.payouts.PayoutRecipient;
import com.paywire.vocabulary.payouts.PayoutRemitter;
import com.paywire.vocabulary.payouts.ResultCode;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.vocabulary.rules.money.Leg;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.bills.BillPaymentCommand;
import com.paywire.workflows.bills.BillPaymentWorkflow;
import com.paywire.workflows.payouts.LineOutcome;
import com.paywire.workflows.payouts.RailAcknowledgement;
import com.paywire.workflows.payouts.RailResult;
import io.temporal.api.enums.v1.EventType;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/**
 * Operators resolving airtime top-ups, bill payments and payout lines pending confirmation
 * (docs/interface.md#operations). The payments are written as their workflows leave them (Processing, code 14, funds
 * held; a payout line Timed Out with its hold kept, referred); no worker runs, so a "running" workflow is one started
 * and never picked up, whose history shows the signal.
 */
@ApiTest
class UnconfirmedPaymentsApiTest extends ApiTestBase {

    private static final String SECRET = "resolution-secret";
    private static final String GOTV = "6c1f3b0e-2a7d-4f4e-9a61-000000000002";

    @Autowired
    ApiClientStore clients;
    @Autowired
    BillPaymentStore bills;
    @Autowired
    AirtimeStore airtime;
    @Autowired
    MoneyEngine money;
    @Autowired
    Ledger ledger;
    @Autowired
    JdbcClient jdbc;
    @Autowired
    WorkflowClient temporal;
    @Autowired
    PayoutStore payouts;
    @Autowired
    PayoutOutcomes payoutOutcomes;

    private String clientId;
    private String operator;

    @BeforeEach
    void aClientWithMoneyOfItsOwn() {
        clientId = "resolution-" + UUID.randomUUID();
        clients.registerWithAllRoutes(new ApiClient(clientId, "Resolution", ClientSecretHasher.hash(SECRET),
                Set.of("bills")));
        fund("1000.00");
        operator = ApiClientHelper.operatorToken(http);
    }

    private void fund(String amount) {
        ledger.transferRequired("sandbox-opening-float:" + clientId + ":" + UUID.randomUUID(),
                new Leg(LedgerAccounts.FUNDING, LedgerAccounts.working(clientId), new BigDecimal(amount)), "Funding");
    }

    @Test
    void givenABillPaymentReferredToOperations_resolvedPaid_itsHoldShouldBePostedOnce_andThePaymentCompleted() {
        UUID payment = billPendingConfirmation(true);

        ResponseEntity<JsonNode> answer = queue().resolve("bill", payment, "PAID", "KPLC-RCPT-77");

        assertThat(answer.getStatusCode().value()).isEqualTo(200);
        assertThat(answer.getBody().get("outcome").asString()).isEqualTo("PAID");
        assertThat(answer.getBody().get("clientId").asString()).isEqualTo(clientId);
        BillPayment closed = bills.find(payment).orElseThrow();
        assertThat(closed.status()).isEqualTo(BillPaymentStatus.COMPLETED);
        assertThat(closed.receiptNumber()).isEqualTo("KPLC-RCPT-77");
        Ledger.Account working = ledger.find(LedgerAccounts.working(clientId)).orElseThrow();
        assertThat(working.balance()).as("500.00 and the 30.00 fee posted").isEqualByComparingTo("470.00");
        assertThat(working.reserved()).isEqualByComparingTo("0");
        assertThat(queue().resolutions(payment)).containsExactly("PAID KPLC-RCPT-77 " + AdminApi.OPERATOR_ID);
        assertThat(callbacks(com.paywire.vocabulary.notifications.EventType.BILL_PAYMENT_RESULT.wireName())).isEqualTo(1);
    }

    @Test
    void givenABillPaymentReferredToOperations_resolvedNotPaid_itsHoldShouldBeReleased_andThePaymentFailed() {
        UUID payment = billPendingConfirmation(true);

        assertThat(queue().resolve("bill", payment, "NOT_PAID", "biller ticket 12")
                .getStatusCode().value()).isEqualTo(200);

        BillPayment closed = bills.find(payment).orElseThrow();
        assertThat(closed.status()).isEqualTo(BillPaymentStatus.FAILED);
        assertThat(closed.statusCode()).isEqualTo("92");
        Ledger.Account working = ledger.find(LedgerAccounts.working(clientId)).orElseThrow();
        assertThat(working.balance()).isEqualByComparingTo("1000.00");
        assertThat(working.reserved()).isEqualByComparingTo("0");
        assertThat(callbacks(com.paywire.vocabulary.notifications.EventType.BILL_PAYMENT_RESULT.wireName())).isEqualTo(1);
    }

    @Test
    void givenAPaymentResolvedOnce_aSecondResolution_shouldAnswer409_andChangeNothing() {
        UUID payment = billPendingConfirmation(true);
        queue().resolve("bill", payment, "PAID", "first");

        ResponseEntity<JsonNode> again = queue().resolve("bill", payment, "NOT_PAID", "second");
        ResponseEntity<JsonNode> same = queue().resolve("bill", payment, "PAID", "first");

        assertThat(again.getStatusCode().value()).isEqualTo(409);
        assertThat(same.getStatusCode().value()).isEqualTo(409);
        assertThat(again.getBody().get("reason").asString()).contains("not pending confirmation");
        assertThat(bills.find(payment).orElseThrow().status()).isEqualTo(BillPaymentStatus.COMPLETED);
        assertThat(ledger.find(LedgerAccounts.working(clientId)).orElseThrow().balance()).isEqualByComparingTo("470.00");
        assertThat(jdbc.sql("select count(*) from ledger_transfer_states where reservation_key = ?")
                .param("bill:" + payment).query(Long.class).single()).as("the amount and the fee, once").isEqualTo(2);
        assertThat(queue().resolutions(payment)).hasSize(1);
        assertThat(callbacks(com.paywire.vocabulary.notifications.EventType.BILL_PAYMENT_RESULT.wireName())).isEqualTo(1);
    }

    @Test
    void givenAPaymentNotPendingConfirmation_orUnknown_itShouldNotBeResolved() {
        UUID payment = billPendingConfirmation(true);
        jdbc.sql("update bill_payments set status_code = null where id = ?").param(payment).update();

        assertThat(queue().resolve("bill", payment, "PAID", "x").getStatusCode().value()).isEqualTo(409);
        assertThat(queue().resolve("bill", UUID.randomUUID(), "PAID", "x").getStatusCode().value()).isEqualTo(404);
        assertThat(queue().resolve("payout", payment, "PAID", "x").getStatusCode().value()).isEqualTo(404);
        assertThat(ledger.find(LedgerAccounts.working(clientId)).orElseThrow().reserved()).isEqualByComparingTo("530.00");
        assertThat(queue().resolutions(payment)).isEmpty();
    }

    @Test
    void givenAClientTokenWithoutTheOperationsScope_itShouldBeRefused403_andNothingResolved() {
        UUID payment = billPendingConfirmation(true);
        String clientToken = ApiClientHelper.token(http, clientId, SECRET);

        ResponseEntity<JsonNode> resolved = http.post().uri(OperatorsQueue.path("bill", payment))
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + clientToken).contentType(MediaType.APPLICATION_JSON)
                .body(Map.of("outcome", "PAID", "reference", "mine now")).retrieve().toEntity(JsonNode.class);
        ResponseEntity<JsonNode> listed = http.get().uri("/v1/operations/unconfirmed-payments")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + clientToken).retrieve().toEntity(JsonNode.class);

        for (ResponseEntity<JsonNode> refused : List.of(resolved, listed)) {
            assertThat(refused.getStatusCode().value()).isEqualTo(403);
            assertThat(refused.getBody().get("error").asString()).isEqualTo("insufficient_scope");
        }
        assertThat(bills.find(payment).orElseThrow().status()).isEqualTo(BillPaymentStatus.PROCESSING);
        assertThat(queue().resolutions(payment)).isEmpty();
    }

    @Test
    void givenBadInput_itShouldAnswer400NamingEachField_andChangeNothing() {
        UUID payment = billPendingConfirmation(true);

        ResponseEntity<JsonNode> empty = http.post().uri(OperatorsQueue.path("bill", payment))
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + operator).contentType(MediaType.APPLICATION_JSON)
                .body(Map.of()).retrieve().toEntity(JsonNode.class);
        ResponseEntity<JsonNode> unknownOutcome = queue().resolve("bill", payment, "MAYBE", "x");
        ResponseEntity<JsonNode> longReference = queue().resolve("bill", payment, "PAID", "r".repeat(101));

        assertThat(empty.getStatusCode().value()).isEqualTo(400);
        assertThat(fields(empty)).containsExactlyInAnyOrder("outcome", "reference");
        assertThat(unknownOutcome.getStatusCode().value()).isEqualTo(400);
        assertThat(fields(unknownOutcome)).containsExactly("outcome");
        assertThat(unknownOutcome.getBody().toString()).doesNotContain("MAYBE");
        assertThat(unknownOutcome.getBody().get("errors").get(0).get("message").asString())
                .isEqualTo("The value of outcome is not valid: it must be one of PAID, NOT_PAID.");
        assertThat(fields(longReference)).containsExactly("reference");
        assertThat(bills.find(payment).orElseThrow().status()).isEqualTo(BillPaymentStatus.PROCESSING);
        assertThat(queue().resolutions(payment)).isEmpty();
    }

    @Test
    void givenAnAirtimeRecipientReferredToOperations_resolvedPaid_itsPurchaseShouldBeFinished_andItsClientCalledBack() {
        UUID recipient = airtimePendingConfirmation();

        JsonNode listed = queue().list();
        assertThat(listed.get("total").asLong()).isGreaterThanOrEqualTo(1);

        assertThat(queue().resolve("airtime", recipient, "PAID", "SAF-OPS-1").getStatusCode().value()).isEqualTo(200);

        AirtimeRecipient closed = airtime.findRecipient(recipient).orElseThrow();
        assertThat(closed.status()).isEqualTo(AirtimeRecipientStatus.COMPLETED);
        assertThat(closed.receiptNumber()).isEqualTo("SAF-OPS-1");
        assertThat(airtime.find(closed.purchaseId()).orElseThrow().status()).isEqualTo(AirtimePurchaseStatus.COMPLETED);
        assertThat(ledger.find(LedgerAccounts.working(clientId)).orElseThrow().balance()).isEqualByComparingTo("900.00");
        assertThat(callbacks(com.paywire.vocabulary.notifications.EventType.AIRTIME_PURCHASE_RESULT.wireName())).isEqualTo(1);
    }

    @Test
    void theList_shouldShowWhatIsPendingConfirmation_acrossClients_andNotWhatWasResolved() {
        fund("1000.00");
        UUID referred = billPendingConfirmation(true);
        UUID asked = billPendingConfirmation(false);

        JsonNode mine = queue().mine();
        assertThat(mine.size()).isEqualTo(2);
        JsonNode first = mine.get(0);
        assertThat(first.get("product").asString()).isEqualTo("bill");
        assertThat(first.get("amount").decimalValue()).isEqualByComparingTo("500.00");
        assertThat(first.get("since").isNull()).isFalse();
        assertThat(List.of(mine.get(0).get("referred").asBoolean(), mine.get(1).get("referred").asBoolean()))
                .containsExactlyInAnyOrder(true, false);

        queue().resolve("bill", referred, "NOT_PAID", "n");
        assertThat(queue().mine().size()).isEqualTo(1);
        assertThat(queue().mine().get(0).get("id").asString()).isEqualTo(asked.toString());
        assertThat(http.get().uri("/v1/operations/unconfirmed-payments?PageSize=0")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + operator).retrieve().toEntity(JsonNode.class)
                .getStatusCode().value()).isEqualTo(400);
    }

    @Test
    void givenAPaymentWhoseWorkflowStillAsksTheBiller_theResolution_shouldBeAppliedAndSignalledToTheWorkflow() {
        UUID payment = billPendingConfirmation(false);
        String workflowId = WorkflowIds.billPayment(clientId, "ocid-" + payment);
        BillPaymentWorkflow workflow = temporal.newWorkflowStub(BillPaymentWorkflow.class, WorkflowOptions.newBuilder()
                .setTaskQueue(TaskQueues.PLATFORM).setWorkflowId(workflowId).build());
        WorkflowClient.start(workflow::pay, new BillPaymentCommand(payment.toString(), clientId, "ocid-" + payment,
                false, Duration.ofMinutes(1), Duration.ofMinutes(30)));

        assertThat(queue().resolve("bill", payment, "PAID", "KPLC-RCPT-78").getStatusCode().value()).isEqualTo(200);

        assertThat(bills.find(payment).orElseThrow().status()).isEqualTo(BillPaymentStatus.COMPLETED);
        assertThat(temporal.fetchHistory(workflowId).getEvents().stream()
                .filter(e -> e.getEventType() == EventType.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED).count())
                .as("the workflow told to stop asking and close with the operator's outcome").isEqualTo(1);
    }

    @Test
    void givenAPayoutLineReferredToOperations_itShouldBeListed_andResolvedPaid_postItsHoldOnce_andCompleteTheLine() {
        PayoutLineRow line = payoutReferred(true);

        JsonNode listed = queue().mine();
        assertThat(listed.size()).isEqualTo(1);
        assertThat(listed.get(0).get("product").asString()).isEqualTo("payout");
        assertThat(listed.get(0).get("id").asString()).isEqualTo(line.id().toString());
        assertThat(listed.get(0).get("amount").decimalValue()).isEqualByComparingTo("300.00");
        assertThat(listed.get(0).get("fee").decimalValue()).isEqualByComparingTo("10.00");
        assertThat(listed.get(0).get("referred").asBoolean()).isTrue();
        assertThat(listed.get(0).get("originatorConversationId").asString()).startsWith("ocid-");

        ResponseEntity<JsonNode> answer = queue().resolve("payout", line.id(), "PAID", "MPESA-RCPT-9");
        ResponseEntity<JsonNode> again = queue().resolve("payout", line.id(), "PAID", "MPESA-RCPT-9");
        ResponseEntity<JsonNode> other = queue().resolve("payout", line.id(), "NOT_PAID", "second thoughts");

        assertThat(answer.getStatusCode().value()).isEqualTo(200);
        assertThat(answer.getBody().get("product").asString()).isEqualTo("payout");
        assertThat(answer.getBody().get("clientId").asString()).isEqualTo(clientId);
        assertThat(again.getStatusCode().value()).isEqualTo(409);
        assertThat(other.getStatusCode().value()).isEqualTo(409);
        PayoutLineRow closed = payouts.findLine(line.railReference()).orElseThrow();
        assertThat(closed.transactionStatus()).isEqualTo(LineStatus.COMPLETED);
        assertThat(closed.resultCode()).isEqualTo("0");
        assertThat(closed.thirdPartyPayloadJson()).contains("MPESA-RCPT-9");
        Ledger.Account working = ledger.find(LedgerAccounts.working(clientId)).orElseThrow();
        assertThat(working.balance()).as("300.00 and the 10.00 fee posted, once").isEqualByComparingTo("690.00");
        assertThat(working.reserved()).isEqualByComparingTo("0");
        assertThat(jdbc.sql("select count(*) from ledger_transfers where reservation_key = ? and state = ?")
                .params("payout:" + line.railReference(), TransferState.POSTED.name()).query(Long.class).single())
                .isEqualTo(2);
        assertThat(queue().resolutions(line.id())).containsExactly("PAID MPESA-RCPT-9 " + AdminApi.OPERATOR_ID);
        assertThat(callbacks("payout.completed")).isEqualTo(1);
        assertThat(queue().mine().size()).isZero();
    }

    @Test
    void givenAPayoutLineReferredToOperations_resolvedNotPaid_itsHoldShouldBeReleased_andTheLineFailed() {
        PayoutLineRow line = payoutReferred(true);

        assertThat(queue().resolve("payout", line.id(), "NOT_PAID", "rail ticket 4")
                .getStatusCode().value()).isEqualTo(200);

        PayoutLineRow closed = payouts.findLine(line.railReference()).orElseThrow();
        assertThat(closed.transactionStatus()).isEqualTo(LineStatus.FAILED);
        Ledger.Account working = ledger.find(LedgerAccounts.working(clientId)).orElseThrow();
        assertThat(working.balance()).isEqualByComparingTo("1000.00");
        assertThat(working.reserved()).isEqualByComparingTo("0");
        assertThat(callbacks("payout.failed")).isEqualTo(1);
        assertThat(queue().resolutions(line.id())).hasSize(1);
    }

    @Test
    void givenAPayoutLineNotYetReferred_itShouldNeitherBeListedNorResolved_whileItsWorkflowAsksTheRail() {
        PayoutLineRow line = payoutReferred(false);

        assertThat(queue().mine().size()).isZero();
        assertThat(queue().resolve("payout", line.id(), "PAID", "too soon").getStatusCode().value()).isEqualTo(409);
        assertThat(ledger.find(LedgerAccounts.working(clientId)).orElseThrow().reserved()).isEqualByComparingTo("310.00");
        assertThat(queue().resolutions(line.id())).isEmpty();
    }

    @Test
    void givenAClientTokenWithoutTheOperationsScope_aPayoutLineShouldNotBeResolved() {
        PayoutLineRow line = payoutReferred(true);
        String clientToken = ApiClientHelper.token(http, clientId, SECRET);

        ResponseEntity<JsonNode> refused = http.post().uri(OperatorsQueue.path("payout", line.id()))
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + clientToken).contentType(MediaType.APPLICATION_JSON)
                .body(Map.of("outcome", "NOT_PAID", "reference", "keep my money")).retrieve().toEntity(JsonNode.class);

        assertThat(refused.getStatusCode().value()).isEqualTo(403);
        assertThat(refused.getBody().get("error").asString()).isEqualTo("insufficient_scope");
        assertThat(payouts.findLine(line.railReference()).orElseThrow().transactionStatus())
                .isEqualTo(LineStatus.TIMED_OUT);
        assertThat(ledger.find(LedgerAccounts.working(clientId)).orElseThrow().reserved()).isEqualByComparingTo("310.00");
    }

    @Test
    void givenAPayoutPaidAfterItsHoldWasReleased_withTheWorkingAccountShort_paidShouldBeRefusedUntilItIsFunded() {
        PayoutLineRow line = payoutLine();
        payoutOutcomes.closeAndPublish(new LineOutcome(line.railReference(), LineStatus.FAILED,
                ResultCode.THIRD_PARTY_UNAVAILABLE.code(), ResultCode.THIRD_PARTY_UNAVAILABLE.description(), null,
                null));
        ledger.transfer("drain:" + clientId, new Leg(LedgerAccounts.working(clientId), LedgerAccounts.FUNDING,
                new BigDecimal("900.00")), "other payouts");
        payoutOutcomes.reconcileLateAnswer(line.railReference(), new RailResult(
                line.railReference(), RailResult.State.COMPLETED, "0", "Success", "0",
                "Processed late", "LATE-1", "JANE", null, null));
        assertThat(queue().mine().size()).as("referred: 100.00 cannot cover 310.00").isEqualTo(1);

        ResponseEntity<JsonNode> refused = queue().resolve("payout", line.id(), "PAID", "LATE-1");
        fund("900.00");
        ResponseEntity<JsonNode> booked = queue().resolve("payout", line.id(), "PAID", "LATE-1");
        ResponseEntity<JsonNode> again = queue().resolve("payout", line.id(), "PAID", "LATE-1");

        assertThat(refused.getStatusCode().value()).isEqualTo(409);
        assertThat(refused.getBody().get("reason").asString()).contains("cannot cover");
        assertThat(booked.getStatusCode().value()).isEqualTo(200);
        assertThat(again.getStatusCode().value()).isEqualTo(409);
        assertThat(payouts.findLine(line.railReference()).orElseThrow().transactionStatus())
                .isEqualTo(LineStatus.COMPLETED);
        assertThat(jdbc.sql("select count(*) from ledger_transfers where reservation_key = ? and state = ?")
                .params("payout:" + line.railReference() + ":paid-late", TransferState.POSTED.name())
                .query(Long.class).single()).as("amount and fee, booked once").isEqualTo(2);
        assertThat(ledger.find(LedgerAccounts.working(clientId)).orElseThrow().balance())
                .isEqualByComparingTo("690.00");
        assertThat(ledger.find(LedgerAccounts.receivable(clientId)).orElseThrow().balance())
                .as("no debt").isEqualByComparingTo("0");
        assertThat(queue().resolutions(line.id())).hasSize(1);
        assertThat(queue().mine().size()).isZero();
    }

    /**
     * A payout line of 300.00 (fee 10.00) as its workflow leaves it when the rail never gave a final answer: Timed
     * Out, its hold kept; referred once its reconciliation window has passed.
     */
    private PayoutLineRow payoutReferred(boolean referred) {
        PayoutLineRow line = payoutLine();
        payoutOutcomes.keepHoldUnconfirmed(new LineOutcome(line.railReference(), LineStatus.TIMED_OUT,
                ResultCode.TIMEOUT.code(), ResultCode.TIMEOUT.description(),
                new RailAcknowledgement(true, "RAIL-1", "0", "Accepted", null), null), false);
        if (referred) {
            assertThat(payoutOutcomes.refer(line.railReference())).isTrue();
        }
        return line;
    }

    /** A payout line of 300.00 (fee 10.00) held and with the rail (Processing). */
    private PayoutLineRow payoutLine() {
        PaymentOrderRow order = new PaymentOrderRow(UUID.randomUUID(), clientId, "ocid-" + UUID.randomUUID(), null,
                false, true, OffsetDateTime.now(clock));
        UUID lineId = UUID.randomUUID();
        payouts.insertOrder(order, List.of(PayoutLineRow.pending(lineId, order.id(), clientId, 0,
                new PayoutLineRow.Request("stan-" + lineId, Rail.MOBILE_MONEY, UUID.randomUUID(), 1, 1,
                        new BigDecimal("300.00"), "KES", "salary", remitter("Acme"), recipient("Jane", "+254712345678"),
                        "+254712345678", null),
                new BigDecimal("10.00"), null, lineId.toString())));
        PayoutLineRow line = payouts.findLine(lineId.toString()).orElseThrow();
        assertThat(money.hold(PayoutOutcomes.movement(line), "Payout")).isTrue();
        payouts.setStatus(line.railReference(), LineStatus.PROCESSING);
        return line;
    }

    /** A GOtv payment of 500.00 (fee 30.00) as its workflow leaves it when the biller never confirms it. */
    private UUID billPendingConfirmation(boolean referred) {
        UUID id = UUID.randomUUID();
        OffsetDateTime now = OffsetDateTime.now(clock);
        bills.insert(new BillPayment(id, clientId, "ocid-" + id, UUID.fromString(GOTV), "7010000001", "254712345678",
                new BigDecimal("500.00"), new BigDecimal("30.00"), null, null, "https://merchant.example/bills",
                BillPaymentStatus.PENDING, null, null, null, null, null, null, null, true, now));
        BillPayment payment = bills.find(id).orElseThrow();
        assertThat(money.hold(BillPaymentOutcomes.movement(payment), "Bill payment")).isTrue();
        bills.markProcessing(id);
        bills.recordUnconfirmed(id, "14", "Pending confirmation", now, referred);
        return id;
    }

    /** A recipient of 100.00 as its purchase's workflow leaves it when the network never says what it did. */
    private UUID airtimePendingConfirmation() {
        UUID purchaseId = UUID.randomUUID();
        UUID id = UUID.randomUUID();
        OffsetDateTime now = OffsetDateTime.now(clock);
        airtime.insert(new AirtimePurchase(purchaseId, clientId, "ocid-" + purchaseId,
                "https://merchant.example/airtime", AirtimePurchaseStatus.PENDING, null, true, now),
                List.of(new AirtimeRecipient(id, purchaseId, 0, "254712345678", MobileNetwork.SAFARICOM, null, "KES",
                        new BigDecimal("100.00"), BigDecimal.ZERO.setScale(2), 8, AirtimeRecipientStatus.PENDING, null,
                        null, null, null)));
        AirtimePurchase purchase = airtime.find(purchaseId).orElseThrow();
        assertThat(money.hold(AirtimeOutcomes.movement(purchase, airtime.findRecipient(id).orElseThrow()),
                "Airtime")).isTrue();
        airtime.setRecipientStatus(id, AirtimeRecipientStatus.PROCESSING);
        airtime.recordRecipientUnconfirmed(id, "14", "Pending confirmation", now, true);
        return id;
    }

    private long callbacks(String type) {
        return jdbc.sql("select count(*) from events where client_id = ? and type = ?").params(clientId, type)
                .query(Long.class).single();
    }

    private static List<String> fields(ResponseEntity<JsonNode> answer) {
        return answer.getBody().get("errors").valueStream().map(e -> e.get("field").asString()).toList();
    }

    private OperatorsQueue queue() {
        return new OperatorsQueue(http, jdbc, operator, clientId);
    }

    /** Only the names: the rest of what a client sends does not matter here. */
    private static PayoutRemitter remitter(String name) {
        return new PayoutRemitter(name, null, null, null, null, null, null, null, null, null, null, null, null, null,
                null, null, null);
    }

    private static PayoutRecipient recipient(String name, String account) {
        return new PayoutRecipient(name, null, null, null, null, null, null, null, null, account, null, null, null,
                null);
    }
}
