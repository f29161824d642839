package com.paywire.workflows;

/**
 * The task queues, named once. A worker process polls the queues it is configured for, so a
 * deployment can give a busy domain its own workers.
 */
public final class TaskQueues {

    public static final String PAYOUTS = "payouts";
    public static final String COLLECTIONS = "collections";
    public static final String CARDS = "cards";
    public static final String NOTIFICATIONS = "notifications";
    /** Platform services: identity (KYC) checks, account validations and airtime purchases. */
    public static final String PLATFORM = "platform";

    private TaskQueues() {
    }
}
