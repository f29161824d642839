package com.paywire.vocabulary.lifecycle;

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

/**
 * Each product's lifecycle: the moves its workflows, activities, stores and operators' resolutions make today. A
 * status the clients read as final may still move where money decided late corrects it (a payout paid after its
 * hold was released, a deposit paid after its prompt's window, a refunded checkout order).
 */
public final class Lifecycles {

    public static final Lifecycle<LineStatus> PAYOUT_LINE = Lifecycle.of(LineStatus.class, "a payout line")
            // reserved (Queued, or claimed at once), short of funds, rejected by the client, or cancelled
            .allow(LineStatus.PENDING, LineStatus.QUEUED, LineStatus.PROCESSING, LineStatus.FAILED,
                    LineStatus.REJECTED, LineStatus.CANCELLED)
            .allow(LineStatus.QUEUED, LineStatus.PROCESSING, LineStatus.REJECTED, LineStatus.CANCELLED)
            // the rail's answer, none in its window, or cancelled
            .allow(LineStatus.PROCESSING, LineStatus.COMPLETED, LineStatus.FAILED, LineStatus.TIMED_OUT,
                    LineStatus.CANCELLED)
            // a rejected line's workflow, cancelled before it saw the rejection, closes it
            .allow(LineStatus.REJECTED, LineStatus.CANCELLED)
            // the rail's late answer, or an operator's, decides the money kept or released
            .allow(LineStatus.TIMED_OUT, LineStatus.COMPLETED, LineStatus.FAILED)
            .allow(LineStatus.FAILED, LineStatus.COMPLETED)
            .allow(LineStatus.CANCELLED, LineStatus.COMPLETED)
            // an operator's reversal the rail carried out (a payout sent to the wrong wallet)
            .allow(LineStatus.COMPLETED, LineStatus.REVERSED)
            .build();

    public static final Lifecycle<CheckoutStatus> CHECKOUT = Lifecycle.of(CheckoutStatus.class, "a checkout order")
            // an attempt, a late payment taken, a cancel or the due date
            .allow(CheckoutStatus.PENDING, CheckoutStatus.PROCESSING, CheckoutStatus.COMPLETED,
                    CheckoutStatus.CANCELLED, CheckoutStatus.EXPIRED)
            .allow(CheckoutStatus.FAILED, CheckoutStatus.PROCESSING, CheckoutStatus.COMPLETED,
                    CheckoutStatus.CANCELLED, CheckoutStatus.EXPIRED)
            // the attempt's outcome, or put back as it was when it could not be handed on
            .allow(CheckoutStatus.PROCESSING, CheckoutStatus.COMPLETED, CheckoutStatus.FAILED, CheckoutStatus.PENDING,
                    CheckoutStatus.CANCELLED, CheckoutStatus.EXPIRED)
            // refunds, and refunds given back, move a paid order among its paid statuses
            .allow(CheckoutStatus.COMPLETED, CheckoutStatus.PARTIALLY_REFUNDED, CheckoutStatus.REFUNDED)
            .allow(CheckoutStatus.PARTIALLY_REFUNDED, CheckoutStatus.COMPLETED, CheckoutStatus.REFUNDED)
            .allow(CheckoutStatus.REFUNDED, CheckoutStatus.COMPLETED, CheckoutStatus.PARTIALLY_REFUNDED)
            .build();

    /** Authorisations, captures, voids and refunds alike: each type takes its own part of the table. */
    public static final Lifecycle<CardTransactionStatus> CARD_TRANSACTION = Lifecycle.of(CardTransactionStatus.class,
                    "a card transaction")
            // an authorisation answered, a capture answered (late, or by an operator)
            .allow(CardTransactionStatus.PENDING, CardTransactionStatus.AUTHORIZED, CardTransactionStatus.DECLINED,
                    CardTransactionStatus.CAPTURED)
            .allow(CardTransactionStatus.AUTHORIZED, CardTransactionStatus.CAPTURED, CardTransactionStatus.VOIDED)
            .allow(CardTransactionStatus.REFUND_INITIATED, CardTransactionStatus.REFUNDED,
                    CardTransactionStatus.REFUND_FAILED)
            .build();

    /** KYC requests and account validations. */
    public static final Lifecycle<LookupStatus> LOOKUP = Lifecycle.of(LookupStatus.class, "a lookup")
            .allow(LookupStatus.PENDING, LookupStatus.COMPLETED, LookupStatus.FAILED)
            .build();

    public static final Lifecycle<BillPaymentStatus> BILL_PAYMENT = Lifecycle.of(BillPaymentStatus.class,
                    "a bill payment")
            // with the biller once its funds are held; failed before (the account or the funds)
            .allow(BillPaymentStatus.PENDING, BillPaymentStatus.PROCESSING, BillPaymentStatus.FAILED)
            // the biller's answer or an operator's; Timed Out only before unconfirmed payments were kept held
            .allow(BillPaymentStatus.PROCESSING, BillPaymentStatus.COMPLETED, BillPaymentStatus.FAILED,
                    BillPaymentStatus.TIMED_OUT)
            .build();

    public static final Lifecycle<AirtimePurchaseStatus> AIRTIME_PURCHASE = Lifecycle.of(AirtimePurchaseStatus.class,
                    "an airtime purchase")
            // once every recipient is final
            .allow(AirtimePurchaseStatus.PENDING, AirtimePurchaseStatus.COMPLETED,
                    AirtimePurchaseStatus.PARTIALLY_COMPLETED, AirtimePurchaseStatus.FAILED)
            .build();

    public static final Lifecycle<AirtimeRecipientStatus> AIRTIME_RECIPIENT = Lifecycle.of(
                    AirtimeRecipientStatus.class, "an airtime recipient")
            // funds held and sent to the network, or failed before anything was held
            .allow(AirtimeRecipientStatus.PENDING, AirtimeRecipientStatus.PROCESSING, AirtimeRecipientStatus.FAILED)
            // the network's answer or an operator's
            .allow(AirtimeRecipientStatus.PROCESSING, AirtimeRecipientStatus.COMPLETED, AirtimeRecipientStatus.FAILED)
            .build();

    /** Express deposits, a checkout's mobile-money attempts among them. */
    public static final Lifecycle<DepositStatus> EXPRESS_DEPOSIT = Lifecycle.of(DepositStatus.class,
                    "an express deposit")
            .allow(DepositStatus.PENDING, DepositStatus.COMPLETED, DepositStatus.FAILED, DepositStatus.CANCELLED)
            // paid after the prompt's window: the rail's late success, or an operator's
            .allow(DepositStatus.FAILED, DepositStatus.COMPLETED)
            .allow(DepositStatus.CANCELLED, DepositStatus.COMPLETED)
            .build();

    /** The merchant disables and enables its link at will. */
    public static final Lifecycle<PaymentLinkStatus> PAYMENT_LINK = Lifecycle.of(PaymentLinkStatus.class,
                    "a payment link")
            .allow(PaymentLinkStatus.ACTIVE, PaymentLinkStatus.DISABLED)
            .allow(PaymentLinkStatus.DISABLED, PaymentLinkStatus.ACTIVE)
            .build();

    public static final Lifecycle<PaybillDepositStatus> PAYBILL_DEPOSIT = Lifecycle.of(PaybillDepositStatus.class,
                    "a paybill deposit")
            // routed to its client, or held in suspense
            .allow(PaybillDepositStatus.RECEIVED, PaybillDepositStatus.CREDITED, PaybillDepositStatus.SUSPENDED)
            .build();

    private Lifecycles() {
    }
}
