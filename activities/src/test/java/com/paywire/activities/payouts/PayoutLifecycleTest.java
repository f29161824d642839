package com.paywire.activities.payouts;

import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.activities.payouts.PayoutHarness.LineSpec;
import com.paywire.domain.rails.PayoutRailProtocol;
import com.paywire.persistence.LedgerInvariants;
import com.paywire.persistence.payouts.PayoutRecords;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.ledger.TransferState;
import com.paywire.vocabulary.lifecycle.Lifecycles;
import com.paywire.vocabulary.payouts.LineStatus;
import com.paywire.vocabulary.payouts.PayoutLineRow;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.payouts.PaymentOrderCommand;
import com.paywire.workflows.payouts.PayoutLineCommand;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowFailedException;
import io.temporal.client.WorkflowStub;
import io.temporal.failure.CanceledFailure;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * The life of a payout line with its real activities (see {@link PayoutWorkflowTestBase}): the outcomes an order's
 * lines end with (statuses, fees, balances, events), each line its own client's, a line that times out and the
 * success that comes after it, and lines rejected or cancelled while they wait.
 */
class PayoutLifecycleTest extends PayoutWorkflowTestBase {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void givenAnOrderOfMixedOutcomes_itShouldEndWithTheRightStatusesFeesAndBalances() {
        startWorker(payoutActivities, railActivities);
        railAccepts();
        String client = harness.newClient("10000.00");
        PaymentOrderCommand order = harness.record(client, TIMING,
                LineSpec.mobile("+254712000001", "1500.00"),  // success, fee 25
                LineSpec.mobile("+254712000002", "200.00"),   // the rail: invalid account, fee 10 released
                LineSpec.bank("1234567890", "5000.00"),       // success, fee 50
                LineSpec.mobile("+254712000004", "9000.00"),  // Paywire: insufficient funds, never sent
                LineSpec.mobile("+254712000005", "100.00"));  // the rail: out of float
        List<PayoutLineCommand> lines = order.lines();
        railAnswers(lines.get(0), "COMPLETED", "0", "Processed");
        railAnswers(lines.get(1), "FAILED", "2001", "Not a registered wallet");
        railAnswers(lines.get(2), "COMPLETED", "00", "Approved");
        railAnswers(lines.get(4), "FAILED", "1", "Insufficient float");

        run(order);

        List<PayoutLineRow> rows = store.linesOf(UUID.fromString(order.orderId()));
        assertThat(rows).extracting(PayoutLineRow::transactionStatus).containsExactly(LineStatus.COMPLETED,
                LineStatus.FAILED, LineStatus.COMPLETED, LineStatus.FAILED, LineStatus.FAILED);
        assertThat(rows).extracting(PayoutLineRow::resultCode).containsExactly("0", "6", "0", "1", "15");
        assertThat(rows).extracting(r -> r.feeAmount().toPlainString())
                .containsExactly("25.00", "10.00", "50.00", "25.00", "10.00");
        assertThat(rows.get(0).transactionCreditParty()).isEqualTo("Jane Doe");
        assertThat(rows.get(0).thirdPartyPayloadJson()).contains("\"thirdPartyReceiptNumber\": \"R-" + lines.get(0).reference());
        assertThat(rows.get(4).workingAccountAvailableFunds()).isEqualByComparingTo("3425.00");
        assertThat(ledger.available(LedgerAccounts.working(client))).isEqualByComparingTo("3425.00"); // 10000 - 1525 - 5050
        assertThat(store.findOrder(client, order.originatorConversationId()).orElseThrow().isProcessed()).isTrue();
        assertThat(rail.findAll(postRequestedFor(urlPathEqualTo(MOBILE)))).hasSize(3); // the short line never left
        LedgerInvariants.assertHold(jdbc);

        // each line told its outcome once, with the record check-status answers; then the order, once
        List<String> types = jdbc.sql("select type from events where client_id = ? order by created_at, type")
                .param(client).query(String.class).list();
        assertThat(types).containsExactlyInAnyOrder("payout.completed", "payout.failed", "payout.completed",
                "payout.failed", "payout.failed", "payment_order.processed");
        for (PayoutLineRow row : rows) {
            String data = jdbc.sql("select data::text from events where client_id = ? and data::text like ?")
                    .params(client, "%" + row.systemTraceAuditNumber() + "%").query(String.class).single();
            assertThat(data).isEqualTo(JSON.writeValueAsString(PayoutRecords.line(row, JSON)));
        }
    }

