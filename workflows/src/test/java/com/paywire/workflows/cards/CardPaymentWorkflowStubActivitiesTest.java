package com.paywire.workflows.cards;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.atLeastOnce;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.inOrder;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.timeout;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;
import static org.mockito.Mockito.withSettings;

import com.paywire.vocabulary.cards.CardTransactionStatus;
import com.paywire.vocabulary.cards.CardTransactionType;
import com.paywire.vocabulary.rules.cards.FraudVerdict;
import com.paywire.workflows.FailureType;
import com.paywire.workflows.OperatorResolution;
import com.paywire.workflows.Policies;
import com.paywire.workflows.RecordedHistories;
import com.paywire.workflows.SearchAttributeRegistration;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.cards.CardAuthorisationCommand.ForCheckout;
import com.paywire.workflows.cards.CardAuthorisationCommand.FraudScreening;
import com.paywire.workflows.checkout.CheckoutActivities;
import com.paywire.workflows.notifications.EventCommand;
import com.paywire.workflows.notifications.NotificationActivities;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.client.WorkflowUpdateException;
import io.temporal.client.WorkflowUpdateHandle;
import io.temporal.client.WorkflowUpdateStage;
import io.temporal.failure.ApplicationFailure;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;
import org.mockito.InOrder;

/**
 * The card payment workflow as it is, with its activities stubbed (Mockito) and time skipped: authorised, captured
 * and refunded; declined by the processor or by fraud screening; the processor away then back; never captured
 * (expired and voided); a capture beyond the authorisation refused; a refund the processor fails given back.
 */
class CardPaymentWorkflowStubActivitiesTest {

    static final String CLIENT = "client-a";
    static final String AUTHORISATION = "auth_7f3a";
    static final BigDecimal AMOUNT = new BigDecimal("100.00");
    static final CardAuthorisationCommand COMMAND = new CardAuthorisationCommand(CLIENT, AUTHORISATION, "order-9",
            AMOUNT, "KES", "pi_1", "VISA", "1111", "12", "2030", null, null, "fs_1", Duration.ofDays(7), 0L,
            new FraudScreening("US"), null);
    static final CardOperation CAPTURE = new CardOperation("cap_1", "req-cap-1", AMOUNT, null, 0L);
    static final CardOperation REFUND = new CardOperation("ref_1", "req-ref-1", AMOUNT, "cap_1", 0L);

    TestWorkflowEnvironment env;
    final CardProcessorActivities processor = stub(CardProcessorActivities.class);
    final CardRecordActivities records = stub(CardRecordActivities.class);
    final FraudScreenActivities fraud = stub(FraudScreenActivities.class);
    final CardLedgerActivities ledger = stub(CardLedgerActivities.class);
    final NotificationActivities notifications = stub(NotificationActivities.class);
    final CheckoutActivities checkouts = stub(CheckoutActivities.class);

    static <T> T stub(Class<T> activities) {
        return mock(activities, withSettings().withoutAnnotations());
    }

    static ProcessorResult accepted(String processorId) {
        return new ProcessorResult(true, processorId, "OK", "00", "Y", "M", null, null);
    }

    @BeforeEach
    void setUp() {
        env = TestWorkflowEnvironment.newInstance();
        SearchAttributeRegistration.register(env.getWorkflowServiceStubs(), env.getNamespace());
        Worker cards = env.newWorker(TaskQueues.CARDS);
        cards.registerWorkflowImplementationTypes(CardPaymentWorkflowImpl.class);
        cards.registerActivitiesImplementations(processor, records, fraud, ledger);
        env.newWorker(TaskQueues.NOTIFICATIONS).registerActivitiesImplementations(notifications);
        env.newWorker(TaskQueues.COLLECTIONS).registerActivitiesImplementations(checkouts);
        env.start();
        when(fraud.screenAuthorisation(any())).thenReturn(new FraudDecision("fs_1", FraudVerdict.ACCEPT, 0,
                List.of()));
        when(processor.authorise(eq(AUTHORISATION), eq("pi_1"), any(), eq("KES"), any()))
                .thenReturn(accepted("pp_1"));
        when(processor.capture(anyString(), eq("pp_1"), any())).thenReturn(accepted("pc_1"));
        when(processor.refund(anyString(), eq("pc_1"), any())).thenAnswer(ask -> accepted("pr_" + ask.getArgument(0)));
        when(processor.voidPayment(anyString(), eq("pp_1"))).thenReturn(accepted("pv_1"));
        when(ledger.takeBackRefund(any())).thenReturn(new BigDecimal("2.50"));
        when(ledger.holdRefund(any())).thenReturn(new BigDecimal("2.50"));
    }

    @AfterEach
    void tearDown() {
        env.close();
    }

    CardPaymentWorkflow start() {
        return start(COMMAND);
    }

