package com.paywire.persistence.ledger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.persistence.InvariantViolationException;
import com.paywire.persistence.LedgerInvariants;
import com.paywire.persistence.PersistenceTestApplication;
import com.paywire.persistence.TestDatabase;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.ledger.TransferState;
import com.paywire.vocabulary.rules.money.Leg;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.transaction.support.TransactionTemplate;

@SpringBootTest(classes = PersistenceTestApplication.class)
class LedgerTest {

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        TestDatabase.register(registry);
    }

    @Autowired
    Ledger ledger;
    @Autowired
    ApiClientStore clients;
    @Autowired
    JdbcClient jdbc;
    @Autowired
    TransactionTemplate transaction;

    private String newFundedClient(String name, String float_) {
        return LedgerFixtures.fundedClient(clients, ledger, name, float_);
    }

    private static List<Leg> payout(String client, String amount, String fee) {
        return LedgerFixtures.payout(client, amount, fee);
    }

    @Test
    void givenAReservation_whenPosted_itShouldMoveAmountAndFee_andPostingAgainShouldChangeNothing() {
        String client = newFundedClient("ledger-a", "1000.00");

        assertThat(ledger.reserve("r1", payout(client, "300.00", "10.00"), "payout")).isEqualTo(Ledger.ReserveResult.RESERVED);
        assertThat(ledger.available(LedgerAccounts.working(client))).isEqualByComparingTo("690.00");
        assertThat(ledger.find(LedgerAccounts.working(client)).orElseThrow().balance()).isEqualByComparingTo("1000.00");

        ledger.post("r1");
        ledger.post("r1");

        assertThat(ledger.find(LedgerAccounts.working(client)).orElseThrow().balance()).isEqualByComparingTo("690.00");
        assertThat(ledger.available(LedgerAccounts.working(client))).isEqualByComparingTo("690.00");
        assertThat(jdbc.sql("select count(*) from ledger_entries e join ledger_transfers t on t.id = e.transfer_id where t.reservation_key = 'r1'")
                .query(Integer.class).single()).isEqualTo(4);
        LedgerInvariants.assertHold(jdbc);
    }

    @Test
    void givenAReservation_whenVoided_itShouldReleaseTheHold_andRefuseALaterPost() {
        String client = newFundedClient("ledger-b", "500.00");
        ledger.reserve("r2", payout(client, "450.00", "25.00"), "payout");
        assertThat(ledger.available(LedgerAccounts.working(client))).isEqualByComparingTo("25.00");

        ledger.voidReservation("r2");
        ledger.voidReservation("r2");

        assertThat(ledger.available(LedgerAccounts.working(client))).isEqualByComparingTo("500.00");
        assertThatThrownBy(() -> ledger.post("r2")).isInstanceOf(InvariantViolationException.class);
        LedgerInvariants.assertHold(jdbc);
    }

    @Test
    void givenATransferKeyUsedAgain_itShouldAnswerTrueForTheSameTransferOnly_andRefuseAnotherNamingTheKey() {
        String client = newFundedClient("ledger-key-reuse", "1000.00");
        String working = LedgerAccounts.working(client);
        Leg fee = new Leg(working, LedgerAccounts.FEE_REVENUE, new BigDecimal("40.00"));
        assertThat(ledger.transfer("reuse:1", fee, "fee")).isTrue();

        // a retried activity: the same accounts and amount (40 is 40.00), nothing moves twice
        assertThat(ledger.transfer("reuse:1", new Leg(working, LedgerAccounts.FEE_REVENUE, new BigDecimal("40")),
                "fee retried")).isTrue();
        assertThat(ledger.available(working)).isEqualByComparingTo("960.00");

        assertThatThrownBy(() -> ledger.transfer("reuse:1", new Leg(working, LedgerAccounts.FEE_REVENUE,
                new BigDecimal("41.00")), "another amount"))
                .isInstanceOf(InvariantViolationException.class).hasMessageContaining("reuse:1")
                .hasMessageContaining("40.00").hasMessageContaining("41.00");
        assertThatThrownBy(() -> ledger.transfer("reuse:1", new Leg(working, LedgerAccounts.REFUNDS_DUE,
                new BigDecimal("40.00")), "another credit account"))
                .isInstanceOf(InvariantViolationException.class).hasMessageContaining(LedgerAccounts.REFUNDS_DUE);
        assertThatThrownBy(() -> ledger.transferRequired("reuse:1", new Leg(LedgerAccounts.FUNDING,
                LedgerAccounts.FEE_REVENUE, new BigDecimal("40.00")), "another debit account"))
                .isInstanceOf(InvariantViolationException.class).hasMessageContaining(LedgerAccounts.FUNDING);
        // a hold's leg is no one-phase transfer
        ledger.reserve("reuse-held", payout(client, "100.00", "10.00"), "payout");
        assertThatThrownBy(() -> ledger.transfer("reuse-held#0", payout(client, "100.00", "10.00").getFirst(), "leg"))
                .isInstanceOf(InvariantViolationException.class).hasMessageContaining("PENDING");

        assertThat(ledger.available(working)).isEqualByComparingTo("850.00");
        LedgerInvariants.assertHold(jdbc);
    }

    @Test
    void givenAReservationKeyUsedAgain_itShouldAnswerReservedWhileTheSameLegsAreHeld_andRefuseOtherwise() {
        String client = newFundedClient("ledger-hold-reuse", "1000.00");
        String working = LedgerAccounts.working(client);
        ledger.reserve("hold-reuse:1", payout(client, "300.00", "10.00"), "payout");

        assertThat(ledger.reserve("hold-reuse:1", payout(client, "300", "10.0"), "payout retried"))
                .isEqualTo(Ledger.ReserveResult.RESERVED);
        assertThat(ledger.available(working)).as("held once").isEqualByComparingTo("690.00");
        assertThatThrownBy(() -> ledger.reserve("hold-reuse:1", payout(client, "300.00", "25.00"), "another fee"))
                .isInstanceOf(InvariantViolationException.class).hasMessageContaining("hold-reuse:1")
                .hasMessageContaining("25.00");
        assertThatThrownBy(() -> ledger.reserve("hold-reuse:1", payout(client, "300.00", "10.00").subList(0, 1),
                "without its fee")).isInstanceOf(InvariantViolationException.class);

        ledger.post("hold-reuse:1");
        assertThatThrownBy(() -> ledger.reserve("hold-reuse:1", payout(client, "300.00", "10.00"), "after its post"))
                .isInstanceOf(InvariantViolationException.class).hasMessageContaining("POSTED");
        ledger.reserve("hold-reuse:2", payout(client, "100.00", "10.00"), "payout");
        ledger.voidReservation("hold-reuse:2");
        assertThatThrownBy(() -> ledger.reserve("hold-reuse:2", payout(client, "100.00", "10.00"), "after its void"))
                .isInstanceOf(InvariantViolationException.class).hasMessageContaining("VOIDED");

        assertThat(ledger.available(working)).isEqualByComparingTo("690.00");
        assertThat(ledger.find(working).orElseThrow().reserved()).isEqualByComparingTo("0");
        LedgerInvariants.assertHold(jdbc);
    }

    @Test
    void givenAKeyThatHoldsNothing_postingOrVoidingItShouldBeRefused_andAHoldShouldAnswerWhereItStands() {
        String client = newFundedClient("ledger-unknown-hold", "1000.00");
        assertThat(ledger.holdState("never-held")).isEmpty();
        assertThatThrownBy(() -> ledger.post("never-held"))
                .isInstanceOf(InvariantViolationException.class).hasMessageContaining("never-held");
        assertThatThrownBy(() -> ledger.voidReservation("never-held"))
                .isInstanceOf(InvariantViolationException.class).hasMessageContaining("never-held");
        // a one-phase transfer's key holds nothing either
        ledger.transfer("one-phase:" + client, new Leg(LedgerAccounts.working(client), LedgerAccounts.FEE_REVENUE,
                new BigDecimal("1.00")), "fee");
        assertThatThrownBy(() -> ledger.voidReservation("one-phase:" + client)).isInstanceOf(InvariantViolationException.class);

        ledger.reserve("held-then-posted", payout(client, "100.00", "10.00"), "payout");
        assertThat(ledger.holdState("held-then-posted")).contains(TransferState.PENDING);
        ledger.post("held-then-posted");
        assertThat(ledger.holdState("held-then-posted")).contains(TransferState.POSTED);
        assertThatThrownBy(() -> ledger.voidReservation("held-then-posted")).isInstanceOf(InvariantViolationException.class);
        ledger.reserve("held-then-voided", payout(client, "100.00", "10.00"), "payout");
        ledger.voidReservation("held-then-voided");
        assertThat(ledger.holdState("held-then-voided")).contains(TransferState.VOIDED);
        LedgerInvariants.assertHold(jdbc);
    }

    @Test
    void givenAnAmountFinerThanACentOrNotPositive_theLedgerShouldRefuseIt_ratherThanRoundIt() {
        String client = newFundedClient("ledger-cents", "1000.00");
        String working = LedgerAccounts.working(client);
        for (String amount : List.of("1.001", "0.005", "0.00", "-5.00")) {
            assertThatThrownBy(() -> ledger.transfer("cents:" + amount, new Leg(working, LedgerAccounts.FEE_REVENUE,
                    new BigDecimal(amount)), "fee"))
                    .isInstanceOf(InvariantViolationException.class).hasMessageContaining(amount);
            assertThatThrownBy(() -> ledger.reserve("cents-held:" + amount, payout(client, "100.00", amount), "payout"))
                    .isInstanceOf(InvariantViolationException.class).hasMessageContaining(amount);
        }
        // trailing zeros are still cents
        assertThat(ledger.transfer("cents:1.5000", new Leg(working, LedgerAccounts.FEE_REVENUE,
                new BigDecimal("1.5000")), "fee")).isTrue();
        assertThat(ledger.available(working)).isEqualByComparingTo("998.50");
        assertThat(ledger.find(working).orElseThrow().reserved()).isEqualByComparingTo("0");
        LedgerInvariants.assertHold(jdbc);
    }

    @Test
    void givenTwoHolds_theyShouldCountAsOutstandingWithAmountAndFee_untilOneIsPostedAndTheOtherReleased() {
        String client = newFundedClient("ledger-holds", "1000.00");
        Ledger.Holds before = ledger.pendingHolds();

        ledger.reserve("holds-1", payout(client, "300.00", "10.00"), "payout");
        ledger.reserve("holds-2", payout(client, "100.00", "5.00"), "payout");
        Ledger.Holds held = ledger.pendingHolds();

        assertThat(held.count() - before.count()).isEqualTo(2);
        assertThat(held.amount().subtract(before.amount())).isEqualByComparingTo("415.00");
        ledger.post("holds-1");
        ledger.voidReservation("holds-2");
        Ledger.Holds after = ledger.pendingHolds();
        assertThat(after.count()).isEqualTo(before.count());
        assertThat(after.amount()).isEqualByComparingTo(before.amount());
    }

    @Test
    void givenFundsShort_whenReserving_itShouldHoldNothing() {
        String client = newFundedClient("ledger-c", "100.00");

        assertThat(ledger.reserve("r3", payout(client, "95.00", "10.00"), "payout"))
                .isEqualTo(Ledger.ReserveResult.INSUFFICIENT_FUNDS);

        assertThat(ledger.available(LedgerAccounts.working(client))).isEqualByComparingTo("100.00");
        assertThat(jdbc.sql("select count(*) from ledger_transfers where reservation_key = 'r3'").query(Integer.class).single()).isZero();
    }

    @Test
    void givenADebitAccountThatIsShort_aRequiredTransferShouldThrow_andMoveNothing() {
        String client = newFundedClient("ledger-required-" + java.util.UUID.randomUUID(), "50.00");
        Leg tooMuch = new Leg(LedgerAccounts.working(client), LedgerAccounts.FEE_REVENUE, new BigDecimal("50.01"));

        assertThatThrownBy(() -> ledger.transferRequired("required-short:" + client, tooMuch, "too much"))
                .isInstanceOf(InvariantViolationException.class)
                .hasMessageContaining(LedgerAccounts.working(client));
        assertThat(ledger.available(LedgerAccounts.working(client))).isEqualByComparingTo("50.00");

        // an account that may go negative (here the client's receivable) always covers it
        ledger.transferRequired("required-owed:" + client,
                new Leg(LedgerAccounts.receivable(client), LedgerAccounts.FEE_REVENUE, new BigDecimal("50.01")), "owed");
        assertThat(ledger.find(LedgerAccounts.receivable(client)).orElseThrow().balance()).isEqualByComparingTo("-50.01");
        LedgerInvariants.assertHold(jdbc);
    }

    @Test
    void givenAccountsInDifferentCurrencies_aTransferOrAHoldBetweenThemShouldBeRefused_andMoveNothing() {
        String client = newFundedClient("ledger-currencies-" + java.util.UUID.randomUUID(), "500.00");
        String dollars = "test:" + client + ":USD";
        jdbc.sql("insert into ledger_accounts (id, kind, currency, may_go_negative) values (?, 'TEST', 'USD', true)")
                .param(dollars).update();
        int transfers = jdbc.sql("select count(*) from ledger_transfers").query(Integer.class).single();

        assertThatThrownBy(() -> ledger.transfer("across:" + client,
                new Leg(LedgerAccounts.working(client), dollars, new BigDecimal("100.00")), "KES into USD"))
                .isInstanceOf(InvariantViolationException.class).hasMessageContaining("KES").hasMessageContaining("USD");
        assertThatThrownBy(() -> ledger.transfer("across-back:" + client,
                new Leg(dollars, LedgerAccounts.working(client), new BigDecimal("100.00")), "USD into KES"))
                .isInstanceOf(InvariantViolationException.class);
        assertThatThrownBy(() -> ledger.reserve("across-held:" + client,
                List.of(new Leg(LedgerAccounts.working(client), dollars, new BigDecimal("100.00"))), "KES held for USD"))
                .isInstanceOf(InvariantViolationException.class);

        assertThat(ledger.available(LedgerAccounts.working(client))).isEqualByComparingTo("500.00");
        assertThat(ledger.find(dollars).orElseThrow().balance()).isEqualByComparingTo("0");
        assertThat(jdbc.sql("select count(*) from ledger_transfers").query(Integer.class).single()).isEqualTo(transfers);
    }

    /**
     * A few hundred payouts from three clients with small floats, on eight threads at once: reservations race
     * for the same accounts, each is then posted or voided (some twice). Whatever the interleaving, no working
     * account goes below zero, entries sum to zero and balances match entries.
     */
    @Test
    void givenARandomisedConcurrentRun_theInvariantsShouldHold_andTheTotalsShouldAddUp() throws Exception {
        List<String> tenants = List.of(newFundedClient("rand-1", "20000.00"), newFundedClient("rand-2", "5000.00"),
                newFundedClient("rand-3", "1000.00"));
        BigDecimal feesBefore = ledger.find(LedgerAccounts.FEE_REVENUE).orElseThrow().balance();
        Random random = new Random(20261120);
        List<Runnable> work = new ArrayList<>();
        AtomicInteger reserved = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        List<BigDecimal> postedFees = java.util.Collections.synchronizedList(new ArrayList<>());
        for (int i = 0; i < 300; i++) {
            String client = tenants.get(random.nextInt(tenants.size()));
            String amount = BigDecimal.valueOf(100 + random.nextInt(90_000), 2).toPlainString();
            String fee = random.nextBoolean() ? "10.00" : "25.00";
            boolean post = random.nextInt(3) > 0;
            boolean twice = random.nextInt(5) == 0;
            String key = "order-" + i;
            work.add(() -> transaction.executeWithoutResult(tx -> {
                if (ledger.reserve(key, payout(client, amount, fee), "random") == Ledger.ReserveResult.INSUFFICIENT_FUNDS) {
                    refused.incrementAndGet();
                    return;
                }
                reserved.incrementAndGet();
                for (int n = 0; n < (twice ? 2 : 1); n++) {
                    if (post) {
                        ledger.post(key);
                    } else {
                        ledger.voidReservation(key);
                    }
                }
                if (post) {
                    postedFees.add(new BigDecimal(fee));
                }
            }));
        }
        ExecutorService pool = Executors.newFixedThreadPool(8);
        List<Future<?>> done = new ArrayList<>();
        work.forEach(w -> done.add(pool.submit(w)));
        for (Future<?> f : done) {
            f.get();
        }
        pool.shutdown();

        LedgerInvariants.assertHold(jdbc);
        assertThat(reserved.get() + refused.get()).isEqualTo(300);
        assertThat(refused.get()).as("small floats must run out at some point").isPositive();
        BigDecimal expectedFees = postedFees.stream().reduce(BigDecimal.ZERO, BigDecimal::add);
        assertThat(ledger.find(LedgerAccounts.FEE_REVENUE).orElseThrow().balance().subtract(feesBefore))
                .isEqualByComparingTo(expectedFees);
        for (String tenant : tenants) {
            assertThat(ledger.find(LedgerAccounts.working(tenant)).orElseThrow().reserved()).isEqualByComparingTo("0");
        }
    }
}
