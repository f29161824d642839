package com.paywire.api.sandbox;

import com.paywire.domain.platform.TestClock;
import com.paywire.workflows.WorkflowIds;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * What holds an advance under way, as one caller may see it: the workflows with work in flight, one entry each, its
 * own named and other clients' counted; an operator sees them all, with whose they are. The API's clock and the
 * console's sandbox page say it alike.
 *
 * @param named  the workflows the caller sees, longest in flight first
 * @param others how many other workflows have work in flight: other clients' (or no client's), for a merchant
 */
public record ClockHolds(List<Held> named, int others) {

    /**
     * One workflow with work in flight.
     *
     * @param kind        what its id starts with: {@code payout-line}, {@code airtime}, {@code delivery}...
     * @param reference   the client's own id of the payment (or Paywire's) in the workflow's id; null when none
     * @param clientId    whose: null when its id names no client (a paybill deposit, a bank statement)
     * @param activities  the activities in flight, by type
     * @param inFlightFor how long the longest of them has run, in real time
     */
    public record Held(String workflowId, String kind, String reference, String clientId, List<String> activities,
                       Duration inFlightFor) {
    }

    /** The holds of the advance as this caller sees them. */
    public static ClockHolds seenBy(TestClock.Advance advance, String clientId, boolean operator) {
        Map<String, Held> byWorkflow = new LinkedHashMap<>();
        for (TestClock.Hold hold : advance.heldBy()) { // longest first, so each workflow's first is its longest
            byWorkflow.merge(hold.workflowId(), held(hold), (first, next) -> new Held(first.workflowId(), first.kind(),
                    first.reference(), first.clientId(), concat(first.activities(), next.activities()),
                    first.inFlightFor()));
        }
        List<Held> seen = byWorkflow.values().stream()
                .filter(held -> operator || clientId.equals(held.clientId())).toList();
        return new ClockHolds(seen, byWorkflow.size() - seen.size());
    }

    private static Held held(TestClock.Hold hold) {
        WorkflowIds.Named workflow = hold.workflow();
        return new Held(hold.workflowId(), workflow.kind(), workflow.reference(), workflow.clientId(),
                List.of(hold.activityType()), hold.inFlightFor());
    }

    private static List<String> concat(List<String> first, List<String> next) {
        return Stream.concat(first.stream(), next.stream()).distinct().toList();
    }

    /** How far the clock still has to go to the advance's target from {@code now}, to the millisecond. */
    static Duration remaining(TestClock.Advance advance, Instant now) {
        Duration left = Duration.between(now, advance.target()).truncatedTo(ChronoUnit.MILLIS);
        return left.isNegative() ? Duration.ZERO : left;
    }

    /**
     * Where the advance is and what holds it, in a sentence: held, it still gets there within what is left of it in
     * real time, since the clock never runs slower than the wall clock.
     */
    public String words(TestClock.Advance advance, Instant now, boolean operator) {
        Duration left = remaining(advance, now);
        String where = "The test clock is " + left + " short of where the advance by " + advance.by() + " goes";
        int holding = named.size() + others;
        if (holding == 0) {
            return where + ", moving through the timers due meanwhile; work they set off holds it at the wall"
                    + " clock's pace while it runs.";
        }
        String whose = operator ? "" : holding == 1 ? (named.isEmpty() ? ", not yours" : ", yours")
                : ", " + (named.isEmpty() ? "none" : named.size()) + " of them yours";
        return where + ": work of " + holding
                + (holding == 1 ? " payment or delivery is" : " payments or deliveries are") + " in flight" + whose
                + ", which holds it at the wall clock's pace. The advance finishes once that work is done, within "
                + left + " of real time at the latest.";
    }
}