    CardPaymentWorkflow start(CardAuthorisationCommand command) {
        CardPaymentWorkflow payment = env.getWorkflowClient().newWorkflowStub(CardPaymentWorkflow.class,
                WorkflowOptions.newBuilder().setTaskQueue(TaskQueues.CARDS)
                        .setWorkflowId(WorkflowIds.cardPayment(CLIENT, AUTHORISATION)).build());
        WorkflowClient.start(payment::run, command);
        return payment;
    }

    static void awaitEnd(CardPaymentWorkflow payment) {
        WorkflowStub.fromTyped(payment).getResult(Void.class);
    }

    /**
     * Sends the Update and skips the processor's retries meanwhile: the test service does not skip time while a
     * client only waits for an Update.
     */
    CardOperationResult throughTheRetries(CardPaymentWorkflow payment, String update, CardOperation operation) {
        WorkflowUpdateHandle<CardOperationResult> answer = WorkflowStub.fromTyped(payment).startUpdate(update,
                WorkflowUpdateStage.ACCEPTED, CardOperationResult.class, operation);
        env.sleep(Policies.CARD_PROCESSOR_GIVE_UP.plusMinutes(1));
        return answer.getResult();
    }

    List<String> eventTypes() {
        ArgumentCaptor<EventCommand> events = ArgumentCaptor.forClass(EventCommand.class);
        verify(notifications, atLeastOnce()).publish(events.capture());
        return events.getAllValues().stream().map(EventCommand::type).toList();
    }

    @Test
    void givenAnAuthorisationCapturedThenRefundedInFull_eachStepShouldReachTheProcessorAndTheLedger_andThePaymentEnd() {
        CardPaymentWorkflow payment = start();

        assertThat(payment.authorisation().status()).isEqualTo(CardTransactionStatus.AUTHORIZED);
        assertThat(payment.capture(CAPTURE))
                .isEqualTo(new CardOperationResult("cap_1", CardTransactionStatus.CAPTURED, AMOUNT, "KES"));
        assertThat(payment.capture(CAPTURE)).as("the same request again: the same answer, nothing done twice")
                .isEqualTo(new CardOperationResult("cap_1", CardTransactionStatus.CAPTURED, AMOUNT, "KES"));
        when(processor.settledRefund("pr_ref_1")).thenReturn(RefundSettlement.SETTLED);
        assertThat(payment.refund(REFUND))
                .isEqualTo(new CardOperationResult("ref_1", CardTransactionStatus.REFUND_INITIATED, AMOUNT, "KES"));
        awaitEnd(payment);

        verify(fraud).screenAuthorisation(COMMAND);
        verify(processor, times(1)).capture("cap_1", "pp_1", AMOUNT);
        InOrder captureInOrder = inOrder(ledger, processor);
        captureInOrder.verify(ledger).holdCapture(CLIENT, "cap_1", AMOUNT, "KES");
        captureInOrder.verify(processor).capture("cap_1", "pp_1", AMOUNT);
        captureInOrder.verify(ledger).settleCapture(CLIENT, "cap_1", AMOUNT, "KES");
        verify(ledger, never()).creditCapture(any(), any(), any(), any());
        CardRefundMoney refunded = new CardRefundMoney(CLIENT, null, "cap_1", "ref_1", AMOUNT, BigDecimal.ZERO,
                BigDecimal.ZERO);
        InOrder refundInOrder = inOrder(ledger, processor);
        refundInOrder.verify(ledger).holdRefund(refunded);
        refundInOrder.verify(processor).refund("ref_1", "pc_1", AMOUNT);
        refundInOrder.verify(ledger).settleRefund(refunded);
        verify(records).updateStatus("ref_1", CardTransactionStatus.REFUNDED);
        verify(ledger, never()).takeBackRefund(any());
        verify(ledger, never()).giveBackRefund(any(), any());
        assertThat(eventTypes()).containsExactly("payment.authorised", "payment.captured", "payment.refund_initiated");
    }

    @Test
    void givenTheProcessorDeclines_thePaymentShouldBeDeclined_andEndWithNothingElseAsked() {
        when(processor.authorise(any(), any(), any(), any(), any())).thenReturn(new ProcessorResult(false, null,
                "DECLINED", "05", null, null, "CARD_DECLINED", "Declined by the issuer"));
        CardPaymentWorkflow payment = start();

        AuthorisationResult answer = payment.authorisation();
        awaitEnd(payment);

        assertThat(answer.status()).isEqualTo(CardTransactionStatus.DECLINED);
        assertThat(answer.errorCode()).isEqualTo("CARD_DECLINED");
        verify(records).recordAuthorisation(COMMAND, answer);
        verify(processor, never()).voidPayment(any(), any());
        assertThat(eventTypes()).containsExactly("payment.authorisation_failed");
    }

