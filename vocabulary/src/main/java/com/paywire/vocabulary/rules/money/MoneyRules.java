package com.paywire.vocabulary.rules.money;

import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.money.Cents;
import com.paywire.vocabulary.money.Currencies;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rails.Rail;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;

/**
 * What is posted where, for every product and event: pure functions of a {@link Movement}, so the rules are
 * tested without a database. The domain's {@code MoneyEngine} applies them to the ledger. The table in
 * docs/architecture.md ("Money: product x event") is this class in words.
 *
 * <p>Which accounts may go below zero is the ledger's (an account's {@code may_go_negative}): a client's working
 * and utility accounts may not, its receivable, the rails' settlement accounts and the funding account may.
 */
public final class MoneyRules {

    private MoneyRules() {
    }

    /**
     * Sending (payouts, airtime, bills): the amount to the rail's settlement and the fee to revenue, both held on
     * the client's working account until the rail answers.
     */
    public static List<Leg> hold(Movement movement) {
        requireDirection(movement, Product.Direction.OUT);
        requireKes(movement);
        String working = LedgerAccounts.working(movement.clientId());
        List<Leg> legs = new ArrayList<>();
        legs.add(new Leg(working, LedgerAccounts.railSettlement(movement.settlement()), movement.amount()));
        if (movement.fee().signum() > 0) {
            legs.add(new Leg(working, LedgerAccounts.FEE_REVENUE, movement.fee()));
        }
        return legs;
    }

    /**
     * A settlement of the utility account to the merchant's bank, held before the bank is asked: from the client's
     * utility account (which may not go negative), the amount the bank pays to the bank rail's settlement and the
     * fee to revenue, one hold keyed {@code settlement:{id}} (legs {@code #0}, {@code #1}). Posted when the bank
     * pays, released when it refuses, kept while its answer is unknown.
     */
    public static List<Leg> settlementHeld(Movement settlement) {
        if (settlement.product() != Product.SETTLEMENT) {
            throw new IllegalArgumentException("not a settlement: " + settlement.product());
        }
        requireKes(settlement);
        String utility = LedgerAccounts.utility(settlement.clientId());
        List<Leg> legs = new ArrayList<>();
        legs.add(new Leg(utility, LedgerAccounts.railSettlement(settlement.settlement()), settlement.amount()));
        if (settlement.fee().signum() > 0) {
            legs.add(new Leg(utility, LedgerAccounts.FEE_REVENUE, settlement.fee()));
        }
        return legs;
    }

    /**
     * Collected (phone prompts, checkout, card captures): from the rail's settlement, the amount less the fee to
     * the client's utility account and the fee to revenue, all three in the movement's currency (a card capture in
     * USD credits {@code client:<id>:UTILITY:USD}). The settlement account may go negative (the rail owes Paywire
     * until it settles), so these transfers are never refused.
     */
    public static List<Posting> collected(Movement movement, String description) {
        return collectedFrom(LedgerAccounts.railSettlement(movement.settlement(), movement.currency()), movement,
                description);
    }

    /**
     * A checkout order paid by a payment that waits on {@link LedgerAccounts#CHECKOUT_PAYMENTS}
     * ({@link #checkoutPaymentHeld}): the same postings as {@link #collected}, from there instead of the rail's
     * settlement, which the payment already debited.
     */
    public static List<Posting> collectedFromCheckoutPayments(Movement order, String description) {
        requireKes(order);
        return collectedFrom(LedgerAccounts.CHECKOUT_PAYMENTS, order, description);
    }

    private static List<Posting> collectedFrom(String source, Movement movement, String description) {
        requireDirection(movement, Product.Direction.IN);
        if (movement.fee().compareTo(movement.amount()) >= 0) {
            throw new IllegalArgumentException("a collection's fee is below its amount: " + movement.key());
        }
        List<Posting> postings = new ArrayList<>();
        String utility = LedgerAccounts.utility(movement.clientId(), movement.currency());
        postings.add(new Posting(movement.key(), new Leg(source, utility,
                movement.amount().subtract(movement.fee())), description));
        if (movement.fee().signum() > 0) {
            postings.add(new Posting(movement.key() + ":fee", new Leg(source,
                    LedgerAccounts.feeRevenue(movement.currency()), movement.fee()), "Fee of " + description));
        }
        return postings;
    }

