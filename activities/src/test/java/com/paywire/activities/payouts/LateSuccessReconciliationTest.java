package com.paywire.activities.payouts;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.activities.ActivitiesTestApplication;
import com.paywire.activities.ActivityCollaborators;
import com.paywire.activities.UnusedRails;
import com.paywire.activities.payouts.PayoutHarness.LineSpec;
import com.paywire.domain.money.MoneyEngine;
import com.paywire.domain.notifications.EventPublisher;
import com.paywire.domain.observability.PaymentJournal;
import com.paywire.domain.payouts.PayoutOutcomes;
import com.paywire.domain.rails.PayoutRailProtocol;
import com.paywire.persistence.LedgerInvariants;
import com.paywire.persistence.TestDatabase;
import com.paywire.persistence.charges.ChargeBands;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.persistence.payouts.PayoutStore;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.payouts.LineStatus;
import com.paywire.vocabulary.payouts.ResultCode;
import com.paywire.vocabulary.rules.money.Leg;
import com.paywire.workflows.payouts.LineOutcome;
import com.paywire.workflows.payouts.PayoutLineCommand;
import com.paywire.workflows.payouts.PayoutTiming;
import com.paywire.workflows.payouts.RailResult;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * A rail success that arrives after its line timed out, as lines that timed out before their hold was kept
 * (version unknown-outcome-keeps-its-hold) reconcile it, against a working account that moves meanwhile.
 */
@SpringBootTest(classes = ActivitiesTestApplication.class)
class LateSuccessReconciliationTest {

    private static final PayoutTiming TIMING =
            new PayoutTiming(Duration.ofMinutes(2), Duration.ofSeconds(20), Duration.ofHours(24), 1);

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        TestDatabase.register(registry);
        UnusedRails.register(registry);
    }

    @Autowired
    PayoutActivitiesImpl payoutActivities;
    @Autowired
    PayoutStore store;
    @Autowired
    ApiClientStore clients;
    @Autowired
    Ledger ledger;
    @Autowired
    ChargeBands charges;
    @Autowired
    TransactionTemplate transaction;
    @Autowired
    PlatformTransactionManager transactionManager;
    @Autowired
    EventPublisher publisher;
    @Autowired
    JdbcClient jdbc;
    @Autowired
    PaymentJournal journal;

    @Test
    void givenTheWorkingAccountEmptiedJustBeforeTheLateTransfer_theLateSuccessShouldBeOwed_andPostedOnce() {
        String client = new PayoutHarness(store, clients, ledger).newClient("1000.00");
        PayoutLineCommand line = timedOutLine(client, "300.00");
        // another payout of the client's posts between any look at the balance and the late transfer's own lock
        MoneyEngine draining = new MoneyEngine(new DrainingBeforeLateTransfer(client));
        PayoutActivitiesImpl racing = new PayoutActivitiesImpl(store, charges,
                new PayoutOutcomes(store, ledger, draining, transaction, publisher, Clock.systemUTC(), journal),
                new ActivityCollaborators(draining, transaction, Clock.systemUTC(), publisher, journal));

        racing.reconcileLateSuccess(line.reference(), lateSuccess(line));
        racing.reconcileLateSuccess(line.reference(), lateSuccess(line)); // a retry

        assertThat(store.findLine(line.reference()).orElseThrow().transactionStatus())
                .isEqualTo(LineStatus.COMPLETED);
        assertThat(ledger.available(LedgerAccounts.working(client))).isEqualByComparingTo("0.00");
        assertThat(ledger.find(LedgerAccounts.receivable(client)).orElseThrow().balance()).isEqualByComparingTo("-310.00");
        assertThat(jdbc.sql("""
                select count(*) from ledger_transfers where idempotency_key like ? and debit_account = ?
                """).params("payout:" + line.reference() + ":late:%",
                LedgerAccounts.receivable(client)).query(Integer.class).single()).isEqualTo(2); // amount and fee, once each
        LedgerInvariants.assertHold(jdbc);
    }

    @Test
    void givenAWorkingAccountThatCovers_theLateSuccessShouldBeTakenFromIt() {
        String client = new PayoutHarness(store, clients, ledger).newClient("1000.00");
        PayoutLineCommand line = timedOutLine(client, "300.00");

        payoutActivities.reconcileLateSuccess(line.reference(), lateSuccess(line));

        assertThat(ledger.available(LedgerAccounts.working(client))).isEqualByComparingTo("690.00"); // 300 + fee 10
        assertThat(ledger.find(LedgerAccounts.receivable(client)).orElseThrow().balance()).isEqualByComparingTo("0.00");
        LedgerInvariants.assertHold(jdbc);
    }

    /** A line reserved, sent and then closed as timed out, its reservation released, as the workflow leaves it. */
    private PayoutLineCommand timedOutLine(String client, String amount) {
        PayoutLineCommand line = new PayoutHarness(store, clients, ledger)
                .record(client, TIMING, LineSpec.mobile("+254711000004", amount)).lines().getFirst();
        payoutActivities.reserveFunds(line);
        payoutActivities.claimForSending(line.reference());
        payoutActivities.closeLine(new LineOutcome(line.reference(), LineStatus.TIMED_OUT, ResultCode.TIMEOUT.code(),
                ResultCode.TIMEOUT.description(), null, null));
        return line;
    }

    private static RailResult lateSuccess(PayoutLineCommand line) {
        return PayoutRailProtocol.of(line.rail()).finalResult(line.reference(), "0",
                "Processed late", "LATE123", "Jane Doe", null);
    }

    /**
     * The ledger, except that just before the late amount's transfer another transaction (committed on its own
     * connection) empties the client's working account: the race a balance read before the transfer loses.
     */
    private final class DrainingBeforeLateTransfer extends Ledger {
        private final String client;
        private final AtomicBoolean drained = new AtomicBoolean();

        DrainingBeforeLateTransfer(String client) {
            super(jdbc);
            this.client = client;
        }

        @Override
        public boolean transfer(String idempotencyKey, Leg leg, String description) {
            if (idempotencyKey.endsWith(":late:amount") && !drained.getAndSet(true)) {
                TransactionTemplate own = new TransactionTemplate(transactionManager);
                own.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
                own.executeWithoutResult(tx -> ledger.transfer("drain:" + client, new Leg(LedgerAccounts.working(client),
                        LedgerAccounts.FUNDING, ledger.available(LedgerAccounts.working(client))), "another payout"));
            }
            return super.transfer(idempotencyKey, leg, description);
        }
    }
}
