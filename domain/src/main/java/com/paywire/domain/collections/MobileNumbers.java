package com.paywire.domain.collections;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Kenyan mobile numbers as payers type them on hosted pages, read the one way the mobile-money rail takes them. */
public final class MobileNumbers {

    private static final Pattern KENYAN_MOBILE = Pattern.compile("(?:\\+?254|0)?([17]\\d{8})");

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
}