    /**
     * A checkout attempt's payment while the rail is asked to take it (a card capture, {@code card:{captureId}}; a
     * phone prompt, {@code deposit:{depositId}}): the whole amount from the rail's settlement to
     * {@link LedgerAccounts#CHECKOUT_PAYMENTS}, held under the payment's key, never refused (the settlement may go
     * negative). Posted when the rail takes the money, released when it refuses, kept while its answer is unknown.
     * No fee and no merchant yet: the order credits the merchant, with the order's fee, from there
     * ({@link #collectedFromCheckoutPayments}), or the payment is owed back or refunded.
     */
    public static List<Leg> checkoutPaymentHeld(Movement payment) {
        requireDirection(payment, Product.Direction.IN);
        requireKes(payment);
        return List.of(new Leg(LedgerAccounts.railSettlement(payment.settlement()), LedgerAccounts.CHECKOUT_PAYMENTS,
                payment.amount()));
    }

    /**
     * A checkout capture no order took, refunded to the card in full (its attempt was given up on while it was
     * captured): back from {@link LedgerAccounts#CHECKOUT_PAYMENTS} to the card settlement, under the refund's key.
     */
    public static Posting checkoutCaptureRefunded(Movement capture, String refundId, String description) {
        requireKes(capture);
        return new Posting(refundKeys(capture, refundId).getFirst(), new Leg(LedgerAccounts.CHECKOUT_PAYMENTS,
                LedgerAccounts.railSettlement(capture.settlement()), capture.amount()), description);
    }

    /**
     * A collection held while the rail is asked to take it (a card capture before the processor captures it): the
     * legs {@link #collected} would post, as one hold on the rail's settlement account, which may go negative, so
     * the hold is never refused. Posted when the rail takes the money, released when it refuses; an unknown outcome
     * keeps it held. Its legs are keyed {@code <key>#0} (the utility account's) and {@code <key>#1} (the fee).
     */
    public static List<Leg> collectionHeld(Movement movement) {
        return collected(movement, "").stream().map(Posting::leg).toList();
    }

    /**
     * A payment collected that no order can take (a checkout already paid by another attempt, or closed) and the
     * rail cannot reverse: from the rail's settlement, the whole amount (no fee is earned on it) to
     * {@link LedgerAccounts#REFUNDS_DUE}, where it waits for an operator to pay the payer back. Never the client's:
     * the merchant sold nothing for it.
     */
    public static Posting owedBack(Movement movement, String description) {
        return owedBackFrom(LedgerAccounts.railSettlement(movement.settlement()), movement, description);
    }

    /** {@link #owedBack} of a checkout's card capture that waits on {@link LedgerAccounts#CHECKOUT_PAYMENTS}. */
    public static Posting owedBackFromCheckoutPayments(Movement capture, String description) {
        return owedBackFrom(LedgerAccounts.CHECKOUT_PAYMENTS, capture, description);
    }

    private static Posting owedBackFrom(String source, Movement movement, String description) {
        requireDirection(movement, Product.Direction.IN);
        requireKes(movement);
        return new Posting(movement.key() + ":refund-due", new Leg(source, LedgerAccounts.REFUNDS_DUE,
                movement.amount()), description);
    }

    /**
     * A paybill deposit the rail confirmed that names no client Paywire can credit: from the rail's settlement, the
     * whole amount (no fee is earned on it) to {@link LedgerAccounts#PAYBILL_SUSPENSE}, where it waits for an
     * operator. Under the key a credit of the deposit would take, so the deposit is credited or held, never both.
     */
    public static Posting suspended(String key, Rail rail, BigDecimal amount, String description) {
        return new Posting(key, new Leg(LedgerAccounts.railSettlement(rail), LedgerAccounts.PAYBILL_SUSPENSE,
                amount), description);
    }

