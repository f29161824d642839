package com.paywire.domain.cards;

import com.paywire.domain.checkout.CheckoutRefunds;
import com.paywire.domain.money.MoneyEngine;
import com.paywire.domain.money.MoneyRules;
import com.paywire.domain.money.Movement;
import com.paywire.domain.money.Posting;
import com.paywire.persistence.charges.ChargeBands;
import com.paywire.persistence.checkout.CheckoutOrder;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.persistence.routes.RouteStore;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.ledger.Product;
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

    /** The ledger's name of the card processor: money in by card arrives from {@code rail:CARD:SETTLEMENT}. */
    public static final String CARD_RAIL = "CARD";

    private final MoneyEngine money;
    private final Ledger ledger;
    private final ChargeBands charges;
    private final RouteStore routes;
    private final CheckoutRefunds checkouts;

    public CardMoney(MoneyEngine money, Ledger ledger, ChargeBands charges, RouteStore routes,
                     CheckoutRefunds checkouts) {
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

    /** What a refund took back: the fee's share, and the checkout order it was of, if any. */
    public record TakenBack(BigDecimal feeShare, Optional<UUID> checkoutId) {
    }

    /**
     * Credits a capture, less the card fee, in its own currency: no rate converts it, so a capture in USD is kept in
     * USD. The fee band's percentage applies in every currency ({@code ChargeCoverage} allows only percentages).
     */
    public void creditCapture(String clientId, String captureId, BigDecimal amount, String currency) {
        BigDecimal fee = charges.feeFor(routes.transactionTypesByCategory().get(CardPayments.CARD_ROUTE), amount);
        money.credit(new Movement(Product.CARD, captureId, clientId, CARD_RAIL, amount, fee, currency),
                "Card capture " + captureId);
    }

    /**
     * Takes the refund's share of its capture's credit back, nothing when the capture was credited nothing.
     *
     * @throws RefundRefusedException when the utility account cannot cover it (nothing moved), or when the refund
     *                                is of a checkout's capture whose order has not recorded its completion yet
     */
    public TakenBack takeBack(CardRefundMoney refund) {
        Optional<CheckoutOrder> order = checkouts.paidBy(refund.clientId(), refund.captureId());
        Optional<Movement> credited = creditOf(refund, order);
        if (credited.isEmpty()) {
            return new TakenBack(BigDecimal.ZERO, Optional.empty());
        }
        List<Posting> postings = MoneyRules.refund(credited.get(), refund.refundId(), refund.refundedBefore(),
                refund.feeReturnedBefore(), refund.amount(), "Refund " + refund.refundId() + " of " + refund.captureId());
        String currency = credited.get().currency();
        if (!money.takeBack(postings)) {
            throw new RefundRefusedException(CardFailures.INSUFFICIENT_BALANCE, "The utility account (collections) has "
                    + ledger.available(LedgerAccounts.utility(refund.clientId(), currency)).toPlainString() + " "
                    + currency
                    + " available, less than this refund takes back from it; nothing was refunded.");
        }
        order.ifPresent(o -> checkouts.refunded(o, refund.refundedBefore().add(refund.amount())));
        String revenue = LedgerAccounts.feeRevenue(currency);
        BigDecimal feeShare = postings.stream().filter(p -> p.leg().debitAccount().equals(revenue))
                .map(p -> p.leg().amount()).reduce(BigDecimal.ZERO, BigDecimal::add);
        return new TakenBack(feeShare, order.map(CheckoutOrder::id));
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
                .flatMap(key -> ledger.posted(key).map(leg -> new Posting(key, leg, "Refund " + refund.refundId()))
                        .stream())
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
            return Optional.of(new Movement(Product.CHECKOUT, o.id().toString(), o.clientId(), CARD_RAIL,
                    o.totalAmount(), o.feeAmount()));
        }
        if (refund.checkoutId() != null) {
            throw new RefundRefusedException(CardFailures.INVALID_OPERATION,
                    "The checkout order this capture pays is still being completed; try the refund again shortly.");
        }
        String key = Product.CARD.key(refund.captureId());
        return ledger.posted(key).map(credit -> {
            BigDecimal fee = ledger.posted(key + ":fee").map(Ledger.Leg::amount).orElse(BigDecimal.ZERO);
            String currency = ledger.find(credit.creditAccount()).orElseThrow().currency();
            return new Movement(Product.CARD, refund.captureId(), refund.clientId(), CARD_RAIL,
                    credit.amount().add(fee), fee, currency);
        });
    }
}