    @Test
    void givenTwoClientsUsingTheSameStan_eachLineShouldBePaidOnItsOwn_andTellOnlyItsOwnClient() {
        startWorker(payoutActivities, railActivities);
        railAccepts();
        String stan = UUID.randomUUID().toString();
        String first = harness.newClient("1000.00");
        String second = harness.newClient("1000.00");
        PaymentOrderCommand firstOrder = harness.record(first, TIMING, stan, LineSpec.mobile("+254712000017", "100.00"));
        PaymentOrderCommand secondOrder = harness.record(second, TIMING, stan, LineSpec.mobile("+254712000018", "200.00"));
        PayoutLineCommand mine = firstOrder.lines().getFirst();
        PayoutLineCommand theirs = secondOrder.lines().getFirst();
        railAnswers(mine, "COMPLETED", "0", "Processed");
        railAnswers(theirs, "FAILED", "2001", "Not a registered wallet");

        run(firstOrder);
        run(secondOrder);

        assertThat(store.findLine(mine.reference()).orElseThrow().transactionStatus()).isEqualTo(LineStatus.COMPLETED);
        assertThat(store.findLine(theirs.reference()).orElseThrow().transactionStatus()).isEqualTo(LineStatus.FAILED);
        assertThat(ledger.available(LedgerAccounts.working(first))).isEqualByComparingTo("890.00");
        assertThat(ledger.available(LedgerAccounts.working(second))).isEqualByComparingTo("1000.00");
        assertThat(rail.findAll(postRequestedFor(urlPathEqualTo(MOBILE)))).extracting(r -> r.getHeader("Idempotency-Key"))
                .containsExactlyInAnyOrder(mine.lineId(), theirs.lineId());
        assertThat(eventTypes(first)).containsExactly("payment_order.processed", "payout.completed");
        assertThat(eventTypes(second)).containsExactly("payment_order.processed", "payout.failed");
        LedgerInvariants.assertHold(jdbc);
    }

    /** Lines accepted before V14 may already be with the rail under their stan: they keep it as their reference. */
    @Test
    void givenALineAcceptedBeforeLinesHadTheirOwnReference_itShouldStillBePaidAndPostedUnderItsStan() {
        startWorker(payoutActivities, railActivities);
        railAccepts();
        String client = harness.newClient("1000.00");
        PaymentOrderCommand order = harness.recordBeforeRailReferences(client, TIMING,
                LineSpec.mobile("+254712000019", "100.00"));
        PayoutLineCommand line = order.lines().getFirst();
        railAnswers(line, "COMPLETED", "0", "Processed");

        run(order);

        String stan = line.systemTraceAuditNumber();
        assertThat(line.reference()).isEqualTo(stan);
        rail.verify(1, postRequestedFor(urlPathEqualTo(MOBILE)).withHeader("Idempotency-Key", equalTo(stan))
                .withRequestBody(matchingJsonPath("$.reference", equalTo(stan))));
        assertThat(store.findLine(stan).orElseThrow().transactionStatus()).isEqualTo(LineStatus.COMPLETED);
        assertThat(jdbc.sql("select count(*) from ledger_transfer_states where reservation_key = ? and state = ?")
                .params("payout:" + stan, TransferState.POSTED.name()).query(Integer.class).single()).as("held and posted under its stan, as before")
                .isEqualTo(2);
        assertThat(ledger.available(LedgerAccounts.working(client))).isEqualByComparingTo("890.00");
        LedgerInvariants.assertHold(jdbc);
    }

    @Test
    void givenARailThatNeverAnswers_theLineShouldTimeOutWithMinusOne_andKeepItsReservation() {
        String client = harness.newClient("1000.00");
        PaymentOrderCommand order = lineTheRailNeverAnswers(client);

        run(order);

        PayoutLineRow line = store.linesOf(UUID.fromString(order.orderId())).getFirst();
        assertThat(line.transactionStatus()).isEqualTo(LineStatus.TIMED_OUT);
        assertThat(line.transactionStatusDescription()).isEqualTo("Timed Out");
        assertThat(line.resultCode()).isEqualTo("-1");
        // the rail may still pay: the hold stays until it or an operator says
        assertThat(ledger.available(LedgerAccounts.working(client))).isEqualByComparingTo("690.00");
        assertThat(ledger.find(LedgerAccounts.working(client)).orElseThrow().reserved()).isEqualByComparingTo("310.00");
        assertThat(store.findOrder(client, order.originatorConversationId()).orElseThrow().isProcessed()).isTrue();
        LedgerInvariants.assertHold(jdbc);
    }

    @Test
    void givenALateSuccessAfterTheTimeout_itShouldBePostedAndRecorded_notLost() {
        String client = harness.newClient("1000.00");
        PaymentOrderCommand order = lineTheRailNeverAnswers(client);
        PayoutLineCommand line = order.lines().getFirst();
        WorkflowClient.start(orderStub(order)::process, order);

        env.sleep(Duration.ofMinutes(5)); // past the answer window
        assertThat(store.findLine(line.reference()).orElseThrow().transactionStatus()).isEqualTo(LineStatus.TIMED_OUT);
        assertThat(ledger.available(LedgerAccounts.working(client))).isEqualByComparingTo("690.00"); // still held

        // the rail's callback, three hours late
        env.sleep(Duration.ofHours(3));
        lineStub(line).railResult(PayoutRailProtocol.of(Rail.MOBILE_MONEY).finalResult(line.reference(),
                "0", "Processed late", "LATE123", "Jane Doe", null));
        orderStub(order).process(order); // waits for the order to finish; the id is the running one's

        PayoutLineRow row = store.findLine(line.reference()).orElseThrow();
        assertThat(row.transactionStatus()).isEqualTo(LineStatus.COMPLETED);
        assertThat(row.resultCode()).isEqualTo("0");
        assertThat(ledger.available(LedgerAccounts.working(client))).isEqualByComparingTo("690.00"); // 300 + fee 10
        assertThat(postedTransfers(line)).as("the kept hold posted").isEqualTo(2);
        LedgerInvariants.assertHold(jdbc);
    }

