package com.paywire.infra.temporal;

import static com.paywire.infra.support.ClientRequests.CARDS;
import static com.paywire.infra.support.ClientRequests.MOBILE_ROUTE;
import static com.paywire.infra.support.ClientRequests.accepted;
import static com.paywire.infra.support.ClientRequests.accountValidation;
import static com.paywire.infra.support.ClientRequests.await;
import static com.paywire.infra.support.ClientRequests.billPayment;
import static com.paywire.infra.support.ClientRequests.checkoutId;
import static com.paywire.infra.support.ClientRequests.checkoutOrder;
import static com.paywire.infra.support.ClientRequests.deposit;
import static com.paywire.infra.support.ClientRequests.kyc;
import static com.paywire.infra.support.ClientRequests.payout;
import static com.paywire.infra.support.ClientRequests.systemConversationId;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assertions.entry;

import com.paywire.domain.checkout.BillTo;
import com.paywire.domain.checkout.HostedCheckout;
import com.paywire.infra.support.EveryProductSystemTest;
import com.paywire.persistence.notifications.EventStore;
import com.paywire.vocabulary.checkout.CheckoutStatus;
import com.paywire.vocabulary.notifications.Delivery;
import com.paywire.workflows.PaymentSearchAttributes;
import com.paywire.workflows.WorkflowIds;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.temporal.api.common.v1.Payload;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.api.operatorservice.v1.AddSearchAttributesRequest;
import io.temporal.api.workflowservice.v1.DescribeWorkflowExecutionRequest;
import io.temporal.common.SearchAttributeKey;
import io.temporal.common.converter.DefaultDataConverter;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Every kind of payment's workflow is found in Temporal by what the merchant quotes: it starts with ClientId,
 * OriginatorConversationId, Product and Rail, and its PaymentStatus follows the status the client reads. Read as the
 * Temporal UI and CLI read them, from the service's DescribeWorkflowExecution.
 */
class PaymentSearchAttributesSystemTest extends EveryProductSystemTest {

    @Autowired
    HostedCheckout checkout;
    @Autowired
    EventStore events;

    @Test
    void givenTheApiStarted_itShouldHaveRegisteredTheAttributesWithTheService() {
        for (SearchAttributeKey<String> key : PaymentSearchAttributes.KEYS) {
            StatusRuntimeException again = catchThrowableOfType(StatusRuntimeException.class,
                    () -> env.getOperatorServiceStubs().blockingStub().addSearchAttributes(AddSearchAttributesRequest
                            .newBuilder().setNamespace(env.getNamespace())
                            .putSearchAttributes(key.getName(), key.getValueType()).build()));
            assertThat(again).as(key.getName()).isNotNull();
            assertThat(again.getStatus().getCode()).as(key.getName()).isEqualTo(Status.Code.ALREADY_EXISTS);
        }
    }

    @Test
    void givenAPayoutOfOneLine_itsLineShouldBeFoundByTheOrder_andItsStatusFollowTheLine() {
        String ocid = UUID.randomUUID().toString();
        String stan = UUID.randomUUID().toString();
        accepted(api.send(token, "/v1/payment-order/new-order", payout(ocid, stan, "+254712000111", "100")));
        String line = WorkflowIds.payoutLine(SANDBOX, stan);

        String reference = api.sentPayoutReference("+254712000111");
        assertThat(awaitStatus(line, "PROCESSING")).contains(entry("ClientId", SANDBOX),
                entry("OriginatorConversationId", ocid), entry("Product", "payout"), entry("Rail", "MOBILE_MONEY"));
        api.payoutResult(reference, "0", "Processed");
        resultOf(line, String.class);
        assertThat(searchAttributes(line)).containsEntry("PaymentStatus", "COMPLETED");
    }

    @Test
    void givenAnOrderOfTwoLines_theOrderAndEachLineShouldCarryTheOrdersId() {
        String ocid = UUID.randomUUID().toString();
        List<String> stans = List.of(UUID.randomUUID().toString(), UUID.randomUUID().toString());
        accepted(api.send(token, "/v1/payment-order/new-order", json.writeValueAsString(Map.of(
                "originatorConversationId", ocid, "paymentOrderLines", stans.stream().map(stan -> Map.of(
                        "recipient", Map.of("name", "Jane Doe", "mccmnc", "63902", "primaryAccountNumber",
                                "+2547" + stan.substring(0, 8).replaceAll("\\D", "1"), "ccy", 404, "country", "KE"),
                        "transaction", Map.of("routeId", MOBILE_ROUTE, "ChannelType", 1,
                                "amount", new BigDecimal("50"), "reference", "two", "systemTraceAuditNumber", stan)))
                        .toList()))));

        assertThat(awaitStarted(WorkflowIds.paymentOrder(SANDBOX, ocid))).containsOnly(entry("ClientId", SANDBOX),
                entry("OriginatorConversationId", ocid), entry("Product", "payout"));
        for (String stan : stans) {
            assertThat(awaitStatus(WorkflowIds.payoutLine(SANDBOX, stan), "PROCESSING")).contains(
                    entry("ClientId", SANDBOX), entry("OriginatorConversationId", ocid), entry("Rail", "MOBILE_MONEY"));
        }
    }

