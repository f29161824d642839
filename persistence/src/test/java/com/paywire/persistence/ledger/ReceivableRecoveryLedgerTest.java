package com.paywire.persistence.ledger;

import static com.paywire.vocabulary.ledger.BalanceTransactionType.COLLECTION;
import static com.paywire.vocabulary.ledger.BalanceTransactionType.FUNDING;
import static com.paywire.vocabulary.ledger.BalanceTransactionType.PAYOUT;
import static com.paywire.vocabulary.ledger.BalanceTransactionType.PAYOUT_FEE;
import static com.paywire.vocabulary.ledger.BalanceTransactionType.RECEIVABLE_RECOVERY;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.paywire.persistence.LedgerInvariants;
import com.paywire.persistence.PersistenceTestApplication;
import com.paywire.persistence.TestDatabase;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.ledger.LedgerStatementPage;
import com.paywire.vocabulary.ledger.StatementEntry;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.vocabulary.rails.Settlement;
import com.paywire.vocabulary.rules.money.Leg;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Issue 43: a client's receivable in debt is paid back from its next KES credits to the working or utility
 * account, in the credit's transaction, once per credit, never more than the debt nor than the credit; and the
 * receivable's statement, like the others', adds up.
 */
@SpringBootTest(classes = PersistenceTestApplication.class)
class ReceivableRecoveryLedgerTest {

