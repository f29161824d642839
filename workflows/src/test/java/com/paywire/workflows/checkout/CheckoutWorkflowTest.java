package com.paywire.workflows.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.vocabulary.checkout.CheckoutStatus;
import com.paywire.vocabulary.checkout.PaymentMethod;
import com.paywire.workflows.RecordedHistories;
import com.paywire.workflows.SearchAttributeRegistration;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.cards.CardAuthorisationCommand.ForCheckout;
import com.paywire.workflows.cards.CardAuthorisationCommand;
import com.paywire.workflows.cards.CardPaymentWorkflowImpl;
import com.paywire.workflows.checkout.AttemptOutcome.ThirdParty;
import com.paywire.workflows.collections.DepositActivities;
import com.paywire.workflows.collections.DepositCommand;
import com.paywire.workflows.collections.ExpressDepositWorkflow;
import com.paywire.workflows.collections.ExpressDepositWorkflowImpl;
import com.paywire.workflows.collections.LateSuccess;
import com.paywire.workflows.collections.PromptAcknowledgement;
import com.paywire.workflows.collections.PromptResult;
import com.paywire.workflows.collections.StkPushRailActivities;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * The checkout workflow alone, with time skipping, against in-memory activities; mobile-money attempts run the
 * real ExpressDepositWorkflow as a child, against an in-memory rail, and card attempts the real
 * CardPaymentWorkflow, against an in-memory processor ({@link InMemoryCards}).
 */
class CheckoutWorkflowTest {

    static final String CLIENT = "client-1";
    static final BigDecimal TOTAL = new BigDecimal("1500.50");

    /** Remembers every status change and completion; the rail accepts every prompt. */
    static final class InMemory implements CheckoutActivities, DepositActivities, StkPushRailActivities {
        final List<StatusChange> changes = new CopyOnWriteArrayList<>();
        final List<StatusChange> completions = new CopyOnWriteArrayList<>();
        final List<String> charged = new CopyOnWriteArrayList<>();
        final Map<String, DepositCommand> prompted = new ConcurrentHashMap<>();
        final Map<String, PromptResult> closedDeposits = new ConcurrentHashMap<>();
        final List<String> owedBack = new CopyOnWriteArrayList<>();
        volatile CountDownLatch cardProcessor = new CountDownLatch(0);

        @Override
        public void recordCheckoutStatus(StatusChange change) {
            changes.add(change);
        }

        @Override
        public AttemptOutcome chargeCard(CheckoutCommand order, CardAttempt attempt) {
            throw new UnsupportedOperationException("card attempts are child workflows");
        }

        /** The attempt's token stands for the card's vault reference: InMemoryCards answers by it. */
        @Override
        public CardCharge openCardAttempt(CheckoutCommand order, CardAttempt attempt, String checkoutWorkflowId) {
            charged.add(attempt.attemptId());
            String id = attempt.attemptId();
            return new CardCharge(new CardAuthorisationCommand(order.clientId(), "auth_" + id, id, order.totalAmount(),
                    order.currency(), attempt.transientToken(), "VISA", "1111", "12", "2031",
                    attempt.payerAuthenticationId(), null, "fs_" + id, Duration.ofDays(7), 0L,
                    new CardAuthorisationCommand.FraudScreening(attempt.billingCountry()),
                    new ForCheckout(order.checkoutId(), checkoutWorkflowId, id, "cap_" + id, id + "-capture",
                            "void_" + id, id + "-void", "ref_" + id, id + "-refund")), null);
        }

        @Override
        public DepositCommand openMobileMoneyAttempt(CheckoutCommand order, MobileMoneyAttempt attempt) {
            return new DepositCommand("dep-" + attempt.attemptId(), order.clientId(), attempt.attemptId(),
                    attempt.phoneNumber(), order.totalAmount(), "INV-1", "Checkout INV-1", order.promptWindow());
        }

        @Override
        public AttemptOutcome mobileMoneyOutcome(String depositId) {
            PromptResult result = closedDeposits.get(depositId);
            boolean paid = PromptResult.SUCCESS.equals(result.resultCode());
            return new AttemptOutcome(paid, paid ? null : result.resultCode(), paid ? null : result.resultDesc(),
                    new ThirdParty(result.resultCode(), result.resultDesc(), paid ? result.receiptNumber() : depositId));
        }