    @Test
    void givenFraudScreeningRejects_theProcessorShouldNeverBeAsked_andThePaymentDeclinedAsFraud() {
        when(fraud.screenAuthorisation(any())).thenReturn(new FraudDecision("fs_1", FraudVerdict.REJECT, 0,
                List.of("CARD_VELOCITY")));
        CardPaymentWorkflow payment = start();

        AuthorisationResult answer = payment.authorisation();
        awaitEnd(payment);

        assertThat(answer.status()).isEqualTo(CardTransactionStatus.DECLINED);
        assertThat(answer.errorCode()).isEqualTo(CardFailures.FRAUD_REJECTED);
        verify(processor, never()).authorise(any(), any(), any(), any(), any());
        assertThat(eventTypes()).containsExactly("fraud.rejected");
    }

    @Test
    void givenTheProcessorAwayForTwoAttempts_theAuthorisationShouldBeRetried_andApproved() {
        when(processor.authorise(any(), any(), any(), any(), any()))
                .thenThrow(FailureType.RAIL_UNAVAILABLE.failure("connection refused", null))
                .thenThrow(FailureType.RAIL_UNAVAILABLE.failure("503 from the processor", null))
                .thenReturn(accepted("pp_1"));
        CardPaymentWorkflow payment = start();

        assertThat(payment.authorisation().status()).isEqualTo(CardTransactionStatus.AUTHORIZED);
        verify(processor, times(3)).authorise(AUTHORISATION, "pi_1", AMOUNT, "KES", null);
    }

    @Test
    void givenNeitherCaptureNorVoidBeforeTheExpiry_theAuthorisationShouldBeVoidedAtTheProcessor_andThePaymentEnd() {
        CardPaymentWorkflow payment = start();
        payment.authorisation();

        awaitEnd(payment);

        verify(processor).voidPayment("void_7f3a", "pp_1");
        verify(records).updateStatus(AUTHORISATION, CardTransactionStatus.VOIDED);
        verify(processor, never()).capture(any(), any(), any());
        assertThat(eventTypes()).containsExactly("payment.authorised", "payment.voided");
    }

    @Test
    void givenACaptureBeyondTheAuthorisedAmount_itShouldBeRefusedBeforeTheProcessorIsAsked() {
        CardPaymentWorkflow payment = start();
        payment.authorisation();

        assertThatThrownBy(() -> payment.capture(new CardOperation("cap_2", "req-cap-2", new BigDecimal("100.01"),
                null, 0L))).isInstanceOf(WorkflowUpdateException.class)
                // the test server hands the validator's refusal on wrapped, with its message but not its type
                .hasStackTraceContaining("The capture amount 100.01 is more than the 100.00 KES left");
        verify(processor, never()).capture(any(), any(), any());
        assertThat(payment.status()).isEqualTo(CardTransactionStatus.AUTHORIZED);
    }

    @Test
    void givenARefundTheProcessorFails_whatItTookBackShouldBeGivenBack_andTheAmountBeRefundableAgain()
            throws InterruptedException {
        CountDownLatch firstRefundFailed = new CountDownLatch(1);
        doAnswer(ask -> {
            firstRefundFailed.countDown();
            return null;
        }).when(records).updateStatus("ref_1", CardTransactionStatus.REFUND_FAILED);
        when(processor.settledRefund("pr_ref_1")).thenReturn(RefundSettlement.FAILED);
        when(processor.settledRefund("pr_ref_2")).thenReturn(RefundSettlement.SETTLED);
        CardPaymentWorkflow payment = start();
        payment.authorisation();
        payment.capture(CAPTURE);

        payment.refund(REFUND);
        assertThat(firstRefundFailed.await(30, TimeUnit.SECONDS)).as("the failed settlement was recorded").isTrue();
        payment.refund(new CardOperation("ref_2", "req-ref-2", AMOUNT, "cap_1", 0L));
        awaitEnd(payment);

        CardRefundMoney first = new CardRefundMoney(CLIENT, null, "cap_1", "ref_1", AMOUNT, BigDecimal.ZERO,
                BigDecimal.ZERO);
        BigDecimal nothingLeftRefunded = new BigDecimal("0.00");
        verify(ledger).settleRefund(first);
        verify(ledger).giveBackRefund(first, nothingLeftRefunded);
        verify(ledger).holdRefund(new CardRefundMoney(CLIENT, null, "cap_1", "ref_2", AMOUNT, nothingLeftRefunded,
                nothingLeftRefunded));
        verify(records).updateStatus("ref_2", CardTransactionStatus.REFUNDED);
        assertThat(eventTypes()).containsExactly("payment.authorised", "payment.captured", "payment.refund_initiated",
                "payment.refund_failed", "payment.refund_initiated");
    }

