package com.paywire.workflows.payouts;

import com.paywire.vocabulary.payouts.LineStatus;
import com.paywire.workflows.PaymentSearchAttributes;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.logging.PaymentContext;
import io.temporal.api.enums.v1.ParentClosePolicy;
import io.temporal.workflow.Async;
import io.temporal.workflow.ChildWorkflowOptions;
import io.temporal.workflow.Promise;
import io.temporal.workflow.Workflow;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;

public class PaymentOrderWorkflowImpl implements PaymentOrderWorkflow {

    private static final Logger log = Workflow.getLogger(PaymentOrderWorkflowImpl.class);

    private final Set<String> settled = new HashSet<>();

    @Override
    public void process(PaymentOrderCommand order) {
        List<Promise<LineStatus>> lines = new ArrayList<>();
        int started = 0;
        boolean searchable = PaymentSearchAttributes.setByTheWorkflow();
        for (PayoutLineCommand line : order.lines()) {
            // a line holds its slot until it is final, not until its workflow ends (which may reconcile for a day)
            int inFlight = started;
            Workflow.await(() -> inFlight - settled.size() < order.timing().maxLinesInFlight());
            PaymentOrderLineWorkflow child = Workflow.newChildWorkflowStub(PaymentOrderLineWorkflow.class,
                    ChildWorkflowOptions.newBuilder()
                            .setWorkflowId(WorkflowIds.payoutLine(order.clientId(), line.systemTraceAuditNumber()))
                            // a line in flight must finish even if the order workflow is terminated
                            .setParentClosePolicy(ParentClosePolicy.PARENT_CLOSE_POLICY_ABANDON)
                            .setMemo(Map.of("summary", PayoutLineSummary.of(line, order.originatorConversationId())))
                            .setTypedSearchAttributes(searchable
                                    ? PayoutLineSummary.searchAttributes(line, order.originatorConversationId()) : null)
                            .build());
            Promise<LineStatus> result;
            // the line's workflow, and whatever it logs, is about the line: its stan and reference, not the order's ids
            try (PaymentContext.Scope ofTheLine = new PaymentContext(line.clientId(), line.systemTraceAuditNumber(),
                    line.reference()).open()) {
                result = Async.function(child::process, line);
            }
            // a line that ends without signalling (it failed outright) frees its slot too
            lines.add(result.handle((status, failure) -> {
                settled.add(line.systemTraceAuditNumber());
                return status;
            }));
            started++;
        }
        Promise.allOf(lines).get();
        log.info("Order {} finished: {} lines", order.originatorConversationId(), lines.size());
    }

    @Override
    public void lineSettled(String systemTraceAuditNumber) {
        settled.add(systemTraceAuditNumber);
    }
}