        @Override
        public void completeCheckout(StatusChange completion) {
            completions.add(completion);
        }

        @Override
        public void oweBackLatePayment(String checkoutId, String depositId) {
            owedBack.add(depositId);
        }

        @Override
        public void oweBackLateCardPayment(String checkoutId, String captureId) {
            owedBack.add(captureId);
        }

        @Override
        public boolean holdPrompt(String depositId) {
            return false; // an attempt at a checkout order holds nothing: the order credits it
        }

        @Override
        public void referUnconfirmed(String depositId, long unconfirmedSinceMillis) {
            throw new UnsupportedOperationException("nothing is held here");
        }

        @Override
        public void releaseUnconfirmed(String depositId, PromptResult result) {
            throw new UnsupportedOperationException("nothing is held here");
        }

        @Override
        public void recordPrompt(String depositId, PromptAcknowledgement acknowledgement) {
        }

        @Override
        public LateSuccess closeLateSuccess(String depositId, PromptResult result) {
            closedDeposits.put(depositId, result);
            return LateSuccess.DONE;
        }

        @Override
        public void closeDeposit(String depositId, PromptResult result) {
            closedDeposits.put(depositId, result);
        }

        @Override
        public PromptAcknowledgement sendPrompt(DepositCommand deposit) {
            prompted.put(deposit.originatorConversationId(), deposit);
            return new PromptAcknowledgement(true, "MR-1", "ws_CO_1", null);
        }

        @Override
        public PromptResult queryPrompt(String depositId) {
            return PromptResult.pending(depositId);
        }

        List<CheckoutStatus> statuses() {
            return changes.stream().map(StatusChange::status).toList();
        }
    }

    TestWorkflowEnvironment env;
    InMemory activities;
    InMemoryCards cards;
    String lastWorkflowId;

    @BeforeEach
    void setUp() {
        env = TestWorkflowEnvironment.newInstance();
        SearchAttributeRegistration.register(env.getWorkflowServiceStubs(), env.getNamespace());
        activities = new InMemory();
        cards = new InMemoryCards();
        Worker worker = env.newWorker(TaskQueues.COLLECTIONS);
        worker.registerWorkflowImplementationTypes(CheckoutWorkflowImpl.class, ExpressDepositWorkflowImpl.class);
        worker.registerActivitiesImplementations(activities);
        env.newWorker(TaskQueues.NOTIFICATIONS).registerActivitiesImplementations(cards);
        Worker cardPayments = env.newWorker(TaskQueues.CARDS);
        cardPayments.registerWorkflowImplementationTypes(CardPaymentWorkflowImpl.class);
        cardPayments.registerActivitiesImplementations(cards);
        env.start();
    }

    /** Keeps the workflows' histories for the replay tests: -Dpaywire.recordHistories=path/to/histories. */
    @AfterEach
    void tearDown(TestInfo test) throws IOException {
        String name = test.getTestMethod().orElseThrow().getName();
        RecordedHistories.keepIfAsked(env, lastWorkflowId, "checkout-v3-" + name);
        if (!activities.charged.isEmpty()) {
            RecordedHistories.keepIfAsked(env, WorkflowIds.cardPayment(CLIENT, "auth_" + activities.charged.getLast()),
                    "card-payment-v5-checkout-" + name);
        }
        env.close();
    }

    @Test
    void givenNoPaymentByTheDueDate_theOrderShouldExpire_andTheMerchantBeCalledBack() {
        CheckoutWorkflow order = start("ocid-due");

        assertThat(result(order)).isEqualTo(CheckoutStatus.EXPIRED);

        assertThat(activities.statuses()).containsExactly(CheckoutStatus.EXPIRED);
        StatusChange expired = activities.changes.getFirst();
        assertThat(expired.resultCode()).isEqualTo(CheckoutResults.EXPIRED);
        assertThat(expired.eventId()).isNotBlank();
        assertThat(activities.completions).isEmpty();
        assertThat(env.currentTimeMillis()).as("expired at the due date, not before").isGreaterThanOrEqualTo(dueAt);
    }

