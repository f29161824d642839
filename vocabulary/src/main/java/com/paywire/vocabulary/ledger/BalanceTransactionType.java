package com.paywire.vocabulary.ledger;

import com.paywire.vocabulary.products.Product;
import java.util.Optional;

/**
 * What one line of a client's statement is, as a balance transaction: each posted entry of the working or utility
 * account is one, with its gross amount, the fee the account bore and its net (what the account moved). A payout's
 * fee is a line of its own ({@link #PAYOUT_FEE}), as it is an entry of its own on the working account; a
 * collection's fee never touches the utility account, so it is shown on the collection's line. The receivable's
 * statement (accountType 3) is typed the same way: a late payout's amount and fee debited to it are PAYOUT and
 * PAYOUT_FEE, what was recovered from the client's credits RECEIVABLE_RECOVERY.
 */
public enum BalanceTransactionType {
    /** Money sent from the working account: a payout line, an airtime top-up or a bill payment (its amount). */
    PAYOUT,
    /** The fee of a payout, an airtime top-up or a bill payment, debited from the working account beside it. */
    PAYOUT_FEE,
    /** Money collected to the utility account: an express deposit, a payment link's payment, a checkout, a paybill deposit. */
    COLLECTION,
    /** A card payment's capture through the card API. */
    CARD_CAPTURE,
    /** Money given back to a payer from a collection or a capture. */
    REFUND,
    /** A refund undone (the processor refused or failed it): the money back on the account. */
    REVERSAL,
    /** Money credited from Paywire's funding account (a sandbox float). */
    FUNDING,
    /** Anything else the ledger moved on the account. */
    ADJUSTMENT,
    /**
     * Money taken from a credit to pay back what the client owes Paywire (its receivable in debt): a debit of the
     * working or utility account just credited, and the same amount's credit on the receivable. Its payment is the
     * debt's (a payout the rail paid late), not the credit's.
     */
    RECEIVABLE_RECOVERY,
    /**
     * Money the client moved between its own accounts ({@code POST /v1/customer-accounts/transfer}): the utility
     * account's debit and the working account's credit, no fee.
     */
    TRANSFER,
    /** A settlement of the utility account's collections to the merchant's bank account (what the bank receives). */
    SETTLEMENT,
    /** The bank transfer's fee of a settlement, debited from the utility account beside it. */
    SETTLEMENT_FEE,
    /**
     * A payout line's amount back on the working account: the rail took it back from the wallet it was sent to
     * ({@code payout:<reference>:reversal:<id>}). The payout's fee stays earned, so it has no fee line.
     */
    PAYOUT_REVERSAL,
    /**
     * A collection the mobile-money rail reversed to its payer ({@code <collection key>:reversal:<id>}): its whole
     * amount, the fee returned from revenue shown on the line as a refund's is.
     */
    COLLECTION_REVERSAL,
    /** A card dispute's disputed amount, debited from the utility account (or the receivable) in its currency. */
    DISPUTE,
    /** A card dispute's fee, debited beside it. */
    DISPUTE_FEE,
    /** A card dispute the merchant won: the disputed amount credited back (the fee is not). */
    DISPUTE_WON;

    /** {@code MoneyRules.DISPUTE_KEY_PREFIX}. */
    private static final String DISPUTE_KEY_PREFIX = "dispute:";

    /**
     * The type of an entry, from its transfer's key and accounts.
     *
     * @param product  the product the key's prefix names, if any
     * @param funding  whether the transfer's other account is Paywire's funding account
     * @param refund   whether the key is a refund's ({@code <payment key>:refund:<RefundId>...})
     * @param reversed whether the key undoes another ({@code ...:reversed})
     * @param feeLeg   whether the transfer pays (or returns) Paywire's fee
     */
    public static BalanceTransactionType of(Optional<Product> product, boolean funding, boolean refund,
                                            boolean reversed, boolean feeLeg) {
        return of(product, funding, refund, reversed, feeLeg, false);
    }

    /**
     * @param recovery whether the transfer pays back a receivable ({@code <credit key>:recovery:<debt key>}); it
     *                 says so whatever the credit it was taken from was, and {@code product} is then the debt's
     */
    public static BalanceTransactionType of(Optional<Product> product, boolean funding, boolean refund,
                                            boolean reversed, boolean feeLeg, boolean recovery) {
        return of(null, product, funding, refund, reversed, feeLeg, recovery);
    }

    /**
     * @param eventKey the transfer's event key (its key less a leg suffix such as {@code :fee}), or null. A card
     *                 dispute's ({@code dispute:{id}}, {@code dispute:{id}:won}) names no product of its own; a rail's
     *                 reversal of a payment ({@code <payment key>:reversal:<id>}) is a payout's (PAYOUT_REVERSAL)
     *                 or a collection's (COLLECTION_REVERSAL, its fee leg {@code ...:fee} on its line)
     */
    public static BalanceTransactionType of(String eventKey, Optional<Product> product, boolean funding,
                                            boolean refund, boolean reversed, boolean feeLeg, boolean recovery) {
        boolean railReversal = eventKey != null && eventKey.contains(Product.REVERSAL_KEY_PART);
        if (recovery) {
            return RECEIVABLE_RECOVERY;
        }
        if (eventKey != null && eventKey.startsWith(DISPUTE_KEY_PREFIX)) {
            return eventKey.endsWith(":won") ? DISPUTE_WON : feeLeg ? DISPUTE_FEE : DISPUTE;
        }
        if (railReversal && product.isPresent() && product.get().direction() == Product.Direction.OUT) {
            return PAYOUT_REVERSAL;
        }
        if (reversed) {
            return REVERSAL;
        }
        if (railReversal) {
            return COLLECTION_REVERSAL;
        }
        if (refund) {
            return REFUND;
        }
        if (funding) {
            return FUNDING;
        }
        if (product.isEmpty()) {
            return ADJUSTMENT;
        }
        if (product.get().direction() == Product.Direction.WITHIN) {
            return TRANSFER;
        }
        if (product.get() == Product.SETTLEMENT) {
            return feeLeg ? SETTLEMENT_FEE : SETTLEMENT;
        }
        if (product.get().direction() == Product.Direction.OUT) {
            return feeLeg ? PAYOUT_FEE : PAYOUT;
        }
        return product.get() == Product.CARD ? CARD_CAPTURE : COLLECTION;
    }
}
