package com.paywire.domain.cards;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What can be told from a card number without keeping it: validity (Luhn), network. */
public final class CardNumbers {

    private CardNumbers() {
    }

    /** A run of 13 to 19 digits, each maybe after a space or a hyphen, as card numbers are written. */
    private static final Pattern DIGIT_RUN = Pattern.compile("\\d(?:[ -]?\\d)*");

    /**
     * Whether the text holds what looks like a card number: a run of 13 to 19 digits (spaces and hyphens between
     * them allowed) that passes the Luhn check. Free text that must never carry card data is refused on it.
     */
    public static boolean containsCardNumber(String text) {
        if (text == null) {
            return false;
        }
        Matcher run = DIGIT_RUN.matcher(text);
        while (run.find()) {
            String digits = run.group().replaceAll("[ -]", "");
            if (digits.length() >= 13 && digits.length() <= 19 && passesLuhn(digits)) {
                return true;
            }
        }
        return false;
    }

    public static boolean passesLuhn(String digits) {
        int sum = 0;
        boolean doubled = false;
        for (int i = digits.length() - 1; i >= 0; i--) {
            int d = digits.charAt(i) - '0';
            if (doubled) {
                d *= 2;
                if (d > 9) {
                    d -= 9;
                }
            }
            sum += d;
            doubled = !doubled;
        }
        return sum % 10 == 0;
    }

    /** VISA, MASTERCARD or AMEX, or null when the prefix is none of them. */
    public static String network(String digits) {
        if (digits.startsWith("4") && (digits.length() == 13 || digits.length() == 16 || digits.length() == 19)) {
            return "VISA";
        }
        if (digits.length() == 16) {
            int two = Integer.parseInt(digits.substring(0, 2));
            int four = Integer.parseInt(digits.substring(0, 4));
            if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) {
                return "MASTERCARD";
            }
        }
        if (digits.length() == 15 && (digits.startsWith("34") || digits.startsWith("37"))) {
            return "AMEX";
        }
        return null;
    }
}
