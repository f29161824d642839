package com.paywire.bench;

import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityOptions;
import io.temporal.workflow.Workflow;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;
import java.time.Duration;

/** The engine's floor: a workflow that runs as many no-op activities, one after the other, as a payout line runs. */
@WorkflowInterface
public interface BareWorkflow {

    /** reserveFunds, claimForSending, sendPayout and settleLine: the activities of a line the rail answers at once. */
    int ACTIVITIES_PER_PAYOUT_LINE = 4;

    @WorkflowMethod
    void run(int activities);

    @ActivityInterface
    interface Noop {
        void nothing();
    }

    class Impl implements BareWorkflow {
        private final Noop noop = Workflow.newActivityStub(Noop.class,
                ActivityOptions.newBuilder().setStartToCloseTimeout(Duration.ofSeconds(10)).build());

        @Override
        public void run(int activities) {
            for (int i = 0; i < activities; i++) {
                noop.nothing();
            }
        }
    }

    class NoopImpl implements Noop {
        @Override
        public void nothing() {
        }
    }
}
