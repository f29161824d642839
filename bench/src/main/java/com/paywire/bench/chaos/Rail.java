package com.paywire.bench.chaos;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The rails as the chaos run tells them apart: the beginnings of their paths, and the window the product that uses
 * each gives it to answer, which the run sets on the API ({@link #settings}) so that a fault knows how long
 * "past the window" is.
 */
enum Rail {
    PAYOUT(Duration.ofMinutes(2), "/mobile-money/b2c/", "/bank/transfers"),
    PHONE_PROMPT(Duration.ofSeconds(60), "/mobile-money/stk-push"),
    AIRTIME(Duration.ofMinutes(2), "/airtime/"),
    BILLER(Duration.ofMinutes(1), "/biller/"),
    CARD_PROCESSOR(Duration.ofMinutes(2), "/card-processor/"),
    /** Who holds an account or an identity (account validation and KYC, which the load does not use). */
    REGISTRIES(Duration.ofMinutes(2), "/mobile-money/accounts/", "/bank/accounts/", "/identity-registry/"),
    /**
     * The mobile-money rail's reversal of a payment it made: an operator's return of a paybill deposit held in
     * suspense (a pay-back); its window is the pay-back's first status question, a minute after the write.
     */
    MOBILE_MONEY_REVERSAL(Duration.ofMinutes(1), "/mobile-money/reversals");

    /** How long after a product's window a fault that outlasts it goes on. */
    static final Duration PAST_WINDOW = Duration.ofSeconds(20);
    /**
     * How long a payout line keeps asking the rail after its answer window (24 h outside the run), so that an answer
     * past it can come within the run.
     */
    static final Duration PAYOUT_RECONCILIATION = Duration.ofMinutes(3);

    /** How long the product waits for the rail: a payout's answer, the payer's prompt, a top-up, a bill payment. */
    final Duration window;
    private final List<String> paths;

    Rail(Duration window, String... paths) {
        this.window = window;
        this.paths = List.of(paths);
    }

    /** The rail a request path belongs to, or null (the simulator's own paths). */
    static Rail of(String path) {
        for (Rail rail : values()) {
            if (rail.paths.stream().anyMatch(path::startsWith)) {
                return rail;
            }
        }
        return null;
    }

    /** The API's settings of the windows (the card processor's is the card workflow's own). */
    static Map<String, String> settings() {
        return Map.of("PAYWIRE_PAYOUT_ANSWER_WINDOW", PAYOUT.window.toSeconds() + "s",
                "PAYWIRE_PAYOUT_RECONCILIATION_WINDOW", PAYOUT_RECONCILIATION.toSeconds() + "s",
                "PAYWIRE_PROMPT_WINDOW", PHONE_PROMPT.window.toSeconds() + "s",
                "PAYWIRE_AIRTIME_WINDOW", AIRTIME.window.toSeconds() + "s",
                "PAYWIRE_BILL_PAY_WINDOW", BILLER.window.toSeconds() + "s");
    }
}
