package com.paywire.activities;

import com.paywire.workflows.TemporalConnection;
import io.temporal.client.WorkflowClient;
import java.time.Clock;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/** The activities as the worker wires them, on a real PostgreSQL. */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import(ActivitiesConfiguration.class)
public class ActivitiesTestApplication {

    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }

    /** The payout tests run their own time-skipping environments; nothing here starts workflows. */
    @Bean
    WorkflowClient unusedWorkflowClient() {
        return TemporalConnection.client(TemporalConnection.serviceStubs("127.0.0.1:1"), "default");
    }
}
