package com.paywire.activities.paybacks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.activities.ActivitiesTestApplication;
import com.paywire.activities.UnusedRails;
import com.paywire.domain.InvalidInputException;
import com.paywire.domain.UnknownResourceException;
import com.paywire.domain.collections.PromptMoney;
import com.paywire.domain.money.MoneyEngine;
import com.paywire.domain.observability.PaywireMeters;
import com.paywire.domain.paybacks.CollectionReversalView;
import com.paywire.domain.paybacks.CollectionReversals;
import com.paywire.domain.paybacks.CollectionReversals.Refused;
import com.paywire.domain.paybacks.CollectionReversals.ReversalRequest;
import com.paywire.persistence.TestDatabase;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.collections.DepositStore;
import com.paywire.persistence.collections.PaybillDepositStore;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.vocabulary.collections.Deposit;
import com.paywire.vocabulary.collections.DepositStatus;
import com.paywire.vocabulary.collections.PaybillDeposit;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.ledger.TransferState;
import com.paywire.vocabulary.notifications.EventType;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.vocabulary.rules.money.Movement;
import com.paywire.workflows.paybacks.PayBackAnswer;
import com.paywire.workflows.paybacks.PayBackAnswer.State;
import io.micrometer.core.instrument.MeterRegistry;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Issue 48's reversals of collections on the real ledger: the whole amount held from the utility account and
 * revenue when the client asks, posted once however often the rail answers, released when it refuses, kept held
 * while its answer is unknown; refused with nothing held when the utility account is short; one reversal per
 * OriginatorConversationId and per collection at a time.
 */
@SpringBootTest(classes = ActivitiesTestApplication.class)
class CollectionReversalLedgerTest {

