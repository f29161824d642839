package com.paywire.vocabulary.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.vocabulary.airtime.AirtimePurchaseStatus;
import com.paywire.vocabulary.airtime.AirtimeRecipientStatus;
import com.paywire.vocabulary.bills.BillPaymentStatus;
import com.paywire.vocabulary.cards.CardTransactionStatus;
import com.paywire.vocabulary.checkout.CheckoutStatus;
import com.paywire.vocabulary.collections.DepositStatus;
import com.paywire.vocabulary.collections.PaybillDepositStatus;
import com.paywire.vocabulary.collections.PaymentLinkStatus;
import com.paywire.vocabulary.lookups.LookupStatus;
import com.paywire.vocabulary.payouts.LineStatus;
import java.util.Arrays;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Each lifecycle allows every move the code makes (named after where it makes it) and none from a terminal status.
 */
class LifecyclesTest {

    @Nested
    class PayoutLines {

        private final Lifecycle<LineStatus> lines = Lifecycles.PAYOUT_LINE;

        @Test
        void everyMoveAPayoutLineMakes_shouldBeAllowed() {
            allows(lines, LineStatus.PENDING, LineStatus.QUEUED); // reserveFunds
            allows(lines, LineStatus.PENDING, LineStatus.PROCESSING); // reserveAndClaim
            allows(lines, LineStatus.PENDING, LineStatus.FAILED); // short of funds
            allows(lines, LineStatus.QUEUED, LineStatus.PROCESSING); // claimForSending
            allows(lines, LineStatus.PENDING, LineStatus.REJECTED); // reject-order
            allows(lines, LineStatus.QUEUED, LineStatus.REJECTED);
            allows(lines, LineStatus.PENDING, LineStatus.CANCELLED); // cancelled before the rail
            allows(lines, LineStatus.QUEUED, LineStatus.CANCELLED);
            allows(lines, LineStatus.REJECTED, LineStatus.CANCELLED);
            allows(lines, LineStatus.PROCESSING, LineStatus.COMPLETED); // the rail's answer
            allows(lines, LineStatus.PROCESSING, LineStatus.FAILED);
            allows(lines, LineStatus.PROCESSING, LineStatus.TIMED_OUT); // none in its window
            allows(lines, LineStatus.PROCESSING, LineStatus.CANCELLED); // cancelled, the rail never heard of it
            allows(lines, LineStatus.TIMED_OUT, LineStatus.COMPLETED); // late answer, or an operator's
            allows(lines, LineStatus.TIMED_OUT, LineStatus.FAILED);
            allows(lines, LineStatus.FAILED, LineStatus.COMPLETED); // paid after its hold was released
            allows(lines, LineStatus.CANCELLED, LineStatus.COMPLETED);
            allows(lines, LineStatus.COMPLETED, LineStatus.REVERSED); // an operator's payout reversal
        }

        @Test
        void aCompletedLine_shouldOnlyBeReversed_aReversedOneTerminal_andTheGuardedUpdatesFollowFromTheTable() {
            assertThat(lines.next(LineStatus.COMPLETED)).containsExactly(LineStatus.REVERSED);
            assertThat(lines.isTerminal(LineStatus.REVERSED)).isTrue();
            // rejectUnsentLines: what has not reached the rail; claimForSending: what was reserved, or not yet
            assertThat(lines.from(LineStatus.REJECTED)).containsExactly(LineStatus.PENDING, LineStatus.QUEUED);
            assertThat(lines.from(LineStatus.PROCESSING)).containsExactly(LineStatus.PENDING, LineStatus.QUEUED);
        }

        @Test
        void aMoveTheTableDoesNotHave_shouldBeRefusedInWords() {
            assertThat(lines.canMove(LineStatus.COMPLETED, LineStatus.FAILED)).isFalse();
            assertThat(lines.requireMove(LineStatus.QUEUED, LineStatus.PROCESSING)).isEqualTo(LineStatus.PROCESSING);
            assertThatThrownBy(() -> lines.requireMove(LineStatus.COMPLETED, LineStatus.PENDING))
                    .isInstanceOf(IllegalMoveException.class)
                    .hasMessage("a payout line may not move from COMPLETED to PENDING");
        }
    }

