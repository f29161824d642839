package com.paywire.api.support;

import java.util.concurrent.ThreadLocalRandom;

/**
 * Phone numbers for tests that prompt from hosted pages: the caps count prompts per number across every test
 * sharing a database, so each such test takes numbers of its own.
 */
public final class PayerPhones {

    private PayerPhones() {
    }

    /** A Kenyan mobile number as a payer types it (0711 …), none of the rails simulator's magic ones. */
    public static String fresh() {
        return "0711" + String.format("%06d", ThreadLocalRandom.current().nextInt(1_000_000));
    }
}