    @Test
    void givenACaptureThatPaywiresOwnRulesRefuse_theProcessorShouldNeverBeAsked_andTheAuthorisationStayWhole() {
        doThrow(ApplicationFailure.newNonRetryableFailure("The capture amount 0.50 KES is outside the card charge "
                + "bands; nothing was captured.", CardFailures.CAPTURE_REFUSED))
                .when(ledger).holdCapture(CLIENT, "cap_small", new BigDecimal("0.50"), "KES");
        CardPaymentWorkflow payment = start();
        payment.authorisation();

        assertThatThrownBy(() -> payment.capture(new CardOperation("cap_small", "req-small", new BigDecimal("0.50"),
                null, 0L))).isInstanceOf(WorkflowUpdateException.class)
                .hasStackTraceContaining("outside the card charge bands");
        verify(processor, never()).capture(any(), any(), any());

        assertThat(payment.capture(CAPTURE).status()).as("the whole authorisation is still there to capture")
                .isEqualTo(CardTransactionStatus.CAPTURED);
        verify(processor, times(1)).capture("cap_1", "pp_1", AMOUNT);
        verify(ledger, never()).settleCapture(any(), eq("cap_small"), any(), any());
    }

    @Test
    void givenAProcessorThatRefusesACapture_itsHeldCreditShouldBeReleased_andNothingPosted() {
        when(processor.capture(anyString(), eq("pp_1"), any())).thenReturn(new ProcessorResult(false, null,
                "DECLINED", "05", null, null, "CAPTURE_REFUSED", "Refused"));
        CardPaymentWorkflow payment = start();
        payment.authorisation();

        assertThatThrownBy(() -> payment.capture(CAPTURE)).isInstanceOf(WorkflowUpdateException.class);

        verify(ledger).holdCapture(CLIENT, "cap_1", AMOUNT, "KES");
        verify(ledger).releaseCapture(CLIENT, "cap_1", AMOUNT, "KES");
        verify(ledger, never()).settleCapture(any(), any(), any(), any());
    }

    @Test
    void givenAProcessorAwayThroughACapturesRetries_itsCreditShouldStayHeld_untilAskedAgainItSaysCaptured() {
        AtomicBoolean away = new AtomicBoolean(true);
        when(processor.capture(anyString(), eq("pp_1"), any())).thenAnswer(ask -> {
            if (away.get()) {
                throw FailureType.RAIL_UNAVAILABLE.failure("connection refused", null);
            }
            return accepted("pc_1");
        });
        CardPaymentWorkflow payment = start();
        payment.authorisation();

        assertThat(throughTheRetries(payment, "capture", CAPTURE)).as("the outcome is unknown: pending, not refused")
                .isEqualTo(new CardOperationResult("cap_1", CardTransactionStatus.PENDING, AMOUNT, "KES"));
        verify(ledger).holdCapture(CLIENT, "cap_1", AMOUNT, "KES");
        verify(ledger, never()).settleCapture(any(), any(), any(), any());
        verify(ledger, never()).releaseCapture(any(), any(), any(), any());
        assertThatThrownBy(() -> payment.capture(new CardOperation("cap_2", "req-cap-2", new BigDecimal("0.01"),
                null, 0L))).as("the processor may hold the whole authorisation: no room for more")
                .isInstanceOf(WorkflowUpdateException.class);
        assertThatThrownBy(() -> payment.refund(REFUND)).as("not refundable until the processor says it captured")
                .isInstanceOf(WorkflowUpdateException.class).hasStackTraceContaining("is still PENDING");
        verify(processor, never()).refund(any(), any(), any());

        away.set(false);
        env.sleep(Duration.ofMinutes(10)); // the next question to the processor
        assertThat(payment.status()).isEqualTo(CardTransactionStatus.CAPTURED);
        verify(ledger).settleCapture(CLIENT, "cap_1", AMOUNT, "KES");
        verify(ledger, never()).releaseCapture(any(), any(), any(), any());
        verify(records).recordOperation(CLIENT, AUTHORISATION, CardTransactionType.CAPTURE, CAPTURE,
                CardTransactionStatus.PENDING, null);
        verify(records).recordOperation(CLIENT, AUTHORISATION, CardTransactionType.CAPTURE, CAPTURE,
                CardTransactionStatus.CAPTURED, "pc_1");
        assertThat(eventTypes()).containsExactly("payment.authorised", "payment.captured");
    }

    @Test
    void givenAProcessorAwayThroughARefundsRetries_theRefundShouldStayHeldAndInitiated_notRefused_untilItIsMade() {
        AtomicBoolean away = new AtomicBoolean(true);
        when(processor.refund(anyString(), eq("pc_1"), any())).thenAnswer(ask -> {
            if (away.get()) {
                throw FailureType.RAIL_UNAVAILABLE.failure("connection refused", null);
            }
            return accepted("pr_ref_1");
        });
        when(processor.settledRefund("pr_ref_1")).thenReturn(RefundSettlement.SETTLED);
        CardPaymentWorkflow payment = start();
        payment.authorisation();
        payment.capture(CAPTURE);

        assertThat(throughTheRetries(payment, "refund", REFUND)).as("the money has not left: initiated, never a refusal")
                .isEqualTo(new CardOperationResult("ref_1", CardTransactionStatus.REFUND_INITIATED, AMOUNT, "KES"));
        CardRefundMoney money = new CardRefundMoney(CLIENT, null, "cap_1", "ref_1", AMOUNT, BigDecimal.ZERO,
                BigDecimal.ZERO);
        verify(ledger).holdRefund(money);
        verify(ledger, never()).settleRefund(any());
        verify(ledger, never()).releaseRefund(any());
        verify(ledger, never()).takeBackRefund(any());

        away.set(false);
        awaitEnd(payment);
        verify(ledger).settleRefund(money);
        verify(ledger, never()).releaseRefund(any());
        verify(records).recordOperation(CLIENT, AUTHORISATION, CardTransactionType.REFUND, REFUND,
                CardTransactionStatus.REFUND_INITIATED, null);
        verify(records).recordOperation(CLIENT, AUTHORISATION, CardTransactionType.REFUND, REFUND,
                CardTransactionStatus.REFUND_INITIATED, "pr_ref_1");
        verify(records).updateStatus("ref_1", CardTransactionStatus.REFUNDED);
    }

