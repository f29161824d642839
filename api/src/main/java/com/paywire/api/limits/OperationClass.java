package com.paywire.api.limits;

/** What a client's request is counted as: each class has its own limit, so a polling loop cannot starve payments. */
public enum OperationClass {
    /** Every request that asks for something to be done or changed: any method but GET and HEAD. */
    WRITE("writes"),
    /** GET and HEAD: status queries, balances, statements, lists. */
    STATUS_QUERY("status-queries"),
    /** Access tokens issued (counted once the client's secret has been checked). */
    TOKEN("tokens");

    private final String key;

    OperationClass(String key) {
        this.key = key;
    }

    /** Its name in settings, bucket keys and the metric. */
    public String key() {
        return key;
    }
}
