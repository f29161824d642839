package com.paywire.vocabulary.money;

import java.util.Locale;
import java.util.Set;

/** The currency Paywire moves all money in but card payments', by its ISO 4217 letters and number. */
public final class Currencies {

    /**
     * The Kenyan shilling: every client's first accounts are in it, and payouts, bills, airtime, phone prompts and
     * checkout move nothing else (card payments are kept in the currency they were made in).
     */
    public static final String KES = "KES";
    /** The shilling's ISO 4217 number, which some operations take and answer instead of its letters. */
    public static final int KES_NUMBER = 404;

    private static final Set<String> KES_NAMES = Set.of(KES, String.valueOf(KES_NUMBER));

    private Currencies() {
    }

    /** Whether a client's currency field names the shilling: by its letters, in any case, or by its number. */
    public static boolean namesKes(String given) {
        return given != null && KES_NAMES.contains(given.toUpperCase(Locale.ROOT));
    }
}
