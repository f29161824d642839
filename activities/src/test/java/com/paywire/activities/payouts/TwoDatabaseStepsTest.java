package com.paywire.activities.payouts;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.activities.ActivitiesTestApplication;
import com.paywire.activities.UnusedRails;
import com.paywire.activities.payouts.PayoutHarness.LineSpec;
import com.paywire.domain.rails.PayoutRailProtocol;
import com.paywire.persistence.LedgerInvariants;
import com.paywire.persistence.TestDatabase;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.persistence.payouts.PayoutRecords;
import com.paywire.persistence.payouts.PayoutStore;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.ledger.TransferState;
import com.paywire.vocabulary.lifecycle.Lifecycles;
import com.paywire.vocabulary.payouts.LineStatus;
import com.paywire.vocabulary.payouts.PayoutLineRow;
import com.paywire.vocabulary.payouts.ResultCode;
import com.paywire.workflows.payouts.LineOutcome;
import com.paywire.workflows.payouts.PaymentOrderCommand;
import com.paywire.workflows.payouts.PayoutLineCommand;
import com.paywire.workflows.payouts.RailAcknowledgement;
import com.paywire.workflows.payouts.Reservation;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.json.JsonMapper;

/**
 * The two database steps of a line, reserveAndClaim and closeAndPublish, each run twice as a retried local activity
 * may run: the second run finds the first one's work and does none of it again.
 */
