package com.paywire.workflows.lookups;

import com.paywire.workflows.Policies;
import com.paywire.workflows.RailCalls;
import com.paywire.workflows.TaskQueues;
import io.temporal.failure.ActivityFailure;
import io.temporal.workflow.Functions;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import java.util.function.Function;

/**
 * The one shape of a personal-data lookup (a KYC check, an account validation), workflow code: ask the rail
 * through an activity that reads the request's personal data from the sealed store (the workflow holds its id and
 * the answer's codes only), or take the product's own outcome when the rail was away for the whole window; record
 * the outcome and call the client back; keep the personal data for the retention on a durable timer; erase it.
 * It issues the commands of these steps in this order, nothing else.
 *
 * @param <R> the rail's activities, called on the platform queue within the window
 * @param <C> the request's record activities, called as database steps
 */
public final class PersonalDataLookup<R, C> {

    private final R rail;
    private final C records;
    private final Duration retention;

    /**
     * @param railWindow how long the rail may be away before the lookup takes its "unavailable" outcome
     * @param retention  how long the personal data is kept once the request is answered
     */
    public PersonalDataLookup(Class<R> railActivities, Duration railWindow, Class<C> recordActivities,
                              Duration retention) {
        this.rail = Workflow.newActivityStub(railActivities, Policies.railCall(TaskQueues.PLATFORM, railWindow));
        this.records = Workflow.newActivityStub(recordActivities, Policies.database(TaskQueues.PLATFORM));
        this.retention = retention;
    }

    /**
     * Runs the lookup of one request.
     *
     * @param ask             the rail's activity, given the request's id
     * @param whenUnreachable the outcome when the rail could not be reached within the window (any other failure
     *                        fails the workflow, where an operator sees it)
     * @param close           the record activity that records the outcome and calls the client back
     * @param erase           the record activity that erases the personal data
     * @return the outcome
     */
    public <O> O run(String requestId, Functions.Func2<R, String, O> ask,
                     Function<ActivityFailure, O> whenUnreachable, Functions.Proc3<C, String, O> close,
                     Functions.Proc2<C, String> erase) {
        O outcome = RailCalls.orWhenUnreachable(() -> ask.apply(rail, requestId), whenUnreachable);
        close.apply(records, requestId, outcome);
        Workflow.sleep(retention);
        erase.apply(records, requestId);
        return outcome;
    }
}
