package com.paywire.activities.payouts;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.activities.payouts.PayoutHarness.LineSpec;
import com.paywire.domain.collections.LatePrompts;
import com.paywire.domain.rails.PayoutRailProtocol;
import com.paywire.domain.rails.RailCallbacks;
import com.paywire.persistence.LedgerInvariants;
import com.paywire.persistence.collections.DepositStore;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.persistence.operations.UnconfirmedPaymentStore;
import com.paywire.persistence.payouts.UnconfirmedLine;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.ledger.TransferState;
import com.paywire.vocabulary.payouts.LineStatus;
import com.paywire.vocabulary.payouts.PayoutLineRow;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.vocabulary.rules.money.Leg;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.payouts.PaymentOrderCommand;
import com.paywire.workflows.payouts.PayoutLineCommand;
import com.paywire.workflows.payouts.RailResult;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowStub;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * A payout line whose outcome Paywire does not know (no final answer in the window, or the rail answering after the
 * line's workflow ended), with its real activities and ledger (see {@link PayoutWorkflowTestBase}): Timed Out reads
 * -1 while the hold stays, the rail's late word posts or releases that hold once, the line goes to operations
 * after its reconciliation window, and a success after the hold was released is booked from the working account or
 * referred, never owed by a receivable.
 */
class UnknownOutcomeTest extends PayoutWorkflowTestBase {

    @Autowired
    DepositStore deposits;
    @Autowired
    UnconfirmedPaymentStore unconfirmed;

    @Test
    void givenNoFinalAnswerInTheWindow_theLineShouldReadTimedOut_withItsHoldKept_andBeReferredAfterTheDay() {
        String client = harness.newClient("1000.00");
        PaymentOrderCommand order = lineTheRailNeverAnswers(client);
        PayoutLineCommand line = order.lines().getFirst();

        timesOut(order);

        PayoutLineRow row = store.findLine(line.reference()).orElseThrow();
        assertThat(row.transactionStatus()).isEqualTo(LineStatus.TIMED_OUT);
        assertThat(row.resultCode()).isEqualTo("-1");
        assertThat(store.findOrder(client, order.originatorConversationId()).orElseThrow().isProcessed()).isTrue();
        assertThat(eventTypes(client)).containsExactly("payment_order.processed", "payout.timed_out");
        assertHeld(client, "310.00"); // 300 and the fee of 10, not released
        assertThat(store.isReferred(line.reference())).isFalse();
        assertThat(listed(line)).isFalse(); // its workflow still asks the rail

        lineResult(line); // the reconciliation window passes with no answer

        assertThat(store.findLine(line.reference()).orElseThrow().transactionStatus()).isEqualTo(LineStatus.TIMED_OUT);
        assertThat(store.isReferred(line.reference())).isTrue();
        assertThat(store.unconfirmed(line.reference())).contains(UnconfirmedLine.HOLD_KEPT);
        assertThat(listed(line)).isTrue();
        assertHeld(client, "310.00");
        assertThat(postedTransfers(line)).isZero();
        LedgerInvariants.assertHold(jdbc);
    }

    @Test
    void givenALateSuccessWithinTheDay_theKeptHoldShouldBePostedOnce_andTheClientToldCompleted() {
        String client = harness.newClient("1000.00");
        PaymentOrderCommand order = lineTheRailNeverAnswers(client);
        PayoutLineCommand line = order.lines().getFirst();
        timesOut(order);
        env.sleep(Duration.ofHours(3));

        callbacks().payoutResult(Rail.MOBILE_MONEY, success(line), "{}");
        callbacks().payoutResult(Rail.MOBILE_MONEY, success(line), "{}"); // the rail repeats itself
        lineResult(line);

        PayoutLineRow row = store.findLine(line.reference()).orElseThrow();
        assertThat(row.transactionStatus()).isEqualTo(LineStatus.COMPLETED);
        assertThat(row.resultCode()).isEqualTo("0");
        assertThat(postedTransfers(line)).as("the hold's amount and fee, posted once").isEqualTo(2);
        assertThat(lateTransfers(line)).as("no second transfer").isZero();
        Ledger.Account working = ledger.find(LedgerAccounts.working(client)).orElseThrow();
        assertThat(working.balance()).isEqualByComparingTo("690.00");
        assertThat(working.reserved()).isEqualByComparingTo("0");
        assertThat(ledger.find(LedgerAccounts.receivable(client)).orElseThrow().balance()).isEqualByComparingTo("0");
        assertThat(eventTypes(client)).containsExactly("payment_order.processed", "payout.completed", "payout.timed_out");
        assertThat(store.unconfirmed(line.reference())).isEmpty();
        LedgerInvariants.assertHold(jdbc);
    }

    @Test
    void givenALateFailureWithinTheDay_theKeptHoldShouldBeReleased_andTheLineFailedWithTheRailsCode() {
        String client = harness.newClient("1000.00");
        PaymentOrderCommand order = lineTheRailNeverAnswers(client);
        PayoutLineCommand line = order.lines().getFirst();
        timesOut(order);

        lineStub(line).railResult(failure(line));
        lineResult(line);

        PayoutLineRow row = store.findLine(line.reference()).orElseThrow();
        assertThat(row.transactionStatus()).isEqualTo(LineStatus.FAILED);
        assertThat(row.resultCode()).isEqualTo(failure(line).resultCode()).isNotIn("0", "-1");
        assertHeld(client, "0");
        assertThat(ledger.available(LedgerAccounts.working(client))).isEqualByComparingTo("1000.00");
        assertThat(postedTransfers(line)).isZero();
        assertThat(eventTypes(client)).containsExactly("payment_order.processed", "payout.failed", "payout.timed_out");
        LedgerInvariants.assertHold(jdbc);
    }

    @Test
    void givenASuccessAfterTheLineWasReferred_itsReconciliationShouldPostTheKeptHoldOnce() {
        String client = harness.newClient("1000.00");
        PaymentOrderCommand order = lineTheRailNeverAnswers(client);
        PayoutLineCommand line = order.lines().getFirst();
        timesOut(order);
        lineResult(line); // referred; its workflow has ended

        assertThat(callbacks().payoutResult(Rail.MOBILE_MONEY, success(line), "{}"))
                .isEqualTo(new RailCallbacks.Kept(true));
        lateReconciliation(line);
        callbacks().payoutResult(Rail.MOBILE_MONEY, success(line), "{}"); // a repeat finds it done

        assertThat(store.findLine(line.reference()).orElseThrow().transactionStatus()).isEqualTo(LineStatus.COMPLETED);
        assertThat(postedTransfers(line)).isEqualTo(2);
        assertThat(lateTransfers(line)).isZero();
        assertThat(ledger.find(LedgerAccounts.working(client)).orElseThrow().balance()).isEqualByComparingTo("690.00");
        assertHeld(client, "0");
        assertThat(listed(line)).isFalse();
        LedgerInvariants.assertHold(jdbc);
    }

    @Test
    void givenASuccessAfterTheLineFailedAsUnreachable_itShouldBeBookedOnceFromTheWorkingAccount() {
        startWorker(payoutActivities, railActivities);
        String client = harness.newClient("1000.00");
        PayoutLineCommand line = failedAsUnreachable(client);

        callbacks().payoutResult(Rail.MOBILE_MONEY, success(line), "{}");
        lateReconciliation(line);
        callbacks().payoutResult(Rail.MOBILE_MONEY, success(line), "{}"); // the line is Completed: nothing to start

        PayoutLineRow row = store.findLine(line.reference()).orElseThrow();
        assertThat(row.transactionStatus()).isEqualTo(LineStatus.COMPLETED);
        assertThat(lateTransfers(line)).as("amount and fee, once").isEqualTo(2);
        assertThat(ledger.find(LedgerAccounts.working(client)).orElseThrow().balance()).isEqualByComparingTo("690.00");
        assertThat(ledger.find(LedgerAccounts.receivable(client)).orElseThrow().balance()).isEqualByComparingTo("0");
        assertThat(eventTypes(client)).contains("payout.completed", "payout.failed");
        LedgerInvariants.assertHold(jdbc);
    }

    @Test
    void givenASuccessAfterTheHoldWasReleased_andTooLittleInTheWorkingAccount_itShouldBeReferred_notOwed() {
        startWorker(payoutActivities, railActivities);
        String client = harness.newClient("1000.00");
        PayoutLineCommand line = failedAsUnreachable(client);
        ledger.transfer("drain:" + client, new Leg(LedgerAccounts.working(client), LedgerAccounts.FUNDING,
                new BigDecimal("900.00")), "another payout");

        callbacks().payoutResult(Rail.MOBILE_MONEY, success(line), "{}");
        lateReconciliation(line);

        assertThat(store.findLine(line.reference()).orElseThrow().transactionStatus()).isEqualTo(LineStatus.FAILED);
        assertThat(store.unconfirmed(line.reference())).contains(UnconfirmedLine.PAID_UNBOOKED);
        assertThat(listed(line)).isTrue();
        assertThat(lateTransfers(line)).isZero();
        assertThat(ledger.find(LedgerAccounts.working(client)).orElseThrow().balance()).isEqualByComparingTo("100.00");
        assertThat(ledger.find(LedgerAccounts.receivable(client)).orElseThrow().balance()).isEqualByComparingTo("0");
        LedgerInvariants.assertHold(jdbc);
    }

    @Test
    void givenALateFailureAfterTheHoldWasReleased_nothingShouldMove_andNoReconciliationStart() {
        startWorker(payoutActivities, railActivities);
        String client = harness.newClient("1000.00");
        PayoutLineCommand line = failedAsUnreachable(client);

        assertThat(callbacks().payoutResult(Rail.MOBILE_MONEY, failure(line), "{}"))
                .isEqualTo(new RailCallbacks.Kept(false));

        assertThat(store.findLine(line.reference()).orElseThrow().transactionStatus()).isEqualTo(LineStatus.FAILED);
        assertThat(ledger.available(LedgerAccounts.working(client))).isEqualByComparingTo("1000.00");
        assertThat(lateTransfers(line)).isZero();
    }

    /** Starts the order and lets its line's answer window pass: the line reads Timed Out and waits for a late word. */
    private void timesOut(PaymentOrderCommand order) {
        WorkflowClient.start(orderStub(order)::process, order);
        env.sleep(Duration.ofMinutes(5));
        assertThat(store.findLine(order.lines().getFirst().reference()).orElseThrow().transactionStatus())
                .isEqualTo(LineStatus.TIMED_OUT);
    }

    /** A line sent to a rail that was down for the whole window and never heard of it: Failed 16, hold released. */
    private PayoutLineCommand failedAsUnreachable(String client) {
        rail.stubFor(post(urlPathEqualTo(MOBILE)).willReturn(aResponse().withStatus(503)));
        PaymentOrderCommand order = harness.record(client, TIMING, LineSpec.mobile("+254712000012", "300.00"));
        PayoutLineCommand line = order.lines().getFirst();
        rail.stubFor(get(urlPathEqualTo(MOBILE + "/" + line.reference())).willReturn(aResponse().withStatus(404)));
        run(order);
        assertThat(store.findLine(line.reference()).orElseThrow().resultCode()).isEqualTo("16");
        assertThat(ledger.available(LedgerAccounts.working(client))).isEqualByComparingTo("1000.00");
        return line;
    }

    private RailCallbacks callbacks() {
        return new RailCallbacks(store, deposits, env.getWorkflowClient(), new LatePrompts(env.getWorkflowClient()));
    }

    private void lineResult(PayoutLineCommand line) {
        WorkflowStub.fromTyped(lineStub(line)).getResult(LineStatus.class);
    }

    /** Waits for the line's reconciliation, and keeps its history for the replay tests when asked (see the base). */
    private void lateReconciliation(PayoutLineCommand line) {
        WorkflowClient client = env.getWorkflowClient();
        String workflowId = WorkflowIds.latePayoutAnswer(line.clientId(), line.reference());
        client.newUntypedWorkflowStub(workflowId).getResult(Void.class);
        String target = System.getProperty("paywire.recordHistories");
        if (target != null) {
            try {
                Files.writeString(Path.of(target).resolve("late-payout-answer-" + line.reference() + ".json"),
                        client.fetchHistory(workflowId).toJson(true));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private static RailResult success(PayoutLineCommand line) {
        return PayoutRailProtocol.of(Rail.MOBILE_MONEY).finalResult(line.reference(), "0", "Processed late",
                "LATE123", "Jane Doe", null);
    }

    private static RailResult failure(PayoutLineCommand line) {
        return PayoutRailProtocol.of(Rail.MOBILE_MONEY).finalResult(line.reference(), "2001",
                "The initiator information is invalid", null, null, null);
    }

    private void assertHeld(String client, String reserved) {
        assertThat(ledger.find(LedgerAccounts.working(client)).orElseThrow().reserved()).isEqualByComparingTo(reserved);
    }

    /** Transfers of a payout booked after its hold was released. */
    private int lateTransfers(PayoutLineCommand line) {
        return jdbc.sql("select count(*) from ledger_transfers where reservation_key = ? and state = ?")
                .params(Product.PAYOUT.key(line.reference()) + Product.PAID_LATE_SUFFIX, TransferState.POSTED.name())
                .query(Integer.class).single();
    }

    private boolean listed(PayoutLineCommand line) {
        UUID id = UUID.fromString(line.lineId());
        return unconfirmed.list(1, 100).payments().stream().anyMatch(p -> p.product() == Product.PAYOUT
                && p.id().equals(id.toString()));
    }
}