    @Test
    void checkoutOrders() {
        Lifecycle<CheckoutStatus> orders = Lifecycles.CHECKOUT;
        for (CheckoutStatus payable : new CheckoutStatus[] {CheckoutStatus.PENDING, CheckoutStatus.FAILED}) {
            allows(orders, payable, CheckoutStatus.PROCESSING); // startAttempt, the workflow's attempt
            allows(orders, payable, CheckoutStatus.COMPLETED); // a late payment taken
            allows(orders, payable, CheckoutStatus.CANCELLED);
            allows(orders, payable, CheckoutStatus.EXPIRED);
        }
        allows(orders, CheckoutStatus.PROCESSING, CheckoutStatus.COMPLETED); // completeCheckout
        allows(orders, CheckoutStatus.PROCESSING, CheckoutStatus.FAILED);
        allows(orders, CheckoutStatus.PROCESSING, CheckoutStatus.PENDING); // putBack
        allows(orders, CheckoutStatus.COMPLETED, CheckoutStatus.PARTIALLY_REFUNDED); // CheckoutRefunds
        allows(orders, CheckoutStatus.COMPLETED, CheckoutStatus.REFUNDED);
        allows(orders, CheckoutStatus.PARTIALLY_REFUNDED, CheckoutStatus.REFUNDED);
        allows(orders, CheckoutStatus.REFUNDED, CheckoutStatus.PARTIALLY_REFUNDED); // a refund given back
        allows(orders, CheckoutStatus.PARTIALLY_REFUNDED, CheckoutStatus.COMPLETED);
        terminal(orders, CheckoutStatus.CANCELLED, CheckoutStatus.EXPIRED);
        // startAttempt's guard: an attempt starts only where the order is payable
        assertThat(orders.from(CheckoutStatus.PROCESSING))
                .containsExactlyElementsOf(Arrays.stream(CheckoutStatus.values()).filter(CheckoutStatus::payable)
                        .toList());
        // a paid order stays paid
        for (CheckoutStatus paid : CheckoutStatus.values()) {
            if (paid.paid()) {
                assertThat(orders.next(paid)).allMatch(CheckoutStatus::paid);
            }
        }
    }

    @Test
    void cardTransactions() {
        Lifecycle<CardTransactionStatus> cards = Lifecycles.CARD_TRANSACTION;
        allows(cards, CardTransactionStatus.PENDING, CardTransactionStatus.AUTHORIZED); // the authorisation
        allows(cards, CardTransactionStatus.PENDING, CardTransactionStatus.DECLINED);
        allows(cards, CardTransactionStatus.AUTHORIZED, CardTransactionStatus.CAPTURED); // its capture
        allows(cards, CardTransactionStatus.AUTHORIZED, CardTransactionStatus.VOIDED); // void, or expiry
        allows(cards, CardTransactionStatus.PENDING, CardTransactionStatus.CAPTURED); // a capture answered late
        allows(cards, CardTransactionStatus.REFUND_INITIATED, CardTransactionStatus.REFUNDED);
        allows(cards, CardTransactionStatus.REFUND_INITIATED, CardTransactionStatus.REFUND_FAILED);
        terminal(cards, CardTransactionStatus.DECLINED, CardTransactionStatus.VOIDED, CardTransactionStatus.REFUNDED,
                CardTransactionStatus.REFUND_FAILED);
    }

    @Test
    void lookups() {
        allows(Lifecycles.LOOKUP, LookupStatus.PENDING, LookupStatus.COMPLETED); // the other side answered
        allows(Lifecycles.LOOKUP, LookupStatus.PENDING, LookupStatus.FAILED); // it could not be reached
        terminal(Lifecycles.LOOKUP, LookupStatus.COMPLETED, LookupStatus.FAILED);
        // LookupRecords.close: a lookup no longer Pending was closed before
        onlyOpen(Lifecycles.LOOKUP, LookupStatus.PENDING);
    }

    @Test
    void billPayments() {
        Lifecycle<BillPaymentStatus> bills = Lifecycles.BILL_PAYMENT;
        allows(bills, BillPaymentStatus.PENDING, BillPaymentStatus.PROCESSING); // markProcessing
        allows(bills, BillPaymentStatus.PENDING, BillPaymentStatus.FAILED); // never reserved
        allows(bills, BillPaymentStatus.PROCESSING, BillPaymentStatus.COMPLETED);
        allows(bills, BillPaymentStatus.PROCESSING, BillPaymentStatus.FAILED);
        allows(bills, BillPaymentStatus.PROCESSING, BillPaymentStatus.TIMED_OUT);
        terminal(bills, BillPaymentStatus.COMPLETED, BillPaymentStatus.FAILED, BillPaymentStatus.TIMED_OUT);
        assertThat(bills.from(BillPaymentStatus.PROCESSING)).containsExactly(BillPaymentStatus.PENDING);
        for (BillPaymentStatus status : BillPaymentStatus.values()) {
            assertThat(bills.isTerminal(status)).as("%s", status).isEqualTo(status.isFinal());
        }
    }

