package com.paywire.persistence.ledger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.persistence.InvariantViolationException;
import com.paywire.persistence.LedgerInvariants;
import com.paywire.persistence.PersistenceTestApplication;
import com.paywire.persistence.TestDatabase;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.vocabulary.rules.money.Leg;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Issue 46: the accounts every payment of a rail shares (its settlement, fee revenue, funding) are striped (V48):
 * postings of different clients never wait for each other on them, while a client's own account keeps its lock.
 */
@SpringBootTest(classes = PersistenceTestApplication.class)
class StripedAccountsTest {

    private static final String SETTLEMENT = LedgerAccounts.railSettlement(Rail.MOBILE_MONEY);

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
    void theSharedAccounts_areStriped_andTheClientsAndCheckedOnesAreNot() {
        newFundedClient("striped-kinds", "10.00");

        assertThat(jdbc.sql("select id from ledger_accounts where striped order by id").query(String.class).list())
                .contains(SETTLEMENT, LedgerAccounts.FEE_REVENUE, LedgerAccounts.FUNDING,
                        LedgerAccounts.railSettlement(Rail.BANK))
                .doesNotContain(LedgerAccounts.working("striped-kinds"), LedgerAccounts.CHECKOUT_PAYMENTS,
                        LedgerAccounts.PAYBILL_SUSPENSE, LedgerAccounts.REFUNDS_DUE, LedgerAccounts.FUNDING_SUSPENSE);
    }

    @Test
    void aPostingOnARailsSettlement_shouldNotWaitForAnotherClientsInFlight_untilTheOldRowLockIsPutBack() throws Exception {
        String first = newFundedClient("striped-first", "1000.00");
        String second = newFundedClient("striped-second", "1000.00");

        assertThat(whileAnotherPostingIsInFlight(first, () -> postWithin("1s", second, "striped-b1")))
                .as("posted while the other client's posting to the same settlement had not committed").isTrue();

        // the same with the accounts locked per posting, as before V48: the second waits for the first's commit
        jdbc.sql("update ledger_accounts set striped = false where id in (?, ?)").params(SETTLEMENT, LedgerAccounts.FEE_REVENUE).update();
        try {
            assertThat(whileAnotherPostingIsInFlight(first, () -> postWithin("1s", second, "striped-b2")))
                    .as("a row lock on the settlement makes it wait").isFalse();
        } finally {
            jdbc.sql("update ledger_accounts set striped = true where id in (?, ?)").params(SETTLEMENT, LedgerAccounts.FEE_REVENUE).update();
        }
        LedgerInvariants.assertHold(jdbc);
    }

    @Test
    void manyClientsPostingAtOnce_shouldLeaveTheSettlementsRowAsItWas_andItsBalanceTheSumOfItsEntries() throws Exception {
        List<String> payers = IntStream.range(0, 8).mapToObj(i -> newFundedClient("striped-many-" + i, "5000.00")).toList();
        BigDecimal rowBefore = rowBalance(SETTLEMENT);
        BigDecimal balanceBefore = ledger.find(SETTLEMENT).orElseThrow().balance();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (String payer : payers) {
                done.add(pool.submit(() -> {
                    for (int n = 0; n < 20; n++) {
                        String key = "striped-many:" + payer + ":" + n;
                        transaction.executeWithoutResult(tx -> ledger.reserve(key, payout(payer, "10.00", "1.00"), "payout"));
                        transaction.executeWithoutResult(tx -> ledger.post(key));
                    }
                }));
            }
            for (Future<?> f : done) {
                f.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }

        assertThat(rowBalance(SETTLEMENT)).as("the row is not written per posting").isEqualByComparingTo(rowBefore);
        assertThat(ledger.find(SETTLEMENT).orElseThrow().balance()).as("160 payouts of 10.00")
                .isEqualByComparingTo(balanceBefore.add(new BigDecimal("1600.00")));
        assertThat(jdbc.sql("select count(*) from ledger_balance_stripes where account_id = ?").param(SETTLEMENT)
                .query(Integer.class).single()).as("stripes in use").isGreaterThan(1);
        payers.forEach(p -> assertThat(ledger.available(LedgerAccounts.working(p))).isEqualByComparingTo("4780.00"));
        LedgerInvariants.assertHold(jdbc);
    }

    @Test
    void reserveAll_shouldHoldInOrderWhileFundsLast_skippingOneThatDoesNotFit_inOneLockOfTheAccount() {
        String client = newFundedClient("striped-batch", "100.00");
        List<Ledger.Hold> holds = List.of(new Ledger.Hold("batch:1", payout(client, "40.00", "1.00"), "line 1"),
                new Ledger.Hold("batch:2", payout(client, "70.00", "1.00"), "line 2"),
                new Ledger.Hold("batch:3", payout(client, "50.00", "1.00"), "line 3"),
                new Ledger.Hold("batch:4", payout(client, "10.00", "1.00"), "line 4"));

        List<Ledger.ReserveResult> results = transaction.execute(tx -> ledger.reserveAll(holds));
        assertThat(results).containsExactly(Ledger.ReserveResult.RESERVED,
                Ledger.ReserveResult.INSUFFICIENT_FUNDS, Ledger.ReserveResult.RESERVED, Ledger.ReserveResult.INSUFFICIENT_FUNDS);
        assertThat(ledger.available(LedgerAccounts.working(client))).isEqualByComparingTo("8.00");
        assertThat(ledger.holdState("batch:2")).isEmpty();

        // each line's own step later finds its hold, answered as it was made, and moves nothing again
        assertThat(ledger.reserve("batch:1", payout(client, "40.00", "1.00"), "line 1")).isEqualTo(Ledger.ReserveResult.RESERVED);
        assertThat(ledger.reserve("batch:4", payout(client, "10.00", "1.00"), "line 4"))
                .isEqualTo(Ledger.ReserveResult.INSUFFICIENT_FUNDS);
        ledger.post("batch:1");
        ledger.voidReservation("batch:3");
        assertThat(ledger.available(LedgerAccounts.working(client))).isEqualByComparingTo("59.00");
        LedgerInvariants.assertHold(jdbc);
    }

