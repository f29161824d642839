package com.paywire.infra.temporal;

import static com.paywire.infra.support.ClientRequests.MOBILE_ROUTE;
import static com.paywire.infra.support.ClientRequests.accepted;
import static com.paywire.infra.support.ClientRequests.systemConversationId;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import com.paywire.infra.support.DecodedHistory;
import com.paywire.infra.support.EveryProductSystemTest;
import com.paywire.infra.support.TimeSkippingPlatform;
import com.paywire.workflows.WorkflowIds;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.api.history.v1.History;
import io.temporal.api.workflowservice.v1.GetWorkflowExecutionHistoryRequest;
import io.temporal.api.workflowservice.v1.GetWorkflowExecutionHistoryResponse;
import io.temporal.common.WorkflowExecutionHistory;
import io.temporal.payload.codec.PayloadCodec;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * What Temporal keeps of a payment is not readable without Paywire's payload keys: the histories of a payout and
 * of an express deposit, read from the service as an operator of Temporal (or its UI) reads them, carry neither the
 * phone number, nor the name, nor the amount in clear, though the workflows were given all three.
 */
class HistoriesSafeToShowSystemTest extends EveryProductSystemTest {

    @Autowired
    PayloadCodec payloadCodec;

    @Test
    void givenAPayoutPaid_itsRawHistoryShouldCarryNeitherThePhoneNumber_norTheRecipientsName_norTheAmount() {
        String ocid = UUID.randomUUID().toString();
        String stan = UUID.randomUUID().toString();
        String body = json.writeValueAsString(Map.of("originatorConversationId", ocid, "paymentOrderLines", List.of(
                Map.of("recipient", Map.of("name", "Wanjiku Kamau", "mccmnc", "63902",
                                "primaryAccountNumber", "+254799887766", "ccy", 404, "country", "KE"),
                        "transaction", Map.of("routeId", MOBILE_ROUTE, "ChannelType", 1,
                                "amount", new BigDecimal("4321.87"), "reference", "rent",
                                "systemTraceAuditNumber", stan)))));
        accepted(api.send(token, "/v1/payment-order/new-order", body));
        api.payoutResult(api.sentPayoutReference("+254799887766"), "0", "Processed");
        String lineWorkflow = WorkflowIds.payoutLine(SANDBOX, stan);
        assertThat(resultOf(lineWorkflow, String.class)).isEqualTo("COMPLETED");

        assertThat(text(decoded(rawHistory(lineWorkflow)))).as("decoded, it has them: the test looks where they are")
                .contains("254799887766", "Wanjiku Kamau", "4321.87");
        assertThat(text(rawHistory(lineWorkflow))).as("the history as Temporal keeps it")
                .doesNotContain("254799887766").doesNotContain("Wanjiku").doesNotContain("Kamau")
                .doesNotContain("4321.87").contains("binary/encrypted");
    }

    @Test
    void givenAnExpressDepositPaid_itsRawHistoryShouldCarryNeitherThePayersPhone_norTheirName_norTheAmount() {
        String ocid = UUID.randomUUID().toString();
        String body = json.writeValueAsString(Map.of("ShortCode", "174379", "Amount", "1234.56",
                "PhoneNumber", "254711223344", "TransactionDesc", "School fees", "OriginatorConversationId", ocid,
                "CallBackUrl", TimeSkippingPlatform.OUTSIDE.baseUrl() + "/twins/deposit", "Type", 0,
                "Currency", "KES", "FirstName", "Achieng", "LastName", "Odhiambo"));
        String depositId = systemConversationId(api.send(token, "/v1/express-deposit", body));
        api.promptAnswered(depositId, "0", "The service request is processed successfully.");
        String depositWorkflow = WorkflowIds.expressDeposit(SANDBOX, ocid);
        assertThat(resultOf(depositWorkflow, String.class)).isEqualTo("0");

        assertThat(text(decoded(rawHistory(depositWorkflow)))).contains("254711223344", "1234.56");
        assertThat(text(rawHistory(depositWorkflow))).as("the history as Temporal keeps it")
                .doesNotContain("254711223344").doesNotContain("Achieng").doesNotContain("Odhiambo")
                .doesNotContain("1234.56").contains("binary/encrypted");
    }

    /** Every event of the workflow's history straight from the service, without the client's codec. */
    private History rawHistory(String workflowId) {
        History.Builder history = History.newBuilder();
        ByteString page = ByteString.EMPTY;
        do {
            GetWorkflowExecutionHistoryResponse response = env.getWorkflowServiceStubs().blockingStub()
                    .getWorkflowExecutionHistory(GetWorkflowExecutionHistoryRequest.newBuilder()
                            .setNamespace(env.getNamespace())
                            .setExecution(WorkflowExecution.newBuilder().setWorkflowId(workflowId))
                            .setNextPageToken(page).build());
            history.addAllEvents(response.getHistory().getEventsList());
            page = response.getNextPageToken();
        } while (!page.isEmpty());
        return history.build();
    }

    private History decoded(History raw) {
        return DecodedHistory.of(new WorkflowExecutionHistory(raw), payloadCodec).getHistory();
    }

    /** The history's bytes as they are: a payload kept in clear shows its JSON here verbatim. */
    private static String text(History history) {
        return history.toByteString().toString(StandardCharsets.ISO_8859_1);
    }
}
