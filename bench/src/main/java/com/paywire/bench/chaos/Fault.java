package com.paywire.bench.chaos;

import java.util.EnumSet;
import java.util.Set;

/**
 * The kinds of fault the chaos run injects. A rail fault applies to the writes its {@link #rails} take while it is
 * on; the others are the run's to do (kill a process, drop connections).
 */
enum Fault {
    WORKER_KILLED("kill -9 of a worker process, restarted 5 s later"),
    API_KILLED("kill -9 of the API process, restarted at once; clients retry with the same identifiers"),
    DATABASE_CONNECTIONS_DROPPED("pg_terminate_backend of every connection of the API and the workers"),
    RAIL_5XX("the rails answer 503 without doing anything", EnumSet.allOf(Rail.class)),
    RAIL_SLOWER_THAN_TIMEOUT("the rails do the work but answer after 7 s, beyond the 5 s read timeout",
            EnumSet.allOf(Rail.class)),
    CALLBACK_TWICE("the rails call back twice", EnumSet.allOf(Rail.class)),
    CALLBACK_BEFORE_ACK("the rails call back before they answer the request", EnumSet.allOf(Rail.class)),
    NO_CALLBACK("the rails never call back (only their status query knows the result)", EnumSet.allOf(Rail.class)),
    DONE_BUT_5XX_PAST_WINDOW("payout, airtime and biller rails do the write but answer it (and every repeat) 503 "
            + "until the product's window has passed, and call back only then", EnumSet.of(Rail.PAYOUT, Rail.AIRTIME,
            Rail.BILLER)),
    DONE_BUT_SILENT_PAST_WINDOW("payout, airtime and biller rails do the write but never answer it (nor any "
            + "repeat) until the product's window has passed, and call back only then", EnumSet.of(Rail.PAYOUT,
            Rail.AIRTIME, Rail.BILLER)),
    PROMPT_PAID_AFTER_WINDOW("the payer pays the phone prompt only after the prompt window: the rail's callback "
            + "and its status query say so only then", EnumSet.of(Rail.PHONE_PROMPT)),
    CARD_CAPTURED_BUT_TIMED_OUT("the card processor captures but answers each capture (and its repeats) after the "
            + "read timeout for 20 s", EnumSet.of(Rail.CARD_PROCESSOR)),
    CARD_REFUNDED_BUT_TIMED_OUT("the card processor takes each refund but answers it (and its repeats) after the "
            + "read timeout for 20 s", EnumSet.of(Rail.CARD_PROCESSOR)),
    CARD_PROCESSOR_AWAY_AFTER_EFFECT("the card processor captures or refunds, then drops the connection of the write, "
            + "of its repeats and of every question about it for longer than Paywire retries (past its window)",
            EnumSet.of(Rail.CARD_PROCESSOR)),
    WORKER_KILLED_AFTER_RAIL_ACCEPTED("kill -9 of both workers the moment a payout rail or the card processor has "
            + "taken a write, before its answer reaches the worker (so before the ledger hears of it); restarted 5 s "
            + "later"),
    PAYOUT_PAID_PAST_RECONCILIATION("the payout rails do the write but say nothing of it (no answer, a pending "
            + "status, no callback) until the line's reconciliation window has passed, and call back only then",
            EnumSet.of(Rail.PAYOUT)),
    CAPTURE_BELOW_SMALLEST_BAND("each card payment first asks to capture 0.50, below the smallest card fee band: "
            + "Paywire must refuse it without asking the processor", EnumSet.noneOf(Rail.class), true);

    /** The capture the load asks for under {@link #CAPTURE_BELOW_SMALLEST_BAND}. */
    static final String CAPTURE_BELOW_SMALLEST_BAND_AMOUNT = "0.50";

    final String description;
    /** The rails it applies to; empty for the faults that are not the rails'. */
    final Set<Rail> rails;
    /** A fault the load plays while it is on (what it asks for), not the rails or the run. */
    final boolean load;

    Fault(String description) {
        this(description, EnumSet.noneOf(Rail.class));
    }

    Fault(String description, Set<Rail> rails) {
        this(description, rails, false);
    }

    Fault(String description, Set<Rail> rails, boolean load) {
        this.description = description;
        this.rails = rails;
        this.load = load;
    }

    boolean rail() {
        return !rails.isEmpty();
    }

    /** Whether it is switched on for a while (a rail's or the load's), rather than done once by the run. */
    boolean switched() {
        return rail() || load;
    }

    /**
     * Whether this rail fault applies to a request to {@code path}: of the card processor's, a timed-out capture
     * only to captures, a timed-out refund only to refunds, the processor away only to those two writes.
     */
    boolean appliesTo(String path) {
        Rail rail = Rail.of(path);
        if (rail == null || !rails.contains(rail)) {
            return false;
        }
        return switch (this) {
            case CARD_CAPTURED_BUT_TIMED_OUT -> path.endsWith("/captures");
            case CARD_REFUNDED_BUT_TIMED_OUT -> path.endsWith("/refunds");
            case CARD_PROCESSOR_AWAY_AFTER_EFFECT -> path.endsWith("/captures") || path.endsWith("/refunds");
            default -> true;
        };
    }
}
