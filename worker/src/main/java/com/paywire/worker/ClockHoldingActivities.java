package com.paywire.worker;

import com.paywire.domain.platform.TestClock;
import io.temporal.activity.ActivityExecutionContext;
import io.temporal.activity.ActivityInfo;
import io.temporal.common.interceptors.ActivityInboundCallsInterceptor;
import io.temporal.common.interceptors.ActivityInboundCallsInterceptorBase;
import io.temporal.common.interceptors.WorkerInterceptorBase;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.stereotype.Component;

/**
 * In the local stack, marks on the test clock each activity this worker runs (local ones too), for as long as it
 * runs: the dev service holds its time at the wall clock's pace meanwhile, and cannot say which workflows hold it, so
 * an advance under way names them from these marks (docs/sandbox.md#the-test-clock).
 */
@Component
@ConditionalOnProperty(name = TestClock.ENABLED, havingValue = "true")
class ClockHoldingActivities extends WorkerInterceptorBase {

    private final TestClock testClock;

    ClockHoldingActivities(TestClock testClock) {
        this.testClock = testClock;
    }

    @Override
    public ActivityInboundCallsInterceptor interceptActivity(ActivityInboundCallsInterceptor next) {
        return new ActivityInboundCallsInterceptorBase(next) {
            private ActivityInfo info;

            @Override
            public void init(ActivityExecutionContext context) {
                info = context.getInfo();
                super.init(context);
            }

            @Override
            public ActivityOutput execute(ActivityInput input) {
                try (TestClock.Holding held = testClock.holding(info.getWorkflowId(), info.getActivityType())) {
                    return super.execute(input);
                }
            }
        };
    }
}
