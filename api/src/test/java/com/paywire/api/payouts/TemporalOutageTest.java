package com.paywire.api.payouts;

import static com.paywire.api.support.ApiClientHelper.SANDBOX_ID;
import static com.paywire.api.support.ApiClientHelper.SANDBOX_SECRET;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.ApiClientHelper;
import com.paywire.api.support.ApiTest;
import com.paywire.api.support.TestTemporalService;
import com.paywire.workflows.WorkflowIds;
import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import io.temporal.client.WorkflowClient;
import io.temporal.testserver.TestServer;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/** Temporal is away when an order arrives: the order is kept and handed over once Temporal is back. */
@ApiTest
class TemporalOutageTest {

    static final int TEMPORAL_PORT = TestTemporalService.freePort();

    @DynamicPropertySource
    static void temporalNotYetThere(DynamicPropertyRegistry registry) {
        registry.add("paywire.temporal.address", () -> "127.0.0.1:" + TEMPORAL_PORT);
        registry.add("paywire.payouts.start-sweep-interval", () -> "500ms");
    }

    @LocalServerPort
    int port;
    @Autowired
    JdbcClient jdbc;
    @Autowired
    WorkflowClient temporal;

    @Test
    void givenTemporalIsDown_anAcceptedOrderShouldBeStartedOnceItIsBack() throws Exception {
        var http = ApiClientHelper.client(port);
        String token = ApiClientHelper.token(http, SANDBOX_ID, SANDBOX_SECRET);
        String ocid = "outage-" + UUID.randomUUID();
        String stan = UUID.randomUUID().toString();
        String body = PaymentOrderApiTest.order(ocid, PaymentOrderApiTest.mobileLine("+254712345678", "10", stan));

        ResponseEntity<JsonNode> accepted = http.post().uri("/v1/payment-order/new-order")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).contentType(MediaType.APPLICATION_JSON)
                .body(body).retrieve().toEntity(JsonNode.class);
        assertThat(accepted.getStatusCode().value()).isEqualTo(200);
        assertThat(started(ocid)).as("not started while Temporal is away").isFalse();

        try (TestServer.PortBoundTestServer back = TestServer.createPortBoundServer(TEMPORAL_PORT)) {
            Instant deadline = Instant.now().plus(Duration.ofSeconds(30));
            while (!started(ocid) && Instant.now().isBefore(deadline)) {
                Thread.sleep(200);
            }
            assertThat(started(ocid)).as("started by the sweep once Temporal is back").isTrue();
            // a one-line order runs as its line's workflow
            var description = temporal.newUntypedWorkflowStub(WorkflowIds.payoutLine(SANDBOX_ID, stan)).describe();
            assertThat(description.getStatus()).isEqualTo(WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_RUNNING);
        }
    }

    private boolean started(String ocid) {
        return jdbc.sql("select workflow_started from payment_orders where originator_conversation_id = ?")
                .param(ocid).query(Boolean.class).single();
    }
}