    @Test
    void givenAnExpressDeposit_itsStatusShouldFollowThePayersAnswer_andALateSuccessAndItsCallbackBeFoundToo() {
        String paid = UUID.randomUUID().toString();
        String depositId = systemConversationId(api.send(token, "/v1/express-deposit", deposit("174379", paid, "75")));
        assertThat(awaitStarted(WorkflowIds.expressDeposit(SANDBOX, paid))).containsOnly(entry("ClientId", SANDBOX),
                entry("OriginatorConversationId", paid), entry("Product", "express-deposit"),
                entry("Rail", "MOBILE_MONEY"), entry("PaymentStatus", "PENDING"));
        api.promptAnswered(depositId, "0", "The service request is processed successfully.");
        resultOf(WorkflowIds.expressDeposit(SANDBOX, paid), String.class);
        assertThat(searchAttributes(WorkflowIds.expressDeposit(SANDBOX, paid))).containsEntry("PaymentStatus", "COMPLETED");
        Delivery callback = events.deliveriesOf(UUID.fromString(depositId)).getFirst();
        assertThat(awaitStarted(WorkflowIds.delivery(SANDBOX, callback.id().toString())))
                .containsOnly(entry("ClientId", SANDBOX), entry("Product", "webhook"));

        String cancelled = UUID.randomUUID().toString();
        String lateId = systemConversationId(api.send(token, "/v1/express-deposit", deposit("174379", cancelled, "60")));
        api.promptAnswered(lateId, "1032", "Request cancelled by user");
        resultOf(WorkflowIds.expressDeposit(SANDBOX, cancelled), String.class);
        assertThat(searchAttributes(WorkflowIds.expressDeposit(SANDBOX, cancelled)))
                .containsEntry("PaymentStatus", "CANCELLED");
        api.promptAnswered(lateId, "0", "The service request is processed successfully.");
        String late = WorkflowIds.latePrompt(SANDBOX, lateId);
        resultOf(late, Void.class);
        assertThat(searchAttributes(late)).containsOnly(entry("ClientId", SANDBOX),
                entry("OriginatorConversationId", cancelled), entry("Product", "express-deposit"),
                entry("Rail", "MOBILE_MONEY"), entry("PaymentStatus", "COMPLETED"));
    }

    @Test
    void givenACheckoutPaidByPhone_itsStatusShouldFollowTheOrder_andItsAttemptCarryTheOrdersId() {
        String ocid = UUID.randomUUID().toString();
        String checkoutId = checkoutId(api.send(token, "/v1/checkout-order/new-order", checkoutOrder(ocid, "500.00")));
        String order = WorkflowIds.checkout(SANDBOX, ocid);
        assertThat(awaitStarted(order)).containsOnly(entry("ClientId", SANDBOX), entry("OriginatorConversationId", ocid),
                entry("Product", "checkout"), entry("PaymentStatus", "PENDING"));

        checkout.payByMobileMoney(checkoutId, new BillTo("John", "Otieno", null, null, null, null, null, null, null),
                "0712 000 707");
        UUID attempt = await(() -> jdbc.sql("select id from express_deposits where checkout_id = ?")
                .param(UUID.fromString(checkoutId)).query(UUID.class).optional());
        assertThat(awaitStatus(order, "PROCESSING")).containsEntry("ClientId", SANDBOX);
        String attemptOcid = jdbc.sql("select originator_conversation_id from express_deposits where id = ?")
                .param(attempt).query(String.class).single();
        assertThat(awaitStarted(WorkflowIds.expressDeposit(SANDBOX, attemptOcid))).contains(
                entry("OriginatorConversationId", ocid), entry("Product", "express-deposit"),
                entry("Rail", "MOBILE_MONEY"));
        api.promptAnswered(attempt.toString(), "0", "The service request is processed successfully.");

        assertThat(resultOf(order, CheckoutStatus.class)).isEqualTo(CheckoutStatus.COMPLETED);
        assertThat(searchAttributes(order)).containsEntry("PaymentStatus", "COMPLETED");
    }

