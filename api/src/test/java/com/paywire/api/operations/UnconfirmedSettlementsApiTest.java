package com.paywire.api.operations;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.AdminApi;
import com.paywire.api.support.ApiClientHelper;
import com.paywire.api.support.ApiTest;
import com.paywire.api.support.ApiTestBase;
import com.paywire.domain.clients.ClientSecretHasher;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.vocabulary.settlements.SettlementStatus;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.payouts.RailResult;
import com.paywire.workflows.settlements.SettlementCommand;
import com.paywire.workflows.settlements.SettlementWorkflow;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.worker.WorkerFactory;
import io.temporal.workflow.Workflow;
import java.time.OffsetDateTime;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/**
 * A settlement the bank never answered for, referred to operations with its hold kept: listed as {@code settlement},
 * and resolved once, as the bank's late answer, through its workflow; never when it is not referred, nor when its
 * workflow cannot be told.
 */
@ApiTest
class UnconfirmedSettlementsApiTest extends ApiTestBase {

    private static final String QUEUE = "settlement-referral-api-test";

    @Autowired
    ApiClientStore clients;
    @Autowired
    JdbcClient jdbc;
    @Autowired
    WorkflowClient temporal;

    private WorkerFactory workers;
    private String clientId;
    private String operator;

    /** Waits, as a referred settlement's workflow does, for the bank's late answer, and says what it was told. */
    public static class ReferredSettlement implements SettlementWorkflow {

        private RailResult told;

        @Override
        public SettlementStatus settle(SettlementCommand command) {
            Workflow.await(() -> told != null);
            return told.state() == RailResult.State.COMPLETED && "BANKREF9".equals(told.receiptNumber())
                    && told.reference().equals(command.settlementId()) ? SettlementStatus.PAID : SettlementStatus.FAILED;
        }

        @Override
        public void railResult(RailResult result) {
            if (told == null) {
                told = result;
            }
        }
    }

    @BeforeEach
    void aClient() {
        clientId = "settlement-referral-" + UUID.randomUUID();
        clients.registerWithAllRoutes(new ApiClient(clientId, "Settlement referral",
                ClientSecretHasher.hash("secret"), Set.of("collections")));
        operator = ApiClientHelper.operatorToken(http);
        workers = WorkerFactory.newInstance(temporal);
        workers.newWorker(QUEUE).registerWorkflowImplementationTypes(ReferredSettlement.class);
        workers.start();
    }

    @AfterEach
    void stopTheWorker() {
        workers.shutdownNow();
    }

    @Test
    void givenAReferredSettlement_itShouldBeListed_andResolvedOnceThroughItsWorkflow_aSecondResolution409() {
        UUID id = settlement(SettlementStatus.UNCONFIRMED, true);
        String workflowId = running(id);

        JsonNode listed = queue().mine();
        assertThat(listed.size()).isEqualTo(1);
        assertThat(listed.get(0).get("product").asString()).isEqualTo("settlement");
        assertThat(listed.get(0).get("id").asString()).isEqualTo(id.toString());
        assertThat(listed.get(0).get("amount").decimalValue()).isEqualByComparingTo("1450.00");
        assertThat(listed.get(0).get("fee").decimalValue()).isEqualByComparingTo("50.00");
        assertThat(listed.get(0).get("referred").asBoolean()).isTrue();

        ResponseEntity<JsonNode> resolved = queue().resolve("settlement", id, "PAID", "BANKREF9");
        ResponseEntity<JsonNode> again = queue().resolve("settlement", id, "NOT_PAID", "second thoughts");

        assertThat(resolved.getStatusCode().value()).as("%s", resolved.getBody()).isEqualTo(200);
        assertThat(resolved.getBody().get("clientId").asString()).isEqualTo(clientId);
        assertThat(resolved.getBody().get("outcome").asString()).isEqualTo("PAID");
        assertThat(again.getStatusCode().value()).isEqualTo(409);
        assertThat(again.getBody().get("reason").asString()).contains("That settlement is not pending confirmation");
        assertThat(queue().resolutions(id)).containsExactly("PAID BANKREF9 " + AdminApi.OPERATOR_ID);
        assertThat(WorkflowStub.fromTyped(temporal.newWorkflowStub(SettlementWorkflow.class, workflowId))
                .getResult(SettlementStatus.class)).as("told once, as the bank's answer").isEqualTo(SettlementStatus.PAID);
    }

    @Test
    void givenASettlementNotReferred_orUnknown_itShouldNeitherBeListedNorResolved() {
        UUID waiting = settlement(SettlementStatus.UNCONFIRMED, false);
        UUID paid = settlement(SettlementStatus.PAID, true);

        assertThat(queue().mine().size()).isZero();
        assertThat(queue().resolve("settlement", waiting, "PAID", "x").getStatusCode().value()).isEqualTo(409);
        assertThat(queue().resolve("settlement", paid, "NOT_PAID", "x").getStatusCode().value()).isEqualTo(409);
        assertThat(queue().resolve("settlement", UUID.randomUUID(), "PAID", "x").getStatusCode().value())
                .isEqualTo(404);
        assertThat(queue().resolutions(waiting)).isEmpty();
    }

    @Test
    void givenAReferredSettlementWhoseWorkflowCannotBeTold_theResolutionShouldBe503_andNotRecorded() {
        UUID id = settlement(SettlementStatus.UNCONFIRMED, true); // no workflow runs for it

        ResponseEntity<JsonNode> refused = queue().resolve("settlement", id, "PAID", "BANKREF9");

        assertThat(refused.getStatusCode().value()).as("%s", refused.getBody()).isEqualTo(503);
        assertThat(queue().resolutions(id)).isEmpty();
    }

    private UUID settlement(SettlementStatus status, boolean referred) {
        UUID id = UUID.randomUUID();
        OffsetDateTime now = OffsetDateTime.now(clock);
        jdbc.sql("""
                insert into settlements (id, client_id, originator_conversation_id, scheduled, status, amount, fee, net,
                    bank_code, account_number, account_name, created_at, unconfirmed_since, referred_at)
                values (?, ?, ?, false, ?, 1500.00, 50.00, 1450.00, '01', '1234567890', 'Acme Trading', ?, ?, ?)
                """).params(id, clientId, "settle-" + id, status.name(), now.minusDays(2), now.minusDays(2),
                        referred ? now.minusHours(1) : null).update();
        return id;
    }

    private String running(UUID id) {
        String workflowId = WorkflowIds.settlement(clientId, id.toString());
        SettlementWorkflow workflow = temporal.newWorkflowStub(SettlementWorkflow.class,
                WorkflowOptions.newBuilder().setTaskQueue(QUEUE).setWorkflowId(workflowId).build());
        WorkflowClient.start(workflow::settle, new SettlementCommand(clientId, id.toString(), null));
        return workflowId;
    }

    private OperatorsQueue queue() {
        return new OperatorsQueue(http, jdbc, operator, clientId);
    }
}
