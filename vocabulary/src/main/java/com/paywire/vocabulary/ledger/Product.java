package com.paywire.vocabulary.ledger;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * What Paywire sells that moves money, and where its money goes. Each product's ledger keys start with its prefix,
 * followed by Paywire's id of the payment, so a key names the payment it belongs to; a statement names each entry's
 * product by it.
 */
public enum Product {
    /** A payment order's line, to a wallet, a bank account, a paybill or a till. */
    PAYOUT("payout:", Direction.OUT, "PAYOUT"),
    /** One recipient's top-up of an airtime purchase. */
    AIRTIME("airtime:", Direction.OUT, "AIRTIME"),
    /** A bill payment to a biller. */
    BILL("bill:", Direction.OUT, "BILL"),
    /** A phone prompt's money: an express deposit, or a payment made on a payment link's page. */
    PHONE_PROMPT("deposit:", Direction.IN, "EXPRESS_DEPOSIT"),
    /** A hosted checkout order, paid by one of its attempts (phone prompt or card). */
    CHECKOUT("checkout:", Direction.IN, "CHECKOUT"),
    /** A card payment's capture through the card API. */
    CARD("card:", Direction.IN, "CARD"),
    /** A payment the payer started from the phone's menu to a client's paybill number (C2B). */
    PAYBILL_DEPOSIT("paybill:", Direction.IN, "PAYBILL_DEPOSIT");

    /**
     * What a payment's key gains for the booking of a success the rail sent after the payment's hold was released
     * ({@code payout:{reference}:paid-late}; a phone prompt's held credit released, then paid:
     * {@code deposit:{id}:paid-late}), which statements and the chaos audit read as the payment's own.
     */
    public static final String PAID_LATE_SUFFIX = ":paid-late";

    /** OUT: the client's working account pays the rail. IN: the rail pays the client's utility account. */
    public enum Direction { OUT, IN }

    private final String keyPrefix;
    private final Direction direction;
    private final String statementName;

    Product(String keyPrefix, Direction direction, String statementName) {
        this.keyPrefix = keyPrefix;
        this.direction = direction;
        this.statementName = statementName;
    }

    public String keyPrefix() {
        return keyPrefix;
    }

    /** The ledger key of the payment's hold or credit; the keys of its other transfers extend it. */
    public String key(String paymentId) {
        return keyPrefix + paymentId;
    }

    /**
     * The keys of a refund's two postings of the collection credited under {@code collectionKey}: the utility
     * account's leg, then revenue's fee share. Each is also the reservation key of its hold.
     */
    public static List<String> refundKeys(String collectionKey, String refundId) {
        String key = collectionKey + ":refund:" + refundId;
        return List.of(key, key + ":fee");
    }

    public Direction direction() {
        return direction;
    }

    /** The {@code product} a client's statement shows for the product's entries. */
    public String statementName() {
        return statementName;
    }

    /** The product whose ledger keys start with {@code keyPrefix}, if any does. */
    public static Optional<Product> ofKeyPrefix(String keyPrefix) {
        return Arrays.stream(values()).filter(p -> p.keyPrefix.equals(keyPrefix)).findFirst();
    }
}
