package com.paywire.domain.cards;

import com.paywire.domain.money.MoneyEngine;
import com.paywire.persistence.InvariantViolationException;
import com.paywire.persistence.charges.ChargeBands;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.persistence.routes.RouteStore;
import com.paywire.vocabulary.checkout.CheckoutOrder;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.money.Currencies;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.vocabulary.rules.amounts.AmountLimit;
import com.paywire.vocabulary.rules.amounts.Amounts;
import com.paywire.vocabulary.rules.money.Leg;
import com.paywire.vocabulary.rules.money.MoneyRules;
import com.paywire.vocabulary.rules.money.Movement;
import com.paywire.vocabulary.rules.money.Posting;
import com.paywire.workflows.cards.CardFailures;
import com.paywire.workflows.cards.CardRefundMoney;
import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Service;

/**
 * Card money on the ledger, through {@link MoneyEngine}: a capture through the card API credits the merchant's
 * utility account in the capture's currency less the card fee (the CARD route's charge, a percentage charged in that
 * currency), keyed {@code card:<CaptureId>}; a refund takes back its share of what was credited for its capture (the
 * fee in proportion, {@link MoneyRules#refund}), in the currency it was credited in. A checkout paid
 * by card is credited by the checkout ({@code checkout:<orderId>}), so its refunds take that credit back instead.
 * Runs in the caller's transaction.
 */
@Service
public class CardMoney {

    private final MoneyEngine money;
    private final Ledger ledger;
    private final ChargeBands charges;
    private final RouteStore routes;
    private final CardPaidOrders checkouts;

    public CardMoney(MoneyEngine money, Ledger ledger, ChargeBands charges, RouteStore routes,
                     CardPaidOrders checkouts) {
        this.money = money;
        this.ledger = ledger;
        this.charges = charges;
        this.routes = routes;
        this.checkouts = checkouts;
    }

    /** A refund the merchant's balance does not allow, or not yet: its {@code code} is a {@link CardFailures} type. */
    public static class RefundRefusedException extends RuntimeException {

        private final String code;

        RefundRefusedException(String code, String message) {
            super(message);
            this.code = code;
        }

        public String code() {
            return code;
        }
    }

    /** A capture one of Paywire's own rules refuses, before the processor is asked. */
    public static class CaptureRefusedException extends RuntimeException {

        CaptureRefusedException(String message) {
            super(message);
        }
    }

    /** What a refund took back: the fee's share, and the checkout order it was of, if any. */
    public record TakenBack(BigDecimal feeShare, Optional<UUID> checkoutId) {
    }

    /**
     * Credits a capture, less the card fee, in its own currency: no rate converts it, so a capture in USD is kept in
     * USD. The fee band's percentage applies in every currency ({@code ChargeCoverage} allows only percentages).
     */
    public void creditCapture(String clientId, String captureId, BigDecimal amount, String currency) {
        BigDecimal fee = charges.feeFor(routes.transactionTypesByCategory().get(CardPayments.CARD_ROUTE), amount);
        money.credit(new Movement(Product.CARD, captureId, clientId, Rail.CARD_PROCESSOR, amount, fee, currency),
                "Card capture " + captureId);
    }

    /**
     * Checks everything that could refuse a capture's credit (the amount's decimals and limits, a card band that
     * covers it in its currency) and holds the credit on the card settlement account ({@link MoneyEngine#holdCollection}),
     * before the processor is asked: a capture Paywire would refuse never reaches the processor, and the processor's
     * answer then only posts or releases the hold. Holding twice holds once.
     *
     * @throws CaptureRefusedException when a rule refuses it, with nothing held
     */
    public void holdCapture(String clientId, String captureId, BigDecimal amount, String currency) {
        requireCapturable(amount);
        BigDecimal fee;
        try {
            fee = charges.feeFor(routes.transactionTypesByCategory().get(CardPayments.CARD_ROUTE), amount);
        } catch (InvariantViolationException uncovered) {
            throw new CaptureRefusedException("The capture amount " + amount.toPlainString() + " " + currency
                    + " is outside the card charge bands; nothing was captured.");
        }
        if (fee.compareTo(amount) >= 0) {
            throw new CaptureRefusedException("The card fee " + fee.toPlainString() + " " + currency
                    + " would take the whole capture of " + amount.toPlainString() + "; nothing was captured.");
        }
        Movement movement = capture(clientId, captureId, amount, fee, currency);
        if (money.wasReleased(movement)) {
            // its id follows from its RequestId: the same request again, after the processor refused it
            throw new CaptureRefusedException("This capture (the same RequestId) was refused before; nothing was "
                    + "captured. Send a new RequestId to try again.");
        }
        money.holdCollection(movement, "Card capture " + captureId);
    }

