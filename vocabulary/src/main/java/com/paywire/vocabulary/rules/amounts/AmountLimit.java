package com.paywire.vocabulary.rules.amounts;

import java.math.BigDecimal;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The smallest and largest amount of each way money moves, one table for every way in (the API, a payment link, a
 * hosted page), so that no path takes what another refuses. Decimals are {@link Amounts}' rule everywhere. Payout
 * limits are the span of the route's charge bands, so that every payout carries a fee; phone-prompt collections
 * are capped at what one mobile-money payment may be; bill payments follow each biller's own limits instead
 * (kept with its service).
 */
public enum AmountLimit {

    MOBILE_WALLET_PAYOUT("a mobile wallet payout", "1.00", "150000.00"),
    BANK_TRANSFER_PAYOUT("a bank payout", "1.00", "9999999.99"),
    BUSINESS_PAYBILL_PAYOUT("a paybill payout", "1.00", "250000.00"),
    BUSINESS_TILL_PAYOUT("a till payout", "1.00", "250000.00"),
    /** Express deposits, payment links and a checkout paid by mobile money: one phone prompt each. */
    PHONE_PROMPT("a mobile-money payment", "1.00", "250000.00"),
    /** A payment a payer starts to a client's paybill number (C2B): the rail's own limits per payment. */
    PAYBILL_DEPOSIT("a paybill deposit", "1.00", "250000.00"),
    /** In the payment's own currency. */
    CARD_PAYMENT("a card payment", "1.00", "1000000.00"),
    /** The order's total, whichever way it is paid (by mobile money it is also a {@link #PHONE_PROMPT}). */
    CHECKOUT_ORDER("a checkout order", "1.00", "1000000.00"),
    AIRTIME_TOP_UP("an airtime top-up", "10.00", "10000.00");

    /** The categories of the routes that pay out; each has its limit in {@link #ofPayoutRoute(String)}. */
    public static final Set<String> PAYOUT_ROUTES =
            Set.of("MOBILE_WALLET", "BANK_TRANSFER", "BUSINESS_PAYBILL", "BUSINESS_TILL");

    private final String what;
    private final BigDecimal minimum;
    private final BigDecimal maximum;

    AmountLimit(String what, String minimum, String maximum) {
        this.what = what;
        this.minimum = new BigDecimal(minimum);
        this.maximum = new BigDecimal(maximum);
    }

    public BigDecimal minimum() {
        return minimum;
    }

    public BigDecimal maximum() {
        return maximum;
    }

    public boolean allows(BigDecimal amount) {
        return amount.compareTo(minimum) >= 0 && amount.compareTo(maximum) <= 0;
    }

    /** Why this amount is refused, as a sentence ("The amount of a till payout must be from 1.00 to 250,000.00."). */
    public Optional<String> refusal(BigDecimal amount) {
        return allows(amount) ? Optional.empty() : Optional.of(rule());
    }

    /** The rule as a sentence, for refusals and for the documentation. */
    public String rule() {
        return "The amount of " + what + " must be " + range() + ".";
    }

    /** "from 1.00 to 250,000.00", as a payer reads amounts. */
    public String range() {
        return "from " + format(minimum) + " to " + format(maximum);
    }

    /** The limit of a payout on a route of this category (a route's category names its kind of payout). */
    public static AmountLimit ofPayoutRoute(String category) {
        return switch (category) {
            case "BANK_TRANSFER" -> BANK_TRANSFER_PAYOUT;
            case "BUSINESS_PAYBILL" -> BUSINESS_PAYBILL_PAYOUT;
            case "BUSINESS_TILL" -> BUSINESS_TILL_PAYOUT;
            default -> MOBILE_WALLET_PAYOUT;
        };
    }

    /** With thousands separators, as a payer reads an amount: 250,000.00. */
    static String format(BigDecimal amount) {
        return new DecimalFormat("#,##0.00", DecimalFormatSymbols.getInstance(Locale.ROOT)).format(amount);
    }
}
