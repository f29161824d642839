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
            + "read timeout for 20 s", EnumSet.of(Rail.CARD_PROCESSOR));

    final String description;
    /** The rails it applies to; empty for the faults that are not the rails'. */
    final Set<Rail> rails;

    Fault(String description) {
        this(description, EnumSet.noneOf(Rail.class));
    }

    Fault(String description, Set<Rail> rails) {
        this.description = description;
        this.rails = rails;
    }

    boolean rail() {
        return !rails.isEmpty();
    }

    /** Whether this rail fault applies to a request to {@code path} (of the card processor's, only captures). */
    boolean appliesTo(String path) {
        Rail rail = Rail.of(path);
        return rail != null && rails.contains(rail)
                && (this != CARD_CAPTURED_BUT_TIMED_OUT || path.endsWith("/captures"));
    }
}