    /**
     * The rules a checkout's capture must meet before the processor is asked (its order is credited, with the
     * checkout's own fee, when it completes): the amount's decimals and the card payment limits.
     *
     * @throws CaptureRefusedException when one refuses it
     */
    public void checkCapture(BigDecimal amount) {
        requireCapturable(amount);
    }

    /**
     * A checkout attempt's capture, before the processor is asked: {@link #checkCapture}'s rules, then the whole
     * amount held from the card settlement to {@link LedgerAccounts#CHECKOUT_PAYMENTS}
     * ({@link MoneyEngine#holdForCheckout}), where it waits, once posted, for its order to take it. Posted and
     * released as any capture's hold ({@link #settleCapture}, {@link #releaseCapture}). Holding twice holds once.
     *
     * @throws CaptureRefusedException when a rule refuses it, or the same capture was refused before, nothing held
     */
    public void holdCheckoutCapture(String clientId, String captureId, BigDecimal amount, String currency) {
        requireCapturable(amount);
        Movement movement = capture(clientId, captureId, amount, BigDecimal.ZERO, currency);
        if (money.wasReleased(movement)) {
            throw new CaptureRefusedException("This capture (the same RequestId) was refused before; nothing was "
                    + "captured. Send a new RequestId to try again.");
        }
        money.holdForCheckout(movement, "Card capture " + captureId + " for a checkout");
    }

    /** Whether the capture's money waits for its checkout order on {@link LedgerAccounts#CHECKOUT_PAYMENTS}. */
    public boolean isCheckoutCapture(String clientId, String captureId, BigDecimal amount) {
        return money.isHeldForCheckout(checkoutCapture(clientId, captureId, amount));
    }

    /**
     * A checkout attempt's capture as the ledger keys it ({@code card:{CaptureId}}): the whole amount, in KES (the
     * only currency of checkout orders), with no fee (its order's fee is charged when the order credits it).
     */
    public static Movement checkoutCapture(String clientId, String captureId, BigDecimal amount) {
        return capture(clientId, captureId, amount, BigDecimal.ZERO, Currencies.KES);
    }

    /** The processor captured: the credit {@link #holdCapture} held is posted. */
    public void settleCapture(String clientId, String captureId, BigDecimal amount, String currency) {
        money.settle(capture(clientId, captureId, amount, BigDecimal.ZERO, currency));
    }

    /** The processor refused the capture: the credit {@link #holdCapture} held is released. */
    public void releaseCapture(String clientId, String captureId, BigDecimal amount, String currency) {
        money.release(capture(clientId, captureId, amount, BigDecimal.ZERO, currency));
    }

    private static Movement capture(String clientId, String captureId, BigDecimal amount, BigDecimal fee,
                                    String currency) {
        return new Movement(Product.CARD, captureId, clientId, Rail.CARD_PROCESSOR, amount, fee, currency);
    }

    private static void requireCapturable(BigDecimal amount) {
        if (amount == null || !Amounts.isValid(amount)) {
            throw new CaptureRefusedException("The capture amount " + (amount == null ? null : amount.toPlainString())
                    + " " + Amounts.RULE + "; nothing was captured.");
        }
        AmountLimit.CARD_PAYMENT.refusal(amount).ifPresent(rule -> {
            throw new CaptureRefusedException("A capture of " + amount.toPlainString() + " is refused: " + rule
                    + " Nothing was captured.");
        });
    }