    static final PayBackAnswer REVERSED = new PayBackAnswer(State.PAID, "RVS1", "0", "Reversed");
    static final PayBackAnswer SPENT = new PayBackAnswer(State.REFUSED, null, "R000003",
            "The recipient no longer holds the money");

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        TestDatabase.register(registry);
        UnusedRails.register(registry);
    }

    @Autowired
    CollectionReversals reversals;
    @Autowired
    PayBackActivitiesImpl activities;
    @Autowired
    PaybillDepositStore paybill;
    @Autowired
    DepositStore deposits;
    @Autowired
    MoneyEngine money;
    @Autowired
    Ledger ledger;
    @Autowired
    JdbcClient jdbc;
    @Autowired
    ApiClientStore clients;
    @Autowired
    MeterRegistry meters;

    @Test
    void givenAPaybillDepositReversed_theWholeAmountShouldBeHeldFirst_thenPostedOnce_thoughTheRailAnswersTwice() {
        String client = client();
        PaybillDeposit deposit = paybillDeposit(client, "2000.00", "11.00");
        BigDecimal railBefore = balance(LedgerAccounts.railSettlement(Rail.MOBILE_MONEY));

        CollectionReversalView asked = request(client, "rev-1", "PAYBILL_DEPOSIT", deposit.receiptNumber());

        assertThat(asked.status()).isEqualTo("REVERSING");
        assertThat(asked.amount()).isEqualByComparingTo("2000.00");
        assertThat(asked.fee()).isEqualByComparingTo("11.00");
        String key = Product.PAYBILL_DEPOSIT.key(deposit.id().toString()) + ":reversal:" + asked.reversalId();
        assertThat(ledger.holdState(key)).as("held before the rail is asked").contains(TransferState.PENDING);
        assertThat(ledger.holdState(key + ":fee")).contains(TransferState.PENDING);
        assertThat(ledger.available(LedgerAccounts.utility(client))).isEqualByComparingTo("0.00");

        double paidBack = moneyBack("paid_back");
        activities.closePayBack(asked.reversalId(), REVERSED);
        activities.closePayBack(asked.reversalId(), REVERSED);
        assertThat(moneyBack("paid_back") - paidBack).as("counted once").isEqualTo(1.0);

        assertThat(ledger.holdState(key)).contains(TransferState.POSTED);
        assertThat(ledger.holdState(key + ":fee")).contains(TransferState.POSTED);
        assertThat(balance(LedgerAccounts.utility(client))).as("moved once").isEqualByComparingTo("0.00");
        assertThat(jdbc.sql("""
                select debit_account || ' ' || amount from ledger_transfer_states
                where reservation_key like ? and state = 'POSTED' order by reservation_key
                """).param("%:reversal:" + asked.reversalId() + "%").query(String.class).list())
                .as("the audit's query finds both legs, the fee given back by revenue")
                .containsExactly(LedgerAccounts.utility(client) + " 1989.00",
                        LedgerAccounts.feeRevenue("KES") + " 11.00");
        assertThat(balance(LedgerAccounts.railSettlement(Rail.MOBILE_MONEY))).isEqualByComparingTo(
                railBefore.add(new BigDecimal("2000.00")));
        CollectionReversalView done = reversals.find(client, "rev-1").orElseThrow();
        assertThat(done.status()).isEqualTo("REVERSED");
        assertThat(done.resultCode()).isEqualTo("0");
        assertThat(events(client, EventType.PAYBILL_DEPOSIT_REVERSED)).as("announced once").isEqualTo(1);
        assertThat(reversals.latestOf(deposit.id()).orElseThrow().reversalId()).isEqualTo(asked.reversalId());
        assertThatThrownBy(() -> request(client, "rev-2", "PAYBILL_DEPOSIT", deposit.receiptNumber()))
                .isInstanceOf(Refused.class).hasMessageContaining("reversed already");
    }

    @Test
    void givenTheRailRefuses_theHoldShouldBeReleased_withItsCode_andTheCollectionMayBeReversedAgain() {
        String client = client();
        PaybillDeposit deposit = paybillDeposit(client, "500.00", "2.75");
        CollectionReversalView first = request(client, "rev-a", "PAYBILL_DEPOSIT", deposit.receiptNumber());
        assertThatThrownBy(() -> request(client, "rev-b", "PAYBILL_DEPOSIT", deposit.receiptNumber()))
                .as("one at a time").isInstanceOf(Refused.class).hasMessageContaining("being reversed");

        activities.closePayBack(first.reversalId(), SPENT);

        CollectionReversalView failed = reversals.find(client, "rev-a").orElseThrow();
        assertThat(failed.status()).isEqualTo("FAILED");
        assertThat(failed.resultCode()).isEqualTo("R000003");
        assertThat(ledger.available(LedgerAccounts.utility(client))).isEqualByComparingTo("497.25");
        assertThat(balance(LedgerAccounts.utility(client))).isEqualByComparingTo("497.25");
        assertThat(events(client, EventType.PAYBILL_DEPOSIT_REVERSAL_FAILED)).isEqualTo(1);

        CollectionReversalView again = request(client, "rev-b", "PAYBILL_DEPOSIT", deposit.receiptNumber());
        assertThat(again.status()).isEqualTo("REVERSING");
        assertThat(ledger.available(LedgerAccounts.utility(client))).isEqualByComparingTo("0.00");
    }

    @Test
    void givenNoAnswer_theMoneyShouldStayHeld_shownHeld_untilTheRailDecides() {
        String client = client();
        PaybillDeposit deposit = paybillDeposit(client, "300.00", "1.65");
        CollectionReversalView asked = request(client, "rev-u", "PAYBILL_DEPOSIT", deposit.receiptNumber());

        double referred = moneyBack("held");
        activities.keepPayBackHeld(asked.reversalId(), "no answer from the rail in 24 h");
        activities.keepPayBackHeld(asked.reversalId(), "no answer from the rail in 24 h"); // a retry
        assertThat(moneyBack("held") - referred).as("referred once").isEqualTo(1.0);

        CollectionReversalView held = reversals.find(client, "rev-u").orElseThrow();
        assertThat(held.status()).isEqualTo("HELD");
        assertThat(held.resultDesc()).contains("no answer");
        String key = Product.PAYBILL_DEPOSIT.key(deposit.id().toString()) + ":reversal:" + asked.reversalId();
        assertThat(ledger.holdState(key)).contains(TransferState.PENDING);
        assertThat(balance(LedgerAccounts.utility(client))).as("held, not moved").isEqualByComparingTo("298.35");
        assertThat(ledger.available(LedgerAccounts.utility(client))).isEqualByComparingTo("0.00");
    }

    @Test
    void givenTheUtilityAccountShort_theReversalShouldBeRefused_withNothingHeldNorRecorded() {
        String client = client();
        PaybillDeposit deposit = paybillDeposit(client, "1000.00", "5.50");
        assertThat(money.moveUtilityToWorking("test:" + UUID.randomUUID(), client, new BigDecimal("10.00"), "spent"))
                .isTrue();
        long rows = rows();

        assertThatThrownBy(() -> request(client, "rev-s", "PAYBILL_DEPOSIT", deposit.receiptNumber()))
                .isInstanceOfSatisfying(Refused.class, r -> assertThat(r.why()).isEqualTo(Refused.Why.FUNDS_SHORT));

        assertThat(rows()).isEqualTo(rows);
        assertThat(reversals.find(client, "rev-s")).isEmpty();
        assertThat(ledger.available(LedgerAccounts.utility(client))).isEqualByComparingTo("984.50");
        assertThat(jdbc.sql("select count(*) from ledger_transfer_states where idempotency_key like ?")
                .param(Product.PAYBILL_DEPOSIT.key(deposit.id().toString()) + ":reversal:%").query(Long.class)
                .single()).isZero();
    }

    @Test
    void theSameOriginatorConversationIdAgain_shouldAnswerTheSameReversal_heldOnce_andAnotherBodyIsAConflict() {
        String client = client();
        Deposit deposit = expressDeposit(client, "750.00", DepositStatus.COMPLETED);

        CollectionReversalView first = request(client, "rev-i", "EXPRESS_DEPOSIT", deposit.originatorConversationId());
        CollectionReversalView second = request(client, "rev-i", "EXPRESS_DEPOSIT", deposit.originatorConversationId());

        assertThat(second.reversalId()).isEqualTo(first.reversalId());
        assertThat(first.fee()).as("an express deposit bears no fee").isEqualByComparingTo("0.00");
        assertThat(ledger.available(LedgerAccounts.utility(client))).as("held once").isEqualByComparingTo("0.00");
        assertThat(ledger.find(LedgerAccounts.utility(client)).orElseThrow().reserved())
                .isEqualByComparingTo("750.00");
        assertThatThrownBy(() -> reversals.request(client, new ReversalRequest("rev-i", "EXPRESS_DEPOSIT",
                deposit.originatorConversationId(), "another reason"), null))
                .isInstanceOfSatisfying(Refused.class, r -> assertThat(r.why()).isEqualTo(Refused.Why.CONFLICT));

        activities.closePayBack(first.reversalId(), REVERSED);
        assertThat(balance(LedgerAccounts.utility(client))).isEqualByComparingTo("0.00");
        assertThat(events(client, EventType.DEPOSIT_REVERSED)).isEqualTo(1);
    }

    @Test
    void theSameRequestFourTimesAtOnce_shouldRecordAndHoldOneReversal() throws Exception {
        String client = client();
        PaybillDeposit deposit = paybillDeposit(client, "400.00", "2.20");
        ExecutorService callers = Executors.newFixedThreadPool(4);
        try {
            List<Future<CollectionReversalView>> answers = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                answers.add(callers.submit(() -> request(client, "rev-c", "PAYBILL_DEPOSIT", deposit.receiptNumber())));
            }
            Set<String> ids = new HashSet<>();
            for (Future<CollectionReversalView> answer : answers) {
                ids.add(answer.get(30, TimeUnit.SECONDS).reversalId());
            }
            assertThat(ids).hasSize(1);
        } finally {
            callers.shutdownNow();
        }
        assertThat(ledger.find(LedgerAccounts.utility(client)).orElseThrow().reserved()).as("held once")
                .isEqualByComparingTo("397.80");
    }

    @Test
    void onlyTheClientsOwnCompletedCollection_shouldBeReversed_andTheRequestValidated() {
        String client = client();
        Deposit pending = expressDeposit(client, "100.00", DepositStatus.PENDING);
        PaybillDeposit others = paybillDeposit(client(), "100.00", "0.55");

        assertThatThrownBy(() -> request(client, "rev-p", "EXPRESS_DEPOSIT", pending.originatorConversationId()))
                .isInstanceOf(Refused.class).hasMessageContaining("completed");
        assertThatThrownBy(() -> request(client, "rev-o", "PAYBILL_DEPOSIT", others.receiptNumber()))
                .isInstanceOf(UnknownResourceException.class).message().doesNotContain(others.receiptNumber());
        assertThatThrownBy(() -> request(client, "rev-o", "PAYMENT_LINK_PAYMENT", pending.id().toString()))
                .as("an express deposit is no payment link's payment").isInstanceOf(UnknownResourceException.class);
        assertThatThrownBy(() -> reversals.request(client, new ReversalRequest(" ", "CARD", null, ""), null))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.problems())
                        .extracting(p -> p.field()).containsExactly("originatorConversationId", "collectionType",
                                "collectionId", "reason"));
    }

    @Test
    void givenTheChargeTableKeepsTheFee_theUtilityAccountShouldGiveBackTheWholeAmount() {
        String client = client();
        PaybillDeposit deposit = paybillDeposit(client, "200.00", "1.10");
        // another deposit's credit, so that the utility account has the whole 200.00
        money.credit(new Movement(Product.PAYBILL_DEPOSIT, UUID.randomUUID().toString(), client, Rail.MOBILE_MONEY,
                new BigDecimal("1.10"), BigDecimal.ZERO), "top-up");
        jdbc.sql("update charge_reversal_rules set fee_returned = false where transaction_type_id = 12").update();
        try {
            CollectionReversalView asked = request(client, "rev-f", "PAYBILL_DEPOSIT", deposit.receiptNumber());

            assertThat(asked.fee()).isEqualByComparingTo("0.00");
            assertThat(ledger.available(LedgerAccounts.utility(client))).isEqualByComparingTo("0.00");
        } finally {
            jdbc.sql("update charge_reversal_rules set fee_returned = true where transaction_type_id = 12").update();
        }
    }

    private CollectionReversalView request(String client, String id, String type, String collectionId) {
        return reversals.request(client, new ReversalRequest(id, type, collectionId, "paid the wrong account"), null)
                .reversal();
    }

    /** A paybill deposit credited to the client as its workflow credits one: amount less fee, fee to revenue. */
    private PaybillDeposit paybillDeposit(String client, String amount, String fee) {
        String receipt = "R" + UUID.randomUUID().toString().replace("-", "").substring(0, 9).toUpperCase();
        PaybillDeposit d = paybill.insertOnce(PaybillDeposit.received(UUID.randomUUID(), receipt, "600100", "PWX-1",
                new BigDecimal(amount), "254712345678", OffsetDateTime.now(), client, "X-1", OffsetDateTime.now()));
        paybill.recordCredited(d.id(), client, "X-1", new BigDecimal(fee), OffsetDateTime.now());
        money.credit(new Movement(Product.PAYBILL_DEPOSIT, d.id().toString(), client, Rail.MOBILE_MONEY,
                new BigDecimal(amount), new BigDecimal(fee)), "Paybill deposit " + receipt);
        return paybill.find(d.id()).orElseThrow();
    }

    private Deposit expressDeposit(String client, String amount, DepositStatus status) {
        UUID id = UUID.randomUUID();
        deposits.insert(new Deposit(id, client, "ed-" + id, "174379", "A-1", new BigDecimal(amount), "254712345678",
                "test", null, 1, null, null, null, "KES", null, null, null, null, null, null, DepositStatus.PENDING,
                null, null, null, null, false, OffsetDateTime.now()));
        if (status == DepositStatus.COMPLETED) {
            deposits.recordOutcome(id, status, "0", "paid", "RC" + id.toString().substring(0, 8), OffsetDateTime.now());
            money.credit(PromptMoney.of(deposits.find(id).orElseThrow()), "Express deposit");
        }
        return deposits.find(id).orElseThrow();
    }

    private String client() {
        String client = "client-" + UUID.randomUUID();
        clients.register(new ApiClient(client, client, "unused", Set.of("collections")), List.of());
        return client;
    }

    private long events(String client, EventType type) {
        return jdbc.sql("select count(*) from events where client_id = ? and type = ?")
                .params(client, type.wireName()).query(Long.class).single();
    }

    private long rows() {
        return jdbc.sql("select (select count(*) from pay_backs) + (select count(*) from collection_reversals)")
                .query(Long.class).single();
    }

    private BigDecimal balance(String account) {
        return ledger.find(account).orElseThrow().balance();
    }

    private double moneyBack(String outcome) {
        return meters.counter(PaywireMeters.MONEY_BACK, PaywireMeters.KIND, "collection_reversal",
                PaywireMeters.OUTCOME, outcome).count();
    }
}
