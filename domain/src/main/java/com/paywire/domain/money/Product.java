package com.paywire.domain.money;

/**
 * What Paywire sells that moves money, and where its money goes. Each product's ledger keys start with its prefix,
 * followed by Paywire's id of the payment, so a key names the payment it belongs to.
 */
public enum Product {
    /** A payment order's line, to a wallet, a bank account, a paybill or a till. */
    PAYOUT("payout:", Direction.OUT),
    /** One recipient's top-up of an airtime purchase. */
    AIRTIME("airtime:", Direction.OUT),
    /** A bill payment to a biller. */
    BILL("bill:", Direction.OUT),
    /** A phone prompt's money: an express deposit, or a payment made on a payment link's page. */
    PHONE_PROMPT("deposit:", Direction.IN),
    /** A hosted checkout order, paid by one of its attempts (phone prompt or card). */
    CHECKOUT("checkout:", Direction.IN),
    /** A card payment's capture through the card API. */
    CARD("card:", Direction.IN);

    /** OUT: the client's working account pays the rail. IN: the rail pays the client's utility account. */
    public enum Direction { OUT, IN }

    private final String keyPrefix;
    private final Direction direction;

    Product(String keyPrefix, Direction direction) {
        this.keyPrefix = keyPrefix;
        this.direction = direction;
    }

    public String keyPrefix() {
        return keyPrefix;
    }

    public Direction direction() {
        return direction;
    }
}