    /**
     * Takes the refund's share of its capture's credit back, nothing when the capture was credited nothing.
     *
     * @throws RefundRefusedException when the utility account cannot cover it (nothing moved), or when the refund
     *                                is of a checkout's capture whose order has not recorded its completion yet
     */
    public TakenBack takeBack(CardRefundMoney refund) {
        Optional<CheckoutOrder> order = checkouts.paidBy(refund.clientId(), refund.captureId());
        Optional<List<Posting>> postings = postingsOf(refund, order);
        if (postings.isEmpty()) {
            return new TakenBack(BigDecimal.ZERO, Optional.empty());
        }
        if (!money.takeBack(postings.get())) {
            throw insufficient(refund, postings.get());
        }
        order.ifPresent(o -> checkouts.refunded(o, refund.refundedBefore().add(refund.amount())));
        return new TakenBack(feeShare(postings.get()), order.map(CheckoutOrder::id));
    }

    /**
     * Holds the refund's share of its capture's credit ({@link MoneyEngine#holdRefund}) before the processor is
     * asked: nothing leaves the utility account until the processor takes the refund ({@link #settleRefund}); a
     * refusal releases it ({@link #releaseRefund}). Nothing is held when the capture was credited nothing.
     *
     * @return the fee's share the refund returns (zero when nothing was credited); no checkout order is touched yet
     * @throws RefundRefusedException when the utility account cannot cover it (nothing held), or when the refund
     *                                is of a checkout's capture whose order has not recorded its completion yet
     */
    public BigDecimal holdRefund(CardRefundMoney refund) {
        Optional<List<Posting>> postings = postingsOf(refund, checkouts.paidBy(refund.clientId(), refund.captureId()));
        if (postings.isEmpty()) {
            return BigDecimal.ZERO;
        }
        if (money.wasReleased(postings.get().getFirst().key())) {
            // its id follows from its RequestId: the same request again, after the processor refused it
            throw new RefundRefusedException(CardFailures.PROCESSOR_REFUSED, "This refund (the same RequestId) was "
                    + "refused before; nothing was refunded. Send a new RequestId to try again.");
        }
        if (!money.holdRefund(postings.get())) {
            throw insufficient(refund, postings.get());
        }
        return feeShare(postings.get());
    }

    /**
     * The processor took the refund: what {@link #holdRefund} held is posted, and a checkout order it refunds
     * records how much of it came back.
     *
     * @return the checkout order it was of, if any
     */
    public Optional<UUID> settleRefund(CardRefundMoney refund) {
        Optional<CheckoutOrder> order = checkouts.paidBy(refund.clientId(), refund.captureId());
        postingsOf(refund, order).ifPresent(money::settleRefund);
        order.ifPresent(o -> checkouts.refunded(o, refund.refundedBefore().add(refund.amount())));
        return order.map(CheckoutOrder::id);
    }

    /** The processor refused the refund: what {@link #holdRefund} held is released; nothing left the account. */
    public void releaseRefund(CardRefundMoney refund) {
        postingsOf(refund, checkouts.paidBy(refund.clientId(), refund.captureId())).ifPresent(money::releaseRefund);
    }

    /**
     * The refund's postings by {@link MoneyRules#refund}, none when its capture was credited nothing. A refund that
     * names no checkout, of a capture whose money waits on {@link LedgerAccounts#CHECKOUT_PAYMENTS} with no order
     * paid by it, is the whole capture going back to the card ({@link MoneyRules#checkoutCaptureRefunded}): only the
     * card payment itself refunds so, for an attempt its checkout gave up on. A merchant's refund names the checkout,
     * and waits for the order's completion.
     */
    private Optional<List<Posting>> postingsOf(CardRefundMoney refund, Optional<CheckoutOrder> order) {
        if (order.isEmpty() && refund.checkoutId() == null
                && isCheckoutCapture(refund.clientId(), refund.captureId(), refund.amount())) {
            return Optional.of(List.of(MoneyRules.checkoutCaptureRefunded(checkoutCapture(refund.clientId(),
                    refund.captureId(), refund.amount()), refund.refundId(),
                    "Refund " + refund.refundId() + " of " + refund.captureId() + ", which no order took")));
        }
        return creditOf(refund, order).map(credited -> MoneyRules.refund(credited, refund.refundId(),
                refund.refundedBefore(), refund.feeReturnedBefore(), refund.amount(),
                "Refund " + refund.refundId() + " of " + refund.captureId()));
    }