    @Test
    void givenADeclinedCardThenAGoodOne_theOrderShouldFailThenComplete_once() {
        CheckoutWorkflow order = start("ocid-card");

        order.payByCard(new CardAttempt("attempt-1", "declined-token", null, "KE"));
        await(() -> order.status() == CheckoutStatus.FAILED);
        order.payByCard(new CardAttempt("attempt-2", "good-token", "pa-1", "KE"));

        assertThat(result(order)).isEqualTo(CheckoutStatus.COMPLETED);
        assertThat(activities.statuses()).containsExactly(CheckoutStatus.PROCESSING, CheckoutStatus.FAILED,
                CheckoutStatus.PROCESSING);
        StatusChange failed = activities.changes.get(1);
        assertThat(failed.resultCode()).isEqualTo("CARD_DECLINED");
        assertThat(failed.method()).isEqualTo(PaymentMethod.CARD);
        assertThat(activities.completions).hasSize(1);
        StatusChange completed = activities.completions.getFirst();
        assertThat(completed.resultCode()).isEqualTo(CheckoutResults.COMPLETED);
        assertThat(completed.resultDesc()).isEqualTo(CheckoutResults.COMPLETED_DESC);
        assertThat(completed.thirdParty().reference()).isEqualTo("cap_attempt-2");
        assertThat(activities.charged).containsExactly("attempt-1", "attempt-2");
        List<String> eventIds = new ArrayList<>(activities.changes.stream().map(StatusChange::eventId).toList());
        eventIds.add(completed.eventId());
        assertThat(eventIds).as("one event per change").doesNotHaveDuplicates().hasSize(4);
    }

    @Test
    void givenACardAttemptThatFailsForAReasonOtherThanAnOutage_theOrderShouldBeFailedAndPayable_notStuckProcessing() {
        CheckoutWorkflow order = start("ocid-broken");

        order.payByCard(new CardAttempt("attempt-b", "broken-token", null, "KE"));
        await(() -> order.status() == CheckoutStatus.FAILED);
        order.payByCard(new CardAttempt("attempt-g", "good-token", null, "KE"));

        assertThat(result(order)).isEqualTo(CheckoutStatus.COMPLETED);
        assertThat(activities.changes.get(1).resultCode()).isEqualTo(CheckoutResults.CARD_ATTEMPT_FAILED);
    }

    @Test
    void givenACardAttemptTheCheckoutGivesUpOn_itsAuthorisationShouldBeVoided_andTheOrderPayableMeanwhile() {
        CheckoutWorkflow order = start("ocid-given-up");
        cards.screeningAway = true;

        order.payByCard(new CardAttempt("attempt-slow", "good-token-slow", null, "KE"));
        await(() -> activities.charged.contains("attempt-slow"));
        env.sleep(Duration.ofMinutes(6)); // the attempt cannot be screened for longer than the checkout waits
        await(() -> order.status() == CheckoutStatus.FAILED);
        assertThat(activities.changes.get(1).resultCode()).isEqualTo(CheckoutResults.PROCESSOR_UNAVAILABLE);
        cards.screeningAway = false;
        env.sleep(Duration.ofMinutes(1)); // the screen's next retry

        await(() -> cards.voided.contains("void_attempt-slow"));
        assertThat(cards.authorised).containsExactly("auth_attempt-slow");
        assertThat(cards.captured).as("given up on: never captured").isEmpty();
        assertThat(activities.completions).isEmpty();
        order.payByCard(new CardAttempt("attempt-next", "good-token-next", null, "KE"));
        assertThat(result(order)).isEqualTo(CheckoutStatus.COMPLETED);
        assertThat(cards.captured).containsExactly("cap_attempt-next");
    }

    /**
     * The race: the checkout stops waiting for its card attempt and gives up on it just as the attempt's card
     * payment workflow, not yet told, captures and signals paid. The signal then names an attempt the checkout no
     * longer waits for; it must still complete the order, which is payable again.
     */
    @Test
    void givenACardAttemptGivenUpOn_thatSaysItWasCapturedAfterwards_itShouldCompleteThePayableOrder_notBeIgnored() {
        CheckoutWorkflow order = start("ocid-captured-late");
        givenUpOn(order, "attempt-late");

        order.cardAttemptEnded("attempt-late", paidByCard("cap_attempt-late"));

        assertThat(result(order)).isEqualTo(CheckoutStatus.COMPLETED);
        assertThat(activities.completions).hasSize(1);
        StatusChange completed = activities.completions.getFirst();
        assertThat(completed.method()).isEqualTo(PaymentMethod.CARD);
        assertThat(completed.thirdParty().reference()).isEqualTo("cap_attempt-late");
        assertThat(activities.owedBack).isEmpty();
    }

