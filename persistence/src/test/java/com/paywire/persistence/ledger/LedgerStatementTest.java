package com.paywire.persistence.ledger;

import static com.paywire.vocabulary.ledger.BalanceTransactionType.CARD_CAPTURE;
import static com.paywire.vocabulary.ledger.BalanceTransactionType.COLLECTION;
import static com.paywire.vocabulary.ledger.BalanceTransactionType.FUNDING;
import static com.paywire.vocabulary.ledger.BalanceTransactionType.PAYOUT;
import static com.paywire.vocabulary.ledger.BalanceTransactionType.PAYOUT_FEE;
import static com.paywire.vocabulary.ledger.BalanceTransactionType.REFUND;
import static com.paywire.vocabulary.ledger.BalanceTransactionType.REVERSAL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.paywire.persistence.PersistenceTestApplication;
import com.paywire.persistence.TestDatabase;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.ledger.LedgerStatementPage;
import com.paywire.vocabulary.ledger.StatementEntry;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.vocabulary.rules.money.Leg;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The statement's entries as balance transactions: gross, fee and net of each, grouped from the ledger's transfers
 * by the payment's key, with the keys {@code MoneyRules} posts (a collection's {@code K} and {@code K:fee}, a
 * refund's {@code K:refund:<id>} and its {@code :fee} share, their {@code :reversed} legs, a hold's {@code K#0} and
 * {@code K#1}); and, whatever the layout of posted holds, the period's nets add up to its balance change.
 */
@SpringBootTest(classes = PersistenceTestApplication.class)
class LedgerStatementTest {

    private static final String MOBILE = LedgerAccounts.railSettlement(Rail.MOBILE_MONEY);
    private static final String CARD = LedgerAccounts.railSettlement(Rail.CARD_PROCESSOR);

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

    @Test
    void givenEveryKindOfMovement_eachEntryShouldShowItsGrossFeeAndNet_andTheNetsShouldAddUpToTheBalanceChange() {
        String client = newClient();
        String working = LedgerAccounts.working(client);
        String utility = LedgerAccounts.utility(client);
        Instant start = Instant.now();
        ledger.transferRequired(Ledger.OPENING_FLOAT + client, new Leg(LedgerAccounts.FUNDING, working,
                amount("1000.00")), "Sandbox float");
        String payout = "payout:stmt-" + UUID.randomUUID();
        ledger.reserve(payout, List.of(new Leg(working, MOBILE, amount("100.00")),
                new Leg(working, LedgerAccounts.FEE_REVENUE, amount("10.00"))), "Payout");
        ledger.post(payout);

        String paybill = "paybill:" + UUID.randomUUID();
        collect(paybill, MOBILE, utility, "149.17", "0.83");
        String deposit = "deposit:" + UUID.randomUUID();
        collect(deposit, MOBILE, utility, "250.00", "0");
        String capture = "card:" + UUID.randomUUID();
        collect(capture, CARD, utility, "97.00", "3.00");
        // a partial refund of 40.00 of the 100.00 captured returns 1.20 of the 3.00 fee
        refund(capture + ":refund:R1", utility, "38.80", "1.20");
        // a refund of 10.00 the processor failed, undone leg by leg
        refund(capture + ":refund:R2", utility, "9.70", "0.30");
        ledger.transferRequired(capture + ":refund:R2:reversed", new Leg(CARD, utility, amount("9.70")),
                "Reversed: refund");
        ledger.transferRequired(capture + ":refund:R2:fee:reversed", new Leg(CARD, LedgerAccounts.FEE_REVENUE,
                amount("0.30")), "Reversed: fee returned");

        List<StatementEntry> workingLines = page(working, client, Instant.EPOCH).entries();
        List<StatementEntry> utilityLines = page(utility, client, Instant.EPOCH).entries();

        assertThat(workingLines).extracting(StatementEntry::type, e -> e.grossAmount().toPlainString(),
                e -> e.feeAmount().toPlainString(), e -> e.netAmount().toPlainString(), StatementEntry::fee)
                .containsExactly(tuple(FUNDING, "1000.00", "0.00", "1000.00", false),
                        tuple(PAYOUT, "-100.00", "0.00", "-100.00", false),
                        tuple(PAYOUT_FEE, "0.00", "10.00", "-10.00", true));
        assertThat(utilityLines).extracting(StatementEntry::type, e -> e.grossAmount().toPlainString(),
                e -> e.feeAmount().toPlainString(), e -> e.netAmount().toPlainString())
                .containsExactly(tuple(COLLECTION, "150.00", "0.83", "149.17"),
                        tuple(COLLECTION, "250.00", "0.00", "250.00"),
                        tuple(CARD_CAPTURE, "100.00", "3.00", "97.00"),
                        tuple(REFUND, "-40.00", "-1.20", "-38.80"),
                        tuple(REFUND, "-10.00", "-0.30", "-9.70"),
                        tuple(REVERSAL, "10.00", "0.30", "9.70"));
        assertThat(utilityLines).extracting(StatementEntry::paymentId).containsExactly(
                paybill.substring(8), deposit.substring(8), capture.substring(5), capture.substring(5),
                capture.substring(5), capture.substring(5));
        for (List<StatementEntry> lines : List.of(workingLines, utilityLines)) {
            assertThat(lines).allSatisfy(e -> {
                assertThat(e.netAmount()).isEqualByComparingTo(e.amount());
                assertThat(e.grossAmount().subtract(e.feeAmount())).isEqualByComparingTo(e.netAmount());
                assertThat(e.availableAt()).isEqualTo(e.time());
            });
        }
        assertNetsAddUpToTheBalanceChange(working, client, start);
        assertNetsAddUpToTheBalanceChange(utility, client, start);
        assertThat(sumOfNets(utilityLines)).isEqualByComparingTo(ledger.find(utility).orElseThrow().balance())
                .isEqualByComparingTo("457.37");
    }

    @Test
    void givenPhonePromptsWhoseCreditWasHeld_thePostedHoldAndTheCreditPaidAfterARelease_shouldEachBeTheDepositsCollection() {
        String client = newClient();
        String utility = LedgerAccounts.utility(client);
        // paid on time: the credit held while the prompt was out, posted
        String onTime = "deposit:" + UUID.randomUUID();
        ledger.reserve(onTime, List.of(new Leg(MOBILE, utility, amount("250.00"))), "Express deposit");
        ledger.post(onTime);
        // failed, its hold released, then paid: credited under its key plus :paid-late
        String late = "deposit:" + UUID.randomUUID();
        ledger.reserve(late, List.of(new Leg(MOBILE, utility, amount("80.00"))), "Express deposit");
        ledger.voidReservation(late);
        ledger.transferRequired(late + ":paid-late", new Leg(MOBILE, utility, amount("80.00")),
                "Express deposit, paid after its hold was released");

        assertThat(page(utility, client, Instant.EPOCH).entries()).extracting(StatementEntry::type,
                e -> e.grossAmount().toPlainString(), e -> e.feeAmount().toPlainString(), StatementEntry::product,
                StatementEntry::paymentId)
                .containsExactly(tuple(COLLECTION, "250.00", "0.00", "EXPRESS_DEPOSIT", onTime.substring(8)),
                        tuple(COLLECTION, "80.00", "0.00", "EXPRESS_DEPOSIT", late.substring(8)));
    }

    @Test
    void givenHoldsPostedAsResolutionRowsBesideTheirPendingOnes_theGroupingShouldBeThatOfOnePhaseTransfers() {
        String client = newClient();
        String working = LedgerAccounts.working(client);
        String utility = LedgerAccounts.utility(client);
        // the ledger posts a hold's legs as <leg key>:posted rows, which their entries reference
        String checkout = "checkout:" + UUID.randomUUID();
        ledger.reserve(checkout, List.of(new Leg(MOBILE, utility, amount("98.00")),
                new Leg(MOBILE, LedgerAccounts.FEE_REVENUE, amount("2.00"))), "Checkout");
        ledger.post(checkout);
        ledger.transferRequired("test-funding:" + client, new Leg(LedgerAccounts.FUNDING, working,
                amount("60.00")), "Funding");
        String payout = "payout:posted-" + UUID.randomUUID();
        ledger.reserve(payout, List.of(new Leg(working, MOBILE, amount("40.00")),
                new Leg(working, LedgerAccounts.FEE_REVENUE, amount("5.00"))), "Payout");
        ledger.post(payout);
        assertThat(jdbc.sql("select count(*) from ledger_transfers where idempotency_key in (?, ?, ?, ?)")
                .params(checkout + "#0:posted", checkout + "#1:posted", payout + "#0:posted", payout + "#1:posted")
                .query(Integer.class).single()).isEqualTo(4);

        assertThat(page(utility, client, Instant.EPOCH).entries()).extracting(StatementEntry::type,
                e -> e.grossAmount().toPlainString(), e -> e.feeAmount().toPlainString(), StatementEntry::paymentId)
                .containsExactly(tuple(COLLECTION, "100.00", "2.00", checkout.substring(9)));
        assertThat(page(working, client, Instant.EPOCH).entries()).extracting(StatementEntry::type,
                e -> e.grossAmount().toPlainString(), e -> e.feeAmount().toPlainString(),
                e -> e.netAmount().toPlainString(), StatementEntry::paymentId)
                .containsExactly(tuple(FUNDING, "60.00", "0.00", "60.00", null),
                        tuple(PAYOUT, "-40.00", "0.00", "-40.00", payout.substring(7)),
                        tuple(PAYOUT_FEE, "0.00", "5.00", "-5.00", payout.substring(7)));
        assertNetsAddUpToTheBalanceChange(working, client, Instant.EPOCH);
    }

    private void assertNetsAddUpToTheBalanceChange(String account, String client, Instant from) {
        LedgerStatementPage page = page(account, client, from);
        assertThat(sumOfNets(page.entries())).isEqualByComparingTo(page.period().closing().subtract(page.period().opening()));
        BigDecimal gross = page.entries().stream().map(StatementEntry::grossAmount)
                .reduce(BigDecimal.ZERO, BigDecimal::add);
        BigDecimal fees = page.entries().stream().map(StatementEntry::feeAmount)
                .reduce(BigDecimal.ZERO, BigDecimal::add);
        assertThat(gross.subtract(fees)).isEqualByComparingTo(sumOfNets(page.entries()));
    }

    private static BigDecimal sumOfNets(List<StatementEntry> entries) {
        return entries.stream().map(StatementEntry::netAmount).reduce(BigDecimal.ZERO, BigDecimal::add);
    }

    private LedgerStatementPage page(String account, String client, Instant from) {
        return statements.page(account, client, from, Instant.now().plusSeconds(60), 0, 500);
    }

    /** A collection as {@code MoneyRules.collected} posts it: the amount less the fee, and the fee apart. */
    private void collect(String key, String settlement, String utility, String net, String fee) {
        ledger.transferRequired(key, new Leg(settlement, utility, amount(net)), "Collected " + key);
        if (amount(fee).signum() > 0) {
            ledger.transferRequired(key + ":fee", new Leg(settlement, LedgerAccounts.FEE_REVENUE, amount(fee)),
                    "Fee of " + key);
        }
    }

    /** A refund as {@code MoneyRules.refund} posts it: from the utility account, and the fee's share from revenue. */
    private void refund(String key, String utility, String net, String feeShare) {
        assertThat(ledger.transfer(key, new Leg(utility, CARD, amount(net)), "Refund")).isTrue();
        ledger.transferRequired(key + ":fee", new Leg(LedgerAccounts.FEE_REVENUE, CARD, amount(feeShare)),
                "Fee returned by refund");
    }

    private String newClient() {
        String id = "statement-" + UUID.randomUUID();
        clients.register(new ApiClient(id, id, "x", Set.of("payouts", "collections")), List.of());
        return id;
    }

    private static BigDecimal amount(String value) {
        return new BigDecimal(value);
    }
}