    @Test
    void givenAProcessorThatRefusesARefund_itsHoldShouldBeReleased_andTheRefundRefused() {
        when(processor.refund(anyString(), eq("pc_1"), any())).thenReturn(new ProcessorResult(false, null,
                "DECLINED", null, null, null, "REFUND_REFUSED", "Refused"));
        CardPaymentWorkflow payment = start();
        payment.authorisation();
        payment.capture(CAPTURE);

        assertThatThrownBy(() -> payment.refund(REFUND)).isInstanceOf(WorkflowUpdateException.class);

        CardRefundMoney money = new CardRefundMoney(CLIENT, null, "cap_1", "ref_1", AMOUNT, BigDecimal.ZERO,
                BigDecimal.ZERO);
        verify(ledger).holdRefund(money);
        verify(ledger).releaseRefund(money);
        verify(ledger, never()).settleRefund(any());
    }

    @Test
    void givenARefundTheMerchantCannotCover_itShouldBeRefusedBeforeTheProcessorIsAsked() {
        when(ledger.holdRefund(any())).thenThrow(ApplicationFailure.newNonRetryableFailure(
                "The utility account (collections) has 1.00 KES available", CardFailures.INSUFFICIENT_BALANCE));
        CardPaymentWorkflow payment = start();
        payment.authorisation();
        payment.capture(CAPTURE);

        assertThatThrownBy(() -> payment.refund(REFUND)).isInstanceOf(WorkflowUpdateException.class)
                .hasStackTraceContaining("1.00 KES available");
        verify(processor, never()).refund(any(), any(), any());
    }

    @Test
    void givenACheckoutsCaptureThatItsEndedCheckoutCannotHear_itShouldBeOwedBackToThePayer_notCreditedNowhere() {
        ForCheckout attempt = new ForCheckout("chk-1", "checkout:client-a:ended", "attempt-1", "cap_chk",
                "attempt-1-capture", "void_chk", "attempt-1-void", "ref_chk", "attempt-1-refund");
        start(new CardAuthorisationCommand(CLIENT, AUTHORISATION, "attempt-1", AMOUNT, "KES", "pi_1", "VISA", "1111",
                "12", "2030", null, null, "fs_1", Duration.ofDays(7), 0L, new FraudScreening("KE"), attempt));

        verify(checkouts, timeout(10_000)).oweBackLateCardPayment("chk-1", "cap_chk");
        InOrder held = inOrder(ledger, processor, checkouts);
        held.verify(ledger).holdCheckoutCapture(CLIENT, "cap_chk", AMOUNT, "KES");
        held.verify(processor).capture("cap_chk", "pp_1", AMOUNT);
        held.verify(ledger).settleCapture(CLIENT, "cap_chk", AMOUNT, "KES");
        held.verify(checkouts).oweBackLateCardPayment("chk-1", "cap_chk");
        verify(ledger, never()).holdCapture(any(), any(), any(), any());
        verify(ledger, never()).checkCapture(any());
    }

    static final ForCheckout CHECKOUT_ATTEMPT = new ForCheckout("chk-1", "checkout:client-a:ended", "attempt-1",
            "cap_chk", "attempt-1-capture", "void_chk", "attempt-1-void", "ref_chk", "attempt-1-refund");
    static final CardAuthorisationCommand CHECKOUT_COMMAND = new CardAuthorisationCommand(CLIENT, AUTHORISATION,
            "attempt-1", AMOUNT, "KES", "pi_1", "VISA", "1111", "12", "2030", null, null, "fs_1", Duration.ofDays(7),
            0L, new FraudScreening("KE"), CHECKOUT_ATTEMPT);

    @Test
    void givenACheckoutsCaptureTheProcessorRefuses_itsHoldShouldBeReleased_andTheAuthorisationVoided() {
        when(processor.capture(anyString(), eq("pp_1"), any())).thenReturn(new ProcessorResult(false, null,
                "DECLINED", "05", null, null, "CAPTURE_DECLINED", "Refused by the processor"));
        awaitEnd(start(CHECKOUT_COMMAND));

        InOrder held = inOrder(ledger, processor);
        held.verify(ledger).holdCheckoutCapture(CLIENT, "cap_chk", AMOUNT, "KES");
        held.verify(processor).capture("cap_chk", "pp_1", AMOUNT);
        held.verify(ledger).releaseCapture(CLIENT, "cap_chk", AMOUNT, "KES");
        verify(ledger, never()).settleCapture(any(), any(), any(), any());
        verify(processor).voidPayment("void_chk", "pp_1");
    }