    @Test
    void airtimePurchasesAndTheirRecipients() {
        Lifecycle<AirtimePurchaseStatus> purchases = Lifecycles.AIRTIME_PURCHASE;
        allows(purchases, AirtimePurchaseStatus.PENDING, AirtimePurchaseStatus.COMPLETED);
        allows(purchases, AirtimePurchaseStatus.PENDING, AirtimePurchaseStatus.PARTIALLY_COMPLETED);
        allows(purchases, AirtimePurchaseStatus.PENDING, AirtimePurchaseStatus.FAILED);
        terminal(purchases, AirtimePurchaseStatus.COMPLETED, AirtimePurchaseStatus.PARTIALLY_COMPLETED,
                AirtimePurchaseStatus.FAILED);
        onlyOpen(purchases, AirtimePurchaseStatus.PENDING); // AirtimeOutcomes.finish: finished before
        Lifecycle<AirtimeRecipientStatus> recipients = Lifecycles.AIRTIME_RECIPIENT;
        allows(recipients, AirtimeRecipientStatus.PENDING, AirtimeRecipientStatus.PROCESSING); // funds held
        allows(recipients, AirtimeRecipientStatus.PENDING, AirtimeRecipientStatus.FAILED); // nothing held
        allows(recipients, AirtimeRecipientStatus.PROCESSING, AirtimeRecipientStatus.COMPLETED);
        allows(recipients, AirtimeRecipientStatus.PROCESSING, AirtimeRecipientStatus.FAILED);
        // the reservation: a recipient no longer Pending was reserved (or failed) before
        assertThat(recipients.from(AirtimeRecipientStatus.PROCESSING)).containsExactly(AirtimeRecipientStatus.PENDING);
        for (AirtimeRecipientStatus status : AirtimeRecipientStatus.values()) {
            assertThat(recipients.isTerminal(status)).as("%s", status).isEqualTo(status.isFinal());
        }
    }

    @Test
    void expressDeposits() {
        Lifecycle<DepositStatus> deposits = Lifecycles.EXPRESS_DEPOSIT;
        allows(deposits, DepositStatus.PENDING, DepositStatus.COMPLETED); // closeDeposit
        allows(deposits, DepositStatus.PENDING, DepositStatus.FAILED);
        allows(deposits, DepositStatus.PENDING, DepositStatus.CANCELLED);
        allows(deposits, DepositStatus.FAILED, DepositStatus.COMPLETED); // recordLateSuccess
        allows(deposits, DepositStatus.CANCELLED, DepositStatus.COMPLETED);
        terminal(deposits, DepositStatus.COMPLETED);
    }

    @Test
    void paymentLinks() {
        allows(Lifecycles.PAYMENT_LINK, PaymentLinkStatus.ACTIVE, PaymentLinkStatus.DISABLED);
        allows(Lifecycles.PAYMENT_LINK, PaymentLinkStatus.DISABLED, PaymentLinkStatus.ACTIVE);
    }

    @Test
    void paybillDeposits() {
        allows(Lifecycles.PAYBILL_DEPOSIT, PaybillDepositStatus.RECEIVED, PaybillDepositStatus.CREDITED);
        allows(Lifecycles.PAYBILL_DEPOSIT, PaybillDepositStatus.RECEIVED, PaybillDepositStatus.SUSPENDED);
        terminal(Lifecycles.PAYBILL_DEPOSIT, PaybillDepositStatus.CREDITED, PaybillDepositStatus.SUSPENDED);
        onlyOpen(Lifecycles.PAYBILL_DEPOSIT, PaybillDepositStatus.RECEIVED); // its credit: moved once
    }

    @Test
    void stayingInAStatus_shouldBeNoMoveOfTheTable() {
        assertThatThrownBy(() -> Lifecycle.of(LookupStatus.class, "a lookup")
                .allow(LookupStatus.PENDING, LookupStatus.PENDING))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static <S extends Enum<S>> void allows(Lifecycle<S> lifecycle, S from, S to) {
        assertThat(lifecycle.canMove(from, to)).as("%s to %s", from, to).isTrue();
    }

    /** The status is the one that is not terminal. */
    private static <S extends Enum<S>> void onlyOpen(Lifecycle<S> lifecycle, S open) {
        for (S status : open.getDeclaringClass().getEnumConstants()) {
            assertThat(lifecycle.isTerminal(status)).as("%s is terminal", status).isEqualTo(status != open);
        }
    }

    @SafeVarargs
    private static <S extends Enum<S>> void terminal(Lifecycle<S> lifecycle, S... statuses) {
        for (S status : statuses) {
            assertThat(lifecycle.isTerminal(status)).as("%s is terminal", status).isTrue();
            assertThat(lifecycle.next(status)).isEmpty();
            for (S to : status.getDeclaringClass().getEnumConstants()) {
                assertThat(lifecycle.canMove(status, to)).as("%s to %s", status, to).isFalse();
            }
        }
    }
}
