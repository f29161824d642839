package com.paywire.domain.cards;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What can be told from a card number without keeping it: validity (Luhn), network. */
public final class CardNumbers {

    private CardNumbers() {
    }

    /** Digits, each maybe after one space or hyphen: a run in which a card number may be written. */
    private static final Pattern DIGIT_RUN = Pattern.compile("\\d(?:[ -]?\\d)*");
    private static final Pattern SEPARATOR = Pattern.compile("[ -]");

    /**
     * Whether the text holds what looks like a card number: within a run of digits, whole groups of it (the parts
     * between spaces or hyphens, as card numbers are written) that together make 13 to 19 digits, begin as a card
     * network's numbers do (2 to 6: Mastercard's 2-series and Mir, Amex, Diners and JCB, Visa, Mastercard, Discover
     * and UnionPay) and pass the Luhn check. Free text that must never carry card data is refused on it. Groups,
     * not any window of digits, so "qty 2 4111 1111 1111 1111" is caught while a reference such as
     * "proof-1796228633-12345" is not (a Luhn check alone passes one in ten runs of digits).
     */
    public static boolean containsCardNumber(String text) {
        if (text == null) {
            return false;
        }
        Matcher run = DIGIT_RUN.matcher(text);
        while (run.find()) {
            String[] groups = SEPARATOR.split(run.group());
            for (int first = 0; first < groups.length; first++) {
                StringBuilder digits = new StringBuilder();
                for (int last = first; last < groups.length && digits.length() + groups[last].length() <= 19;
                     last++) {
                    digits.append(groups[last]);
                    if (looksLikeCardNumber(digits)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private static boolean looksLikeCardNumber(CharSequence digits) {
        char issuer = digits.charAt(0);
        return digits.length() >= 13 && issuer >= '2' && issuer <= '6' && passesLuhn(digits.toString());
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
