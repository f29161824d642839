package com.paywire.workflows.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.vocabulary.cards.CardTransactionStatus;
import com.paywire.vocabulary.cards.CardTransactionType;
import com.paywire.vocabulary.rules.cards.FraudVerdict;
import com.paywire.workflows.cards.AuthorisationResult;
import com.paywire.workflows.cards.CardAuthorisationCommand;
import com.paywire.workflows.cards.CardLedgerActivities;
import com.paywire.workflows.cards.CardOperation;
import com.paywire.workflows.cards.CardProcessorActivities;
import com.paywire.workflows.cards.CardRecordActivities;
import com.paywire.workflows.cards.CardRefundMoney;
import com.paywire.workflows.cards.FraudDecision;
import com.paywire.workflows.cards.FraudScreenActivities;
import com.paywire.workflows.cards.ProcessorResult;
import com.paywire.workflows.cards.RefundSettlement;
import com.paywire.workflows.notifications.AttemptResult;
import com.paywire.workflows.notifications.DeliveryOutcome;
import com.paywire.workflows.notifications.EventCommand;
import com.paywire.workflows.notifications.NotificationActivities;
import io.temporal.failure.ApplicationFailure;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The card side of a checkout's card attempt, in memory, for the real CardPaymentWorkflow run as the checkout's
 * child: the processor answers by the card's vault reference (the attempt's token): "declined…" is declined,
 * "broken…" fails as bad data (not an outage), anything else is authorised; it remembers what it was asked.
 */
