package com.paywire.api.payouts;

import static com.paywire.api.support.JsonAnswers.fields;
import static com.paywire.api.support.JsonAnswers.names;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.api.support.ApiClientHelper;
import com.paywire.api.support.ApiTest;
import com.paywire.api.support.ApiTestBase;
import com.paywire.domain.clients.ClientSecretHasher;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.workflows.WorkflowIds;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowExecutionMetadata;
import io.temporal.client.WorkflowNotFoundException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/** The payout operations over HTTP. No worker runs here: accepted lines stay Pending, which is what these tests need. */
@ApiTest
class PaymentOrderApiTest extends ApiTestBase {

    static final String MOBILE_ROUTE = "4a3e1249-51a2-4c57-8b74-166d7f689460";
    static final String BANK_ROUTE = "d77ad3c8-ac13-48f4-9993-9d8c676d4329";
    static final String TILL_ROUTE = "f6669402-e1b3-42bb-94fb-ff2147120f05";

    @Autowired
    ApiClientStore clients;
    @Autowired
    JdbcClient jdbc;
    @Autowired
    WorkflowClient temporal;

    static String mobileLine(String phone, String amount, String stan) {
        return """
                {"remitter":{"name":"Acme Ltd","address":"Nairobi","phoneNumber":"+254700000000","idType":"ID",
                  "idNumber":"1234","dateOfBirth":"1980-01-31","country":"KE","nationality":"KE","ccy":404,
                  "financialInstitution":"Acme Bank","sourceOfFunds":"Business","principalActivity":"Trade"},
                 "recipient":{"name":"Jane Doe","address":"Kisumu","phoneNumber":"%1$s","idNumber":"99",
                  "mccmnc":"63902","financialInstitution":null,"institutionIdentifier":null,
                  "primaryAccountNumber":"%1$s","ccy":404,"country":"KE","purpose":"Salary"},
                 "transaction":{"routeId":"%2$s","ChannelType":1,"amount":%3$s,"reference":"salary",
                  "systemTraceAuditNumber":"%4$s"}}""".formatted(phone, MOBILE_ROUTE, amount, stan);
    }

    static String bankLine(String account, String stan) {
        return """
                {"remitter":{"name":"Acme Ltd","address":"Nairobi","emailAddress":"ops@acme.test","phoneNumber":"+254700000000",
                  "idType":"PASSPORT","idNumber":"A123","idExpiryDate":"2030-12-31","country":"KE","ccy":404,
                  "financialInstitution":"Acme Bank","sourceOfFunds":"Business","dateOfBirth":"1980-01-31",
                  "nationality":"KE","occupation":"Trader"},
                 "recipient":{"name":"John Doe","phoneNumber":"+254722000000","mccmnc":"63902",
                  "financialInstitution":"Equity Bank","institutionIdentifier":"68","primaryAccountNumber":"%s",
                  "ccy":404,"country":"KE","purpose":"Invoice"},
                 "transaction":{"routeId":"%s","ChannelType":21,"amount":2500.50,"reference":"inv-7",
                  "systemTraceAuditNumber":"%s"}}""".formatted(account, BANK_ROUTE, stan);
    }

    static String order(String ocid, String... lines) {
        return "{\"originatorConversationId\":\"" + ocid + "\",\"paymentNotes\":\"payroll\",\"paymentOrderLines\":["
                + String.join(",", lines) + "]}";
    }

    static String stan() {
        return UUID.randomUUID().toString();
    }

    @Test
    void givenAnOrderOfOneLine_onlyTheLinesWorkflowShouldRun_whileAnOrderOfTwoRunsUnderAnOrderWorkflow() throws Exception {
        String single = "ocid-" + UUID.randomUUID();
        String singleStan = stan();
        assertThat(submit(token, order(single, mobileLine("+254712345678", "10", singleStan))).getStatusCode().value())
                .isEqualTo(200);
        String pair = "ocid-" + UUID.randomUUID();
        assertThat(submit(token, order(pair, mobileLine("+254712345678", "10", stan()),
                mobileLine("+254712345679", "10", stan()))).getStatusCode().value()).isEqualTo(200);

        WorkflowExecutionMetadata line = described(WorkflowIds.payoutLine(ApiClientHelper.SANDBOX_ID, singleStan));
        assertThat(line.getWorkflowType()).isEqualTo("PaymentOrderLineWorkflow");
        assertThat(line.getParentExecution()).as("a one-line order's line runs on its own").isNull();
        assertThatThrownBy(() -> temporal.newUntypedWorkflowStub(
                WorkflowIds.paymentOrder(ApiClientHelper.SANDBOX_ID, single)).describe())
                .isInstanceOf(WorkflowNotFoundException.class);
        assertThat(described(WorkflowIds.paymentOrder(ApiClientHelper.SANDBOX_ID, pair)).getWorkflowType())
                .isEqualTo("PaymentOrderWorkflow");
    }

