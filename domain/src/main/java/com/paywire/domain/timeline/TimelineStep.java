package com.paywire.domain.timeline;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * One step of a payment's timeline, in words a client reads, with what an operator needs to find it.
 *
 * @param time     when it began
 * @param duration how long it took (null while it lasts, or for a moment)
 * @param attempt  the attempt it ended on (activities, deliveries), or null
 * @param words    what happened, in plain words
 * @param failure  what went wrong, in plain words; null when nothing did
 * @param source   where the step was read
 * @param operator where an operator finds it
 */
public record TimelineStep(Instant time, Duration duration, Integer attempt, Outcome outcome, String words,
                           String failure, Source source, Operator operator) {

    /** The workflow history, the ledger, or the notifications (events and their deliveries). */
    public enum Source { WORKFLOW, LEDGER, NOTIFICATION }

    /** How the step ended, or where it stands. */
    public enum Outcome {
        STARTED, COMPLETED, FAILED, TIMED_OUT, CANCELED, TERMINATED, CONTINUED,
        /** Still running; RETRYING: running after a failed attempt. */
        RUNNING, RETRYING,
        /** A timer still running; FIRED: one that ran out; CUT_SHORT: one not needed, what it waited for came first. */
        WAITING, FIRED, CUT_SHORT,
        /** A signal that reached the workflow; ACCEPTED: an Update not finished yet. */
        RECEIVED, ACCEPTED,
        /** Ledger: funds held, a hold or transfer posted, a hold released. */
        HELD, POSTED, RELEASED,
        /** Notifications: an attempt that reached its target, a delivery not sent yet or held back. */
        DELIVERED, PENDING, SUSPENDED
    }

    /**
     * @param workflowId where the step is in Temporal (for a delivery: its delivery workflow)
     * @param runId      the run of that workflow
     * @param eventIds   the history events the step was read from
     * @param kind       ACTIVITY, LOCAL_ACTIVITY, TIMER, SIGNAL, UPDATE, CHILD_WORKFLOW, WORKFLOW, TRANSFER, DELIVERY
     * @param name       the activity type, signal, Update or workflow type; a timer's id; a transfer's key; an
     *                   event's type
     * @param reference  a delivery's id; null otherwise
     */
    public record Operator(String workflowId, String runId, List<Long> eventIds, String kind, String name,
                           String reference) {

        static Operator ofHistory(WorkflowRun run, List<Long> eventIds, String kind, String name) {
            return new Operator(run.workflowId(), run.runId(), eventIds, kind, name, null);
        }
    }
}