public final class InMemoryCards implements CardProcessorActivities, CardRecordActivities, FraudScreenActivities,
        CardLedgerActivities, NotificationActivities {

    final List<String> authorised = new CopyOnWriteArrayList<>();
    public final List<String> captured = new CopyOnWriteArrayList<>();
    final List<String> voided = new CopyOnWriteArrayList<>();
    public final List<String> refunded = new CopyOnWriteArrayList<>();
    /** Capture id → HELD, POSTED or RELEASED: what the checkout payments' account holds for it. */
    public final Map<String, String> checkoutCaptureHolds = new ConcurrentHashMap<>();
    /** Refunds of captures no order took, held from the checkout payments' account: refund id → HELD, POSTED, RELEASED. */
    public final Map<String, String> noOrderRefunds = new ConcurrentHashMap<>();
    /** Counted down when the processor may answer authorisations. */
    volatile CountDownLatch processor = new CountDownLatch(0);
    /** While true, fraud screening fails as a database that is away does: retried. */
    volatile boolean screeningAway;

    @Override
    public ProcessorResult authorise(String reference, String instrumentId, BigDecimal amount, String currency,
                                     String cavv) {
        try {
            assertThat(processor.await(10, TimeUnit.SECONDS)).isTrue();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
        if (instrumentId.startsWith("broken")) {
            throw ApplicationFailure.newNonRetryableFailure("The instrument cannot be read", "BAD_DATA");
        }
        authorised.add(reference);
        return instrumentId.startsWith("declined")
                ? new ProcessorResult(false, null, "DECLINED", "05", null, null, "CARD_DECLINED", "Declined by the issuer")
                : accepted("pp_" + reference, "AUTHORIZED");
    }

    @Override
    public ProcessorResult capture(String reference, String processorPaymentId, BigDecimal amount) {
        captured.add(reference);
        return accepted("pc_" + reference, "CAPTURED");
    }

    @Override
    public ProcessorResult voidPayment(String reference, String processorPaymentId) {
        voided.add(reference);
        return accepted("pv_" + reference, "VOIDED");
    }

    @Override
    public ProcessorResult refund(String reference, String processorCaptureId, BigDecimal amount) {
        refunded.add(reference);
        return accepted("pr_" + reference, "REFUND_INITIATED");
    }

    @Override
    public RefundSettlement refundStatus(String processorRefundId) {
        return RefundSettlement.SETTLED;
    }

    @Override
    public RefundSettlement settledRefund(String processorRefundId) {
        return RefundSettlement.SETTLED;
    }

    private static ProcessorResult accepted(String id, String status) {
        return new ProcessorResult(true, id, status, "00", "Y", "M", null, null);
    }

    @Override
    public void recordAuthorisation(CardAuthorisationCommand command, AuthorisationResult result) {
    }

    @Override
    public void recordOperation(String clientId, String authorisationId, CardTransactionType type,
                                CardOperation operation, CardTransactionStatus status, String processorTransactionId) {
    }

    @Override
    public void updateStatus(String transactionId, CardTransactionStatus status) {
    }

    @Override
    public void referToOperators(String transactionId, long unconfirmedSinceMillis, long referredAtMillis) {
    }

    @Override
    public FraudDecision screenAuthorisation(CardAuthorisationCommand command) {
        if (screeningAway) {
            throw ApplicationFailure.newFailure("The database is away", "DatabaseAway");
        }
        return new FraudDecision("fs_1", FraudVerdict.ACCEPT, 0, List.of());
    }

    @Override
    public void creditCapture(String clientId, String captureId, BigDecimal amount, String currency) {
        throw new AssertionError("a checkout's capture is credited by the checkout, not by the capture");
    }

    @Override
    public void holdCapture(String clientId, String captureId, BigDecimal amount, String currency) {
        throw new AssertionError("a checkout's capture is held for its order (holdCheckoutCapture), not credited");
    }

    @Override
    public void holdCheckoutCapture(String clientId, String captureId, BigDecimal amount, String currency) {
        assertThat(captured).as("held before the processor is asked").doesNotContain(captureId);
        checkoutCaptureHolds.putIfAbsent(captureId, "HELD");
    }

    @Override
    public void checkCapture(BigDecimal amount) {
    }

    @Override
    public void settleCapture(String clientId, String captureId, BigDecimal amount, String currency) {
        settle(checkoutCaptureHolds, captureId, "POSTED");
    }

    private static void settle(Map<String, String> holds, String key, String state) {
        assertThat(holds.get(key)).as(key + " is held").isIn("HELD", state);
        holds.put(key, state);
    }

    @Override
    public void releaseCapture(String clientId, String captureId, BigDecimal amount, String currency) {
        settle(checkoutCaptureHolds, captureId, "RELEASED");
    }

    @Override
    public BigDecimal holdRefund(CardRefundMoney refund) {
        if (refund.checkoutId() == null) {
            noOrderRefunds.putIfAbsent(refund.refundId(), "HELD");
        }
        return BigDecimal.ZERO;
    }

    @Override
    public void settleRefund(CardRefundMoney refund) {
        if (refund.checkoutId() == null) {
            settle(noOrderRefunds, refund.refundId(), "POSTED");
        }
    }

    @Override
    public void releaseRefund(CardRefundMoney refund) {
        if (refund.checkoutId() == null) {
            settle(noOrderRefunds, refund.refundId(), "RELEASED");
        }
    }

    @Override
    public BigDecimal takeBackRefund(CardRefundMoney refund) {
        return BigDecimal.ZERO;
    }

    @Override
    public void giveBackRefund(CardRefundMoney refund, BigDecimal refundedNow) {
    }

    @Override
    public void publish(EventCommand event) {
    }

    @Override
    public AttemptResult attempt(String deliveryId, int attemptNumber, long attemptAtMillis) {
        throw new UnsupportedOperationException("no deliveries here");
    }

    @Override
    public void finish(String deliveryId, DeliveryOutcome outcome) {
        throw new UnsupportedOperationException("no deliveries here");
    }

    @Override
    public boolean isSettled(String deliveryId) {
        throw new UnsupportedOperationException("no deliveries here");
    }

    @Override
    public String successorOf(String deliveryId) {
        throw new UnsupportedOperationException("no deliveries here");
    }
}
