package com.paywire.domain.platform;

import com.paywire.workflows.TemporalConnection;
import com.paywire.workflows.payloads.PayloadEncryption;
import com.paywire.workflows.payloads.PayloadKeys;
import io.temporal.client.WorkflowClient;
import io.temporal.payload.codec.PayloadCodec;
import io.temporal.serviceclient.WorkflowServiceStubs;
import java.time.Clock;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** What every role needs the same way: the clock and the one connection to Temporal. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(TemporalProperties.class)
class PlatformConfiguration {

    /** Every "now" comes from here, so tests can move time (token expiry, for one). */
    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }

    @Bean(destroyMethod = "shutdown")
    WorkflowServiceStubs workflowServiceStubs(TemporalProperties temporal) {
        return temporal.callRetryBudget() == null ? TemporalConnection.serviceStubs(temporal.address())
                : TemporalConnection.serviceStubs(temporal.address(), temporal.callRetryBudget());
    }

    /** Starts and signals workflows (API, publish activity) and, in the worker, polls the task queues. */
    @Bean
    WorkflowClient workflowClient(WorkflowServiceStubs stubs, TemporalProperties temporal, PayloadCodec payloadCodec,
                                  SearchAttributeSetUp searchAttributes) {
        return TemporalConnection.client(stubs, temporal.namespace(), payloadCodec, searchAttributes.beforeEachStart());
    }

    /** Encrypts what the client hands to Temporal; the API's codec endpoint decodes with it for operators. */
    @Bean
    PayloadCodec payloadCodec(TemporalProperties temporal) {
        return new PayloadEncryption(PayloadKeys.parse(temporal.payloadKeyId(), temporal.payloadKeys()));
    }
}
