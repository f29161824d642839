package com.paywire.activities.payouts.reversals;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.activities.ActivitiesTestApplication;
import com.paywire.activities.UnusedRails;
import com.paywire.domain.InvalidInputException;
import com.paywire.domain.UnknownResourceException;
import com.paywire.domain.money.MoneyEngine;
import com.paywire.domain.payouts.PayoutOutcomes;
import com.paywire.domain.payouts.reversals.PayoutReversals;
import com.paywire.domain.payouts.reversals.PayoutReversals.Conflict;
import com.paywire.domain.payouts.reversals.PayoutReversals.NotReversible;
import com.paywire.persistence.TestDatabase;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.persistence.ledger.LedgerStatement;
import com.paywire.persistence.operations.UnconfirmedPaymentStore;
import com.paywire.persistence.payouts.PayoutStore;
import com.paywire.persistence.payouts.reversals.PayoutReversalStore;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.vocabulary.ledger.BalanceTransactionType;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.ledger.StatementEntry;
import com.paywire.vocabulary.ledger.TransferState;
import com.paywire.vocabulary.payouts.LineStatus;
import com.paywire.vocabulary.payouts.PaymentOrderRow;
import com.paywire.vocabulary.payouts.PayoutLineRow;
import com.paywire.vocabulary.payouts.PayoutRecipient;
import com.paywire.vocabulary.payouts.reversals.PayoutReversal;
import com.paywire.vocabulary.payouts.reversals.PayoutReversalStatus;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.vocabulary.rules.money.Leg;
import com.paywire.workflows.OperatorResolution;
import com.paywire.workflows.paybacks.PayBackAnswer;
import com.paywire.workflows.paybacks.PayBackAnswer.State;
import com.paywire.workflows.payouts.RailAcknowledgement;
import com.paywire.workflows.payouts.RailResult;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Issue 48 point 3 on the real ledger: a completed mobile-money payout line reversed by the rail credits the
 * client's working account its amount once, however often the rail's answer comes (the fee stays earned), and the
 * line becomes Reversed with {@code payout.reversed}; a refusal voids the hold and leaves the line Completed; an
 * unknown answer keeps it held. Only a Completed mobile-money line to a wallet, with the rail's receipt, is
 * reversed.
 */
@SpringBootTest(classes = ActivitiesTestApplication.class)
class PayoutReversalLedgerTest {

