package com.paywire.persistence.ledger;

import com.paywire.vocabulary.money.Cents;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * How a credit pays back a client's receivable: pure functions, so the rule is tested without a database.
 * {@link Ledger} applies it, under the locks of the credited account and the receivable, each time it credits a
 * client's working or utility account in KES (docs/architecture.md, "Money: product x event").
 */
public final class ReceivableRecovery {

    /** How the key of a recovery continues its credit's key: {@code <credit key>:recovery:<debt key>}. */
    public static final String KEY_INFIX = ":recovery";

    private ReceivableRecovery() {
    }

    /** One debit of the receivable not yet paid back: its transfer's key, and what of it is still owed. */
    public record Debt(String key, BigDecimal outstanding) {
    }

    /** One entry of the receivable, in posting order: its transfer's key and its signed amount (a debt negative). */
    public record Entry(String key, BigDecimal amount) {
    }

    /** One recovery transfer: what it pays back of which debt (null: a debt no entry names). */
    public record Piece(String debtKey, BigDecimal amount) {
    }

    /**
     * What a credit pays back: the smallest of the debt ({@code -receivableBalance}, nothing when it is not below
     * zero), what was credited, and what the credited account has available after the credit, so that the recovery
     * never takes more than is owed, more than came in, nor makes the account go below zero (or below its holds).
     */
    public static BigDecimal recovered(BigDecimal receivableBalance, BigDecimal credited, BigDecimal availableAfterCredit) {
        BigDecimal debt = receivableBalance.negate();
        return Cents.rounded(debt.min(credited).min(availableAfterCredit).max(BigDecimal.ZERO));
    }

    /**
     * The debts still owed, oldest first: everything ever credited to the receivable pays its debits in the order
     * they were posted (first in, first out), so that a recovery names the payment that made the oldest debt.
     */
    public static List<Debt> outstanding(List<Entry> entries) {
        BigDecimal paid = entries.stream().map(Entry::amount).filter(a -> a.signum() > 0)
                .reduce(BigDecimal.ZERO, BigDecimal::add);
        List<Debt> debts = new ArrayList<>();
        for (Entry entry : entries) {
            if (entry.amount().signum() >= 0) {
                continue;
            }
            BigDecimal owed = entry.amount().negate();
            BigDecimal covered = owed.min(paid);
            paid = paid.subtract(covered);
            if (owed.compareTo(covered) > 0) {
                debts.add(new Debt(entry.key(), owed.subtract(covered)));
            }
        }
        return debts;
    }

    /**
     * A recovery of {@code amount} split over the debts, oldest first, one piece per debt it reaches; what no debt
     * takes (a receivable whose entries do not add up to its balance, which the ledger check reports) is a last
     * piece naming none.
     */
    public static List<Piece> allocate(List<Debt> debts, BigDecimal amount) {
        List<Piece> pieces = new ArrayList<>();
        BigDecimal left = amount;
        for (Debt debt : debts) {
            if (left.signum() <= 0) {
                break;
            }
            BigDecimal taken = debt.outstanding().min(left);
            pieces.add(new Piece(debt.key(), taken));
            left = left.subtract(taken);
        }
        if (left.signum() > 0) {
            pieces.add(new Piece(null, left));
        }
        return pieces;
    }

    /** The key of a piece: its credit's key, {@link #KEY_INFIX}, and the debt's key where one is named. */
    public static String key(String creditKey, Piece piece) {
        return creditKey + KEY_INFIX + (piece.debtKey() == null ? "" : ":" + piece.debtKey());
    }
}
