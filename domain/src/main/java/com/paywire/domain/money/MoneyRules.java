package com.paywire.domain.money;

import com.paywire.persistence.ledger.Ledger;
import java.util.ArrayList;
import java.util.List;

/**
 * What is posted where, for every product and event: pure functions of a {@link Movement}, so the rules are
 * tested without a database. {@link MoneyEngine} applies them to the ledger. The table in
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
    public static List<Ledger.Leg> hold(Movement movement) {
        requireDirection(movement, Product.Direction.OUT);
        String working = Ledger.working(movement.clientId());
        List<Ledger.Leg> legs = new ArrayList<>();
        legs.add(new Ledger.Leg(working, Ledger.railSettlement(movement.rail()), movement.amount()));
        if (movement.fee().signum() > 0) {
            legs.add(new Ledger.Leg(working, Ledger.FEE_REVENUE, movement.fee()));
        }
        return legs;
    }

    /**
     * Collected (phone prompts, checkout, card captures): from the rail's settlement, the amount less the fee to
     * the client's utility account and the fee to revenue. The settlement account may go negative (the rail owes
     * Paywire until it settles), so these transfers are never refused.
     */
    public static List<Posting> collected(Movement movement, String description) {
        requireDirection(movement, Product.Direction.IN);
        if (movement.fee().compareTo(movement.amount()) >= 0) {
            throw new IllegalArgumentException("a collection's fee is below its amount: " + movement.key());
        }
        String settlement = Ledger.railSettlement(movement.rail());
        List<Posting> postings = new ArrayList<>();
        postings.add(new Posting(movement.key(), new Ledger.Leg(settlement, Ledger.utility(movement.clientId()),
                movement.amount().subtract(movement.fee())), description));
        if (movement.fee().signum() > 0) {
            postings.add(new Posting(movement.key() + ":fee", new Ledger.Leg(settlement, Ledger.FEE_REVENUE,
                    movement.fee()), "Fee of " + description));
        }
        return postings;
    }

    /**
     * A payment collected that no order can take (a checkout already paid by another attempt, or closed) and the
     * rail cannot reverse: from the rail's settlement, the whole amount (no fee is earned on it) to
     * {@link Ledger#REFUNDS_DUE}, where it waits for an operator to pay the payer back. Never the client's:
     * the merchant sold nothing for it.
     */
    public static Posting owedBack(Movement movement, String description) {
        requireDirection(movement, Product.Direction.IN);
        return new Posting(movement.key() + ":refund-due", new Ledger.Leg(Ledger.railSettlement(movement.rail()),
                Ledger.REFUNDS_DUE, movement.amount()), description);
    }

    /**
     * A rail's success that arrives after its hold was released: the amount and the fee again, from {@code payer}
     * ({@link #lateSuccessPayers} in order: the first that can pay).
     */
    public static List<Posting> lateSuccess(Movement movement, String payer, String description) {
        requireDirection(movement, Product.Direction.OUT);
        List<Posting> postings = new ArrayList<>();
        postings.add(new Posting(movement.key() + ":late:amount", new Ledger.Leg(payer,
                Ledger.railSettlement(movement.rail()), movement.amount()), description));
        if (movement.fee().signum() > 0) {
            postings.add(new Posting(movement.key() + ":late:fee", new Ledger.Leg(payer, Ledger.FEE_REVENUE,
                    movement.fee()), "Fee of " + description));
        }
        return postings;
    }

    /**
     * Who pays a late success: the working account while it can, else the client's receivable (a debt Paywire
     * collects), which may go negative. The money has left: it is booked either way.
     */
    public static List<String> lateSuccessPayers(String clientId) {
        return List.of(Ledger.working(clientId), Ledger.receivable(clientId));
    }

    private static void requireDirection(Movement movement, Product.Direction direction) {
        if (movement.product().direction() != direction) {
            throw new IllegalArgumentException(movement.product() + " does not move money " + direction);
        }
    }
}
