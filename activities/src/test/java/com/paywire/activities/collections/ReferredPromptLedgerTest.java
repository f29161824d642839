package com.paywire.activities.collections;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.activities.ActivitiesTestApplication;
import com.paywire.activities.CheckoutFixtures;
import com.paywire.activities.UnusedRails;
import com.paywire.domain.collections.LatePrompts;
import com.paywire.domain.operations.UnconfirmedPayments;
import com.paywire.domain.rails.RailCallbacks;
import com.paywire.persistence.TestDatabase;
import com.paywire.persistence.checkout.CheckoutStore;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.collections.DepositStore;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.persistence.operations.UnconfirmedPaymentStore;
import com.paywire.persistence.payouts.PayoutStore;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.vocabulary.collections.Deposit;
import com.paywire.vocabulary.collections.DepositStatus;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.ledger.TransferState;
import com.paywire.vocabulary.operations.ResolutionOutcome;
import com.paywire.vocabulary.products.Product;
import com.paywire.workflows.SearchAttributeRegistration;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.collections.LatePromptWorkflowImpl;
import com.paywire.workflows.collections.PromptResult;
import io.temporal.client.WorkflowClient;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
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
 * A phone prompt closed with its outcome unknown, its credit held, that the rail never decided: referred to
 * operators once its day of asking ends; its held credit then decided once, by an operator (posted or released) or
 * by the rail's definite failure after the workflow ended (released through the late reconciliation), against the
 * ledger.
 */