    @Test
    void givenARejectionWhileALineWaitsItsTurn_thatLineShouldBeRejectedWithoutHoldingFunds() {
        startWorker(payoutActivities, railActivities);
        railAccepts();
        String client = harness.newClient("1000.00");
        PaymentOrderCommand order = harness.record(client, TIMING,
                LineSpec.mobile("+254712000013", "100.00"), LineSpec.mobile("+254712000014", "100.00"));
        PayoutLineCommand first = order.lines().get(0);
        PayoutLineCommand second = order.lines().get(1);
        railAnswers(first, "PENDING", null, null);
        WorkflowClient.start(orderStub(order)::process, order);
        env.sleep(Duration.ofSeconds(30));
        assertThat(store.findLine(first.reference()).orElseThrow().transactionStatus()).isEqualTo(LineStatus.PROCESSING);

        List<String> rejected = store.rejectUnsentLines(UUID.fromString(order.orderId()),
                Lifecycles.PAYOUT_LINE.from(LineStatus.REJECTED), LineStatus.REJECTED, "999", "Rejected by the client");
        lineStub(first).railResult(PayoutRailProtocol.of(Rail.MOBILE_MONEY).finalResult(first.reference(),
                "0", "Processed", "R1", "Jane Doe", null));
        orderStub(order).process(order);

        assertThat(rejected).containsExactly(second.systemTraceAuditNumber());
        assertThat(store.findLine(first.reference()).orElseThrow().transactionStatus()).isEqualTo(LineStatus.COMPLETED);
        assertThat(store.findLine(second.reference()).orElseThrow().transactionStatus()).isEqualTo(LineStatus.REJECTED);
        assertThat(jdbc.sql("select count(*) from ledger_transfers where reservation_key = ?")
                .param("payout:" + second.reference()).query(Integer.class).single())
                .isZero();
        assertThat(ledger.available(LedgerAccounts.working(client))).isEqualByComparingTo("890.00");
        assertThat(rail.findAll(postRequestedFor(urlPathEqualTo(MOBILE)))).hasSize(1);
        LedgerInvariants.assertHold(jdbc);
    }

    @Test
    void givenALineCancelledWhileItWaitsForTheRailsAnswer_itShouldKeepItsFunds_readTimedOut_andBeReferred() {
        String client = harness.newClient("1000.00");
        PaymentOrderCommand order = lineTheRailNeverAnswers(client);
        PayoutLineCommand line = order.lines().getFirst();
        WorkflowClient.start(orderStub(order)::process, order);
        env.sleep(Duration.ofSeconds(30));
        assertThat(store.findLine(line.reference()).orElseThrow().transactionStatus()).isEqualTo(LineStatus.PROCESSING);
        assertThat(ledger.find(LedgerAccounts.working(client)).orElseThrow().reserved()).isEqualByComparingTo("310.00");

        WorkflowStub lineWorkflow = env.getWorkflowClient().newUntypedWorkflowStub(
                WorkflowIds.payoutLine(line.clientId(), line.systemTraceAuditNumber()));
        lineWorkflow.cancel();
        orderStub(order).process(order); // the order ends when its only line does

        assertThatThrownBy(() -> lineWorkflow.getResult(LineStatus.class))
                .isInstanceOf(WorkflowFailedException.class).hasCauseInstanceOf(CanceledFailure.class);
        // the instruction may be at the rail: the outcome is unknown, so the hold stays and an operator decides
        PayoutLineRow row = store.findLine(line.reference()).orElseThrow();
        assertThat(row.transactionStatus()).isEqualTo(LineStatus.TIMED_OUT);
        assertThat(row.resultCode()).isEqualTo("-1");
        assertThat(ledger.find(LedgerAccounts.working(client)).orElseThrow().reserved()).isEqualByComparingTo("310.00");
        assertThat(postedTransfers(line)).isZero();
        assertThat(store.isReferred(line.reference())).isTrue();
        assertThat(store.findOrder(client, order.originatorConversationId()).orElseThrow().isProcessed()).isTrue();
        assertThat(eventTypes(client)).containsExactly("payment_order.processed", "payout.timed_out");
        LedgerInvariants.assertHold(jdbc);
    }
}
