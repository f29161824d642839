package com.paywire.bench;

import com.google.protobuf.ByteString;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.api.workflowservice.v1.GetWorkflowExecutionHistoryRequest;
import io.temporal.api.workflowservice.v1.GetWorkflowExecutionHistoryResponse;
import io.temporal.serviceclient.WorkflowServiceStubs;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Workflow histories read back from the Temporal service, every page of them. */
public final class Histories {

    private Histories() {
    }

    /** The history of the workflow's latest run; empty when the service has no workflow of that id. */
    public static Optional<List<HistoryEvent>> of(WorkflowServiceStubs temporal, String workflowId) {
        List<HistoryEvent> events = new ArrayList<>();
        ByteString page = ByteString.EMPTY;
        try {
            do {
                GetWorkflowExecutionHistoryResponse response = temporal.blockingStub().getWorkflowExecutionHistory(
                        GetWorkflowExecutionHistoryRequest.newBuilder().setNamespace("default").setNextPageToken(page)
                                .setExecution(WorkflowExecution.newBuilder().setWorkflowId(workflowId)).build());
                events.addAll(response.getHistory().getEventsList());
                page = response.getNextPageToken();
            } while (!page.isEmpty());
        } catch (StatusRuntimeException e) {
            if (e.getStatus().getCode() == Status.Code.NOT_FOUND) {
                return Optional.empty();
            }
            throw e;
        }
        return Optional.of(events);
    }
}
