package com.paywire.activities.collections;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.activities.ActivitiesTestApplication;
import com.paywire.activities.ActivityCollaborators;
import com.paywire.activities.CheckoutFixtures;
import com.paywire.activities.UnusedRails;
import com.paywire.activities.checkout.CheckoutActivitiesImpl;
import com.paywire.domain.money.MoneyEngine;
import com.paywire.domain.notifications.EventPublisher;
import com.paywire.domain.observability.PaymentJournal;
import com.paywire.persistence.TestDatabase;
import com.paywire.persistence.checkout.CheckoutStore;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.collections.DepositStore;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.vocabulary.checkout.CheckoutOrder;
import com.paywire.vocabulary.checkout.CheckoutStatus;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.vocabulary.collections.Deposit;
import com.paywire.vocabulary.collections.DepositStatus;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.ledger.TransferState;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.vocabulary.rules.money.Leg;
import com.paywire.workflows.FailureType;
import com.paywire.workflows.collections.LateSuccess;
import com.paywire.workflows.collections.PromptResult;
import io.temporal.failure.ApplicationFailure;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Closing a paid express deposit credits the client, once, on time or late; a ledger that will not credit it is a
 * broken invariant.
 */
@SpringBootTest(classes = ActivitiesTestApplication.class)
class DepositLedgerTest {

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        TestDatabase.register(registry);
        UnusedRails.register(registry);
    }

    @Autowired
    DepositStore deposits;
    @Autowired
    CheckoutStore checkouts;
    @Autowired
    ApiClientStore clients;
    @Autowired
    Ledger ledger;
    @Autowired
    EventPublisher publisher;
    @Autowired
    TransactionTemplate transaction;
    @Autowired
    JdbcClient jdbc;
    @Autowired
    PaymentJournal journal;
    @Autowired
    CheckoutActivitiesImpl checkoutActivities;

    @Test
    void givenALedgerThatRefusesTheCredit_closingAPaidDepositShouldFailAsABrokenInvariant_andWriteNothing() {
        String client = "client-" + UUID.randomUUID();
        clients.register(new ApiClient(client, client, "unused", Set.of("collections")), List.of());
        UUID id = pendingDeposit(client, "250.00");
        // the rail's settlement account may go negative: only a ledger not as the code believes refuses it
        Ledger refusing = new Ledger(jdbc) {
            @Override
            public boolean transfer(String idempotencyKey, Leg leg, String description) {
                return false;
            }
        };
        DepositActivitiesImpl activities = new DepositActivitiesImpl(deposits, checkouts,
                new ActivityCollaborators(new MoneyEngine(refusing), transaction, Clock.systemUTC(), publisher, journal));

        assertThatThrownBy(() -> activities.closeDeposit(id.toString(), new PromptResult(id.toString(),
                PromptResult.State.ANSWERED, PromptResult.SUCCESS, "Paid", "RCPT42", null)))
                .isInstanceOfSatisfying(ApplicationFailure.class,
                        failure -> assertThat(failure.getType()).isEqualTo(FailureType.INVARIANT_VIOLATED.name()));
        assertThat(deposits.find(id).orElseThrow().status()).isEqualTo(DepositStatus.PENDING);
        assertThat(ledger.available(LedgerAccounts.utility(client))).isEqualByComparingTo("0.00");
    }

    @Autowired
    DepositActivitiesImpl depositActivities;

    @Test
    void givenADepositPaidOnTime_aRepeatedSuccessAfterItsEnd_shouldChangeNothing() {
        String client = "client-" + UUID.randomUUID();
        clients.register(new ApiClient(client, client, "unused", Set.of("collections")), List.of());
        UUID id = pendingDeposit(client, "250.00");
        PromptResult paid = new PromptResult(id.toString(), PromptResult.State.ANSWERED, PromptResult.SUCCESS, "Paid",
                "RCPT43", null);
        depositActivities.closeDeposit(id.toString(), paid);

        assertThat(depositActivities.closeLateSuccess(id.toString(), paid)).isEqualTo(LateSuccess.DONE);

        assertThat(deposits.find(id).orElseThrow().resultDesc()).isEqualTo("Paid");
        assertThat(deposits.confirmedLate(id)).isFalse();
        assertThat(ledger.available(LedgerAccounts.utility(client))).isEqualByComparingTo("250.00");
    }

    @Test
    void givenADepositClosedUnpaid_aSuccessClosedLateTwice_shouldCreditOnce_andRecordItCompletedLate() {
        String client = "client-" + UUID.randomUUID();
        clients.register(new ApiClient(client, client, "unused", Set.of("collections")), List.of());
        UUID id = pendingDeposit(client, "250.00");
        depositActivities.closeDeposit(id.toString(), PromptResult.notReached(id.toString()));
        PromptResult paid = new PromptResult(id.toString(), PromptResult.State.ANSWERED, PromptResult.SUCCESS, "Paid",
                "RCPT44", "20261120101510");

        depositActivities.closeLateSuccess(id.toString(), paid);
        depositActivities.closeLateSuccess(id.toString(), paid);

        Deposit closed = deposits.find(id).orElseThrow();
        assertThat(closed.status()).isEqualTo(DepositStatus.COMPLETED);
        assertThat(closed.resultDesc()).isEqualTo("Paid (confirmed after the prompt window)");
        assertThat(closed.receiptNumber()).isEqualTo("RCPT44");
        assertThat(deposits.confirmedLate(id)).isTrue();
        assertThat(ledger.available(LedgerAccounts.utility(client))).isEqualByComparingTo("250.00");
    }

    @Test
    void givenAPromptOut_itsCreditShouldBeHeldOnTheRailsSettlement_andTheSuccessPostIt_once() {
        String client = client();
        UUID id = pendingDeposit(client, "250.00");
        String settlement = LedgerAccounts.railSettlement(Rail.MOBILE_MONEY);
        BigDecimal settlementBefore = ledger.available(settlement);

        assertThat(depositActivities.holdPrompt(id.toString())).isTrue();
        assertThat(depositActivities.holdPrompt(id.toString())).as("a retried hold holds once").isTrue();

        assertThat(ledger.holdState(key(id))).contains(TransferState.PENDING);
        assertThat(ledger.available(LedgerAccounts.utility(client))).isEqualByComparingTo("0.00");
        assertThat(ledger.available(settlement)).isEqualByComparingTo(settlementBefore.subtract(new BigDecimal("250.00")));

        PromptResult paid = paid(id, "RCPT45");
        depositActivities.closeDeposit(id.toString(), paid);
        depositActivities.closeDeposit(id.toString(), paid);

        assertThat(ledger.holdState(key(id))).contains(TransferState.POSTED);
        assertThat(ledger.posted(key(id) + "#0")).isPresent();
        assertThat(ledger.posted(key(id))).as("no one-phase credit beside the held one").isEmpty();
        assertThat(ledger.available(LedgerAccounts.utility(client))).isEqualByComparingTo("250.00");
    }

    @Test
    void givenThePayerCancels_theHeldCreditShouldBeReleased_andALateSuccessCreditedOnce_underThePaidLateKey() {
        String client = client();
        UUID id = pendingDeposit(client, "250.00");
        depositActivities.holdPrompt(id.toString());

        depositActivities.closeDeposit(id.toString(), new PromptResult(id.toString(), PromptResult.State.ANSWERED,
                PromptResult.CANCELLED, "Request cancelled by user", null, null));

        assertThat(ledger.holdState(key(id))).contains(TransferState.VOIDED);
        assertThat(ledger.available(LedgerAccounts.utility(client))).isEqualByComparingTo("0.00");

        PromptResult late = paid(id, "RCPT46");
        depositActivities.closeLateSuccess(id.toString(), late);
        depositActivities.closeLateSuccess(id.toString(), late);

        assertThat(deposits.find(id).orElseThrow().status()).isEqualTo(DepositStatus.COMPLETED);
        assertThat(ledger.holdState(key(id))).as("a released hold stays released").contains(TransferState.VOIDED);
        assertThat(ledger.posted(key(id) + Product.PAID_LATE_SUFFIX)).isPresent();
        assertThat(ledger.available(LedgerAccounts.utility(client))).isEqualByComparingTo("250.00");
    }

    @Test
    void givenAnUnknownOutcome_theHeldCreditShouldStayPending_untilTheRailsLateWord() {
        String client = client();
        UUID paidLater = pendingDeposit(client, "250.00");
        UUID failedLater = pendingDeposit(client, "100.00");
        for (UUID id : List.of(paidLater, failedLater)) {
            depositActivities.holdPrompt(id.toString());
            depositActivities.closeDeposit(id.toString(), PromptResult.unconfirmed(id.toString()));
            assertThat(deposits.find(id).orElseThrow().resultCode()).as("the client hears 1037")
                    .isEqualTo(PromptResult.NOT_REACHED);
            assertThat(ledger.holdState(key(id))).contains(TransferState.PENDING);
        }

        depositActivities.closeLateSuccess(paidLater.toString(), paid(paidLater, "RCPT47"));
        PromptResult insufficient = new PromptResult(failedLater.toString(), PromptResult.State.ANSWERED, "1",
                "The balance is insufficient for the transaction", null, null);
        depositActivities.releaseUnconfirmed(failedLater.toString(), insufficient);
        depositActivities.releaseUnconfirmed(failedLater.toString(), insufficient);

        assertThat(ledger.holdState(key(paidLater))).contains(TransferState.POSTED);
        assertThat(ledger.posted(key(paidLater) + Product.PAID_LATE_SUFFIX)).as("the kept hold is the credit").isEmpty();
        assertThat(ledger.holdState(key(failedLater))).contains(TransferState.VOIDED);
        assertThat(ledger.available(LedgerAccounts.utility(client))).isEqualByComparingTo("250.00");
    }

    @Test
    void givenADepositWhosePromptWentOutBeforeCreditsWereHeld_itShouldBeCreditedOnConfirmation_asBefore() {
        String client = client();
        UUID onTime = pendingDeposit(client, "250.00");
        UUID late = pendingDeposit(client, "100.00");

        depositActivities.closeDeposit(onTime.toString(), paid(onTime, "RCPT48"));
        depositActivities.closeDeposit(late.toString(), PromptResult.notReached(late.toString()));
        depositActivities.closeLateSuccess(late.toString(), paid(late, "RCPT49"));

        assertThat(ledger.holdState(key(onTime))).isEmpty();
        assertThat(ledger.posted(key(onTime))).isPresent();
        assertThat(ledger.posted(key(late))).as("the on-time key, as before").isPresent();
        assertThat(ledger.available(LedgerAccounts.utility(client))).isEqualByComparingTo("350.00");
    }

    @Test
    void givenAnAttemptAtACheckoutOrder_itsPromptShouldBeHeldForTheOrder_notCreditedUnderTheDepositsKey() {
        String client = client();
        UUID id = CheckoutFixtures.mobileAttempt(checkouts, deposits, client);
        BigDecimal waiting = waitingForOrders();

        assertThat(depositActivities.holdPrompt(id.toString())).isTrue();
        assertThat(ledger.holdState(key(id))).as("held while the prompt is out").contains(TransferState.PENDING);
        depositActivities.closeDeposit(id.toString(), paid(id, "RCPT50"));
        depositActivities.closeDeposit(id.toString(), paid(id, "RCPT50"));

        assertThat(ledger.holdState(key(id))).contains(TransferState.POSTED);
        assertThat(waitingForOrders().subtract(waiting)).as("waits for its order, once").isEqualByComparingTo("250.00");
        assertThat(ledger.available(LedgerAccounts.utility(client))).as("completeCheckout credits checkout:{orderId}")
                .isEqualByComparingTo("0.00");
    }

    @Test
    void givenAnAttemptAtACheckoutOrderThatFailed_thenPaidLate_itShouldWaitForItsOrderOnce_underItsPaidLateKey() {
        String client = client();
        UUID id = CheckoutFixtures.mobileAttempt(checkouts, deposits, client);
        BigDecimal waiting = waitingForOrders();
        depositActivities.holdPrompt(id.toString());
        depositActivities.closeDeposit(id.toString(), failed(id));
        assertThat(ledger.holdState(key(id))).contains(TransferState.VOIDED);

        depositActivities.closeLateSuccess(id.toString(), paid(id, "RCPT51"));
        depositActivities.closeLateSuccess(id.toString(), paid(id, "RCPT51"));

        assertThat(ledger.posted(key(id) + Product.PAID_LATE_SUFFIX)).hasValueSatisfying(leg ->
                assertThat(leg.creditAccount()).isEqualTo(LedgerAccounts.CHECKOUT_PAYMENTS));
        assertThat(waitingForOrders().subtract(waiting)).isEqualByComparingTo("250.00");
        assertThat(ledger.available(LedgerAccounts.utility(client))).isEqualByComparingTo("0.00");
    }

    @Test
    void givenAnAttemptsPaymentHeldForItsOrder_anOrderClosedMeanwhileShouldOweItBackFromTheCheckoutPayments_once() {
        String client = client();
        UUID id = CheckoutFixtures.mobileAttempt(checkouts, deposits, client);
        UUID order = deposits.checkoutOf(id).orElseThrow();
        BigDecimal waiting = waitingForOrders();
        depositActivities.holdPrompt(id.toString());
        depositActivities.closeDeposit(id.toString(), paid(id, "RCPT52"));
        checkouts.recordStatus(order, CheckoutStatus.CANCELLED, "Cancelled", CheckoutOrder.Outcome.NONE, null,
                OffsetDateTime.now());

        checkoutActivities.oweBackLatePayment(order.toString(), id.toString());
        checkoutActivities.oweBackLatePayment(order.toString(), id.toString());

        assertThat(ledger.posted(key(id) + ":refund-due")).hasValueSatisfying(leg -> {
            assertThat(leg.debitAccount()).isEqualTo(LedgerAccounts.CHECKOUT_PAYMENTS);
            assertThat(leg.creditAccount()).isEqualTo(LedgerAccounts.REFUNDS_DUE);
        });
        assertThat(waitingForOrders()).as("nothing left waiting for the order").isEqualByComparingTo(waiting);
    }

    private BigDecimal waitingForOrders() {
        return ledger.find(LedgerAccounts.CHECKOUT_PAYMENTS).orElseThrow().balance();
    }


    private String client() {
        String client = "client-" + UUID.randomUUID();
        clients.register(new ApiClient(client, client, "unused", Set.of("collections")), List.of());
        return client;
    }

    private static String key(UUID depositId) {
        return Product.PHONE_PROMPT.key(depositId.toString());
    }

    /** The payer cancelled the prompt: a definite failure. */
    private static PromptResult failed(UUID id) {
        return new PromptResult(id.toString(), PromptResult.State.ANSWERED, "1032", "Request cancelled by user", null,
                null);
    }

    private static PromptResult paid(UUID id, String receipt) {
        return new PromptResult(id.toString(), PromptResult.State.ANSWERED, PromptResult.SUCCESS, "Paid", receipt,
                "20261120101510");
    }

    private UUID pendingDeposit(String client, String amount) {
        UUID id = UUID.randomUUID();
        deposits.insert(new Deposit(id, client, "ocid-" + id, "174379", "ACC-1", new BigDecimal(amount),
                "254712000001", "Deposit", null, null, null, null, null, "KES", null, null, null, null, null, null,
                DepositStatus.PENDING, null, null, null, null, false, OffsetDateTime.now()));
        return id;
    }
}
