package com.paywire.vocabulary.rules.money;

import com.paywire.vocabulary.money.Currencies;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.vocabulary.rails.Settlement;
import java.math.BigDecimal;
import java.util.Objects;

/**
 * One payment's money as the ledger sees it.
 *
 * @param product  what was sold
 * @param id       Paywire's id of the payment (a payout line's reference, a recipient's, a deposit's, an order's)
 * @param clientId whose money it is
 * @param settlement whom the money settles with: the rail it leaves or arrives by (its settlement account)
 * @param amount   what the rail moves
 * @param fee      Paywire's charge; zero when there is none
 * @param currency the ISO 4217 letter code amount and fee are in: KES, or for a card capture the currency it was
 *                 made in (kept in accounts of that currency, never converted)
 */
public record Movement(Product product, String id, String clientId, Settlement settlement, BigDecimal amount,
                       BigDecimal fee, String currency) {

    public Movement {
        Objects.requireNonNull(product, "product");
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(clientId, "clientId");
        Objects.requireNonNull(settlement, "settlement");
        Objects.requireNonNull(amount, "amount");
        fee = fee == null ? BigDecimal.ZERO : fee;
        Objects.requireNonNull(currency, "currency");
        if (amount.signum() <= 0 || fee.signum() < 0) {
            throw new IllegalArgumentException("a movement moves a positive amount for a fee of zero or more: "
                    + product + " " + id);
        }
    }

    /** A movement in KES, as every product but card payments moves money. */
    public Movement(Product product, String id, String clientId, Settlement settlement, BigDecimal amount,
                    BigDecimal fee) {
        this(product, id, clientId, settlement, amount, fee, Currencies.KES);
    }

    /** A movement by a rail that settles all its money in one account (every rail but airtime). */
    public Movement(Product product, String id, String clientId, Rail rail, BigDecimal amount, BigDecimal fee,
                    String currency) {
        this(product, id, clientId, Settlement.with(rail), amount, fee, currency);
    }

    public Movement(Product product, String id, String clientId, Rail rail, BigDecimal amount, BigDecimal fee) {
        this(product, id, clientId, Settlement.with(rail), amount, fee, Currencies.KES);
    }

    /** The ledger key of the payment's hold or credit; the keys of its other transfers extend it. */
    public String key() {
        return product.key(id);
    }
}
