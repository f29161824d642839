package com.paywire.activities.payouts;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.activities.ActivitiesTestApplication;
import com.paywire.activities.UnusedRails;
import com.paywire.activities.payouts.PayoutHarness.LineSpec;
import com.paywire.persistence.LedgerInvariants;
import com.paywire.persistence.TestDatabase;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.persistence.payouts.PayoutStore;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.ledger.TransferState;
import com.paywire.vocabulary.lifecycle.Lifecycles;
import com.paywire.vocabulary.payouts.LineStatus;
import com.paywire.vocabulary.payouts.ResultCode;
import com.paywire.workflows.payouts.PaymentOrderCommand;
import com.paywire.workflows.payouts.PayoutLineCommand;
import com.paywire.workflows.payouts.Reservation;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Issue 46: a payroll's lines hold their money a batch at a time, the client's working account locked once per
 * {@value PayoutActivitiesImpl#HOLD_AHEAD} lines, not once per line; each line's own step then finds its hold.
 */
@SpringBootTest(classes = ActivitiesTestApplication.class)
class PayrollHoldTest {

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
    void aPayrollOf1200Lines_shouldHoldInThreeTransactions_eachLineReservedOnce() {
        PaymentOrderCommand order = payroll("30000.00", IntStream.range(0, 1200).mapToObj(i -> "10.00").toArray(String[]::new));

        for (PayoutLineCommand line : order.lines()) {
            assertThat(payouts.reserveAndClaim(line.reference()).outcome()).isEqualTo(Reservation.Outcome.RESERVED);
        }

        // rows one transaction inserted share its id (xmin): the holds of 500, 500 and 200 lines
        assertThat(jdbc.sql("""
                select count(distinct t.xmin::text) from ledger_transfers t join payout_lines l on t.reservation_key = 'payout:' || l.rail_reference
                where l.order_id = ? and t.state = ?""").params(UUID.fromString(order.orderId()), TransferState.PENDING.name())
                .query(Integer.class).single()).isEqualTo(3);
        assertThat(jdbc.sql("select count(*) from payout_lines where order_id = ? and transaction_status = ?")
                .params(UUID.fromString(order.orderId()), LineStatus.PROCESSING.code()).query(Integer.class).single()).isEqualTo(1200);
        assertThat(ledger.find(LedgerAccounts.working(order.clientId())).orElseThrow().reserved())
                .as("amount and fee of each line, once").isEqualByComparingTo("24000.00");
        LedgerInvariants.assertHold(jdbc);
    }

    @Test
    void aLineThatDoesNotFitTheBatch_shouldBeLeftToItsOwnStep_whileTheSmallerOnesAfterItAreHeld() {
        PaymentOrderCommand order = payroll("500.00", "200.00", "400.00", "100.00");
        List<PayoutLineCommand> lines = order.lines();

        assertThat(payouts.reserveAndClaim(lines.get(0).reference()).outcome()).isEqualTo(Reservation.Outcome.RESERVED);

        assertThat(ledger.holdState("payout:" + lines.get(1).reference())).as("400 + 10 after 210 is more than 500").isEmpty();
        assertThat(ledger.holdState("payout:" + lines.get(2).reference())).contains(TransferState.PENDING);
        assertThat(payouts.reserveAndClaim(lines.get(1).reference()).outcome()).isEqualTo(Reservation.Outcome.INSUFFICIENT_FUNDS);
        assertThat(store.findLine(lines.get(1).reference()).orElseThrow().resultCode())
                .isEqualTo(ResultCode.INSUFFICIENT_FUNDS.code());
        assertThat(payouts.reserveAndClaim(lines.get(2).reference()).outcome()).isEqualTo(Reservation.Outcome.RESERVED);
        assertThat(ledger.available(LedgerAccounts.working(order.clientId()))).isEqualByComparingTo("180.00");
        LedgerInvariants.assertHold(jdbc);
    }

    @Test
    void aLineTheClientRejectsAfterItsBatchHeldIt_shouldGiveItsHoldBack() {
        PaymentOrderCommand order = payroll("1000.00", "100.00", "200.00", "300.00");
        List<PayoutLineCommand> lines = order.lines();
        payouts.reserveAndClaim(lines.get(0).reference());
        assertThat(ledger.available(LedgerAccounts.working(order.clientId()))).isEqualByComparingTo("370.00");

        store.rejectUnsentLines(UUID.fromString(order.orderId()), Lifecycles.PAYOUT_LINE.from(LineStatus.REJECTED),
                LineStatus.REJECTED, ResultCode.REJECTED.code(), ResultCode.REJECTED.description());
        assertThat(payouts.reserveAndClaim(lines.get(1).reference()).outcome()).isEqualTo(Reservation.Outcome.REJECTED);
        assertThat(payouts.reserveAndClaim(lines.get(2).reference()).outcome()).isEqualTo(Reservation.Outcome.REJECTED);
        assertThat(payouts.reserveAndClaim(lines.get(2).reference()).outcome()).as("a retry").isEqualTo(Reservation.Outcome.REJECTED);

        assertThat(ledger.holdState("payout:" + lines.get(1).reference())).contains(TransferState.VOIDED);
        assertThat(ledger.available(LedgerAccounts.working(order.clientId()))).as("line 1's 110 alone held")
                .isEqualByComparingTo("890.00");
        LedgerInvariants.assertHold(jdbc);
    }

    /** An order of mobile lines for a new client with this float, each line's fee set as intake sets it. */
    private PaymentOrderCommand payroll(String floatKes, String... amounts) {
        PayoutHarness harness = new PayoutHarness(store, clients, ledger);
        PaymentOrderCommand order = harness.record(harness.newClient(floatKes), PayoutWorkflowTestBase.TIMING,
                IntStream.range(0, amounts.length).mapToObj(i -> LineSpec.mobile("+2547120" + String.format("%05d", i), amounts[i]))
                        .toArray(LineSpec[]::new));
        jdbc.sql("update payout_lines set fee_amount = 10.00 where order_id = ?").param(UUID.fromString(order.orderId())).update();
        return order;
    }
}
