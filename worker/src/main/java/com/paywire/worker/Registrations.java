package com.paywire.worker;

import com.paywire.activities.payouts.PayoutActivitiesImpl;
import com.paywire.activities.rails.PayoutRailActivitiesImpl;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.payouts.PaymentOrderLineWorkflowImpl;
import com.paywire.workflows.payouts.PaymentOrderWorkflowImpl;
import java.time.Clock;
import java.util.List;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** What runs on each task queue. A new capability adds its registration here. */
@Configuration(proxyBeanMethods = false)
class Registrations {

    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }

    @Bean
    TaskQueueRegistration payouts(PayoutActivitiesImpl payoutActivities, PayoutRailActivitiesImpl railActivities) {
        return new TaskQueueRegistration(TaskQueues.PAYOUTS,
                List.of(PaymentOrderWorkflowImpl.class, PaymentOrderLineWorkflowImpl.class),
                List.of(payoutActivities, railActivities));
    }
}
