package com.paywire.workflows;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.workflows.collections.ExpressDepositWorkflow;
import com.paywire.workflows.payouts.PaymentOrderLineWorkflow;
import io.temporal.common.metadata.POJOWorkflowInterfaceMetadata;
import io.temporal.common.metadata.POJOWorkflowMethodMetadata;
import io.temporal.common.metadata.WorkflowMethodType;
import org.junit.jupiter.api.Test;

/** The names the API starts and signals workflows by (untyped stubs) are the ones their interfaces register. */
class WorkflowNamesTest {

    @Test
    void thePayoutLinesNames_shouldBeTheInterfaces() {
        POJOWorkflowInterfaceMetadata line = POJOWorkflowInterfaceMetadata.newInstance(PaymentOrderLineWorkflow.class);

        assertThat(line.getWorkflowType()).contains(PaymentOrderLineWorkflow.WORKFLOW_TYPE);
        assertThat(signal(line, "railResult")).isEqualTo(PaymentOrderLineWorkflow.RAIL_RESULT_SIGNAL);
    }

    @Test
    void theExpressDepositsNames_shouldBeTheInterfaces() {
        POJOWorkflowInterfaceMetadata deposit = POJOWorkflowInterfaceMetadata.newInstance(ExpressDepositWorkflow.class);

        assertThat(deposit.getWorkflowType()).contains(ExpressDepositWorkflow.WORKFLOW_TYPE);
        assertThat(signal(deposit, "promptResult")).isEqualTo(ExpressDepositWorkflow.PROMPT_RESULT_SIGNAL);
    }

    private static String signal(POJOWorkflowInterfaceMetadata workflow, String javaMethod) {
        return workflow.getMethodsMetadata().stream()
                .filter(method -> method.getType() == WorkflowMethodType.SIGNAL)
                .filter(method -> method.getWorkflowMethod().getName().equals(javaMethod))
                .map(POJOWorkflowMethodMetadata::getName).findFirst().orElseThrow();
    }
}