    /**
     * A paybill deposit held in suspense that an operator assigns to the client it should have gone to: from
     * {@link LedgerAccounts#PAYBILL_SUSPENSE}, the amount less the fee to the client's utility account and the fee
     * to revenue, as the deposit's credit would have been ({@link #collected}), under the operator's action key
     * ({@code key}, its fee under {@code key:fee}).
     */
    public static List<Posting> assignedFromSuspense(String key, String clientId, BigDecimal amount, BigDecimal fee,
                                                     String description) {
        if (fee.signum() < 0 || fee.compareTo(amount) >= 0) {
            throw new IllegalArgumentException("an assigned deposit's fee is from zero to below its amount: " + key);
        }
        List<Posting> postings = new ArrayList<>();
        postings.add(new Posting(key, new Leg(LedgerAccounts.PAYBILL_SUSPENSE, LedgerAccounts.utility(clientId),
                amount.subtract(fee)), description));
        if (fee.signum() > 0) {
            postings.add(new Posting(key + ":fee", new Leg(LedgerAccounts.PAYBILL_SUSPENSE, LedgerAccounts.FEE_REVENUE,
                    fee), "Fee of " + description));
        }
        return postings;
    }

    /**
     * Money held for a payer paid back through a rail (a suspense return, a refund due): the whole amount from the
     * account it waits on ({@code owedAccount}) to the rail's settlement, which pays the payer. Held under the
     * pay-back's key while the rail is asked, posted when it pays, released when it refuses.
     */
    public static Leg paidBack(String owedAccount, Rail rail, BigDecimal amount) {
        if (!owedAccount.equals(LedgerAccounts.PAYBILL_SUSPENSE) && !owedAccount.equals(LedgerAccounts.REFUNDS_DUE)) {
            throw new IllegalArgumentException("only suspense and refunds due are paid back to payers: " + owedAccount);
        }
        return new Leg(owedAccount, LedgerAccounts.railSettlement(rail), amount);
    }

    /**
     * A refund of {@code amount} of a collection (a card capture, a checkout paid by card): what was credited goes
     * back to the rail's settlement in proportion, from the client's utility account (the amount less the fee's
     * share) and from revenue (the fee's share), in the collection's currency. The share is {@link #refundedFeeShare}. Keys extend the
     * collection's with {@code :refund:<refundId>}; a share or a remainder of zero posts nothing.
     *
     * @param collected    the collection as it was credited (its amount and fee)
     * @param refundedBefore what earlier refunds of it took back, and {@code feeReturnedBefore} their fee shares
     */
    public static List<Posting> refund(Movement collected, String refundId, BigDecimal refundedBefore,
                                       BigDecimal feeReturnedBefore, BigDecimal amount, String description) {
        return givenBack(collected, refundKeys(collected, refundId), refundedBefore, feeReturnedBefore, amount,
                description);
    }

    /**
     * The rail's reversal of a whole collection (an express deposit, a payment link's payment, a paybill deposit):
     * a {@link #refund} of all of it, keyed {@code <collection key>:reversal:<reversalId>} and {@code ...:fee}. The
     * collection's fee is revenue's leg; a collection whose fee is not returned is given with a fee of zero, so that
     * the utility account gives back the whole amount.
     */
    public static List<Posting> collectionReversal(Movement collected, String reversalId, String description) {
        return givenBack(collected, Product.reversalKeys(collected.key(), reversalId), BigDecimal.ZERO,
                BigDecimal.ZERO, collected.amount(), description);
    }

    private static List<Posting> givenBack(Movement collected, List<String> keys, BigDecimal refundedBefore,
                                           BigDecimal feeReturnedBefore, BigDecimal amount, String description) {
        requireDirection(collected, Product.Direction.IN);
        BigDecimal share = refundedFeeShare(collected.amount(), collected.fee(), refundedBefore, feeReturnedBefore,
                amount);
        String settlement = LedgerAccounts.railSettlement(collected.settlement(), collected.currency());
        String key = keys.getFirst();
        List<Posting> postings = new ArrayList<>();
        if (amount.compareTo(share) > 0) {
            String utility = LedgerAccounts.utility(collected.clientId(), collected.currency());
            postings.add(new Posting(key, new Leg(utility, settlement, amount.subtract(share)), description));
        }
        if (share.signum() > 0) {
            postings.add(new Posting(keys.getLast(), new Leg(
                    LedgerAccounts.feeRevenue(collected.currency()), settlement, share),
                    "Fee returned by " + description));
        }
        return postings;
    }

    /** The keys of a refund's two postings: the utility account's leg, then revenue's. */
    public static List<String> refundKeys(Movement collected, String refundId) {
        return Product.refundKeys(collected.key(), refundId);
    }

