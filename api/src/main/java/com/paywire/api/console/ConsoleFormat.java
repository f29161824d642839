package com.paywire.api.console;

import com.paywire.vocabulary.products.Product;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.TextStyle;
import java.time.temporal.TemporalAccessor;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the console's templates call to show values, as {@code ${show.money(amount, currency)}}: money with its
 * currency, times in one zone, Nairobi's, each written with the zone's name (and every page's bar naming it), and
 * Paywire's words for products and ledger accounts.
 */
public final class ConsoleFormat {

    static final ConsoleFormat INSTANCE = new ConsoleFormat();
    /** The one zone of every time the console shows. */
    static final ZoneId ZONE = ZoneId.of("Africa/Nairobi");
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss zzz", Locale.ENGLISH)
            .withZone(ZONE);
    /** An instant as the API writes one (ISO-8601 in UTC), inside text the console shows. */
    private static final Pattern UTC_INSTANT = Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,9})?Z");

    private ConsoleFormat() {
    }

    public String money(BigDecimal amount, String currency) {
        return amount == null ? "" : (currency == null ? "" : currency + " ") + String.format(Locale.ENGLISH, "%,.2f", amount);
    }

    public String time(TemporalAccessor time) {
        if (time instanceof OffsetDateTime offset) {
            return TIME.format(offset.toInstant());
        }
        return time instanceof Instant instant ? TIME.format(instant) : "";
    }

    /** Which zone the page's times are in, for the line that says so: "EAT (Africa/Nairobi)". */
    public String zone() {
        return ZONE.getDisplayName(TextStyle.SHORT, Locale.ENGLISH) + " (" + ZONE.getId() + ")";
    }

    /**
     * Words from elsewhere (a timeline step's, a failure's, a delivery's error) with every UTC instant in them
     * written as {@link #time} writes times, so that a page shows no second zone.
     */
    public String text(String words) {
        if (words == null) {
            return null;
        }
        return UTC_INSTANT.matcher(words).replaceAll(found -> Matcher.quoteReplacement(time(Instant.parse(found.group()))));
    }

    /** 40 ms, 1.5 s, 2 min 5 s, 3 h 10 min, 2 d 4 h. */
    public String duration(Duration duration) {
        if (duration == null) {
            return "";
        }
        if (duration.toSeconds() < 1) {
            return duration.toMillis() + " ms";
        }
        if (duration.toMinutes() < 1) {
            return String.format(Locale.ENGLISH, "%.1f s", duration.toMillis() / 1000.0);
        }
        if (duration.toHours() < 1) {
            return duration.toMinutes() + " min " + duration.toSecondsPart() + " s";
        }
        if (duration.toDays() < 1) {
            return duration.toHours() + " h " + duration.toMinutesPart() + " min";
        }
        return duration.toDays() + " d " + duration.toHoursPart() + " h";
    }

    public String product(Product kind) {
        return switch (kind) {
            case PAYMENT_ORDER -> "Payment order";
            case PAYOUT -> "Payout";
            case PHONE_PROMPT -> "Express deposit";
            case PAYMENT_LINK -> "Payment link";
            case CHECKOUT -> "Checkout";
            case CARD -> "Card payment";
            case KYC -> "KYC";
            case ACCOUNT_VALIDATION -> "Account validation";
            case AIRTIME -> "Airtime";
            case BILL -> "Bill payment";
            case PAYBILL_DEPOSIT -> "Paybill deposit";
            case ACCOUNT_TRANSFER -> "Transfer to payouts";
            case SETTLEMENT -> "Settlement";
            case BILL_REMINDER, WEBHOOK -> throw new IllegalArgumentException(kind + " is no payment the console shows");
        };
    }

    /** A ledger account by its kind, as the client knows it. */
    public String account(String kind) {
        return switch (kind == null ? "" : kind) {
            case "WORKING" -> "your working account";
            case "UTILITY" -> "your utility account";
            case "RECEIVABLE" -> "owed by you";
            case "FEE_REVENUE" -> "Paywire's fees";
            case "RAIL_SETTLEMENT" -> "the rail";
            case "FUNDING" -> "funding";
            case "REFUNDS_DUE" -> "owed back to payers";
            default -> kind;
        };
    }
}