    private RefundRefusedException insufficient(CardRefundMoney refund, List<Posting> postings) {
        String utility = postings.getFirst().leg().debitAccount();
        String currency = ledger.find(utility).map(Ledger.Account::currency).orElse("");
        return new RefundRefusedException(CardFailures.INSUFFICIENT_BALANCE, "The utility account (collections) has "
                + ledger.available(utility).toPlainString() + " " + currency
                + " available, less than this refund takes back from it; nothing was refunded.");
    }

    /** The part of a refund's postings that revenue returns. */
    private static BigDecimal feeShare(List<Posting> postings) {
        return postings.stream().filter(p -> p.leg().debitAccount().startsWith(LedgerAccounts.FEE_REVENUE))
                .map(p -> p.leg().amount()).reduce(BigDecimal.ZERO, BigDecimal::add);
    }

    /**
     * A refund the processor refused or failed: what {@link #takeBack} posted for it goes back.
     *
     * @param refundedNow what the capture's other refunds have given back
     * @return the checkout order it was of, if any
     */
    public Optional<UUID> giveBack(CardRefundMoney refund, BigDecimal refundedNow) {
        Optional<CheckoutOrder> order = checkouts.paidBy(refund.clientId(), refund.captureId());
        Optional<Movement> credited = creditOf(refund, order);
        if (credited.isEmpty()) {
            return Optional.empty();
        }
        List<Posting> posted = MoneyRules.refundKeys(credited.get(), refund.refundId()).stream()
                .flatMap(key -> postedUnder(key).stream())
                .map(keyed -> new Posting(keyed.key(), keyed.leg(), "Refund " + refund.refundId()))
                .toList();
        money.reverse(posted);
        order.ifPresent(o -> checkouts.refunded(o, refundedNow));
        return order.map(CheckoutOrder::id);
    }

    /**
     * What the capture was credited as: by its checkout order, by itself (in the currency of the account it
     * credited), or (before cards were on it) not at all.
     */
    private Optional<Movement> creditOf(CardRefundMoney refund, Optional<CheckoutOrder> order) {
        if (order.isPresent()) {
            CheckoutOrder o = order.get();
            return Optional.of(new Movement(Product.CHECKOUT, o.id().toString(), o.clientId(), Rail.CARD_PROCESSOR,
                    o.totalAmount(), o.feeAmount()));
        }
        if (refund.checkoutId() != null) {
            throw new RefundRefusedException(CardFailures.INVALID_OPERATION,
                    "The checkout order this capture pays is still being completed; try the refund again shortly.");
        }
        String key = Product.CARD.key(refund.captureId());
        // credited in one phase (captures before their credit was held: key, key:fee) or as a posted hold (key#0, key#1)
        Optional<Leg> credit = ledger.posted(key).or(() -> ledger.posted(key + "#0"));
        return credit.map(leg -> {
            BigDecimal fee = ledger.posted(key + ":fee").or(() -> ledger.posted(key + "#1")).map(Leg::amount)
                    .orElse(BigDecimal.ZERO);
            String currency = ledger.find(leg.creditAccount()).orElseThrow().currency();
            return new Movement(Product.CARD, refund.captureId(), refund.clientId(), Rail.CARD_PROCESSOR,
                    leg.amount().add(fee), fee, currency);
        });
    }

    /**
     * The posted transfer a refund's posting became: under its own key when it was taken back at once (refunds
     * before they were held), or as its posted hold's leg ({@code key#0}).
     */
    private Optional<Posting> postedUnder(String key) {
        return ledger.posted(key).map(leg -> new Posting(key, leg, ""))
                .or(() -> ledger.posted(key + "#0").map(leg -> new Posting(key + "#0", leg, "")));
    }
}
