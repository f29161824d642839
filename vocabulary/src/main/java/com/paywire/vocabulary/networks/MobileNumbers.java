package com.paywire.vocabulary.networks;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Kenyan mobile numbers (the 07… and 01… ranges) in the three forms clients and payers write them, +254712345678,
 * 254712345678 and 0712345678, read the one way each rail takes them: the one place that knows them.
 */
public final class MobileNumbers {

    /** The three forms, as a field error names them. */
    public static final String FORMS = "+254712345678, 254712345678 or 0712345678";

    private static final Pattern KENYAN_MOBILE = Pattern.compile("(?:\\+?254|0)?([17]\\d{8})");
    private static final Pattern INTERNATIONAL = Pattern.compile("\\+?254[17]\\d{8}");

    private MobileNumbers() {
    }

    /**
     * 254 and the nine digits: 0712 345 678, 712345678, +254 712-345-678 and (0712) 345678 all read as
     * 254712345678; empty when the text is no Kenyan mobile number.
     */
    public static Optional<String> kenyan(String typed) {
        if (typed == null) {
            return Optional.empty();
        }
        Matcher number = KENYAN_MOBILE.matcher(typed.replaceAll("[\\s()-]", ""));
        return number.matches() ? Optional.of("254" + number.group(1)) : Optional.empty();
    }

    /** The number with a plus, +254712345678, as the mobile-money payout rail takes a wallet; empty as {@link #kenyan}. */
    public static Optional<String> withPlus(String typed) {
        return kenyan(typed).map(number -> "+" + number);
    }

    /** Whether the number is already in an international form (+2547…, 2547…), which the phone prompt takes as sent. */
    public static boolean isInternational(String number) {
        return number != null && INTERNATIONAL.matcher(number).matches();
    }

    /** The field error of a field that takes a Kenyan mobile number. */
    public static String refusal(String field) {
        return "The " + field + " must be a Kenyan mobile number written " + FORMS + ".";
    }
}