    @Test
    void givenACardAttemptGivenUpOn_thatSaysItWasCapturedWhileAnotherAttemptPaysTheOrder_itShouldBeOwedBack() {
        CheckoutWorkflow order = start("ocid-card-paid-twice");
        givenUpOn(order, "attempt-late");
        order.payByMobileMoney(new MobileMoneyAttempt("attempt-2", "254712345678"));
        await(() -> activities.prompted.containsKey("attempt-2"));

        order.cardAttemptEnded("attempt-late", paidByCard("cap_attempt-late"));
        order.status(); // the late capture is in the history before the second attempt pays
        env.getWorkflowClient().newWorkflowStub(ExpressDepositWorkflow.class, WorkflowIds.expressDeposit(CLIENT, "attempt-2"))
                .promptResult(new PromptResult("dep-attempt-2", PromptResult.State.ANSWERED, PromptResult.SUCCESS,
                        "Paid", "ONTIME2RCPT", "20261120101010"));

        assertThat(result(order)).isEqualTo(CheckoutStatus.COMPLETED);
        assertThat(activities.completions).hasSize(1);
        assertThat(activities.completions.getFirst().thirdParty().reference()).isEqualTo("ONTIME2RCPT");
        assertThat(activities.owedBack).containsExactly("cap_attempt-late");
    }

    /** A card attempt the checkout gives up on: it cannot be screened for longer than the checkout waits. */
    private void givenUpOn(CheckoutWorkflow order, String attemptId) {
        cards.screeningAway = true;
        order.payByCard(new CardAttempt(attemptId, "good-token-" + attemptId, null, "KE"));
        await(() -> activities.charged.contains(attemptId));
        env.sleep(Duration.ofMinutes(6));
        await(() -> order.status() == CheckoutStatus.FAILED);
        assertThat(activities.changes.get(1).resultCode()).isEqualTo(CheckoutResults.PROCESSOR_UNAVAILABLE);
    }

    /** What a card payment workflow signals once it captured its checkout's total. */
    private static AttemptOutcome paidByCard(String captureId) {
        return new AttemptOutcome(true, null, null, new ThirdParty("00", "Authorised and captured", captureId));
    }

    @Test
    void givenTheSameOrderRunTwice_theEventIdsOfItsChangesShouldBeTheSame() {
        CheckoutWorkflow first = start("ocid-same");
        first.cancel();
        result(first);
        String firstEvent = activities.changes.getFirst().eventId();

        activities.changes.clear();
        CheckoutWorkflow second = env.getWorkflowClient().newWorkflowStub(CheckoutWorkflow.class, options("ocid-same-2"));
        WorkflowClient.start(second::run, command("ocid-same")); // the same order under another workflow id
        second.cancel();
        result(second);

        assertThat(activities.changes.getFirst().eventId()).isEqualTo(firstEvent);
    }

    @Test
    void givenThePayerCancels_theOrderShouldEndCancelled() {
        CheckoutWorkflow order = start("ocid-cancel");

        order.cancel();

        assertThat(result(order)).isEqualTo(CheckoutStatus.CANCELLED);
        assertThat(activities.statuses()).containsExactly(CheckoutStatus.CANCELLED);
        assertThat(activities.changes.getFirst().resultCode()).isEqualTo(CheckoutResults.CANCELLED);
        assertThat(activities.completions).isEmpty();
    }

    @Test
    void givenAttemptsWhileAnotherIsInFlight_noneShouldRun_whenThatOnePays() {
        cards.processor = new CountDownLatch(1);
        CheckoutWorkflow order = start("ocid-twice");

        order.payByCard(new CardAttempt("attempt-a", "good-token-a", null, "KE"));
        await(() -> activities.charged.contains("attempt-a"));
        order.payByCard(new CardAttempt("attempt-b", "good-token-b", null, "KE"));
        order.payByMobileMoney(new MobileMoneyAttempt("attempt-c", "254712345678"));
        order.status(); // the signals are in the history before the processor answers
        cards.processor.countDown();

        assertThat(result(order)).isEqualTo(CheckoutStatus.COMPLETED);
        assertThat(activities.charged).containsExactly("attempt-a");
        assertThat(activities.prompted).isEmpty();
        assertThat(activities.completions).hasSize(1);
    }

