package com.paywire.api.support;

import static com.paywire.api.support.JsonAnswers.names;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.persistence.clients.ApiClientStore;
import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowExecutionDescription;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/**
 * What the API tests of the two personal-data lookups share, KYC validation and account validation: both
 * operations behind the {@code kyc} scope, a submission stored in one table, and a query by the client's
 * systemTraceAuditNumber. Each product's test adds its own rules.
 */
public abstract class LookupApiTestBase extends ApiTestBase {

    /** The message of every accepted lookup. */
    protected static final String ACCEPTED = "Request Accepted. Kindly await processing";

    @Autowired
    protected ApiClientStore clients;
    @Autowired
    protected JdbcClient jdbc;
    @Autowired
    protected WorkflowClient temporal;

    /** The product's submit and query; a submission is a row of its table. */
    protected final Operations operations;
    private final String table;
    private final Supplier<Map<String, Object>> valid;

    /**
     * @param queryUri the query's URI up to the systemTraceAuditNumber
     * @param table    where a submission is stored
     * @param valid    a new valid submission, with a new systemTraceAuditNumber
     */
    protected LookupApiTestBase(String submitUri, String queryUri, String table, Supplier<Map<String, Object>> valid) {
        this.operations = new Operations(submitUri, queryUri, this::rows);
        this.table = table;
        this.valid = valid;
    }

    @Test
    void givenATokenWithoutTheKycScope_bothOperationsShouldBeRefused403_andNothingStored() {
        operations.assertRefusedWithoutScope("kyc", "collections", valid.get());
    }

    @Test
    void givenNoToken_bothOperationsShouldBeRefused401_andNothingStored() {
        operations.assertRefusedWithoutToken(valid.get());
    }

    /** Submits the body as the sandbox client, asserts that it was accepted, and answers its systemTraceAuditNumber. */
    protected String submitAccepted(Map<String, Object> body) {
        String stan = (String) body.get("systemTraceAuditNumber");
        assertAccepted(operations.submit(body, token), stan);
        return stan;
    }

    /** The query's answer to the sandbox client, which must be 200. */
    protected JsonNode queried(String stan) {
        ResponseEntity<JsonNode> answer = operations.query(stan, token);
        assertThat(answer.getStatusCode().value()).as("%s", answer.getBody()).isEqualTo(200);
        return answer.getBody();
    }

    /** Asserts the answer to an accepted lookup: 200 {systemTraceAuditNumber, message}, in that order. */
    protected static void assertAccepted(ResponseEntity<JsonNode> response, String stan) {
        assertThat(response.getStatusCode().value()).as("%s", response.getBody()).isEqualTo(200);
        assertThat(names(response.getBody())).containsExactly("systemTraceAuditNumber", "message");
        assertThat(response.getBody().get("systemTraceAuditNumber").asString()).isEqualTo(stan);
        assertThat(response.getBody().get("message").asString()).isEqualTo(ACCEPTED);
    }

    /** Asserts that the workflow of that id runs, of that type, on the platform queue, and answers it. */
    protected WorkflowExecutionDescription assertRunningOnThePlatformQueue(String workflowId, String workflowType) {
        WorkflowExecutionDescription workflow = temporal.newUntypedWorkflowStub(workflowId).describe();
        assertThat(workflow.getWorkflowType()).isEqualTo(workflowType);
        assertThat(workflow.getTaskQueue()).isEqualTo("platform");
        assertThat(workflow.getStatus()).isEqualTo(WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_RUNNING);
        return workflow;
    }

    /** How many submissions the product's table holds. */
    protected long rows() {
        return jdbc.sql("select count(*) from " + table).query(Long.class).single();
    }
}
