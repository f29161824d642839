package com.paywire.activities.paybacks;

import com.paywire.persistence.InvariantViolationException;
import com.paywire.persistence.cards.CardTransactionStore;
import com.paywire.persistence.collections.DepositStore;
import com.paywire.persistence.collections.PaybillDepositStore;
import com.paywire.vocabulary.cards.CardTransaction;
import com.paywire.vocabulary.collections.Deposit;
import com.paywire.vocabulary.collections.PaybillDeposit;
import com.paywire.vocabulary.networks.MobileNumbers;
import com.paywire.vocabulary.paybacks.PayBack;
import com.paywire.vocabulary.paybacks.PayBackMethod;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * The payment a pay-back pays back, as the rail must be told of it: the mobile-money receipt to reverse and the
 * payer's phone, or the card processor's capture to refund.
 */
@Component
public class PayBackPayments {

    private final PaybillDepositStore paybillDeposits;
    private final DepositStore deposits;
    private final CardTransactionStore cards;

    public PayBackPayments(PaybillDepositStore paybillDeposits, DepositStore deposits, CardTransactionStore cards) {
        this.paybillDeposits = paybillDeposits;
        this.deposits = deposits;
        this.cards = cards;
    }

    /** The payer's payment, where it is the mobile-money rail's: its receipt (null: none) and the payer's phone. */
    public record PhonePayment(String receipt, String phone) {
    }

    /**
     * How it goes back: a reversal where the rail has a receipt of the payment (paybill deposits always have), a
     * B2C payout to the payer's phone where it has none, the processor's refund for a card capture.
     */
    public PayBackMethod methodOf(PayBack payBack) {
        return switch (payBack.product()) {
            case CARD -> PayBackMethod.CARD_REFUND;
            case PAYBILL_DEPOSIT, PHONE_PROMPT -> phonePayment(payBack).receipt() != null ? PayBackMethod.REVERSAL
                    : PayBackMethod.B2C;
            default -> throw new InvariantViolationException("no pay-back of a " + payBack.product() + " payment: "
                    + payBack.id());
        };
    }

    public PhonePayment phonePayment(PayBack payBack) {
        return switch (payBack.product()) {
            case PAYBILL_DEPOSIT -> {
                PaybillDeposit deposit = paybillDeposits.find(UUID.fromString(payBack.paymentId())).orElseThrow(
                        () -> new InvariantViolationException("no paybill deposit " + payBack.paymentId()));
                yield new PhonePayment(deposit.receiptNumber(), phone(deposit.phoneNumber()));
            }
            case PHONE_PROMPT -> {
                Deposit deposit = deposits.find(UUID.fromString(payBack.paymentId())).orElseThrow(
                        () -> new InvariantViolationException("no express deposit " + payBack.paymentId()));
                yield new PhonePayment(deposit.receiptNumber(), phone(deposit.phoneNumber()));
            }
            default -> throw new InvariantViolationException("pay-back " + payBack.id() + " is no phone payment's");
        };
    }

    /** The processor's id of the capture a card pay-back refunds. */
    public String processorCaptureId(PayBack payBack) {
        CardTransaction capture = cards.find(payBack.paymentId()).orElseThrow(
                () -> new InvariantViolationException("no card capture " + payBack.paymentId()));
        if (capture.processorTransactionId() == null) {
            throw new InvariantViolationException("card capture " + payBack.paymentId() + " has no processor id");
        }
        return capture.processorTransactionId();
    }

    private static String phone(String number) {
        return MobileNumbers.withPlus(number).orElse(number);
    }
}