    @Test
    void givenACheckoutsCaptureThatPaidAnAttemptGivenUpOn_itsRefundShouldBeHeldFromTheCheckoutCaptures_notTheMerchant() {
        CountDownLatch capturing = new CountDownLatch(1);
        CountDownLatch givenUp = new CountDownLatch(1);
        when(processor.capture(anyString(), eq("pp_1"), any())).thenAnswer(ask -> {
            capturing.countDown();
            assertThat(givenUp.await(10, TimeUnit.SECONDS)).isTrue();
            return accepted("pc_1");
        });
        CardPaymentWorkflow payment = start(CHECKOUT_COMMAND);
        try {
            assertThat(capturing.await(10, TimeUnit.SECONDS)).isTrue();
            payment.abandon();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        } finally {
            givenUp.countDown();
        }

        ArgumentCaptor<CardRefundMoney> refund = ArgumentCaptor.forClass(CardRefundMoney.class);
        verify(ledger, timeout(10_000)).settleRefund(refund.capture());
        assertThat(refund.getValue().checkoutId()).as("no order took it: the checkout payments' account refunds it")
                .isNull();
        assertThat(refund.getValue().amount()).isEqualByComparingTo(AMOUNT);
        InOrder held = inOrder(ledger, processor);
        held.verify(ledger).settleCapture(CLIENT, "cap_chk", AMOUNT, "KES");
        held.verify(ledger).holdRefund(refund.getValue());
        held.verify(processor).refund("ref_chk", "pc_1", AMOUNT);
        held.verify(ledger).settleRefund(refund.getValue());
        verify(checkouts, never()).oweBackLateCardPayment(any(), any());
    }

    @Test
    void givenTheRefundOfACaptureNoOrderTookRefused_theCaptureShouldBeOwedBackToThePayer() {
        CountDownLatch capturing = new CountDownLatch(1);
        CountDownLatch givenUp = new CountDownLatch(1);
        when(processor.capture(anyString(), eq("pp_1"), any())).thenAnswer(ask -> {
            capturing.countDown();
            assertThat(givenUp.await(10, TimeUnit.SECONDS)).isTrue();
            return accepted("pc_1");
        });
        when(processor.refund(anyString(), eq("pc_1"), any())).thenReturn(new ProcessorResult(false, null,
                "DECLINED", "05", null, null, "REFUND_DECLINED", "Refused by the processor"));
        CardPaymentWorkflow payment = start(CHECKOUT_COMMAND);
        try {
            assertThat(capturing.await(10, TimeUnit.SECONDS)).isTrue();
            payment.abandon();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        } finally {
            givenUp.countDown();
        }

        verify(checkouts, timeout(10_000)).oweBackLateCardPayment("chk-1", "cap_chk");
        InOrder released = inOrder(ledger, checkouts);
        released.verify(ledger).releaseRefund(any());
        released.verify(checkouts).oweBackLateCardPayment("chk-1", "cap_chk");
        verify(ledger, never()).settleRefund(any());
    }

    @Test
    void givenACheckoutsCaptureWhoseAnswerIsLost_itShouldBeAskedAgain_notVoided_andTheCaptureReachTheOrder() {
        AtomicBoolean away = new AtomicBoolean(true);
        when(processor.capture(anyString(), eq("pp_1"), any())).thenAnswer(ask -> {
            if (away.get()) {
                throw FailureType.RAIL_UNAVAILABLE.failure("connection refused", null);
            }
            return accepted("pc_chk");
        });
        ForCheckout attempt = new ForCheckout("chk-1", "checkout:client-a:ended", "attempt-1", "cap_chk",
                "attempt-1-capture", "void_chk", "attempt-1-void", "ref_chk", "attempt-1-refund");
        start(new CardAuthorisationCommand(CLIENT, AUTHORISATION, "attempt-1", AMOUNT, "KES", "pi_1", "VISA", "1111",
                "12", "2030", null, null, "fs_1", Duration.ofDays(7), 0L, new FraudScreening("KE"), attempt));

        env.sleep(Policies.CARD_PROCESSOR_GIVE_UP.plusMinutes(1)); // through the capture's retries
        verify(processor, never()).voidPayment(any(), any());
        away.set(false);
        env.sleep(Duration.ofMinutes(10)); // the next question to the processor

        verify(checkouts, timeout(10_000)).oweBackLateCardPayment("chk-1", "cap_chk");
        verify(processor, never()).voidPayment(any(), any());
        verify(ledger, never()).holdCapture(any(), any(), any(), any());
        InOrder held = inOrder(ledger, checkouts);
        held.verify(ledger).holdCheckoutCapture(CLIENT, "cap_chk", AMOUNT, "KES");
        held.verify(ledger).settleCapture(CLIENT, "cap_chk", AMOUNT, "KES"); // the late answer posts the hold
        held.verify(checkouts).oweBackLateCardPayment("chk-1", "cap_chk");
        verify(ledger, never()).releaseCapture(any(), any(), any(), any());
    }