    /**
     * The part of fee {@code fee}, charged on {@code captured}, that a refund of {@code amount} returns:
     * {@code fee * amount / captured} to the cent, half up; the refund that completes the captured amount returns
     * exactly what is left of the fee, so that a capture refunded in full returns its whole fee, to the cent. Never
     * more than the refund itself nor than what is left of the fee.
     */
    public static BigDecimal refundedFeeShare(BigDecimal captured, BigDecimal fee, BigDecimal refundedBefore,
                                              BigDecimal feeReturnedBefore, BigDecimal amount) {
        BigDecimal refundedAfter = refundedBefore.add(amount);
        if (amount.signum() <= 0 || refundedAfter.compareTo(captured) > 0) {
            throw new IllegalArgumentException("a refund of " + amount.toPlainString() + " after "
                    + refundedBefore.toPlainString() + " exceeds the " + captured.toPlainString() + " captured");
        }
        BigDecimal feeLeft = fee.subtract(feeReturnedBefore);
        BigDecimal share = refundedAfter.compareTo(captured) == 0 ? feeLeft
                : fee.multiply(amount).divide(captured, Cents.SCALE, RoundingMode.HALF_UP);
        return Cents.rounded(share.min(feeLeft).min(amount).max(BigDecimal.ZERO));
    }

    /** Undoes postings (a refund the processor failed): each leg the other way, under its key plus {@code :reversed}. */
    public static List<Posting> reversed(List<Posting> postings) {
        return postings.stream().map(p -> new Posting(p.key() + ":reversed", new Leg(p.leg().creditAccount(),
                p.leg().debitAccount(), p.leg().amount()), "Reversed: " + p.description())).toList();
    }

    /**
     * A payout line the rail took back from the wallet it was sent to (an operator's reversal): its amount from the
     * rail's settlement (which may go negative) back to the client's working account, held under {@code reversalKey}
     * ({@code payout:{reference}:reversal:{id}}) before the rail is asked. The fee stays earned: the line was sent.
     */
    public static Leg payoutReversed(Movement payout, String reversalKey) {
        requireDirection(payout, Product.Direction.OUT);
        requireKes(payout);
        if (!reversalKey.startsWith(payout.key() + Product.REVERSAL_KEY_PART)) {
            throw new IllegalArgumentException("a payout reversal's key extends its payout's: " + reversalKey);
        }
        return new Leg(LedgerAccounts.railSettlement(payout.settlement()), LedgerAccounts.working(payout.clientId()),
                payout.amount());
    }

    /**
     * A payout the rail paid after its hold had been released (a line cancelled, failed as unreachable, or timed
     * out before Timed Out lines kept their hold): the same legs as its hold, from the working account, under
     * {@code payout:{reference}:paid-late} ({@link Product#PAID_LATE_SUFFIX}), held and posted at once (the money
     * has left). Nothing else pays it: when the working account is short it goes to operations, never to a
     * receivable.
     */
    public static Movement paidAfterRelease(Movement payout) {
        requireDirection(payout, Product.Direction.OUT);
        return new Movement(payout.product(), payout.id() + Product.PAID_LATE_SUFFIX, payout.clientId(),
                payout.settlement(), payout.amount(), payout.fee(), payout.currency());
    }

    /**
     * A collection the rail took after its held credit was released (a phone prompt the rail failed, then said was
     * paid): the same legs as {@link #collected}, under {@code deposit:{id}:paid-late} ({@link Product#PAID_LATE_SUFFIX}),
     * because the ledger neither posts a voided hold nor reuses its key. Statements and the chaos audit read it as
     * the collection's own.
     */
    public static Movement collectedAfterRelease(Movement collection) {
        requireDirection(collection, Product.Direction.IN);
        return new Movement(collection.product(), collection.id() + Product.PAID_LATE_SUFFIX, collection.clientId(),
                collection.settlement(), collection.amount(), collection.fee(), collection.currency());
    }