@SpringBootTest(classes = ActivitiesTestApplication.class)
class TwoDatabaseStepsTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        TestDatabase.register(registry);
        UnusedRails.register(registry);
    }

    @Autowired
    PayoutActivitiesImpl payouts;
    @Autowired
    PayoutStore store;
    @Autowired
    ApiClientStore clients;
    @Autowired
    Ledger ledger;
    @Autowired
    JdbcClient jdbc;

    @Test
    void givenReserveAndClaimRunTwice_theFundsShouldBeHeldOnce_andTheLineBeProcessing() {
        PayoutLineCommand line = newLine("1000.00", "200.00");

        Reservation first = payouts.reserveAndClaim(line.reference());
        Reservation retry = payouts.reserveAndClaim(line.reference());

        assertThat(first).isEqualTo(retry);
        assertThat(first.outcome()).isEqualTo(Reservation.Outcome.RESERVED);
        assertThat(first.fee()).isEqualByComparingTo("10.00");
        assertThat(status(line)).isEqualTo(LineStatus.PROCESSING);
        assertThat(ledger.find(LedgerAccounts.working(line.clientId())).orElseThrow().reserved())
                .isEqualByComparingTo("210.00");
        assertThat(transfers(line, TransferState.PENDING)).isEqualTo(2); // amount and fee, once
        LedgerInvariants.assertHold(jdbc);
    }

    @Test
    void givenALineRejectedBeforeItsReservation_nothingShouldBeHeld_norTheLineClaimed() {
        PayoutLineCommand line = newLine("1000.00", "200.00");
        store.rejectUnsentLines(UUID.fromString(line.orderId()), Lifecycles.PAYOUT_LINE.from(LineStatus.REJECTED),
                LineStatus.REJECTED, ResultCode.REJECTED.code(), ResultCode.REJECTED.description());

        assertThat(payouts.reserveAndClaim(line.reference()).outcome()).isEqualTo(Reservation.Outcome.REJECTED);
        assertThat(status(line)).isEqualTo(LineStatus.REJECTED);
        assertThat(ledger.find(LedgerAccounts.working(line.clientId())).orElseThrow().reserved()).isEqualByComparingTo("0");
    }

    @Test
    void givenALineCancelledBeforeItsReservation_itShouldCloseCancelled_withNothingHeldOrReleased() {
        PayoutLineCommand line = newLine("1000.00", "200.00");

        payouts.closeAndPublish(new LineOutcome(line.reference(), LineStatus.CANCELLED, ResultCode.CANCELLED.code(),
                ResultCode.CANCELLED.description(), null, null));

        assertThat(status(line)).isEqualTo(LineStatus.CANCELLED);
        assertThat(ledger.holdState("payout:" + line.reference())).isEmpty();
        assertThat(ledger.available(LedgerAccounts.working(line.clientId()))).isEqualByComparingTo("1000.00");
        LedgerInvariants.assertHold(jdbc);
    }

    @Test
    void givenTooLittleInTheWorkingAccount_theLineShouldBeFailedOnce_withNothingHeld() {
        PayoutLineCommand line = newLine("100.00", "200.00");

        Reservation first = payouts.reserveAndClaim(line.reference());
        Reservation retry = payouts.reserveAndClaim(line.reference());

        assertThat(first.outcome()).isEqualTo(Reservation.Outcome.INSUFFICIENT_FUNDS);
        assertThat(retry.outcome()).isEqualTo(Reservation.Outcome.INSUFFICIENT_FUNDS);
        PayoutLineRow row = store.findLine(line.reference()).orElseThrow();
        assertThat(row.transactionStatus()).isEqualTo(LineStatus.FAILED);
        assertThat(row.resultCode()).isEqualTo(ResultCode.INSUFFICIENT_FUNDS.code());
        assertThat(store.findOrder(UUID.fromString(line.orderId())).orElseThrow().isProcessed()).isTrue();
        assertThat(transfers(line, TransferState.PENDING)).isZero();
    }

    @Test
    void givenCloseAndPublishRunTwice_theLineShouldBePostedOnce_andEachEventRecordedOnce_withTheLineAsRecorded() {
        PayoutLineCommand line = newLine("1000.00", "200.00");
        payouts.reserveAndClaim(line.reference());
        LineOutcome paid = new LineOutcome(line.reference(), LineStatus.COMPLETED, "0", "Processed",
                new RailAcknowledgement(true, "TX-42", "0", "Accepted", null),
                PayoutRailProtocol.of(line.rail()).finalResult(line.reference(), "0", "Processed", "R-1", "Jane Doe",
                        null));

        payouts.closeAndPublish(paid);

        PayoutLineRow row = store.findLine(line.reference()).orElseThrow();
        assertThat(row.transactionStatus()).isEqualTo(LineStatus.COMPLETED);
        assertThat(row.trackingNumber()).isEqualTo("TX-42");
        assertEventsOnce(line, row); // by the first run, from the rows its own writes answered

        payouts.closeAndPublish(paid); // a retry

        assertThat(store.findLine(line.reference()).orElseThrow()).isEqualTo(row);
        assertThat(transfers(line, TransferState.POSTED)).isEqualTo(2);
        assertThat(ledger.available(LedgerAccounts.working(line.clientId()))).isEqualByComparingTo("790.00");
        assertEventsOnce(line, row);
        LedgerInvariants.assertHold(jdbc);
    }

    /** The line's event, with the line as recorded, and its order's, each recorded once. */
    private void assertEventsOnce(PayoutLineCommand line, PayoutLineRow recorded) {
        assertThat(jdbc.sql("select type from events where client_id = ? order by type").param(line.clientId())
                .query(String.class).list()).containsExactly("payment_order.processed", "payout.completed");
        assertThat(jdbc.sql("select data::text from events where client_id = ? and type = ?")
                .params(line.clientId(), "payout.completed").query(String.class).single())
                .isEqualTo(JSON.writeValueAsString(PayoutRecords.line(recorded, JSON)));
    }

    /** The line an order of one accepted, for a new client with this float. */
    private PayoutLineCommand newLine(String floatKes, String amount) {
        PayoutHarness harness = new PayoutHarness(store, clients, ledger);
        PaymentOrderCommand order = harness.record(harness.newClient(floatKes), PayoutWorkflowTestBase.TIMING,
                LineSpec.mobile("+254712000041", amount));
        return order.lines().getFirst();
    }

    private LineStatus status(PayoutLineCommand line) {
        return store.findLine(line.reference()).orElseThrow().transactionStatus();
    }

    private int transfers(PayoutLineCommand line, TransferState state) {
        return jdbc.sql("select count(*) from ledger_transfer_states where reservation_key = ? and state = ?")
                .params("payout:" + line.reference(), state.name()).query(Integer.class).single();
    }
}
