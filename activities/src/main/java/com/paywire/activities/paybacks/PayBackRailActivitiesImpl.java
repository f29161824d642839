package com.paywire.activities.paybacks;

import static com.paywire.activities.ActivityFailures.reported;

import com.paywire.domain.paybacks.PayBacks;
import com.paywire.domain.rails.PayoutRail;
import com.paywire.domain.rails.cardprocessor.CardProcessor;
import com.paywire.domain.rails.mobilemoney.ReversalRail;
import com.paywire.persistence.InvariantViolationException;
import com.paywire.persistence.paybacks.PayBackStore;
import com.paywire.vocabulary.ledger.TransactionType;
import com.paywire.vocabulary.paybacks.PayBack;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.workflows.cards.ProcessorResult;
import com.paywire.workflows.cards.RefundSettlement;
import com.paywire.workflows.paybacks.PayBackAnswer;
import com.paywire.workflows.paybacks.PayBackAnswer.State;
import com.paywire.workflows.paybacks.PayBackRailActivities;
import com.paywire.workflows.payouts.PayoutLineCommand;
import com.paywire.workflows.payouts.RailAcknowledgement;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * The rail calls of a pay-back, under the pay-back's id as the idempotency key: the mobile-money reversal of the
 * payer's payment, a B2C payout to the payer's phone where there is no receipt to reverse, the card processor's
 * refund of a capture.
 */
@Component
public class PayBackRailActivitiesImpl implements PayBackRailActivities {

    private final PayBackStore payBacks;
    private final PayBackPayments payments;
    private final ReversalRail reversals;
    private final PayoutRail mobileMoney;
    private final CardProcessor cards;

    public PayBackRailActivitiesImpl(PayBackStore payBacks, PayBackPayments payments, ReversalRail reversals,
                                     List<PayoutRail> payoutRails, CardProcessor cards) {
        this.payBacks = payBacks;
        this.payments = payments;
        this.reversals = reversals;
        this.mobileMoney = payoutRails.stream().filter(r -> r.rail() == Rail.MOBILE_MONEY).findFirst().orElseThrow();
        this.cards = cards;
    }

    @Override
    public PayBackAnswer askToPayBack(String payBackId) {
        return reported(() -> {
            PayBack payBack = held(payBackId);
            String reference = payBack.id().toString();
            return switch (payBack.method()) {
                case REVERSAL -> {
                    PayBackPayments.PhonePayment payment = payments.phonePayment(payBack);
                    yield reversals.reverse(reference, payment.receipt(), payBack.amount(), payment.phone(),
                            remarks(payBack));
                }
                case B2C -> acknowledged(mobileMoney.send(b2c(payBack)));
                case CARD_REFUND -> {
                    ProcessorResult refund = cards.refund(reference, payments.processorCaptureId(payBack),
                            payBack.amount());
                    if (!refund.accepted()) {
                        yield new PayBackAnswer(State.REFUSED, null, refund.errorCode(), refund.errorMessage());
                    }
                    payBacks.recordRailReference(payBack.id(), refund.processorTransactionId());
                    yield new PayBackAnswer(State.ACCEPTED, refund.processorTransactionId(), refund.responseCode(),
                            refund.status());
                }
            };
        });
    }

    @Override
    public PayBackAnswer payBackStatus(String payBackId) {
        return reported(() -> {
            PayBack payBack = held(payBackId);
            String reference = payBack.id().toString();
            return switch (payBack.method()) {
                case REVERSAL -> reversals.status(reference);
                case B2C -> PayBacks.answerOf(mobileMoney.status(reference));
                case CARD_REFUND -> {
                    if (payBack.railReference() == null) {
                        yield PayBackAnswer.unknown("the processor never took the refund");
                    }
                    RefundSettlement settlement = cards.refundStatus(payBack.railReference());
                    yield switch (settlement) {
                        case PENDING -> new PayBackAnswer(State.PENDING, payBack.railReference(), null, "PENDING");
                        case SETTLED -> new PayBackAnswer(State.PAID, payBack.railReference(), null, "SETTLED");
                        case FAILED -> new PayBackAnswer(State.REFUSED, payBack.railReference(), null,
                                "the processor failed the refund");
                    };
                }
            };
        });
    }

    private static PayBackAnswer acknowledged(RailAcknowledgement ack) {
        if (ack.accepted()) {
            return new PayBackAnswer(State.ACCEPTED, ack.railTransactionId(), ack.railResponseCode(),
                    ack.railResponseDescription());
        }
        return ack.refusal() != null ? PayBacks.answerOf(ack.refusal())
                : new PayBackAnswer(State.REFUSED, null, ack.railResponseCode(), ack.railResponseDescription());
    }

    private PayoutLineCommand b2c(PayBack payBack) {
        PayBackPayments.PhonePayment payment = payments.phonePayment(payBack);
        String reference = payBack.id().toString();
        return new PayoutLineCommand(null, null, reference, reference, Rail.MOBILE_MONEY,
                TransactionType.PAYBILL_DEPOSIT.code(), payBack.amount(), payBack.currency(), payment.phone(), null,
                null, remarks(payBack), null, false, null, reference);
    }

    private PayBack held(String payBackId) {
        PayBack payBack = payBacks.find(UUID.fromString(payBackId)).orElseThrow(
                () -> new InvariantViolationException("no pay-back " + payBackId));
        if (payBack.method() == null) {
            throw new InvariantViolationException("pay-back " + payBackId + " is not held yet");
        }
        return payBack;
    }

    private static String remarks(PayBack payBack) {
        return "Paywire pays back " + payBack.amount().toPlainString() + " " + payBack.currency();
    }
}