    /**
     * A rail's success that arrives after its hold was released, as lines that timed out before version
     * {@code unknown-outcome-keeps-its-hold} book it: the amount and the fee again, from {@code payer}
     * ({@link #lateSuccessPayers} in order: the first that can pay). Newer lines never reach it.
     */
    public static List<Posting> lateSuccess(Movement movement, String payer, String description) {
        requireDirection(movement, Product.Direction.OUT);
        requireKes(movement);
        List<Posting> postings = new ArrayList<>();
        postings.add(new Posting(movement.key() + ":late:amount", new Leg(payer,
                LedgerAccounts.railSettlement(movement.settlement()), movement.amount()), description));
        if (movement.fee().signum() > 0) {
            postings.add(new Posting(movement.key() + ":late:fee", new Leg(payer, LedgerAccounts.FEE_REVENUE,
                    movement.fee()), "Fee of " + description));
        }
        return postings;
    }

    /**
     * Who pays a late success: the working account while it can, else the client's receivable (a debt Paywire
     * collects), which may go negative. The money has left: it is booked either way. The debt is paid back from the
     * client's next KES credits to its working or utility account, by the ledger itself
     * ({@code Ledger}'s recovery, {@code ReceivableRecovery}), whichever product credits it.
     */
    public static List<String> lateSuccessPayers(String clientId) {
        return List.of(LedgerAccounts.working(clientId), LedgerAccounts.receivable(clientId));
    }

    /** How a card dispute's ledger keys begin: {@code dispute:{disputeId}}, its fee {@code :fee}, its win {@code :won}. */
    public static final String DISPUTE_KEY_PREFIX = "dispute:";

    /** The key of a card dispute's debit of the disputed amount. */
    public static String disputeKey(String disputeId) {
        return DISPUTE_KEY_PREFIX + disputeId;
    }

    /**
     * A card dispute's debit, posted at once (the processor has already taken the money back from Paywire, and a
     * dispute cannot be refused): the disputed amount from {@code payer} to the card processor's settlement account
     * under {@code dispute:{id}}, and the dispute fee from {@code payer} to revenue under {@code dispute:{id}:fee}, both
     * in the payment's currency. A zero amount (a payment refunded in full before) or fee posts nothing.
     *
     * @param payer one of {@link #disputePayers}: the first that can pay each leg
     */
    public static List<Posting> disputed(String disputeId, BigDecimal amount, BigDecimal fee, String currency,
                                         String payer, String description) {
        List<Posting> postings = new ArrayList<>();
        if (amount.signum() > 0) {
            postings.add(new Posting(disputeKey(disputeId), new Leg(payer,
                    LedgerAccounts.railSettlement(Rail.CARD_PROCESSOR, currency), amount), description));
        }
        if (fee.signum() > 0) {
            postings.add(new Posting(disputeKey(disputeId) + ":fee", new Leg(payer, LedgerAccounts.feeRevenue(currency),
                    fee), "Fee of " + description));
        }
        return postings;
    }

    /**
     * Who pays a card dispute: the utility account in the payment's currency while it can, else the client's
     * receivable in that currency (a debt), which may go negative; the ledger recovers it from the client's next
     * credits to that utility account.
     */
    public static List<String> disputePayers(String clientId, String currency) {
        return List.of(LedgerAccounts.utility(clientId, currency), LedgerAccounts.receivable(clientId, currency));
    }

    /**
     * A card dispute the merchant won: the disputed amount (not the fee) back from the card processor's settlement
     * to the utility account in the payment's currency, under {@code dispute:{id}:won}.
     */
    public static Posting disputeWon(String disputeId, String clientId, BigDecimal amount, String currency,
                                     String description) {
        return new Posting(disputeKey(disputeId) + ":won", new Leg(LedgerAccounts.railSettlement(Rail.CARD_PROCESSOR,
                currency), LedgerAccounts.utility(clientId, currency), amount), description);
    }

    /** Only collections are kept in other currencies: what is sent, or owed back, is paid from KES accounts. */
    private static void requireKes(Movement movement) {
        if (!Currencies.KES.equals(movement.currency())) {
            throw new IllegalArgumentException(movement.key() + " is in " + movement.currency() + "; only a "
                    + "collection is kept in a currency other than KES");
        }
    }

    private static void requireDirection(Movement movement, Product.Direction direction) {
        if (movement.product().direction() != direction) {
            throw new IllegalArgumentException(movement.product() + " does not move money " + direction);
        }
    }
}
