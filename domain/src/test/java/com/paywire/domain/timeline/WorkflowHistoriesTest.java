package com.paywire.domain.timeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.RETURNS_DEEP_STUBS;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.grpc.Status;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.api.history.v1.History;
import io.temporal.api.workflow.v1.WorkflowExecutionInfo;
import io.temporal.api.workflowservice.v1.DescribeWorkflowExecutionRequest;
import io.temporal.api.workflowservice.v1.DescribeWorkflowExecutionResponse;
import io.temporal.client.WorkflowClient;
import io.temporal.common.WorkflowExecutionHistory;
import java.util.List;
import org.junit.jupiter.api.Test;

class WorkflowHistoriesTest {

    private static final String CHILD = "payout-line:acme:stan-2";

    @Test
    void givenAChildTemporalNoLongerHas_theParentShouldStillBeAnswered_andTheChildNoted() {
        HistoryBuilder parent = new HistoryBuilder();
        parent.workflowStarted("PaymentOrderWorkflow", "Order of 2 lines");
        long initiated = parent.childInitiated("PaymentOrderLineWorkflow", CHILD);
        parent.childStarted(initiated, CHILD, "child-run");
        parent.childCompleted(initiated, "COMPLETED");
        parent.workflowCompleted("COMPLETED");
        WorkflowClient temporal = mock(WorkflowClient.class, RETURNS_DEEP_STUBS);
        when(temporal.getOptions().getNamespace()).thenReturn("default");
        when(temporal.getWorkflowServiceStubs().blockingStub()
                .describeWorkflowExecution(any(DescribeWorkflowExecutionRequest.class)))
                .thenReturn(DescribeWorkflowExecutionResponse.newBuilder().setWorkflowExecutionInfo(
                        WorkflowExecutionInfo.newBuilder().setExecution(WorkflowExecution.newBuilder()
                                .setWorkflowId(HistoryBuilder.WORKFLOW_ID).setRunId(HistoryBuilder.RUN_ID))).build());
        WorkflowExecutionHistory parentHistory = new WorkflowExecutionHistory(
                History.newBuilder().addAllEvents(parent.run().events()).build(), HistoryBuilder.WORKFLOW_ID);
        when(temporal.fetchHistory(HistoryBuilder.WORKFLOW_ID, HistoryBuilder.RUN_ID)).thenReturn(parentHistory);
        when(temporal.fetchHistory(CHILD, "child-run")).thenThrow(Status.NOT_FOUND.asRuntimeException());

        WorkflowHistories.Read read = new WorkflowHistories(temporal).read(List.of(HistoryBuilder.WORKFLOW_ID));

        assertThat(read.runs()).extracting(WorkflowRun::workflowId).containsExactly(HistoryBuilder.WORKFLOW_ID);
        assertThat(read.notes()).containsExactly(
                "Temporal no longer has workflow " + CHILD + " (past its retention): its steps are missing.");
    }
}