    @Test
    void givenACardAuthorisation_itShouldBeFoundByItsRequestId_andShowAuthorised() {
        String requestId = "order-" + UUID.randomUUID();
        String authorisationId = accepted(api.authorise(token, requestId, "12.50"), 201).get("AuthorisationId")
                .asString();

        assertThat(awaitStatus(WorkflowIds.cardPayment(SANDBOX, authorisationId), "AUTHORIZED")).containsOnly(
                entry("ClientId", SANDBOX), entry("OriginatorConversationId", requestId), entry("Product", "card"),
                entry("Rail", "CARD_PROCESSOR"), entry("PaymentStatus", "AUTHORIZED"));
        assertThat(api.read(token, CARDS + "/transactions/" + authorisationId).get("Status").asString())
                .as("the status the client reads").isEqualTo("AUTHORIZED");
    }

    @Test
    void givenAKycRequestAndAnAccountValidation_eachShouldBeFoundByItsStan() {
        String stan = UUID.randomUUID().toString();
        accepted(api.send(token, "/v1/kyc-request/validate", kyc(stan, "10000001")));
        accepted(api.send(token, "/v1/account/validate", accountValidation(stan, "0712345678")));

        assertThat(awaitStarted(WorkflowIds.kyc(SANDBOX, stan))).containsOnly(entry("ClientId", SANDBOX),
                entry("OriginatorConversationId", stan), entry("Product", "kyc"), entry("Rail", "IDENTITY_REGISTRY"));
        assertThat(awaitStarted(WorkflowIds.accountValidation(SANDBOX, stan))).containsOnly(
                entry("ClientId", SANDBOX), entry("OriginatorConversationId", stan),
                entry("Product", "account-validation"), entry("Rail", "ACCOUNT_REGISTRY"));
    }

    @Test
    void givenAnAirtimePurchaseAndABillPayment_eachStatusShouldEndWhereTheClientReadsIt() {
        String ocid = UUID.randomUUID().toString();
        accepted(api.send(token, "/v1/airtime-purchase", api.airtime(ocid, "254712000505", "100")));
        accepted(api.send(token, "/v1/bill-payments", billPayment(ocid, "174379", "1500")));

        assertThat(resultOf(WorkflowIds.airtime(SANDBOX, ocid), String.class)).isEqualTo("COMPLETED");
        assertThat(searchAttributes(WorkflowIds.airtime(SANDBOX, ocid))).containsOnly(entry("ClientId", SANDBOX),
                entry("OriginatorConversationId", ocid), entry("Product", "airtime"), entry("Rail", "AIRTIME"),
                entry("PaymentStatus", "COMPLETED"));
        resultOf(WorkflowIds.billPayment(SANDBOX, ocid), String.class);
        assertThat(api.read(token, "/v1/bill-payments?OriginatorConversationId=" + ocid).get("status").asInt())
                .isEqualTo(4);
        assertThat(searchAttributes(WorkflowIds.billPayment(SANDBOX, ocid))).containsOnly(entry("ClientId", SANDBOX),
                entry("OriginatorConversationId", ocid), entry("Product", "bill"), entry("Rail", "BILLER"),
                entry("PaymentStatus", "COMPLETED"));
    }

    /** The workflow's search attributes once it has started (it may be started just after the API answers). */
    private Map<String, String> awaitStarted(String workflowId) {
        return await(() -> described(workflowId));
    }

    private Map<String, String> awaitStatus(String workflowId, String status) {
        return await(() -> described(workflowId).filter(found -> status.equals(found.get("PaymentStatus"))));
    }

    private Map<String, String> searchAttributes(String workflowId) {
        return described(workflowId).orElseThrow();
    }

    /** As the Temporal UI and CLI read them: DescribeWorkflowExecution's search attributes, each a Keyword. */
    private Optional<Map<String, String>> described(String workflowId) {
        Map<String, Payload> indexed;
        try {
            indexed = env.getWorkflowServiceStubs().blockingStub().describeWorkflowExecution(
                    DescribeWorkflowExecutionRequest.newBuilder().setNamespace(env.getNamespace())
                            .setExecution(WorkflowExecution.newBuilder().setWorkflowId(workflowId)).build())
                    .getWorkflowExecutionInfo().getSearchAttributes().getIndexedFieldsMap();
        } catch (StatusRuntimeException notYet) {
            if (notYet.getStatus().getCode() == Status.Code.NOT_FOUND) {
                return Optional.empty();
            }
            throw notYet;
        }
        Map<String, String> values = new TreeMap<>();
        indexed.forEach((name, value) -> values.put(name,
                DefaultDataConverter.STANDARD_INSTANCE.fromPayload(value, String.class, String.class)));
        return Optional.of(values);
    }
}