    /** The workflow of that id, once the API's dispatcher has started it. */
    private WorkflowExecutionMetadata described(String workflowId) throws InterruptedException {
        for (int attempt = 0; attempt < 100; attempt++) {
            try {
                return temporal.newUntypedWorkflowStub(workflowId).describe();
            } catch (WorkflowNotFoundException notYet) {
                Thread.sleep(100);
            }
        }
        throw new AssertionError("no workflow " + workflowId + " after 10 s");
    }

    @Test
    void givenAValidMobileAndBankOrder_itShouldBeAccepted_andItsStatusShowTheLinesPending() {
        String ocid = "ocid-" + UUID.randomUUID();
        String mobileStan = stan();
        ResponseEntity<JsonNode> accepted = submit(token, order(ocid, mobileLine("+254712345678", "1500", mobileStan),
                bankLine("0123456789", stan())));

        assertThat(accepted.getStatusCode().value()).isEqualTo(200);
        JsonNode message = accepted.getBody().get("message");
        assertThat(names(message)).containsExactly("appDomainName", "systemConversationId", "originatorConversationId",
                "remarks", "timestamp");
        assertThat(message.get("remarks").asString()).isEqualTo("order submission accepted");
        assertThat(message.get("originatorConversationId").asString()).isEqualTo(ocid);

        JsonNode status = checkStatus(token, "OriginatorConversationId", ocid).getBody();
        assertThat(names(status)).containsExactly("id", "conversationId", "originatorConversationId", "remarks",
                "isProcessed", "orderLines");
        assertThat(status.get("isProcessed").asBoolean()).isFalse();
        JsonNode line = status.get("orderLines").get(0);
        assertThat(names(line)).containsExactly("remitter", "recipient", "transaction", "transactionOutcome");
        assertThat(names(line.get("transaction"))).containsExactly("routeId", "amount", "reference",
                "systemTraceAuditNumber", "type", "channelType", "customerAccountNo", "routeTransactionTypeId",
                "relationship");
        assertThat(line.get("transaction").get("systemTraceAuditNumber").asString()).isEqualTo(mobileStan);
        // the mobile wallet route's GUID, as the route listing gives it, while type keeps Paywire's integer id
        assertThat(line.get("transaction").get("routeTransactionTypeId").asString())
                .isEqualTo("3c1f6d52-2b4e-4c0a-9e51-7d0a1b6f4e01");
        assertThat(line.get("remitter").has("fxRate")).isTrue();
        assertThat(line.get("recipient").has("creditCustomerAccountId")).isTrue();
        JsonNode outcome = line.get("transactionOutcome");
        assertThat(names(outcome)).containsExactly("id", "paymentAmount", "feeAmount", "trackingNumber",
                "transactionStatus", "transactionStatusDescription", "workingAccountAvailableFunds",
                "utilityAccountAvailableFunds", "walletBalance", "transactionDate", "transactionCreditParty",
                "resultCode", "resultCodeDescription", "thirdPartyPayload");
        assertThat(outcome.get("transactionStatus").asInt()).isEqualTo(0);
        assertThat(outcome.get("transactionStatusDescription").asString()).isEqualTo("Pending");
        assertThat(outcome.get("resultCode").isNull()).isTrue();
        assertThat(outcome.get("resultCodeDescription").isNull()).isTrue();
        assertThat(names(outcome.get("thirdPartyPayload"))).containsExactlyInAnyOrder("thirdPartyResponseCode",
                "thirdPartyResponseCodeDescription", "thirdPartyResultCode", "thirdPartyResultCodeDescription",
                "thirdPartyReceiptNumber");

        String systemId = message.get("systemConversationId").asString();
        assertThat(checkStatus(token, "SystemConversationId", systemId).getBody().get("originatorConversationId")
                .asString()).isEqualTo(ocid);
    }

