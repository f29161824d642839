package com.paywire.workflows.payouts;

import com.paywire.vocabulary.payouts.LineStatus;
import io.temporal.workflow.QueryMethod;
import io.temporal.workflow.SignalMethod;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;

/**
 * One per payout line: reserve amount plus fee, send to the rail, wait for its answer (callback signal, or a
 * status query on a timer), then post or void and record the outcome. A line with no final answer in its window
 * reads Timed Out with its hold kept, until a late answer within the reconciliation window posts or voids it, or
 * the line is referred to operations.
 */
@WorkflowInterface
public interface PaymentOrderLineWorkflow {

    /**
     * The names the API starts and signals it by, with an untyped stub: a typed one is a proxy built by reflection
     * per call, which cost more than the call's own work (WorkflowNamesTest holds them to the methods below).
     */
    String WORKFLOW_TYPE = "PaymentOrderLineWorkflow";
    String RAIL_RESULT_SIGNAL = "railResult";

    @WorkflowMethod
    LineStatus process(PayoutLineCommand line);

    /** The rail's result callback, delivered by the rail-callback endpoint. Duplicates and late ones are harmless. */
    @SignalMethod
    void railResult(RailResult result);

    @QueryMethod
    LineStatus status();
}
