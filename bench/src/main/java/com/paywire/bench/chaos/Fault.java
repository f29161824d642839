package com.paywire.bench.chaos;

/** The kinds of fault the chaos run injects; the rail kinds apply to the rail writes made while one is on. */
enum Fault {
    WORKER_KILLED("kill -9 of a worker process, restarted 5 s later", false),
    API_KILLED("kill -9 of the API process, restarted at once; clients retry with the same identifiers", false),
    DATABASE_CONNECTIONS_DROPPED("pg_terminate_backend of every connection of the API and the workers", false),
    RAIL_5XX("the rails answer 503 without doing anything", true),
    RAIL_SLOWER_THAN_TIMEOUT("the rails do the work but answer after 7 s, beyond the 5 s read timeout", true),
    CALLBACK_TWICE("the rails call back twice", true),
    CALLBACK_BEFORE_ACK("the rails call back before they answer the request", true),
    NO_CALLBACK("the rails never call back (only their status query knows the result)", true);

    final String description;
    final boolean rail;

    Fault(String description, boolean rail) {
        this.description = description;
        this.rail = rail;
    }
}
