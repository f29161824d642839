package com.paywire.bench;

import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityOptions;
import io.temporal.activity.LocalActivityOptions;
import io.temporal.workflow.Workflow;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;
import java.time.Duration;

/**
 * The engine's floor: a workflow that runs the activities a payout line runs when the rail answers at once,
 * of the same kinds and in the same order, each doing nothing: reserveFunds and claimForSending (local
 * activities), sendPayout (an ordinary activity), closeLine (a local activity).
 */
@WorkflowInterface
public interface BareWorkflow {

    int ACTIVITIES_PER_PAYOUT_LINE = 4;

    @WorkflowMethod
    void run();

    @ActivityInterface
    interface Noop {
        void nothing();
    }

    class Impl implements BareWorkflow {
        private final Noop ordinary = Workflow.newActivityStub(Noop.class,
                ActivityOptions.newBuilder().setStartToCloseTimeout(Duration.ofSeconds(10)).build());
        private final Noop local = Workflow.newLocalActivityStub(Noop.class,
                LocalActivityOptions.newBuilder().setStartToCloseTimeout(Duration.ofSeconds(10)).build());

        @Override
        public void run() {
            local.nothing();    // reserveFunds
            local.nothing();    // claimForSending
            ordinary.nothing(); // sendPayout
            local.nothing();    // closeLine
        }
    }

    class NoopImpl implements Noop {
        @Override
        public void nothing() {
        }
    }
}