    /** A processor that never answers a capture: neither through its retries nor asked again for the window. */
    CardPaymentWorkflow aCaptureTheProcessorNeverAnswers() {
        when(processor.capture(anyString(), eq("pp_1"), any()))
                .thenThrow(FailureType.RAIL_UNAVAILABLE.failure("connection refused", null));
        CardPaymentWorkflow payment = start();
        payment.authorisation();
        assertThat(throughTheRetries(payment, "capture", CAPTURE).status()).isEqualTo(CardTransactionStatus.PENDING);
        env.sleep(Policies.CARD_PROCESSOR_ANSWER_WINDOW.plusHours(1));
        verify(records, timeout(10_000)).referToOperators(eq("cap_1"), eq(0L), anyLong());
        return payment;
    }

    @Test
    void givenACaptureTheProcessorNeverAnswers_itShouldBeReferred_andAnOperatorsPaidPostItsHold_once()
            throws Exception {
        CardPaymentWorkflow payment = aCaptureTheProcessorNeverAnswers();
        verify(ledger, never()).settleCapture(any(), any(), any(), any());
        verify(ledger, never()).releaseCapture(any(), any(), any(), any());

        assertThat(payment.resolveReferred(new OperatorResolution("cap_1", true, "pc_1")))
                .isEqualTo(new CardOperationResult("cap_1", CardTransactionStatus.CAPTURED, AMOUNT, "KES"));
        assertThatThrownBy(() -> payment.resolveReferred(new OperatorResolution("cap_1", false, "again")))
                .as("decided once").isInstanceOf(WorkflowUpdateException.class)
                .hasStackTraceContaining("not referred to operators and undecided");

        verify(ledger, times(1)).settleCapture(CLIENT, "cap_1", AMOUNT, "KES");
        verify(ledger, never()).releaseCapture(any(), any(), any(), any());
        verify(records).recordOperation(CLIENT, AUTHORISATION, CardTransactionType.CAPTURE, CAPTURE,
                CardTransactionStatus.CAPTURED, "pc_1"); // the operator's reference: the processor's capture id
        assertThat(payment.status()).isEqualTo(CardTransactionStatus.CAPTURED);
        assertThat(eventTypes()).containsExactly("payment.authorised", "payment.captured");
        when(processor.refund(anyString(), any(), any())).thenReturn(accepted("pr_ref_1"));
        assertThat(payment.refund(REFUND).status()).as("captured by the operator's word: refundable")
                .isEqualTo(CardTransactionStatus.REFUND_INITIATED);
        verify(processor).refund("ref_1", "pc_1", AMOUNT);
        RecordedHistories.keepIfAsked(env, WorkflowIds.cardPayment(CLIENT, AUTHORISATION), "card-payment-v6-referred-"
                + "givenACaptureTheProcessorNeverAnswers_itShouldBeReferred_andAnOperatorsPaidPostItsHold_once");
    }

    @Test
    void givenACaptureTheProcessorNeverAnswers_anOperatorsNotPaid_shouldReleaseItsHold_andFreeTheAuthorisation() {
        CardPaymentWorkflow payment = aCaptureTheProcessorNeverAnswers();
        assertThatThrownBy(() -> payment.resolveReferred(new OperatorResolution("cap_nope", true, "x")))
                .as("only a referred operation").isInstanceOf(WorkflowUpdateException.class);

        assertThat(payment.resolveReferred(new OperatorResolution("cap_1", false, "processor: never captured")))
                .isEqualTo(new CardOperationResult("cap_1", CardTransactionStatus.DECLINED, AMOUNT, "KES"));

        verify(ledger).releaseCapture(CLIENT, "cap_1", AMOUNT, "KES");
        verify(ledger, never()).settleCapture(any(), any(), any(), any());
        verify(records).updateStatus("cap_1", CardTransactionStatus.DECLINED);
        assertThat(eventTypes()).containsExactly("payment.authorised");
        payment.voidAuthorisation(new CardOperation("void_1", "req-void-1", null, null, 0L));
        verify(processor).voidPayment("void_1", "pp_1");
    }