    @Test
    void givenAnAttemptArrivingAsTheOneInFlightFails_itShouldRunNext_notBeLost() {
        cards.processor = new CountDownLatch(1);
        CheckoutWorkflow order = start("ocid-queued");

        order.payByCard(new CardAttempt("attempt-x", "declined-token-x", null, "KE"));
        await(() -> activities.charged.contains("attempt-x"));
        order.payByCard(new CardAttempt("attempt-y", "good-token-y", null, "KE"));
        order.status(); // the second attempt is in the history before the processor declines the first
        cards.processor.countDown();

        assertThat(result(order)).isEqualTo(CheckoutStatus.COMPLETED);
        assertThat(activities.charged).containsExactly("attempt-x", "attempt-y");
        assertThat(activities.statuses()).containsExactly(CheckoutStatus.PROCESSING, CheckoutStatus.FAILED,
                CheckoutStatus.PROCESSING);
        assertThat(activities.completions).hasSize(1);
    }

    @Test
    void givenAPayerWhoAnswersThePrompt_theMobileMoneyChildShouldComplete_theOrder() {
        CheckoutWorkflow order = start("ocid-mpesa");

        payByPhone(order, "attempt-m", PromptResult.SUCCESS, "The service request is processed successfully.", "NLJ7RT61SV");

        assertThat(result(order)).isEqualTo(CheckoutStatus.COMPLETED);
        assertThat(activities.statuses()).containsExactly(CheckoutStatus.PROCESSING);
        assertThat(activities.changes.getFirst().method()).isEqualTo(PaymentMethod.MOBILE_MONEY);
        assertThat(activities.prompted.get("attempt-m").amount()).isEqualByComparingTo(TOTAL);
        StatusChange completed = activities.completions.getFirst();
        assertThat(completed.method()).isEqualTo(PaymentMethod.MOBILE_MONEY);
        assertThat(completed.thirdParty().reference()).isEqualTo("NLJ7RT61SV");
        assertThat(activities.completions).hasSize(1);
    }

    @Test
    void givenAPayerWhoCancelsThePrompt_theOrderShouldFailWith1032_andStayPayable() {
        CheckoutWorkflow order = start("ocid-mpesa-cancel");

        payByPhone(order, "attempt-x", PromptResult.CANCELLED, "Request cancelled by user", null);
        await(() -> order.status() == CheckoutStatus.FAILED);
        order.cancel();

        assertThat(result(order)).isEqualTo(CheckoutStatus.CANCELLED);
        assertThat(activities.statuses()).containsExactly(CheckoutStatus.PROCESSING, CheckoutStatus.FAILED,
                CheckoutStatus.CANCELLED);
        StatusChange failed = activities.changes.get(1);
        assertThat(failed.resultCode()).isEqualTo("1032");
        assertThat(failed.resultDesc()).isEqualTo("Request cancelled by user");
        assertThat(activities.completions).isEmpty();
    }

    @Test
    void givenEveryAllowedAttemptFailed_aFurtherOneShouldBeIgnored_andTheOrderExpireUnpaid() {
        CheckoutWorkflow order = start("ocid-attempts");
        for (int i = 1; i <= CheckoutWorkflow.MAX_ATTEMPTS; i++) {
            order.payByCard(new CardAttempt("attempt-" + i, "declined-token-" + i, null, "KE"));
            int changes = 2 * i; // Processing, then Failed
            await(() -> activities.changes.size() == changes);
        }

        order.payByCard(new CardAttempt("attempt-more", "good-token", null, "KE"));

        assertThat(result(order)).isEqualTo(CheckoutStatus.EXPIRED);
        assertThat(activities.charged).hasSize(CheckoutWorkflow.MAX_ATTEMPTS).doesNotContain("attempt-more");
        assertThat(activities.completions).isEmpty();
    }

    @Test
    void givenAMobileAttemptThatFailed_thenTurnsOutPaid_itShouldCompleteTheOrder_once() {
        CheckoutWorkflow order = start("ocid-late");
        payByPhone(order, "attempt-1", PromptResult.NOT_REACHED, "Not reached", null);
        await(() -> order.status() == CheckoutStatus.FAILED);

        paidLate("attempt-1", "LATE1RCPT");
        order.mobileMoneyPaidLate("dep-attempt-1");
        order.mobileMoneyPaidLate("dep-attempt-1"); // the rail repeats itself

        assertThat(result(order)).isEqualTo(CheckoutStatus.COMPLETED);
        assertThat(activities.completions).hasSize(1);
        StatusChange completed = activities.completions.getFirst();
        assertThat(completed.method()).isEqualTo(PaymentMethod.MOBILE_MONEY);
        assertThat(completed.thirdParty().reference()).isEqualTo("LATE1RCPT");
        assertThat(activities.owedBack).isEmpty();
    }

