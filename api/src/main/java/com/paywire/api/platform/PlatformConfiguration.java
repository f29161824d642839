package com.paywire.api.platform;

import com.paywire.workflows.TemporalConnection;
import io.temporal.client.WorkflowClient;
import io.temporal.serviceclient.WorkflowServiceStubs;
import java.time.Clock;
import java.time.Duration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
class PlatformConfiguration {

    /** Every "now" in the API comes from here, so tests can move time (token expiry, for one). */
    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }

    @Bean(destroyMethod = "shutdown")
    WorkflowServiceStubs workflowServiceStubs(PaywireProperties properties) {
        // the API answers clients: it does not wait long for an absent Temporal (see PaymentOrderStarter)
        return TemporalConnection.serviceStubs(properties.temporal().address(), Duration.ofSeconds(3));
    }

    @Bean
    WorkflowClient workflowClient(WorkflowServiceStubs stubs, PaywireProperties properties) {
        return TemporalConnection.client(stubs, properties.temporal().namespace());
    }
}
