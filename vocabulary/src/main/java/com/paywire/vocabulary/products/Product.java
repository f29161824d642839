package com.paywire.vocabulary.products;

import com.paywire.vocabulary.rails.Rail;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * What Paywire sells, each with every name it goes by: its ledger keys' prefix and its name on statements (the
 * products that move money), the value of the {@code Product} search attribute its workflows are found by, its
 * name on a timeline (the products a timeline follows) and the prefix of its workflows' ids, and the rail it goes
 * through when it has one of its own; and the ordering key of the events about one of its payments. The constants
 * list them in that order, a null for a name the product does not have.
 *
 * <p>The constant's name is stored and shown too: a resolution's {@code product} (phone prompts, card payments,
 * payouts, airtime, bills), the payment meters' {@code product} tag, and lowercased in the operators' paths. So
 * the money-moving products keep the ledger's names: an express deposit's money is a {@link #PHONE_PROMPT}, as is
 * a payment made on a payment link's page or by a checkout attempt's phone prompt. A payment order (a timeline's
 * {@code payment-order}) has no money of its own: its lines are {@link #PAYOUT}s ({@code payout-line}), and both
 * workflows are found as {@code payout}.
 *
 * <p>Accessors of a name a product does not have throw {@link IllegalStateException}; {@link #movesMoney()} and
 * {@link #followedByTimelines()} say which have them.
 */
public enum Product {
    /** A payment order with its lines: found by its originatorConversationId or Paywire's id of the order. */
    PAYMENT_ORDER(null, null, null, "payout", "payment-order", "payment-order", "payment-order", null),
    /** A payment order's line, to a wallet, a bank account, a paybill or a till, on the line's own rail. */
    PAYOUT("payout:", Direction.OUT, "PAYOUT", "payout", "payout-line", "payout-line", null, null),
    /** One recipient's top-up of an airtime purchase; the purchase is what a timeline follows. */
    AIRTIME("airtime:", Direction.OUT, "AIRTIME", "airtime", "airtime-purchase", "airtime", "airtime-purchase",
            Rail.AIRTIME),
    /** A bill payment to a biller. */
    BILL("bill:", Direction.OUT, "BILL", "bill", "bill-payment", "bill-payment", "bill", Rail.BILLER),
    /**
     * A phone prompt's money: an express deposit, or a payment made on a payment link's page or by a checkout
     * attempt. Its search attribute and timeline name are the express deposit's.
     */
    PHONE_PROMPT("deposit:", Direction.IN, "EXPRESS_DEPOSIT", "express-deposit", "express-deposit",
            "express-deposit", "deposit", Rail.MOBILE_MONEY),
    /**
     * A payment link, whose payments are phone prompts made on its page (their money is {@link #PHONE_PROMPT}'s, and
     * their workflows are express deposits').
     */
    PAYMENT_LINK(null, null, null, "payment-link", "payment-link", null, null, Rail.MOBILE_MONEY),
    /** A hosted checkout order, paid by one of its attempts (phone prompt or card), whichever rail that takes. */
    CHECKOUT("checkout:", Direction.IN, "CHECKOUT", "checkout", "checkout", "checkout", "checkout", null),
    /**
     * A card payment through the card API: an authorisation with its captures, voids and refunds. Its ledger keys
     * are its captures'.
     */
    CARD("card:", Direction.IN, "CARD", "card", "card-payment", "card-payment", null, Rail.CARD_PROCESSOR),
    /**
     * A payment the payer started from the phone's menu to a client's paybill number (C2B); its workflow is named
     * by the rail's receipt.
     */
    PAYBILL_DEPOSIT("paybill:", Direction.IN, "PAYBILL_DEPOSIT", "paybill-deposit", "paybill-deposit", "c2b",
            "paybill", Rail.MOBILE_MONEY),
    /** A KYC request: a person checked at the identity registry. */
    KYC(null, null, null, "kyc", "kyc-request", "kyc", "kyc", Rail.IDENTITY_REGISTRY),
    /** An account validation: an account checked at the account registry before a payout. */
    ACCOUNT_VALIDATION(null, null, null, "account-validation", "account-validation", "account-validation",
            "account-validation", Rail.ACCOUNT_REGISTRY),
    /** A saved bill number's due-date reminder. */
    BILL_REMINDER(null, null, null, "bill-reminder", null, "bill-reminder", "bill-number", Rail.BILLER),
    /** A webhook delivery of one event to one endpoint. */
    WEBHOOK(null, null, null, "webhook", null, "delivery", null, null),
    /**
     * A client's move of its own money from its utility account to its working account, at once: collections made
     * payable. Its ledger key is {@code transfer:{clientId}:{originatorConversationId}}; no workflow and no rail.
     */
    ACCOUNT_TRANSFER("transfer:", Direction.WITHIN, "TRANSFER", null, null, null, null, null),
    /**
     * A settlement of a merchant's collections: its utility account's available balance paid out to its own bank
     * account through the bank rail, less the bank transfer's fee. Its money leaves the utility account, not the
     * working one; no timeline follows it (its own records list what it settles).
     */
    SETTLEMENT("settlement:", Direction.OUT, "SETTLEMENT", "settlement", null, "settlement", "settlement", Rail.BANK);

    /**
     * What a payment's key gains for the booking of a success the rail sent after the payment's hold was released
     * ({@code payout:{reference}:paid-late}; a phone prompt's held credit released, then paid:
     * {@code deposit:{id}:paid-late}), which statements and the chaos audit read as the payment's own.
     */
    public static final String PAID_LATE_SUFFIX = ":paid-late";

    /**
     * OUT: the client's working account pays the rail. IN: the rail pays the client's utility account. WITHIN: one
     * of the client's accounts pays another of its own.
     */
    public enum Direction { OUT, IN, WITHIN }

    private final String keyPrefix;
    private final Direction direction;
    private final String statementName;
    private final String searchValue;
    private final String timelineName;
    private final String workflowIdPrefix;
    private final String eventKeyPrefix;
    private final Rail rail;

    Product(String keyPrefix, Direction direction, String statementName, String searchValue, String timelineName,
            String workflowIdPrefix, String eventKeyPrefix, Rail rail) {
        this.keyPrefix = keyPrefix;
        this.direction = direction;
        this.statementName = statementName;
        this.searchValue = searchValue;
        this.timelineName = timelineName;
        this.workflowIdPrefix = workflowIdPrefix;
        this.eventKeyPrefix = eventKeyPrefix;
        this.rail = rail;
    }

    /** Whether it moves money: it has ledger keys, a direction and a statement name. */
    public boolean movesMoney() {
        return keyPrefix != null;
    }

    /** The products that move money, in this enum's order. */
    public static List<Product> movingMoney() {
        return Arrays.stream(values()).filter(Product::movesMoney).toList();
    }

    /** What its ledger keys start with; only for a product that {@link #movesMoney()}. */
    public String keyPrefix() {
        return present(keyPrefix, "ledger keys");
    }

    /** The ledger key of the payment's hold or credit; the keys of its other transfers extend it. */
    public String key(String paymentId) {
        return keyPrefix() + paymentId;
    }

    /**
     * The keys of a refund's two postings of the collection credited under {@code collectionKey}: the utility
     * account's leg, then revenue's fee share. Each is also the reservation key of its hold.
     */
    public static List<String> refundKeys(String collectionKey, String refundId) {
        String key = collectionKey + ":refund:" + refundId;
        return List.of(key, key + ":fee");
    }

    /** What a rail's reversal adds to the key of the payment it reverses: {@code <payment key>:reversal:<id>}. */
    public static final String REVERSAL_KEY_PART = ":reversal:";

    /** The keys of a collection reversal's two holds: the utility account's leg, then revenue's (its fee). */
    public static List<String> reversalKeys(String collectionKey, String reversalId) {
        String key = collectionKey + REVERSAL_KEY_PART + reversalId;
        return List.of(key, key + ":fee");
    }

    /** Only for a product that {@link #movesMoney()}. */
    public Direction direction() {
        return present(direction, "direction");
    }

    /** The {@code product} a client's statement shows for the product's entries; only for one that moves money. */
    public String statementName() {
        return present(statementName, "statement name");
    }

    /** The product whose ledger keys start with {@code keyPrefix}, if any does. */
    public static Optional<Product> ofKeyPrefix(String keyPrefix) {
        return Arrays.stream(values()).filter(p -> keyPrefix.equals(p.keyPrefix)).findFirst();
    }

    /** The value of the {@code Product} search attribute its workflows are found by. */
    public String searchValue() {
        return searchValue;
    }

    /** Whether a timeline follows it: it has a timeline name. */
    public boolean followedByTimelines() {
        return timelineName != null;
    }

    /** The products a timeline follows, in this enum's order. */
    public static List<Product> followed() {
        return Arrays.stream(values()).filter(Product::followedByTimelines).toList();
    }

    /** How a timeline names it (its {@code product} parameter and answer); only for one it follows. */
    public String timelineName() {
        return present(timelineName, "timeline name");
    }

    /** The product a timeline names so, if it follows one. */
    public static Optional<Product> ofTimelineName(String timelineName) {
        return Arrays.stream(values()).filter(p -> timelineName.equals(p.timelineName)).findFirst();
    }

    /**
     * What its workflows' ids start with, before {@code :}; not for a payment link, whose payments run as
     * {@link #PHONE_PROMPT}'s.
     */
    public String workflowIdPrefix() {
        return present(workflowIdPrefix, "workflows of its own");
    }

    /**
     * The ordering key of the events about one of its payments ({@code prefix:id}), which delivers them in order and
     * which a timeline and erasure find them by. Not for a payout, whose events take its order's key, a card payment,
     * whose key is its AuthorisationId alone, a payment link or a webhook delivery.
     */
    public String eventKey(String paymentId) {
        return present(eventKeyPrefix, "events of its own") + ":" + paymentId;
    }

    /** The rail it goes through; empty when its payment chooses one (a payout line, a checkout) or it has none. */
    public Optional<Rail> rail() {
        return Optional.ofNullable(rail);
    }

    private <T> T present(T name, String what) {
        if (name == null) {
            throw new IllegalStateException(this + " has no " + what);
        }
        return name;
    }
}
