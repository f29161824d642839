package com.paywire.workflows;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.vocabulary.payouts.LineStatus;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rails.Rail;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.api.workflowservice.v1.DescribeWorkflowExecutionRequest;
import io.temporal.client.WorkflowOptions;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import java.io.IOException;
import java.net.ServerSocket;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SearchAttributeRegistrationTest {

    private final TestWorkflowEnvironment env = TestWorkflowEnvironment.newInstance();

    @AfterEach
    void tearDown() {
        env.close();
    }

    private WorkflowExecution startSearchable(String workflowId) {
        return env.getWorkflowClient().newUntypedWorkflowStub("AnyPayment", WorkflowOptions.newBuilder()
                .setWorkflowId(workflowId).setTaskQueue("nobody-polls")
                .setTypedSearchAttributes(PaymentSearchAttributes.of(Product.PAYOUT,
                        "client-1", "ocid-1", Rail.BANK, LineStatus.PENDING))
                .build()).start();
    }

    @Test
    void givenAServiceThatAllowsIt_theAttributesShouldBeRegistered_andRegisteringAgainShouldBeFine() {
        assertThatThrownBy(() -> startSearchable("before")).as("unknown attributes are refused")
                .rootCause().hasMessageContaining("ClientId is not defined");

        assertThat(SearchAttributeRegistration.register(env.getWorkflowServiceStubs(), env.getNamespace()))
                .isEqualTo(SearchAttributeRegistration.Outcome.REGISTERED);
        assertThat(SearchAttributeRegistration.register(env.getWorkflowServiceStubs(), env.getNamespace()))
                .isEqualTo(SearchAttributeRegistration.Outcome.REGISTERED);

        WorkflowExecution started = startSearchable("after");
        var indexed = env.getWorkflowServiceStubs().blockingStub().describeWorkflowExecution(
                DescribeWorkflowExecutionRequest.newBuilder().setNamespace(env.getNamespace()).setExecution(started)
                        .build()).getWorkflowExecutionInfo().getSearchAttributes().getIndexedFieldsMap();
        assertThat(indexed).containsOnlyKeys("ClientId", "OriginatorConversationId", "PaymentStatus", "Rail",
                "Product");
    }

    @Test
    void givenNoServiceListening_itShouldSaySo_forTheCallerToTryAgain() throws IOException {
        int unused;
        try (ServerSocket socket = new ServerSocket(0)) {
            unused = socket.getLocalPort();
        }
        WorkflowServiceStubs absent = WorkflowServiceStubs.newServiceStubs(
                WorkflowServiceStubsOptions.newBuilder().setTarget("127.0.0.1:" + unused).build());
        try {
            assertThat(SearchAttributeRegistration.register(absent, "default"))
                    .isEqualTo(SearchAttributeRegistration.Outcome.UNREACHABLE);
        } finally {
            absent.shutdownNow();
        }
    }
}