    private static final String MOBILE = LedgerAccounts.railSettlement(Rail.MOBILE_MONEY);

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        TestDatabase.register(registry);
    }

    @Autowired
    Ledger ledger;
    @Autowired
    LedgerStatement statements;
    @Autowired
    ApiClientStore clients;
    @Autowired
    JdbcClient jdbc;
    @Autowired
    TransactionTemplate transaction;
    @Autowired
    LedgerConsistency consistency;

    @Test
    void givenADebtOf30_aCreditOf20ShouldPayBack20_theNext50ShouldPayBackTheLast10_andARetriedCreditNothingMore() {
        String client = newClient();
        String utility = LedgerAccounts.utility(client);
        String receivable = LedgerAccounts.receivable(client);
        String payout = owes(client, "25.00", "5.00");
        assertThat(balance(receivable)).isEqualByComparingTo("-30.00");

        String first = "deposit:" + UUID.randomUUID();
        assertThat(ledger.transfer(first, new Leg(MOBILE, utility, amount("20.00")), "Collected")).isTrue();

        // U +20.00 -20.00: the whole credit went to the amount of the oldest debt
        assertThat(balance(utility)).isEqualByComparingTo("0.00");
        assertThat(balance(receivable)).isEqualByComparingTo("-10.00");
        assertThat(ledger.posted(first + ":recovery:" + payout + ":late:amount")).contains(
                new Leg(utility, receivable, amount("20.00")));
        // the daily check reads the receivable's balance against its entries, and a debt is no finding
        assertThat(consistency.balancesDifferingFromEntries().first()).doesNotContain(receivable, utility);
        assertThat(consistency.accountsBelowZero().first()).doesNotContain(receivable, utility);

        String second = "paybill:" + UUID.randomUUID();
        ledger.transferRequired(second, new Leg(MOBILE, utility, amount("50.00")), "Collected");
        ledger.transferRequired(second, new Leg(MOBILE, utility, amount("50.00")), "Collected");
        assertThat(ledger.transfer(first, new Leg(MOBILE, utility, amount("20.00")), "Collected")).isTrue();

        // the 5.00 left of the amount, then the 5.00 fee: 10.00 in all, once, and the debt is paid
        assertThat(balance(utility)).isEqualByComparingTo("40.00");
        assertThat(balance(receivable)).isEqualByComparingTo("0.00");
        assertThat(recoveries(client)).containsExactly(
                tuple(first + ":recovery:" + payout + ":late:amount", "20.00"),
                tuple(second + ":recovery:" + payout + ":late:amount", "5.00"),
                tuple(second + ":recovery:" + payout + ":late:fee", "5.00"));

        // no debt: a credit stays whole, with no recovery transfer
        String third = "deposit:" + UUID.randomUUID();
        ledger.transferRequired(third, new Leg(MOBILE, utility, amount("15.00")), "Collected");
        assertThat(balance(utility)).isEqualByComparingTo("55.00");
        assertThat(recoveries(client)).hasSize(3);
        LedgerInvariants.assertHold(jdbc);
    }

    @Test
    void givenNoDebt_aCreditShouldMakeNoRecoveryTransfer() {
        String client = newClient();
        String utility = LedgerAccounts.utility(client);
        ledger.transferRequired("deposit:" + UUID.randomUUID(), new Leg(MOBILE, utility, amount("80.00")), "x");
        assertThat(balance(utility)).isEqualByComparingTo("80.00");
        assertThat(balance(LedgerAccounts.receivable(client))).isEqualByComparingTo("0.00");
        assertThat(recoveries(client)).isEmpty();
    }

    @Test
    void aHeldCollectionPosted_andAFundingOfTheWorkingAccount_shouldPayBackTheDebtToo_butAUsdCreditShouldNot() {
        String client = newClient();
        String working = LedgerAccounts.working(client);
        String utility = LedgerAccounts.utility(client);
        String receivable = LedgerAccounts.receivable(client);
        owes(client, "100.00", "0");
        ledger.openCollectionAccounts(client, Settlement.with(Rail.CARD_PROCESSOR), "USD");

        ledger.transferRequired("card:" + UUID.randomUUID(), new Leg(LedgerAccounts.railSettlement(Rail.CARD_PROCESSOR, "USD"),
                LedgerAccounts.utility(client, "USD"), amount("70.00")), "Captured in USD");
        assertThat(balance(receivable)).as("receivables are in KES").isEqualByComparingTo("-100.00");

        String capture = "card:" + UUID.randomUUID();
        ledger.reserve(capture, List.of(new Leg(MOBILE, utility, amount("30.00")),
                new Leg(MOBILE, LedgerAccounts.FEE_REVENUE, amount("1.00"))), "Capture held");
        assertThat(balance(receivable)).as("a hold credits nothing").isEqualByComparingTo("-100.00");
        ledger.post(capture);
        ledger.post(capture);
        assertThat(balance(utility)).isEqualByComparingTo("0.00");
        assertThat(balance(receivable)).isEqualByComparingTo("-70.00");

        ledger.transferRequired(Ledger.OPENING_FLOAT + client, new Leg(LedgerAccounts.FUNDING, working,
                amount("500.00")), "Sandbox float");
        assertThat(balance(working)).isEqualByComparingTo("430.00");
        assertThat(balance(receivable)).isEqualByComparingTo("0.00");
        assertThat(recoveries(client)).extracting(t -> t.toList().get(0).toString().replaceAll("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "*"))
                .containsExactly("card:*#0:recovery:payout:late-*:late:amount",
                        "sandbox-opening-float:receivable-*:recovery:payout:late-*:late:amount");
        LedgerInvariants.assertHold(jdbc);
    }

    @Test
    void aRecoveryShouldLeaveWhatTheAccountHoldsForARefundInFlightCovered() {
        String client = newClient();
        String utility = LedgerAccounts.utility(client);
        ledger.transferRequired("deposit:" + UUID.randomUUID(), new Leg(MOBILE, utility, amount("40.00")), "x");
        ledger.reserve("card:held-refund-" + UUID.randomUUID(), List.of(new Leg(utility, MOBILE,
                amount("35.00"))), "Refund held");
        owes(client, "50.00", "0");

        ledger.transferRequired("deposit:" + UUID.randomUUID(), new Leg(MOBILE, utility, amount("20.00")), "x");

        // 40 + 20 = 60 on the account, 35 of it held: 25 is available, 20 came in, 50 is owed
        assertThat(balance(LedgerAccounts.receivable(client))).isEqualByComparingTo("-30.00");
        assertThat(ledger.available(utility)).isEqualByComparingTo("5.00");
        LedgerInvariants.assertHold(jdbc);
    }

    @Test
    void concurrentCreditsShouldTogetherPayBackTheDebtExactlyOnce() throws Exception {
        String client = newClient();
        String utility = LedgerAccounts.utility(client);
        owes(client, "95.00", "0");
        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<Future<?>> done = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            done.add(pool.submit(() -> transaction.executeWithoutResult(tx -> ledger.transferRequired(
                    "deposit:" + UUID.randomUUID(), new Leg(MOBILE, utility, amount("10.00")), "x"))));
        }
        for (Future<?> f : done) {
            f.get();
        }
        pool.shutdown();
        assertThat(balance(LedgerAccounts.receivable(client))).isEqualByComparingTo("0.00");
        assertThat(balance(utility)).isEqualByComparingTo("25.00");
        assertThat(recoveries(client)).hasSize(10);
        LedgerInvariants.assertHold(jdbc);
    }

    @Test
    void theRecoveryShouldBeOnTheStatementOfTheAccountItCameFromAndOfTheReceivable_andBothShouldAddUp() {
        String client = newClient();
        String utility = LedgerAccounts.utility(client);
        String receivable = LedgerAccounts.receivable(client);
        Instant start = Instant.now();
        String payout = owes(client, "25.00", "5.00");
        String deposit = "deposit:" + UUID.randomUUID();
        ledger.transferRequired(deposit, new Leg(MOBILE, utility, amount("40.00")), "Collected");

        LedgerStatementPage utilityPage = page(utility, client, start);
        assertThat(utilityPage.entries()).extracting(StatementEntry::type, e -> e.grossAmount().toPlainString(),
                e -> e.feeAmount().toPlainString(), e -> e.netAmount().toPlainString(), StatementEntry::product,
                StatementEntry::paymentId)
                .containsExactly(tuple(COLLECTION, "40.00", "0.00", "40.00", "EXPRESS_DEPOSIT", deposit.substring(8)),
                        tuple(RECEIVABLE_RECOVERY, "-25.00", "0.00", "-25.00", "PAYOUT", payout.substring(7)),
                        tuple(RECEIVABLE_RECOVERY, "-5.00", "0.00", "-5.00", "PAYOUT", payout.substring(7)));
        LedgerStatementPage receivablePage = page(receivable, client, start);
        assertThat(receivablePage.entries()).extracting(StatementEntry::type, e -> e.grossAmount().toPlainString(),
                e -> e.feeAmount().toPlainString(), e -> e.netAmount().toPlainString(), StatementEntry::paymentId)
                .containsExactly(tuple(PAYOUT, "-25.00", "0.00", "-25.00", payout.substring(7)),
                        tuple(PAYOUT_FEE, "0.00", "5.00", "-5.00", payout.substring(7)),
                        tuple(RECEIVABLE_RECOVERY, "25.00", "0.00", "25.00", payout.substring(7)),
                        tuple(RECEIVABLE_RECOVERY, "5.00", "0.00", "5.00", payout.substring(7)));
        for (LedgerStatementPage page : List.of(utilityPage, receivablePage)) {
            BigDecimal nets = page.entries().stream().map(StatementEntry::netAmount)
                    .reduce(BigDecimal.ZERO, BigDecimal::add);
            assertThat(nets).isEqualByComparingTo(page.period().closing().subtract(page.period().opening()));
        }
        assertThat(receivablePage.period().closing()).isEqualByComparingTo("0.00");
        assertThat(page(LedgerAccounts.working(client), client, start).entries()).extracting(StatementEntry::type)
                .doesNotContain(FUNDING, RECEIVABLE_RECOVERY);
    }

    @Test
    void aLatePayoutWhoseAmountTheReceivableTookAndWhoseFeeTheWorkingAccountPaid_shouldShowEachOnItsOwnStatement() {
        String client = newClient();
        String working = LedgerAccounts.working(client);
        String receivable = LedgerAccounts.receivable(client);
        ledger.transferRequired("test-funding:" + client, new Leg(LedgerAccounts.FUNDING, working,
                amount("5.00")), "Funding");
        Instant start = Instant.now();
        String payout = "payout:split-" + UUID.randomUUID();
        ledger.transferRequired(payout + ":late:amount", new Leg(receivable, MOBILE, amount("25.00")), "Late");
        assertThat(ledger.transfer(payout + ":late:fee", new Leg(working, LedgerAccounts.FEE_REVENUE,
                amount("5.00")), "Fee of late")).isTrue();

        assertThat(page(receivable, client, start).entries()).extracting(StatementEntry::type,
                e -> e.grossAmount().toPlainString(), e -> e.feeAmount().toPlainString(), e -> e.netAmount().toPlainString())
                .containsExactly(tuple(PAYOUT, "-25.00", "0.00", "-25.00"));
        assertThat(page(working, client, start).entries()).extracting(StatementEntry::type,
                e -> e.grossAmount().toPlainString(), e -> e.feeAmount().toPlainString(), e -> e.netAmount().toPlainString())
                .containsExactly(tuple(PAYOUT_FEE, "0.00", "5.00", "-5.00"));
    }

    /**
     * A debt as {@code MoneyEngine.bookLateSuccess} books it for a working account that is short: a payout's amount
     * and fee from the receivable. Answers the payout's key.
     */
    private String owes(String client, String amount, String fee) {
        String payout = "payout:late-" + UUID.randomUUID();
        String receivable = LedgerAccounts.receivable(client);
        ledger.transferRequired(payout + ":late:amount", new Leg(receivable, MOBILE, amount(amount)), "Late");
        if (amount(fee).signum() > 0) {
            ledger.transferRequired(payout + ":late:fee", new Leg(receivable, LedgerAccounts.FEE_REVENUE,
                    amount(fee)), "Fee of late");
        }
        return payout;
    }

    private List<org.assertj.core.groups.Tuple> recoveries(String client) {
        return jdbc.sql("""
                select idempotency_key, amount from ledger_transfers where credit_account = ? and idempotency_key like '%:recovery%'
                order by created_at, idempotency_key
                """).param(LedgerAccounts.receivable(client))
                .query((rs, n) -> tuple(rs.getString(1), rs.getBigDecimal(2).toPlainString())).list();
    }

    private BigDecimal balance(String account) {
        return ledger.find(account).orElseThrow().balance();
    }

    private LedgerStatementPage page(String account, String client, Instant from) {
        return statements.page(account, client, from, Instant.now().plusSeconds(60), 0, 500);
    }

    private String newClient() {
        String id = "receivable-" + UUID.randomUUID();
        clients.register(new ApiClient(id, id, "x", Set.of("payouts", "collections")), List.of());
        return id;
    }

    private static BigDecimal amount(String value) {
        return new BigDecimal(value);
    }
}
