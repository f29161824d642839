package com.paywire.domain.cards;

/** What can be told from a card number without keeping it: validity (Luhn), network. */
public final class CardNumbers {

    private CardNumbers() {
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
