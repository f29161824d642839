package com.paywire.activities.cards;

import static com.paywire.activities.ActivityFailures.reported;

import com.paywire.domain.cards.CardMoney;
import com.paywire.domain.checkout.CheckoutRefunds;
import com.paywire.workflows.cards.CardFailures;
import com.paywire.workflows.cards.CardLedgerActivities;
import com.paywire.workflows.cards.CardRefundMoney;
import io.temporal.failure.ApplicationFailure;
import java.math.BigDecimal;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Delegates to {@link CardMoney}, each call in one transaction; a refunded checkout order's merchant is called back
 * once the refund is committed.
 */
@Component
public class CardLedgerActivitiesImpl implements CardLedgerActivities {

    private final CardMoney money;
    private final CheckoutRefunds checkouts;
    private final TransactionTemplate transaction;

    public CardLedgerActivitiesImpl(CardMoney money, CheckoutRefunds checkouts, TransactionTemplate transaction) {
        this.money = money;
        this.checkouts = checkouts;
        this.transaction = transaction;
    }

    @Override
    public void creditCapture(String clientId, String captureId, BigDecimal amount, String currency) {
        reported(() -> transaction.executeWithoutResult(tx -> money.creditCapture(clientId, captureId, amount, currency)));
    }

    @Override
    public void holdCapture(String clientId, String captureId, BigDecimal amount, String currency) {
        reported(() -> {
            try {
                transaction.executeWithoutResult(tx -> money.holdCapture(clientId, captureId, amount, currency));
            } catch (CardMoney.CaptureRefusedException refused) {
                throw ApplicationFailure.newNonRetryableFailure(refused.getMessage(), CardFailures.CAPTURE_REFUSED);
            }
        });
    }

    @Override
    public void holdCheckoutCapture(String clientId, String captureId, BigDecimal amount, String currency) {
        reported(() -> {
            try {
                transaction.executeWithoutResult(tx -> money.holdCheckoutCapture(clientId, captureId, amount,
                        currency));
            } catch (CardMoney.CaptureRefusedException refused) {
                throw ApplicationFailure.newNonRetryableFailure(refused.getMessage(), CardFailures.CAPTURE_REFUSED);
            }
        });
    }

    @Override
    public void checkCapture(BigDecimal amount) {
        try {
            money.checkCapture(amount);
        } catch (CardMoney.CaptureRefusedException refused) {
            throw ApplicationFailure.newNonRetryableFailure(refused.getMessage(), CardFailures.CAPTURE_REFUSED);
        }
    }

    @Override
    public void settleCapture(String clientId, String captureId, BigDecimal amount, String currency) {
        reported(() -> transaction.executeWithoutResult(tx -> money.settleCapture(clientId, captureId, amount,
                currency)));
    }

    @Override
    public void releaseCapture(String clientId, String captureId, BigDecimal amount, String currency) {
        reported(() -> transaction.executeWithoutResult(tx -> money.releaseCapture(clientId, captureId, amount,
                currency)));
    }

    @Override
    public BigDecimal holdRefund(CardRefundMoney refund) {
        return reported(() -> {
            try {
                return transaction.execute(tx -> money.holdRefund(refund));
            } catch (CardMoney.RefundRefusedException refused) {
                throw ApplicationFailure.newNonRetryableFailure(refused.getMessage(), refused.code());
            }
        });
    }

    @Override
    public void settleRefund(CardRefundMoney refund) {
        reported(() -> transaction.execute(tx -> money.settleRefund(refund))
                .ifPresent(id -> checkouts.announce(id, "refund:" + refund.refundId())));
    }

    @Override
    public void releaseRefund(CardRefundMoney refund) {
        reported(() -> transaction.executeWithoutResult(tx -> money.releaseRefund(refund)));
    }

    @Override
    public BigDecimal takeBackRefund(CardRefundMoney refund) {
        return reported(() -> {
            CardMoney.TakenBack taken;
            try {
                taken = transaction.execute(tx -> money.takeBack(refund));
            } catch (CardMoney.RefundRefusedException refused) {
                throw ApplicationFailure.newNonRetryableFailure(refused.getMessage(), refused.code());
            }
            taken.checkoutId().ifPresent(id -> checkouts.announce(id, "refund:" + refund.refundId()));
            return taken.feeShare();
        });
    }

    @Override
    public void giveBackRefund(CardRefundMoney refund, BigDecimal refundedNow) {
        reported(() -> transaction.execute(tx -> money.giveBack(refund, refundedNow))
                .ifPresent(id -> checkouts.announce(id, "refund:" + refund.refundId() + ":reversed")));
    }
}