@SpringBootTest(classes = ActivitiesTestApplication.class)
class ReferredPromptLedgerTest {

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        TestDatabase.register(registry);
        UnusedRails.register(registry);
    }

    @Autowired
    DepositStore deposits;
    @Autowired
    ApiClientStore clients;
    @Autowired
    Ledger ledger;
    @Autowired
    DepositActivitiesImpl depositActivities;
    @Autowired
    UnconfirmedPaymentStore queue;
    @Autowired
    UnconfirmedPayments operations;
    @Autowired
    PayoutStore payouts;
    @Autowired
    JdbcClient jdbc;
    @Autowired
    CheckoutStore checkouts;

    @Test
    void givenAHeldPromptTheRailNeverDecided_itShouldBeReferred_once_butNotOneDecidedMeanwhile() {
        String client = client();
        UUID silent = closedUnknown(client, "250.00");
        UUID paidMeanwhile = closedUnknown(client, "100.00");
        depositActivities.closeLateSuccess(paidMeanwhile.toString(), paid(paidMeanwhile, "RCPT60"));
        long since = Instant.parse("2026-01-05T08:00:00Z").toEpochMilli();

        depositActivities.referUnconfirmed(silent.toString(), since);
        depositActivities.referUnconfirmed(silent.toString(), since + 1000); // a retry keeps the first
        depositActivities.referUnconfirmed(paidMeanwhile.toString(), since);

        assertThat(deposits.isReferred(silent)).isTrue();
        assertThat(deposits.isReferred(paidMeanwhile)).as("its credit was posted: nothing waits").isFalse();
        assertThat(jdbc.sql("select unconfirmed_since from express_deposits where id = ?").param(silent)
                .query(OffsetDateTime.class).single()).isEqualTo(OffsetDateTime.of(2026, 1, 5, 8, 0, 0, 0,
                ZoneOffset.UTC));
        assertThat(queue.referredKeys()).contains(key(silent)).doesNotContain(key(paidMeanwhile));
        assertThat(ledger.holdState(key(silent))).contains(TransferState.PENDING);
    }

    @Test
    void givenAReferredPrompt_resolvedPaid_itsHeldCreditShouldBePostedOnce_evenWhenTheRailSaysSoLate() {
        String client = client();
        UUID deposit = referred(client, "250.00");

        operations.resolve(Product.PHONE_PROMPT, deposit.toString(), ResolutionOutcome.PAID, "RCPT-DESK", "ops");
        assertThatThrownBy(() -> operations.resolve(Product.PHONE_PROMPT, deposit.toString(),
                ResolutionOutcome.PAID, "RCPT-DESK", "ops")).isInstanceOf(UnconfirmedPayments.NotPendingConfirmation.class);
        depositActivities.closeLateSuccess(deposit.toString(), paid(deposit, "RCPT61")); // the rail agrees, later
        depositActivities.releaseUnconfirmed(deposit.toString(), failed(deposit)); // or contradicts itself

        Deposit closed = deposits.find(deposit).orElseThrow();
        assertThat(closed.status()).isEqualTo(DepositStatus.COMPLETED);
        assertThat(ledger.holdState(key(deposit))).contains(TransferState.POSTED);
        assertThat(ledger.posted(key(deposit) + Product.PAID_LATE_SUFFIX)).isEmpty();
        assertThat(ledger.available(LedgerAccounts.utility(client))).isEqualByComparingTo("250.00");
    }

    @Test
    void givenAReferredPrompt_resolvedNotPaid_itsHeldCreditShouldBeReleasedOnce_andNothingCredited() {
        String client = client();
        UUID deposit = referred(client, "250.00");

        operations.resolve(Product.PHONE_PROMPT, deposit.toString(), ResolutionOutcome.NOT_PAID, "ticket 7", "ops");
        depositActivities.releaseUnconfirmed(deposit.toString(), failed(deposit)); // the rail's failure, later

        assertThat(deposits.find(deposit).orElseThrow().status()).isEqualTo(DepositStatus.FAILED);
        assertThat(ledger.holdState(key(deposit))).contains(TransferState.VOIDED);
        assertThat(ledger.available(LedgerAccounts.utility(client))).isEqualByComparingTo("0");
        assertThat(queue.referredKeys()).doesNotContain(key(deposit));
        assertThatThrownBy(() -> operations.resolve(Product.PHONE_PROMPT, deposit.toString(),
                ResolutionOutcome.PAID, "x", "ops")).isInstanceOf(UnconfirmedPayments.NotPendingConfirmation.class);
    }

    @Test
    void givenAHeldPromptWhoseWorkflowEnded_theRailsLateFailure_shouldReleaseItsCreditOnce_andTakeItOutOfTheQueue() {
        String client = client();
        UUID deposit = referred(client, "250.00");
        try (TestWorkflowEnvironment env = TestWorkflowEnvironment.newInstance()) {
            SearchAttributeRegistration.register(env.getWorkflowServiceStubs(), env.getNamespace());
            Worker worker = env.newWorker(TaskQueues.COLLECTIONS);
            worker.registerWorkflowImplementationTypes(LatePromptWorkflowImpl.class);
            worker.registerActivitiesImplementations(depositActivities);
            env.start();
            RailCallbacks callbacks = new RailCallbacks(payouts, deposits, env.getWorkflowClient(), new LatePrompts(env.getWorkflowClient()));
            WorkflowClient temporal = env.getWorkflowClient();
            String release = WorkflowIds.latePromptFailure(client, deposit.toString());

            assertThat(callbacks.promptResult(failed(deposit), "{}")).isEqualTo(new RailCallbacks.Kept(true));
            temporal.newUntypedWorkflowStub(release).getResult(Void.class);
            callbacks.promptResult(failed(deposit), "{}"); // the rail repeats it
            temporal.newUntypedWorkflowStub(release).getResult(Void.class);

            assertThat(ledger.holdState(key(deposit))).contains(TransferState.VOIDED);
            assertThat(ledger.available(LedgerAccounts.utility(client))).isEqualByComparingTo("0");
            assertThat(queue.referredKeys()).doesNotContain(key(deposit));
            assertThat(deposits.find(deposit).orElseThrow().status()).isEqualTo(DepositStatus.FAILED);
        }
    }

    @Test
    void givenADepositFailedForCertain_aRepeatedFailureAfterItsWorkflowEnded_shouldStartNothing() {
        String client = client();
        UUID deposit = pending(client, "250.00");
        depositActivities.holdPrompt(deposit.toString());
        depositActivities.closeDeposit(deposit.toString(), failed(deposit)); // released on time
        try (TestWorkflowEnvironment env = TestWorkflowEnvironment.newInstance()) {
            env.start();
            RailCallbacks callbacks = new RailCallbacks(payouts, deposits, env.getWorkflowClient(), new LatePrompts(env.getWorkflowClient()));

            assertThat(callbacks.promptResult(failed(deposit), "{}")).isEqualTo(new RailCallbacks.Kept(false));
            assertThat(ledger.holdState(key(deposit))).contains(TransferState.VOIDED);
        }
    }

    private String client() {
        String client = "client-" + UUID.randomUUID();
        clients.register(new ApiClient(client, client, "unused", Set.of("collections")), List.of());
        return client;
    }

    @Test
    void givenACheckoutAttemptClosedUnknown_itShouldBeReferred_withItsMoneyHeldForTheOrder_andReleasedOnNotPaid() {
        String client = client();
        UUID attempt = CheckoutFixtures.mobileAttempt(checkouts, deposits, client);
        depositActivities.holdPrompt(attempt.toString());
        depositActivities.closeDeposit(attempt.toString(), PromptResult.unconfirmed(attempt.toString()));
        depositActivities.referUnconfirmed(attempt.toString(), System.currentTimeMillis());

        assertThat(ledger.transfersOf(key(attempt))).as("held for the order, not for the merchant")
                .allSatisfy(t -> assertThat(t.creditAccount()).isEqualTo(LedgerAccounts.CHECKOUT_PAYMENTS));
        assertThat(queue.referredKeys()).contains(key(attempt));
        assertThat(queue.list(1, 100).payments()).anySatisfy(p -> assertThat(p.id()).isEqualTo(attempt.toString()));

        operations.resolve(Product.PHONE_PROMPT, attempt.toString(), ResolutionOutcome.NOT_PAID, "ticket 8", "ops");

        assertThat(ledger.holdState(key(attempt))).contains(TransferState.VOIDED);
        assertThat(queue.referredKeys()).doesNotContain(key(attempt));
        assertThat(ledger.available(LedgerAccounts.utility(client))).isEqualByComparingTo("0");
    }

    private UUID referred(String client, String amount) {
        UUID id = closedUnknown(client, amount);
        depositActivities.referUnconfirmed(id.toString(), System.currentTimeMillis() - 86_400_000L);
        return id;
    }

    /** As the deposit workflow leaves it when the prompt window passed with no final word: held, closed 1037. */
    private UUID closedUnknown(String client, String amount) {
        UUID id = pending(client, amount);
        depositActivities.holdPrompt(id.toString());
        depositActivities.closeDeposit(id.toString(), PromptResult.unconfirmed(id.toString()));
        return id;
    }

    private UUID pending(String client, String amount) {
        UUID id = UUID.randomUUID();
        deposits.insert(new Deposit(id, client, "ocid-" + id, "174379", "ACC-1", new BigDecimal(amount),
                "254712000001", "Deposit", null, null, null, null, null, "KES", null, null, null, null, null, null,
                DepositStatus.PENDING, null, null, null, null, true, OffsetDateTime.now()));
        return id;
    }

    private static String key(UUID depositId) {
        return Product.PHONE_PROMPT.key(depositId.toString());
    }

    private static PromptResult paid(UUID id, String receipt) {
        return new PromptResult(id.toString(), PromptResult.State.ANSWERED, PromptResult.SUCCESS, "Paid", receipt,
                "20261120101510");
    }

    private static PromptResult failed(UUID id) {
        return new PromptResult(id.toString(), PromptResult.State.ANSWERED, PromptResult.CANCELLED,
                "Request cancelled by user", null, null);
    }
}
