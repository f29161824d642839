package com.paywire.domain.platform;

import com.paywire.workflows.TemporalConnection;
import com.paywire.workflows.payloads.PayloadEncryption;
import com.paywire.workflows.payloads.PayloadKeys;
import com.uber.m3.tally.RootScopeBuilder;
import com.uber.m3.tally.Scope;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import io.temporal.client.WorkflowClient;
import io.temporal.common.reporter.MicrometerClientStatsReporter;
import io.temporal.payload.codec.PayloadCodec;
import io.temporal.serviceclient.WorkflowServiceStubs;
import java.time.Clock;
import java.time.Duration;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/** What every role needs the same way: the clocks and the one connection to Temporal, with its metrics. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(TemporalProperties.class)
class PlatformConfiguration {

    /** How often the SDK's counters and gauges reach the meter registry; Prometheus reads that every 15 s or so. */
    private static final com.uber.m3.util.Duration TEMPORAL_METRICS_INTERVAL = com.uber.m3.util.Duration.ofSeconds(5);
    /** The SDK's metric names, as it reports them. */
    static final String TEMPORAL_METRICS_PREFIX = "temporal_";

    /**
     * Every "now" the platform decides by comes from here (due dates, expiries, windows, sweeps, retention), so that
     * tests can move time, and so that in the local stack it follows the test clock and Temporal's timers with it.
     *
     * @throws IllegalStateException when the test clock is enabled but nothing provides it: only the local stack
     *                               does, which starts the dev service it reads
     */
    @Bean
    Clock clock(Environment environment, ObjectProvider<TestClock> testClock) {
        if (!environment.getProperty(TestClock.ENABLED, Boolean.class, false)) {
            return Clock.systemUTC();
        }
        TestClock provided = testClock.getIfAvailable();
        if (provided == null) {
            throw new IllegalStateException(TestClock.ENABLED + " is true, but this process has no test clock: it is"
                    + " the local stack's (./paywire), which starts Temporal's dev service; unset it");
        }
        return new TestClockTime(provided);
    }

    /** Real time, whatever the test clock says, for the parameters marked {@link WallClock} alone. */
    @Bean(defaultCandidate = false)
    @WallClock
    Clock wallClock() {
        return Clock.systemUTC();
    }

    /**
     * The Temporal SDK's own metrics ({@code temporal_...}: requests, workflow and activity task latencies,
     * schedule-to-start, failures, the sticky cache) in the role's meter registry, hence on /actuator/prometheus.
     * Closing it reports what is left (and closes the registry, as the role stops).
     */
    @Bean(destroyMethod = "close")
    Scope temporalMetrics(MeterRegistry meters) {
        return new RootScopeBuilder().reporter(new MicrometerClientStatsReporter(meters))
                .reportEvery(TEMPORAL_METRICS_INTERVAL);
    }

    /**
     * The range of the SDK's latency histograms (it publishes every timer as one): from 1 ms, and up to 5 minutes
     * rather than Micrometer's 30 s, since schedule-to-start grows to minutes when workers fall behind, which is what
     * the dashboard and the alert look for.
     */
    @Bean
    MeterFilter temporalLatencyRange() {
        return new MeterFilter() {
            @Override
            public DistributionStatisticConfig configure(Meter.Id id, DistributionStatisticConfig config) {
                if (id.getType() != Meter.Type.TIMER || !id.getName().startsWith(TEMPORAL_METRICS_PREFIX)) {
                    return config;
                }
                return DistributionStatisticConfig.builder()
                        .minimumExpectedValue((double) Duration.ofMillis(1).toNanos())
                        .maximumExpectedValue((double) Duration.ofMinutes(5).toNanos())
                        .build().merge(config);
            }
        };
    }

    @Bean(destroyMethod = "shutdown")
    WorkflowServiceStubs workflowServiceStubs(TemporalProperties temporal, Scope temporalMetrics) {
        return TemporalConnection.serviceStubs(temporal.address(), temporal.security(), temporal.callRetryBudget(),
                temporalMetrics, temporal.compression());
    }

    /**
     * Starts and signals workflows (API, publish activity) and, in the worker, polls the task queues; both hand on
     * the payment a log line is about, and encrypt what they hand to Temporal (see TemporalConnection).
     */
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