    @Test
    void givenALatePaymentWhileAnotherAttemptPaysTheOrder_theLatePaymentShouldBeOwedBack() {
        CheckoutWorkflow order = start("ocid-paid-twice");
        payByPhone(order, "attempt-1", PromptResult.NOT_REACHED, "Not reached", null);
        await(() -> order.status() == CheckoutStatus.FAILED);
        order.payByMobileMoney(new MobileMoneyAttempt("attempt-2", "254712345678"));
        await(() -> activities.prompted.containsKey("attempt-2"));

        paidLate("attempt-1", "LATE1RCPT");
        order.mobileMoneyPaidLate("dep-attempt-1");
        order.status(); // the late payment is in the history before the second attempt pays
        env.getWorkflowClient().newWorkflowStub(ExpressDepositWorkflow.class, WorkflowIds.expressDeposit(CLIENT, "attempt-2"))
                .promptResult(new PromptResult("dep-attempt-2", PromptResult.State.ANSWERED, PromptResult.SUCCESS,
                        "Paid", "ONTIME2RCPT", "20261120101010"));

        assertThat(result(order)).isEqualTo(CheckoutStatus.COMPLETED);
        assertThat(activities.completions).hasSize(1);
        assertThat(activities.completions.getFirst().thirdParty().reference()).isEqualTo("ONTIME2RCPT");
        assertThat(activities.owedBack).containsExactly("dep-attempt-1");
    }

    long dueAt;

    /** The attempt's deposit, recorded paid after its window as the late reconciliation records it. */
    private void paidLate(String attemptId, String receipt) {
        activities.closedDeposits.put("dep-" + attemptId, new PromptResult("dep-" + attemptId,
                PromptResult.State.ANSWERED, PromptResult.SUCCESS, "Paid", receipt, "20261120101010").confirmedLate());
    }

    private CheckoutWorkflow start(String ocid) {
        CheckoutWorkflow workflow = env.getWorkflowClient().newWorkflowStub(CheckoutWorkflow.class, options(ocid));
        WorkflowClient.start(workflow::run, command(ocid));
        return workflow;
    }

    private WorkflowOptions options(String ocid) {
        lastWorkflowId = WorkflowIds.checkout(CLIENT, ocid);
        return WorkflowOptions.newBuilder().setTaskQueue(TaskQueues.COLLECTIONS).setWorkflowId(lastWorkflowId)
                .setWorkflowExecutionTimeout(Duration.ofDays(2)).build();
    }

    private CheckoutCommand command(String ocid) {
        dueAt = env.currentTimeMillis() + Duration.ofHours(1).toMillis();
        return new CheckoutCommand("chk-" + ocid, CLIENT, ocid, TOTAL, "KES", Duration.ofHours(1), Duration.ofMinutes(1));
    }

    /** Waits, skipping time, for the end. */
    private static CheckoutStatus result(CheckoutWorkflow order) {
        return io.temporal.client.WorkflowStub.fromTyped(order).getResult(CheckoutStatus.class);
    }

    /**
     * The payer asks for a prompt and answers it: once the rail has the prompt, its callback signals the deposit's
     * workflow, which is the checkout's child.
     */
    private void payByPhone(CheckoutWorkflow order, String attemptId, String code, String description, String receipt) {
        order.payByMobileMoney(new MobileMoneyAttempt(attemptId, "254712345678"));
        await(() -> activities.prompted.containsKey(attemptId));
        env.getWorkflowClient().newWorkflowStub(ExpressDepositWorkflow.class, WorkflowIds.expressDeposit(CLIENT, attemptId))
                .promptResult(new PromptResult("dep-" + attemptId, PromptResult.State.ANSWERED, code, description,
                        receipt, receipt == null ? null : "20261120101010"));
    }

    /** Polls in real time; workflow time does not move meanwhile (nothing waits on a result). */
    private static void await(BooleanSupplier condition) {
        long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("waited too long").isLessThan(giveUp);
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