    @Test
    void aLinesOwnReserve_whenItsBatchHeldItAlready_shouldNotWaitForTheClientsLock() throws Exception {
        String client = newFundedClient("striped-ahead", "100.00");
        transaction.execute(tx -> ledger.reserveAll(List.of(new Ledger.Hold("ahead:1", payout(client, "10.00", "1.00"), "line"))));
        CountDownLatch locked = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        ExecutorService holder = Executors.newSingleThreadExecutor();
        try {
            Future<?> lock = holder.submit(() -> transaction.executeWithoutResult(tx -> {
                jdbc.sql("select id from ledger_accounts where id = ? for no key update").param(LedgerAccounts.working(client))
                        .query(String.class).single();
                locked.countDown();
                await(release);
            }));
            assertThat(locked.await(10, TimeUnit.SECONDS)).isTrue();
            Ledger.ReserveResult again = transaction.execute(tx -> {
                jdbc.sql("set local lock_timeout = '1s'").update();
                return ledger.reserve("ahead:1", payout(client, "10.00", "1.00"), "line");
            });
            assertThat(again).isEqualTo(Ledger.ReserveResult.RESERVED);
            release.countDown();
            lock.get(10, TimeUnit.SECONDS);
        } finally {
            release.countDown();
            holder.shutdownNow();
        }
    }

    @Test
    void theDatabase_shouldRefuseATransferNamingNoAccount_andTheDeleteOfAnAccount_withoutForeignKeysOnTheHotRows() {
        String client = newFundedClient("striped-exists", "10.00");

        assertThatThrownBy(() -> transaction.executeWithoutResult(tx -> jdbc.sql("""
                insert into ledger_transfers (id, idempotency_key, debit_account, credit_account, amount, state, description)
                values (gen_random_uuid(), 'no-such-account', ?, 'client:nobody:WORKING', 1.00, 'POSTED', 'x')
                """).param(LedgerAccounts.working(client)).update())).isInstanceOf(DataAccessException.class)
                .hasMessageContaining("names an account that does not exist");
        assertThatThrownBy(() -> jdbc.sql("delete from ledger_accounts where id = ?").param(LedgerAccounts.working(client))
                .update()).isInstanceOf(DataAccessException.class).hasMessageContaining("kept for ever");
    }

    @Test
    void reserveAll_ofHoldsOnTwoAccounts_isABug_andHoldsNothing() {
        String one = newFundedClient("striped-two-a", "100.00");
        String two = newFundedClient("striped-two-b", "100.00");

        assertThatThrownBy(() -> ledger.reserveAll(List.of(new Ledger.Hold("two:1", payout(one, "1.00", "1.00"), "a"),
                new Ledger.Hold("two:2", payout(two, "1.00", "1.00"), "b")))).isInstanceOf(InvariantViolationException.class);
        assertThat(ledger.holdState("two:1")).isEmpty();
    }

    /**
     * Runs {@code second} while another transaction has posted {@code first}'s payout and not committed.
     *
     * @return what {@code second} answered: whether it got through without waiting for the other's commit
     */
    private boolean whileAnotherPostingIsInFlight(String first, java.util.concurrent.Callable<Boolean> second) throws Exception {
        String key = "inflight:" + first + ":" + System.nanoTime();
        transaction.executeWithoutResult(tx -> ledger.reserve(key, payout(first, "10.00", "1.00"), "payout"));
        CountDownLatch posted = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        ExecutorService holder = Executors.newSingleThreadExecutor();
        try {
            Future<?> inFlight = holder.submit(() -> transaction.executeWithoutResult(tx -> {
                ledger.post(key);
                posted.countDown();
                await(release);
            }));
            assertThat(posted.await(10, TimeUnit.SECONDS)).isTrue();
            boolean through = second.call();
            release.countDown();
            inFlight.get(10, TimeUnit.SECONDS);
            return through;
        } finally {
            release.countDown();
            holder.shutdownNow();
        }
    }

    /** A payout of the client's held and posted in one transaction that waits at most {@code timeout} for a lock. */
    private boolean postWithin(String timeout, String client, String key) {
        try {
            transaction.executeWithoutResult(tx -> {
                jdbc.sql("set local lock_timeout = '" + timeout + "'").update();
                ledger.reserve(key, payout(client, "10.00", "1.00"), "payout");
                ledger.post(key);
            });
            return true;
        } catch (DataAccessException lockNotAvailable) {
            return false;
        }
    }

    private BigDecimal rowBalance(String account) {
        return jdbc.sql("select balance from ledger_accounts where id = ?").param(account).query(BigDecimal.class).single();
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