    static final PayBackAnswer REVERSED = new PayBackAnswer(State.PAID, "RVR1", "0", "Reversed");
    static final PayBackAnswer SPENT = new PayBackAnswer(State.REFUSED, null, "R000003",
            "The recipient no longer holds the funds to reverse.");
    static final String WALLET = "+254711000005";

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        TestDatabase.register(registry);
        UnusedRails.register(registry);
    }

    @Autowired
    PayoutReversals reversals;
    @Autowired
    PayoutReversalActivitiesImpl activities;
    @Autowired
    PayoutReversalStore store;
    @Autowired
    PayoutStore payouts;
    @Autowired
    PayoutOutcomes outcomes;
    @Autowired
    ApiClientStore clients;
    @Autowired
    MoneyEngine money;
    @Autowired
    Ledger ledger;
    @Autowired
    LedgerStatement statements;
    @Autowired
    JdbcClient jdbc;
    @Autowired
    UnconfirmedPaymentStore unconfirmed;

    String client;

    @BeforeEach
    void aClientWithAFloat() {
        client = "reversals-" + UUID.randomUUID();
        clients.register(new ApiClient(client, client, "unused", Set.of("payouts")), List.of());
        ledger.transfer("float:" + client, new Leg(LedgerAccounts.FUNDING, LedgerAccounts.working(client),
                new BigDecimal("1000.00")), "test float");
    }

    @Test
    void givenTheRailReversesIt_theWorkingAccountShouldBeCreditedTheAmountOnce_andTheLineReversed() {
        PayoutLineRow line = completed(Rail.MOBILE_MONEY, WALLET, "RCPT-" + UUID.randomUUID());
        assertThat(working()).as("300.00 and its 10.00 fee sent").isEqualByComparingTo("690.00");

        PayoutReversal reversal = request(line, "sent to the wrong wallet").reversal();
        activities.holdReversal(reversal.id().toString());
        activities.holdReversal(reversal.id().toString()); // a retried activity
        assertThat(holdStates(reversal)).as("held before the rail is asked").containsExactly("PENDING");
        assertThat(working()).as("nothing credited while held").isEqualByComparingTo("690.00");

        activities.closeReversal(reversal.id().toString(), REVERSED);
        activities.closeReversal(reversal.id().toString(), REVERSED); // the rail's callback, twice

        assertThat(working()).as("the amount back once, the fee kept").isEqualByComparingTo("990.00");
        assertThat(ledger.find(LedgerAccounts.working(client)).orElseThrow().reserved()).isEqualByComparingTo("0");
        assertThat(jdbc.sql("select count(*) from ledger_transfers where reservation_key like ? and state = 'POSTED'")
                .param("%:reversal:" + reversal.id() + "%").query(Long.class).single()).isEqualTo(1);
        assertThat(reversal.holdKey()).isEqualTo("payout:" + line.railReference() + ":reversal:" + reversal.id());
        assertThat(store.find(reversal.id()).orElseThrow().status()).isEqualTo(PayoutReversalStatus.REVERSED);
        PayoutLineRow reversed = payouts.findLine(line.railReference()).orElseThrow();
        assertThat(reversed.transactionStatus()).isEqualTo(LineStatus.REVERSED);
        assertThat(reversed.transactionStatusDescription()).isEqualTo("Reversed");
        assertThat(events("payout.reversed")).as("published once").isEqualTo(1);

        StatementEntry credit = statement().getLast();
        assertThat(credit.type()).isEqualTo(BalanceTransactionType.PAYOUT_REVERSAL);
        assertThat(credit.netAmount()).isEqualByComparingTo("300.00");
        assertThat(credit.feeAmount()).isEqualByComparingTo("0");
        assertThat(credit.clientReference()).as("the line's stan").isEqualTo(line.systemTraceAuditNumber());
        assertThat(credit.paymentId()).isEqualTo(line.railReference());
    }

    @Test
    void givenTheRecipientSpentIt_theHoldShouldBeVoided_theLineStayCompleted_andANewReversalMayBeAsked() {
        PayoutLineRow line = completed(Rail.MOBILE_MONEY, WALLET, "RCPT-" + UUID.randomUUID());
        PayoutReversal reversal = request(line, "sent to the wrong wallet").reversal();
        activities.holdReversal(reversal.id().toString());

        activities.closeReversal(reversal.id().toString(), SPENT);
        activities.closeReversal(reversal.id().toString(), REVERSED); // a late contrary answer changes nothing

        assertThat(holdStates(reversal)).containsExactly("PENDING", "VOIDED");
        assertThat(working()).isEqualByComparingTo("690.00");
        PayoutReversal refused = store.find(reversal.id()).orElseThrow();
        assertThat(refused.status()).isEqualTo(PayoutReversalStatus.REFUSED);
        assertThat(refused.resultCode()).isEqualTo("R000003");
        assertThat(refused.note()).contains("no longer holds");
        assertThat(payouts.findLine(line.railReference()).orElseThrow().transactionStatus())
                .isEqualTo(LineStatus.COMPLETED);
        assertThat(events("payout.reversed")).isZero();

        PayoutReversals.Requested again = request(line, "sent to the wrong wallet");
        assertThat(again.created()).as("after a refusal a new one may be asked").isTrue();
        assertThat(again.reversal().id()).isNotEqualTo(reversal.id());
    }

    @Test
    void givenAnOperatorsWord_theNoteShouldNameTheOperator_andSayTheRailRefusedOnlyWhenItDid() {
        PayoutLineRow paidLine = completed(Rail.MOBILE_MONEY, "+254711000006", "RCPT-" + UUID.randomUUID());
        PayoutReversal paid = request(paidLine, "sent to the wrong wallet").reversal();
        activities.holdReversal(paid.id().toString());
        PayoutLineRow notPaidLine = completed(Rail.MOBILE_MONEY, "+254711000006", "RCPT-" + UUID.randomUUID());
        PayoutReversal notPaid = request(notPaidLine, "sent to the wrong wallet").reversal();
        activities.holdReversal(notPaid.id().toString());

        activities.closeReversal(paid.id().toString(), PayBackAnswer.resolvedBy(
                new OperatorResolution(paid.id().toString(), true, "rail ticket 4470: paid back"), "ops-ann"));
        activities.closeReversal(notPaid.id().toString(), PayBackAnswer.resolvedBy(
                new OperatorResolution(notPaid.id().toString(), false, "rail ticket 4471: spent"), "ops-ann"));

        PayoutReversal reversed = store.find(paid.id()).orElseThrow();
        assertThat(reversed.status()).isEqualTo(PayoutReversalStatus.REVERSED);
        assertThat(reversed.note()).isEqualTo("Confirmed done by operator ops-ann: rail ticket 4470: paid back");
        PayoutReversal refused = store.find(notPaid.id()).orElseThrow();
        assertThat(refused.status()).isEqualTo(PayoutReversalStatus.REFUSED);
        assertThat(refused.note()).isEqualTo("Confirmed not done by operator ops-ann: rail ticket 4471: spent");
        assertThat(store.find(reversalRefusedByTheRail()).orElseThrow().note())
                .startsWith("The rail refused it (R000003)");
    }

    /** A reversal the rail itself refused, for the note's wording. */
    private UUID reversalRefusedByTheRail() {
        PayoutLineRow line = completed(Rail.MOBILE_MONEY, WALLET, "RCPT-" + UUID.randomUUID());
        PayoutReversal reversal = request(line, "sent to the wrong wallet").reversal();
        activities.holdReversal(reversal.id().toString());
        activities.closeReversal(reversal.id().toString(), SPENT);
        return reversal.id();
    }

    @Test
    void givenNoAnswer_theHoldShouldBeKeptPending_withWhyItWaits() {
        PayoutLineRow line = completed(Rail.MOBILE_MONEY, "+254711000006", "RCPT-" + UUID.randomUUID());
        PayoutReversal reversal = request(line, "sent to the wrong wallet").reversal();
        activities.holdReversal(reversal.id().toString());

        activities.keepReversalHeld(reversal.id().toString(), "no answer from the rail in 24 h");

        assertThat(holdStates(reversal)).containsExactly("PENDING");
        assertThat(working()).isEqualByComparingTo("690.00");
        PayoutReversal waiting = store.find(reversal.id()).orElseThrow();
        assertThat(waiting.status()).isEqualTo(PayoutReversalStatus.REVERSING);
        assertThat(waiting.note()).contains("no answer");
        assertThat(unconfirmed.referredKeys()).as("referred: the ledger check does not call the hold stale")
                .contains(reversal.holdKey());
        assertThat(payouts.findLine(line.railReference()).orElseThrow().transactionStatus())
                .isEqualTo(LineStatus.COMPLETED);
    }

    @Test
    void askingAgain_shouldAnswerTheSameReversal_andAnotherReasonIsAConflict() {
        PayoutLineRow line = completed(Rail.MOBILE_MONEY, WALLET, "RCPT-" + UUID.randomUUID());
        PayoutReversals.Requested first = request(line, "sent to the wrong wallet");

        PayoutReversals.Requested again = request(line, "  sent to the wrong wallet ");

        assertThat(first.created()).isTrue();
        assertThat(again.created()).isFalse();
        assertThat(again.reversal().id()).isEqualTo(first.reversal().id());
        assertThatThrownBy(() -> request(line, "another story")).isInstanceOf(Conflict.class);
    }

    @Test
    void onlyACompletedMobileMoneyLineToAWallet_withItsReceipt_shouldBeReversed() {
        PayoutLineRow processing = line(Rail.MOBILE_MONEY, WALLET);
        assertThatThrownBy(() -> request(processing, "why")).isInstanceOf(Conflict.class)
                .hasMessageContaining("Completed");
        PayoutLineRow bank = completed(Rail.BANK, "0100200300400", "BANK-1");
        assertThatThrownBy(() -> request(bank, "why")).isInstanceOf(NotReversible.class)
                .hasMessageContaining("mobile-money");
        PayoutLineRow noReceipt = completed(Rail.MOBILE_MONEY, WALLET, null);
        assertThatThrownBy(() -> request(noReceipt, "why")).isInstanceOf(NotReversible.class)
                .hasMessageContaining("receipt");
        assertThat(jdbc.sql("select count(*) from payout_reversals where client_id = ?").param(client)
                .query(Long.class).single()).as("nothing recorded").isZero();
    }

    @Test
    void anUnknownLine_orAnotherClientsOne_shouldBeNotFound_withoutQuotingIt_andMissingFieldsInvalid() {
        PayoutLineRow line = completed(Rail.MOBILE_MONEY, WALLET, "RCPT-" + UUID.randomUUID());
        PaymentOrderRow order = payouts.findOrder(line.orderId()).orElseThrow();

        assertThatThrownBy(() -> reversals.request(client, order.originatorConversationId(), "no-such-stan", "why",
                "operator-1")).isInstanceOf(UnknownResourceException.class).message().doesNotContain("no-such-stan");
        assertThatThrownBy(() -> reversals.request("someone-else", order.originatorConversationId(),
                line.systemTraceAuditNumber(), "why", "operator-1")).isInstanceOf(UnknownResourceException.class);
        assertThatThrownBy(() -> reversals.request(client, order.originatorConversationId(),
                line.systemTraceAuditNumber(), " ", "operator-1")).isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> reversals.request(client, null, null, "why", "operator-1"))
                .isInstanceOf(InvalidInputException.class);
    }

    private PayoutReversals.Requested request(PayoutLineRow line, String reason) {
        PaymentOrderRow order = payouts.findOrder(line.orderId()).orElseThrow();
        return reversals.request(client, order.originatorConversationId(), line.systemTraceAuditNumber(), reason,
                "operator-1");
    }

    /** A line of 300.00 (fee 10.00) the rail paid, as its workflow leaves it: Completed, its hold posted. */
    private PayoutLineRow completed(Rail rail, String account, String receipt) {
        PayoutLineRow line = line(rail, account);
        money.settle(PayoutOutcomes.movement(line));
        return outcomes.recordOutcome(line, LineStatus.COMPLETED, "0", "Completed",
                new RailAcknowledgement(true, "RAIL-" + line.id(), "0", "Accepted", null),
                new RailResult(line.railReference(), RailResult.State.COMPLETED, "0", "Completed", "0",
                        "The service request is processed successfully.", receipt, "Jane", null, null));
    }

    /** A line of 300.00 (fee 10.00) held and with the rail (Processing). */
    private PayoutLineRow line(Rail rail, String account) {
        PaymentOrderRow order = new PaymentOrderRow(UUID.randomUUID(), client, "ocid-" + UUID.randomUUID(), null,
                false, true, OffsetDateTime.now());
        UUID lineId = UUID.randomUUID();
        payouts.insertOrder(order, List.of(PayoutLineRow.pending(lineId, order.id(), client, 0,
                new PayoutLineRow.Request("stan-" + lineId, rail, UUID.randomUUID(), 1, 1, new BigDecimal("300.00"),
                        "KES", "salary", null, new PayoutRecipient("Jane", null, null, null, null, null, null, null,
                        null, account, 404, "KE", null, null), account, null),
                new BigDecimal("10.00"), null, lineId.toString())));
        PayoutLineRow row = payouts.findLine(lineId.toString()).orElseThrow();
        assertThat(money.hold(PayoutOutcomes.movement(row), "Payout")).isTrue();
        payouts.setStatus(row.railReference(), LineStatus.PROCESSING);
        return payouts.findLine(lineId.toString()).orElseThrow();
    }

    private BigDecimal working() {
        return ledger.available(LedgerAccounts.working(client));
    }

    private List<String> holdStates(PayoutReversal reversal) {
        return jdbc.sql("select state from ledger_transfers where reservation_key = ? order by created_at, state desc")
                .param(reversal.holdKey()).query(String.class).list();
    }

    private long events(String type) {
        return jdbc.sql("select count(*) from events where client_id = ? and type = ?").params(client, type)
                .query(Long.class).single();
    }

    private List<StatementEntry> statement() {
        return statements.page(LedgerAccounts.working(client), client, Instant.EPOCH, Instant.now().plusSeconds(60),
                0, 100).entries();
    }
}