    @Test
    void givenFiftyConcurrentSubmissionsOfOneOriginatorConversationId_exactlyOneShouldBeAccepted() throws Exception {
        String ocid = "race-" + UUID.randomUUID();
        String body = order(ocid, mobileLine("+254712345678", "10", stan()));
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(50);
        List<Future<ResponseEntity<JsonNode>>> answers = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            answers.add(pool.submit((Callable<ResponseEntity<JsonNode>>) () -> {
                go.await();
                return submit(token, body);
            }));
        }
        go.countDown();
        List<ResponseEntity<JsonNode>> responses = new ArrayList<>();
        for (Future<ResponseEntity<JsonNode>> answer : answers) {
            responses.add(answer.get());
        }
        pool.shutdown();

        assertThat(responses.stream().filter(r -> r.getStatusCode().value() == 200)).hasSize(1);
        List<ResponseEntity<JsonNode>> refused = responses.stream().filter(r -> r.getStatusCode().value() != 200).toList();
        assertThat(refused).hasSize(49).allSatisfy(r -> {
            assertThat(r.getStatusCode().value()).isEqualTo(400);
            assertThat(r.getBody().get("errors").get(0).get("field").asString()).isEqualTo("originatorConversationId");
            assertThat(r.getBody().get("errors").get(0).get("message").asString()).contains("duplicate");
            assertThat(r.getBody().get("originatorConversationId").asString()).isEqualTo(ocid);
        });
        assertThat(jdbc.sql("select count(*) from payment_orders where originator_conversation_id = ?").param(ocid)
                .query(Integer.class).single()).isEqualTo(1);
        assertThat(jdbc.sql("select count(*) from payout_lines l join payment_orders o on o.id = l.order_id where o.originator_conversation_id = ?")
                .param(ocid).query(Integer.class).single()).isEqualTo(1);
    }

    @Test
    void givenALineBreakingTheRules_itShouldNameEachField_andRecordNothing() {
        String dupStan = stan();
        String ocid = "bad-" + UUID.randomUUID();
        String badMobile = mobileLine("0812345678", "10.55", dupStan).replace("\"63902\"", "\"99999\"");
        String badBank = bankLine("", stan()).replace("\"idExpiryDate\":\"2030-12-31\",", "")
                .replace("\"ccy\":404,\"country\":\"KE\",\"purpose\"", "\"ccy\":840,\"country\":\"KE\",\"purpose\"");
        String unassignedRoute = mobileLine("+254712345678", "10", dupStan).replace(MOBILE_ROUTE, UUID.randomUUID().toString());
        String wrongChannel = mobileLine("+254712345678", "10", stan()).replace("\"ChannelType\":1,", "\"ChannelType\":14,");

        ResponseEntity<JsonNode> response = submit(token, order(ocid, badMobile, badBank, unassignedRoute, wrongChannel));

        assertThat(response.getStatusCode().value()).isEqualTo(400);
        assertThat(response.getBody().get("originatorConversationId").asString()).isEqualTo(ocid);
        assertThat(fields(response.getBody())).containsExactly(
                "paymentOrderLines[0].recipient.mccmnc",
                "paymentOrderLines[0].recipient.phoneNumber",
                "paymentOrderLines[0].recipient.primaryAccountNumber",
                "paymentOrderLines[1].recipient.ccy",
                "paymentOrderLines[1].recipient.primaryAccountNumber",
                "paymentOrderLines[1].remitter.idExpiryDate",
                "paymentOrderLines[2].transaction.routeId",
                "paymentOrderLines[2].transaction.systemTraceAuditNumber",
                "paymentOrderLines[3].transaction.ChannelType");
        assertThat(jdbc.sql("select count(*) from payment_orders where originator_conversation_id = ?").param(ocid)
                .query(Integer.class).single()).isZero();
    }

    @Test
    void givenMissingOrMistypedFields_itShouldAnswerTheFieldErrorList() {
        ResponseEntity<JsonNode> response = submit(token, """
                {"originatorConversationId":"x1","paymentOrderLines":[{"remitter":{},"recipient":{},
                 "transaction":{"routeId":"%s","channeltype":"abc"}}]}""".formatted(MOBILE_ROUTE));
        assertThat(response.getStatusCode().value()).isEqualTo(400);
        assertThat(fields(response.getBody())).containsExactly("paymentOrderLines[0].transaction.ChannelType");

        ResponseEntity<JsonNode> missing = submit(token, """
                {"paymentOrderLines":[{"remitter":{},"recipient":{},"transaction":{"routeId":"%s"}}]}""".formatted(MOBILE_ROUTE));
        assertThat(fields(missing.getBody())).containsExactly("originatorConversationId",
                "paymentOrderLines[0].transaction.ChannelType", "paymentOrderLines[0].transaction.amount",
                "paymentOrderLines[0].transaction.systemTraceAuditNumber");

        ResponseEntity<JsonNode> negative = submit(token, order("neg-" + UUID.randomUUID(), mobileLine("+254712345678", "-5", stan())));
        assertThat(fields(negative.getBody())).containsExactly("paymentOrderLines[0].transaction.amount");
    }

    static final String PAYBILL_ROUTE = "5c358904-6093-4400-8086-07adbe0b6774";

    @Test
    void givenMobileAndBusinessLinesWithoutARemitter_theyShouldBeAccepted_butABankLineNeedsOne() {
        String mobile = """
                {"recipient":{"name":"Jane Doe","mccmnc":"63902","primaryAccountNumber":"+254712345678","ccy":404,"country":"KE"},
                 "transaction":{"routeId":"%s","ChannelType":1,"amount":100,"reference":"r","systemTraceAuditNumber":"%s"}}"""
                .formatted(MOBILE_ROUTE, stan());
        String business = """
                {"recipient":{"name":"Kenya Power","institutionIdentifier":"888880","primaryAccountNumber":"54405080323",
                  "mccmnc":"63902","ccy":404,"country":"KE","purpose":"Bill"},
                 "transaction":{"routeId":"%s","channelType":14,"amount":1500.0,"reference":"INV-77",
                  "systemTraceAuditNumber":"%s","accountNo":"54405080323"}}""".formatted(PAYBILL_ROUTE, stan());
        assertThat(submit(token, order("no-remitter-" + UUID.randomUUID(), mobile, business)).getStatusCode().value())
                .isEqualTo(200);

        String bankWithout = bankLine("0123456789", stan()).replaceFirst("\\{\"remitter\":\\{[^}]*},", "{");
        ResponseEntity<JsonNode> bank = submit(token, order("bank-no-remitter-" + UUID.randomUUID(), bankWithout));
        assertThat(bank.getStatusCode().value()).isEqualTo(400);
        assertThat(fields(bank.getBody())).containsExactly("paymentOrderLines[0].remitter");

        String badRemitter = mobile.replace("{\"recipient\"", "{\"remitter\":{\"phoneNumber\":\"0700\",\"idIssueDate\":\"soon\"},\"recipient\"")
                .replaceAll("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\"}}$", stan() + "\"}}");
        ResponseEntity<JsonNode> refused = submit(token, order("bad-remitter-" + UUID.randomUUID(), badRemitter));
        assertThat(fields(refused.getBody())).containsExactly("paymentOrderLines[0].remitter.idIssueDate",
                "paymentOrderLines[0].remitter.phoneNumber");
    }

    @Test
    void givenABusinessLineInThePublicShape_itsStatusShouldEchoTheAccountAsCustomerAccountNo_withTheFeeWhilePending() {
        String ocid = "paybill-" + UUID.randomUUID();
        String line = """
                {"remitter":{"name":"Acme Ltd","idIssueDate":"2015-06-01","idIssuePlace":"Nairobi"},
                 "recipient":{"name":"Kenya Power","institutionIdentifier":"888880","primaryAccountNumber":"54405080323",
                  "mccmnc":"63902","ccy":404,"country":"KE","purpose":"Bill"},
                 "transaction":{"routeId":"%s","channelType":14,"amount":1500.0,"reference":"INV-77",
                  "systemTraceAuditNumber":"%s","accountNo":"54405080323"}}""".formatted(PAYBILL_ROUTE.toUpperCase(), stan());
        assertThat(submit(token, order(ocid, line)).getStatusCode().value()).isEqualTo(200);

        JsonNode status = checkStatus(token, "OriginatorConversationId", ocid).getBody().get("orderLines").get(0);
        assertThat(status.get("transaction").get("customerAccountNo").asString()).isEqualTo("54405080323");
        assertThat(status.get("recipient").get("institutionIdentifier").asString()).isEqualTo("888880");
        assertThat(status.get("remitter").get("idIssueDate").asString()).isEqualTo("2015-06-01");
        assertThat(status.get("remitter").get("idIssuePlace").asString()).isEqualTo("Nairobi");
        JsonNode outcome = status.get("transactionOutcome");
        assertThat(outcome.get("feeAmount").isNumber()).isTrue();
        assertThat(outcome.get("feeAmount").decimalValue()).isEqualByComparingTo("20.00");
        assertThat(outcome.get("resultCode").isNull()).isTrue();
        assertThat(outcome.get("resultCodeDescription").isNull()).isTrue();
        String paybillRow = jdbc.sql("select credit_account || '/' || account_reference from payout_lines where order_id = "
                + "(select id from payment_orders where originator_conversation_id = ?)").param(ocid)
                .query(String.class).single();
        assertThat(paybillRow).isEqualTo("888880/54405080323");
    }

    @Test
    void givenABusinessLine_todaysShapeShouldStillBeTaken_andAnAccountNoThatDisagreesRefused() {
        String todays = """
                {"recipient":{"name":"Shop","primaryAccountNumber":"888880","ccy":404},
                 "transaction":{"routeId":"%s","ChannelType":14,"amount":100,"reference":"r","systemTraceAuditNumber":"%s",
                  "accountNo":"22334455667"}}""".formatted(PAYBILL_ROUTE, stan());
        String ocid = "paybill-today-" + UUID.randomUUID();
        assertThat(submit(token, order(ocid, todays)).getStatusCode().value()).isEqualTo(200);
        assertThat(checkStatus(token, "OriginatorConversationId", ocid).getBody().get("orderLines").get(0)
                .get("transaction").get("customerAccountNo").asString()).isEqualTo("22334455667");

        String disagreeing = """
                {"recipient":{"name":"Kenya Power","institutionIdentifier":"888880","primaryAccountNumber":"54405080323"},
                 "transaction":{"routeId":"%s","ChannelType":14,"amount":100,"reference":"r","systemTraceAuditNumber":"%s",
                  "accountNo":"11111111111"}}""".formatted(PAYBILL_ROUTE, stan());
        ResponseEntity<JsonNode> refused = submit(token, order("paybill-bad-" + UUID.randomUUID(), disagreeing));
        assertThat(refused.getStatusCode().value()).isEqualTo(400);
        assertThat(fields(refused.getBody())).containsExactly("paymentOrderLines[0].transaction.accountNo");
    }

    @Test
    void givenATillPayout_itShouldRequireATillNumber() {
        String line = mobileLine("+254712345678", "10", stan()).replace(MOBILE_ROUTE, TILL_ROUTE)
                .replace("\"ChannelType\":1,", "\"ChannelType\":13,");
        ResponseEntity<JsonNode> response = submit(token, order("till-" + UUID.randomUUID(), line));

        assertThat(response.getStatusCode().value()).isEqualTo(400);
        assertThat(fields(response.getBody())).containsExactly("paymentOrderLines[0].recipient.primaryAccountNumber");

        String valid = line.replace("\"primaryAccountNumber\":\"+254712345678\"", "\"primaryAccountNumber\":\"5123456\"");
        assertThat(submit(token, order("till-" + UUID.randomUUID(), valid)).getStatusCode().value()).isEqualTo(200);
    }

    @Test
    void givenAReusedSystemTraceAuditNumber_itShouldBeRefusedAsADuplicate() {
        String reused = stan();
        assertThat(submit(token, order("s1-" + UUID.randomUUID(), mobileLine("+254712345678", "10", reused)))
                .getStatusCode().value()).isEqualTo(200);

        ResponseEntity<JsonNode> again = submit(token, order("s2-" + UUID.randomUUID(), mobileLine("+254712345678", "10", reused)));

        assertThat(again.getStatusCode().value()).isEqualTo(400);
        assertThat(fields(again.getBody())).containsExactly("paymentOrderLines[0].transaction.systemTraceAuditNumber");
    }

    @Test
    void givenCheckStatusWithoutIdOrWithAnUnknownOne_itShouldAnswer400Or404() {
        ResponseEntity<JsonNode> noId = http.get().uri("/v1/payment-order/check-status?IdType=OriginatorConversationId")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().toEntity(JsonNode.class);
        assertThat(noId.getStatusCode().value()).isEqualTo(400);
        assertThat(fields(noId.getBody())).containsExactly("Id");

        ResponseEntity<JsonNode> noType = http.get().uri("/v1/payment-order/check-status?Id=x")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().toEntity(JsonNode.class);
        assertThat(fields(noType.getBody())).containsExactly("IdType");

        ResponseEntity<JsonNode> badType = checkStatus(token, "Reference", "x");
        assertThat(badType.getStatusCode().value()).isEqualTo(400);
        assertThat(fields(badType.getBody())).containsExactly("IdType");

        ResponseEntity<JsonNode> unknown = checkStatus(token, "OriginatorConversationId", "never-sent");
        assertThat(unknown.getStatusCode().value()).isEqualTo(404);
        assertThat(names(unknown.getBody())).containsExactly("id", "idType", "message");
        assertThat(unknown.getBody().get("id").asString()).isEqualTo("never-sent");
    }

    @Test
    void givenAnotherClientsOrder_itShouldLookUnknown() {
        String ocid = "mine-" + UUID.randomUUID();
        ResponseEntity<JsonNode> accepted = submit(token, order(ocid, mobileLine("+254712345678", "10", stan())));
        String systemId = accepted.getBody().get("message").get("systemConversationId").asString();
        clients.registerWithAllRoutes(new ApiClient("nosy-client", "Nosy", ClientSecretHasher.hash("nosy-secret"),
                Set.of("payouts")));
        String nosy = ApiClientHelper.token(http, "nosy-client", "nosy-secret");

        assertThat(checkStatus(nosy, "OriginatorConversationId", ocid).getStatusCode().value()).isEqualTo(404);
        assertThat(checkStatus(nosy, "SystemConversationId", systemId).getStatusCode().value()).isEqualTo(404);
        assertThat(http.post().uri("/v1/payment-order/reject-order?OriginatorConversationId=" + ocid)
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + nosy).retrieve().toBodilessEntity()
                .getStatusCode().value()).isEqualTo(404);
        // and the same id is free for the other client to use
        assertThat(submit(nosy, order(ocid, mobileLine("+254712345678", "10", stan()))).getStatusCode().value())
                .isEqualTo(200);
    }

    @Test
    void givenPendingLines_rejectShouldMakeThemRejected_andASecondRejectShouldSayItCannot() {
        String ocid = "rej-" + UUID.randomUUID();
        submit(token, order(ocid, mobileLine("+254712345678", "10", stan()), mobileLine("+254712345679", "20", stan())));

        JsonNode first = reject(ocid);
        assertThat(first.get("paymentOrderlines")).hasSize(2).allSatisfy(line -> {
            assertThat(names(line)).contains("originatorConversationId", "transactionStatus",
                    "transactionStatusDescription", "resultCode", "resultCodeDescription");
            assertThat(line.get("transactionStatus").asInt()).isEqualTo(7);
            assertThat(line.get("resultCode").asString()).isEqualTo("0");
        });

        JsonNode second = reject(ocid);
        assertThat(second.get("paymentOrderlines")).allSatisfy(line -> {
            assertThat(line.get("resultCode").asString()).isEqualTo("1");
            assertThat(line.get("resultCodeDescription").asString())
                    .isEqualTo("Transaction cannot be rejected on current status");
        });
        JsonNode status = checkStatus(token, "OriginatorConversationId", ocid).getBody();
        assertThat(status.get("isProcessed").asBoolean()).isTrue();
        assertThat(status.get("orderLines").get(0).get("transactionOutcome").get("transactionStatusDescription")
                .asString()).isEqualTo("Rejected");
        // typed clients read the fee as a number in every state
        assertThat(status.get("orderLines").get(0).get("transactionOutcome").get("feeAmount").isNumber()).isTrue();
    }

    @Test
    void givenBalanceAndChargesQueries_theyShouldAnswerTheDocumentedShapes() {
        JsonNode balance = http.get().uri("/v1/customer-accounts/get-wallet-balance?ccy=404")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().body(JsonNode.class);
        assertThat(names(balance)).containsExactly("customerAccountBalanceList", "status", "balance");
        assertThat(balance.get("customerAccountBalanceList")).extracting(b -> b.get("type"))
                .allMatch(JsonNode::isInt).extracting(JsonNode::asInt).containsExactly(1, 2);
        assertThat(names(balance.get("customerAccountBalanceList").get(0)))
                .containsExactly("status", "message", "balance", "type");
        assertThat(http.get().uri("/v1/customer-accounts/get-wallet-balance-by-id")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().toBodilessEntity().getStatusCode().value())
                .isEqualTo(200);
        // USD: a currency card payments are kept in, answered in the same shape; yen: none of Paywire's
        JsonNode dollars = http.get().uri("/v1/customer-accounts/get-wallet-balance?ccy=840")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().body(JsonNode.class);
        assertThat(names(dollars.get("customerAccountBalanceList").get(1)))
                .containsExactly("status", "message", "balance", "type");
        assertThat(http.get().uri("/v1/customer-accounts/get-wallet-balance?ccy=392")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().toBodilessEntity().getStatusCode().value())
                .isEqualTo(400);

        JsonNode mobile = http.get().uri("/v1/charge/fetch-charges?transactionTypeId=1")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().body(JsonNode.class);
        assertThat(names(mobile)).containsExactly("name", "minimumCharge", "currencyName", "maximumCharge",
                "graduatedScaleList");
        assertThat(mobile.get("currencyName").asString()).isEqualTo("KES");
        assertThat(mobile.get("minimumCharge").decimalValue()).isEqualByComparingTo("10.00");
        assertThat(mobile.get("maximumCharge").decimalValue()).isEqualByComparingTo("25.00");
        assertThat(mobile.get("graduatedScaleList")).hasSize(2);
        JsonNode firstBand = mobile.get("graduatedScaleList").get(0);
        assertThat(names(firstBand)).containsExactly("value", "rangeLowerLimit", "rangeUpperLimit", "chargeType");
        assertThat(firstBand.get("value").isNumber()).isTrue();
        assertThat(firstBand.get("value").decimalValue()).isEqualByComparingTo("10.00");
        assertThat(firstBand.get("rangeUpperLimit").decimalValue()).isEqualByComparingTo("1000.00");

        JsonNode bank = http.get().uri("/v1/charge/fetch-charges?transactionTypeId=2")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().body(JsonNode.class);
        assertThat(bank.get("graduatedScaleList").get(1).get("chargeType").asString()).isEqualTo("PERCENT");
        assertThat(bank.get("maximumCharge").decimalValue()).isEqualByComparingTo("10000.00");
        assertThat(http.get().uri("/v1/charge/fetch-charges?transactionTypeId=77")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().toBodilessEntity().getStatusCode().value())
                .isEqualTo(404);
    }

    @Test
    void givenARailCallbackWithoutItsSecret_itShouldBeRefused_andAnUnknownReferenceKeptUnmatched() {
        ResponseEntity<JsonNode> noSecret = http.post().uri("/rails/mobile-money/b2c-result")
                .contentType(MediaType.APPLICATION_JSON).body("{\"reference\":\"x\",\"resultCode\":\"0\"}")
                .retrieve().toEntity(JsonNode.class);
        assertThat(noSecret.getStatusCode().value()).isEqualTo(401);

        ResponseEntity<JsonNode> unknown = http.post().uri("/rails/mobile-money/b2c-result")
                .header("X-Rail-Secret", "sandbox-mobile-money-secret")
                .contentType(MediaType.APPLICATION_JSON).body("{\"reference\":\"no-such-line\",\"resultCode\":\"0\"}")
                .retrieve().toEntity(JsonNode.class);
        assertThat(unknown.getStatusCode().value()).isEqualTo(200);
        assertThat(unknown.getBody().get("matched").asBoolean()).isFalse();
        assertThat(jdbc.sql("select count(*) from rail_callbacks where reference = 'no-such-line' and not matched")
                .query(Integer.class).single()).isEqualTo(1);
    }

    private JsonNode reject(String ocid) {
        ResponseEntity<JsonNode> response = http.post().uri("/v1/payment-order/reject-order?OriginatorConversationId=" + ocid)
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().toEntity(JsonNode.class);
        assertThat(response.getStatusCode().value()).isEqualTo(200);
        return response.getBody();
    }

    private ResponseEntity<JsonNode> submit(String bearer, String json) {
        return http.post().uri("/v1/payment-order/new-order").header(HttpHeaders.AUTHORIZATION, "Bearer " + bearer)
                .contentType(MediaType.APPLICATION_JSON).body(json).retrieve().toEntity(JsonNode.class);
    }

    private ResponseEntity<JsonNode> checkStatus(String bearer, String idType, String id) {
        return http.get().uri("/v1/payment-order/check-status?IdType={t}&Id={i}", idType, id)
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + bearer).retrieve().toEntity(JsonNode.class);
    }
}