    @Test
    void givenARefundTheProcessorNeverAnswers_itShouldBeReferred_andAnOperatorsWordSettleOrReleaseIt()
            throws Exception {
        when(processor.refund(anyString(), eq("pc_1"), any()))
                .thenThrow(FailureType.RAIL_UNAVAILABLE.failure("connection refused", null));
        CardPaymentWorkflow payment = start();
        payment.authorisation();
        payment.capture(CAPTURE);
        CardOperation half = new CardOperation("ref_1", "req-ref-1", new BigDecimal("50.00"), "cap_1", 0L);
        CardOperation otherHalf = new CardOperation("ref_2", "req-ref-2", new BigDecimal("50.00"), "cap_1", 0L);
        assertThat(throughTheRetries(payment, "refund", half).status())
                .isEqualTo(CardTransactionStatus.REFUND_INITIATED);
        assertThat(throughTheRetries(payment, "refund", otherHalf).status())
                .isEqualTo(CardTransactionStatus.REFUND_INITIATED);
        env.sleep(Policies.CARD_PROCESSOR_ANSWER_WINDOW.plusHours(1));
        verify(records, timeout(10_000)).referToOperators(eq("ref_1"), eq(0L), anyLong());
        verify(records, timeout(10_000)).referToOperators(eq("ref_2"), eq(0L), anyLong());

        assertThat(payment.resolveReferred(new OperatorResolution("ref_1", true, "refunded, ARN 123")).status())
                .isEqualTo(CardTransactionStatus.REFUNDED);
        assertThat(payment.resolveReferred(new OperatorResolution("ref_2", false, "never refunded")).status())
                .isEqualTo(CardTransactionStatus.REFUND_FAILED);
        assertThatThrownBy(() -> payment.resolveReferred(new OperatorResolution("ref_1", false, "again")))
                .isInstanceOf(WorkflowUpdateException.class);

        CardRefundMoney first = new CardRefundMoney(CLIENT, null, "cap_1", "ref_1", new BigDecimal("50.00"),
                BigDecimal.ZERO, BigDecimal.ZERO);
        verify(ledger).settleRefund(first);
        verify(ledger, never()).releaseRefund(first);
        verify(records).updateStatus("ref_1", CardTransactionStatus.REFUNDED);
        verify(ledger).releaseRefund(argThatRefund("ref_2"));
        verify(ledger, never()).settleRefund(argThatRefund("ref_2"));
        verify(records).updateStatus("ref_2", CardTransactionStatus.REFUND_FAILED);
        assertThat(eventTypes()).endsWith("payment.refund_failed");
        when(processor.refund(anyString(), eq("pc_1"), any())).thenReturn(accepted("pr_ref_3"));
        assertThat(payment.refund(new CardOperation("ref_3", "req-ref-3", new BigDecimal("50.00"), "cap_1", 0L))
                .status()).as("the failed half is refundable again").isEqualTo(CardTransactionStatus.REFUND_INITIATED);
        RecordedHistories.keepIfAsked(env, WorkflowIds.cardPayment(CLIENT, AUTHORISATION), "card-payment-v6-referred-"
                + "givenARefundTheProcessorNeverAnswers_itShouldBeReferred_andAnOperatorsWordSettleOrReleaseIt");
    }

    static CardRefundMoney argThatRefund(String refundId) {
        return org.mockito.ArgumentMatchers.argThat(m -> m != null && refundId.equals(m.refundId()));
    }


    @Test
    void givenACheckoutsCaptureTheProcessorNeverAnswers_anOperatorsPaid_shouldReachTheOrderAsALateCaptureWould()
            throws Exception {
        when(processor.capture(anyString(), eq("pp_1"), any()))
                .thenThrow(FailureType.RAIL_UNAVAILABLE.failure("connection refused", null));
        ForCheckout attempt = new ForCheckout("chk-1", "checkout:client-a:ended", "attempt-1", "cap_chk",
                "attempt-1-capture", "void_chk", "attempt-1-void", "ref_chk", "attempt-1-refund");
        CardPaymentWorkflow payment = start(new CardAuthorisationCommand(CLIENT, AUTHORISATION, "attempt-1", AMOUNT,
                "KES", "pi_1", "VISA", "1111", "12", "2030", null, null, "fs_1", Duration.ofDays(7), 0L,
                new FraudScreening("KE"), attempt));

        env.sleep(Policies.CARD_PROCESSOR_GIVE_UP.plus(Policies.CARD_PROCESSOR_ANSWER_WINDOW).plusHours(1));
        verify(records, timeout(10_000)).referToOperators(eq("cap_chk"), anyLong(), anyLong());
        verify(processor, never()).voidPayment(any(), any());
        verify(checkouts, never()).oweBackLateCardPayment(any(), any());

        assertThat(payment.resolveReferred(new OperatorResolution("cap_chk", true, "captured")).status())
                .isEqualTo(CardTransactionStatus.CAPTURED);
        verify(checkouts, timeout(10_000)).oweBackLateCardPayment("chk-1", "cap_chk");
        verify(processor, never()).voidPayment(any(), any());
        RecordedHistories.keepIfAsked(env, WorkflowIds.cardPayment(CLIENT, AUTHORISATION), "card-payment-v6-referred-"
                + "givenACheckoutsCaptureTheProcessorNeverAnswers_anOperatorsPaid_shouldReachTheOrderAsALateCaptureWould");
    }
}
