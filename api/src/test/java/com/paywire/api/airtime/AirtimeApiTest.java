package com.paywire.api.airtime;

import static com.paywire.api.support.ApiClientHelper.SANDBOX_ID;
import static com.paywire.api.support.JsonAnswers.assertNotFound;
import static com.paywire.api.support.JsonAnswers.fields;
import static com.paywire.api.support.JsonAnswers.names;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.ApiClientHelper;
import com.paywire.api.support.ApiTest;
import com.paywire.api.support.ApiTestBase;
import com.paywire.domain.clients.ClientSecretHasher;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.workflows.WorkflowIds;
import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import io.temporal.client.WorkflowClient;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/**
 * Airtime Purchase and its status query (docs/interface.md#airtime): every rule names its field, a refused
 * purchase stores nothing, and a client sees only its own purchases. No worker runs here: accepted purchases stay
 * PENDING, their AirtimePurchaseWorkflow started on the platform queue and never picked up.
 */
@ApiTest
class AirtimeApiTest extends ApiTestBase {

    static final String ACCEPTED = "Airtime Purchase Accepted";
    static final List<String> ERROR_SHAPE = List.of("appDomainName", "status", "timestamp", "systemConversationId",
            "originatorConversationId", "errors");

    final Operations purchases = new Operations("/v1/airtime-purchase", "/v1/airtime-purchase/check-status?OriginatorConversationId=", this::rows);

    @Autowired
    ApiClientStore clients;
    @Autowired
    JdbcClient jdbc;
    @Autowired
    WorkflowClient temporal;

    static Map<String, Object> recipient(String phoneNumber, Object amount) {
        Map<String, Object> recipient = new LinkedHashMap<>();
        recipient.put("currencyCode", "KES");
        recipient.put("phoneNumber", phoneNumber);
        recipient.put("amount", amount);
        recipient.put("name", "Wanjiku");
        return recipient;
    }

    static Map<String, Object> valid() {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("originatorConversationId", UUID.randomUUID().toString());
        body.put("callbackURL", "https://merchant.example/airtime/callback");
        body.put("recipients", new ArrayList<>(List.of(recipient("254712345678", 99),
                recipient("+254733123456", "250.50"), recipient("0771234567", 10000))));
        return body;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> first(Map<String, Object> body) {
        return ((List<Map<String, Object>>) body.get("recipients")).getFirst();
    }

    @Test
    void givenAValidPurchase_itShouldBeAccepted_stored_started_andItsStatusPending() {
        Map<String, Object> body = valid();
        String ocid = (String) body.get("originatorConversationId");

        ResponseEntity<JsonNode> accepted = purchases.submit(body, token);

        assertThat(accepted.getStatusCode().value()).as("%s", accepted.getBody()).isEqualTo(200);
        assertThat(names(accepted.getBody())).containsExactly("message");
        JsonNode message = accepted.getBody().get("message");
        assertThat(names(message)).containsExactly("appDomainName", "remarks", "originatorConversationId",
                "systemConversationId", "timestamp");
        assertThat(message.get("appDomainName").asString()).isEqualTo("SANDBOX");
        assertThat(message.get("remarks").asString()).isEqualTo(ACCEPTED);
        assertThat(message.get("originatorConversationId").asString()).isEqualTo(ocid);
        String systemConversationId = message.get("systemConversationId").asString();
        assertThat(UUID.fromString(systemConversationId)).isNotNull();
        assertThat(OffsetDateTime.parse(message.get("timestamp").asString())).isBetween(
                OffsetDateTime.now(clock).minusMinutes(1), OffsetDateTime.now(clock).plusSeconds(1));

        var workflow = temporal.newUntypedWorkflowStub(WorkflowIds.airtime(SANDBOX_ID, ocid)).describe();
        assertThat(workflow.getExecution().getWorkflowId()).isEqualTo("airtime:" + SANDBOX_ID + ":" + ocid);
        assertThat(workflow.getWorkflowType()).isEqualTo("AirtimePurchaseWorkflow");
        assertThat(workflow.getTaskQueue()).isEqualTo("platform");
        assertThat(workflow.getStatus()).isEqualTo(WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_RUNNING);
        assertThat(jdbc.sql("select workflow_started from airtime_purchases where id = ?::uuid")
                .param(systemConversationId).query(Boolean.class).single()).isTrue();
        assertThat(jdbc.sql("select network from airtime_recipients where purchase_id = ?::uuid order by position")
                .param(systemConversationId).query(String.class).list())
                .containsExactly("SAFARICOM", "AIRTEL", "TELKOM");
        assertThat(jdbc.sql("select sum(fee) from airtime_recipients where purchase_id = ?::uuid")
                .param(systemConversationId).query(java.math.BigDecimal.class).single())
                .as("airtime carries no fee").isEqualByComparingTo("0");

        ResponseEntity<JsonNode> status = purchases.query(ocid, token);

        assertThat(status.getStatusCode().value()).as("%s", status.getBody()).isEqualTo(200);
        JsonNode record = status.getBody();
        assertThat(names(record)).containsExactly("originatorConversationId", "systemConversationId", "status",
                "recipients");
        assertThat(record.get("originatorConversationId").asString()).isEqualTo(ocid);
        assertThat(record.get("systemConversationId").asString()).isEqualTo(systemConversationId);
        assertThat(record.get("status").asString()).isEqualTo("PENDING");
        JsonNode recipients = record.get("recipients");
        assertThat(recipients).hasSize(3);
        assertThat(names(recipients.get(0))).containsExactly("phoneNumber", "amount", "status", "resultCode",
                "resultDesc", "receiptNumber");
        assertThat(recipients.get(0).get("phoneNumber").asString()).isEqualTo("254712345678");
        assertThat(recipients.get(0).get("amount").decimalValue()).isEqualByComparingTo("99");
        assertThat(recipients.get(0).get("amount").isNumber()).isTrue();
        assertThat(recipients.get(0).get("status").asString()).isEqualTo("PENDING");
        assertThat(recipients.get(0).get("resultCode").isNull()).isTrue();
        assertThat(recipients.get(0).get("resultDesc").isNull()).isTrue();
        assertThat(recipients.get(0).get("receiptNumber").isNull()).isTrue();
        assertThat(recipients.get(1).get("phoneNumber").asString()).as("the + is tolerated").isEqualTo("254733123456");
        assertThat(recipients.get(1).get("amount").decimalValue()).isEqualByComparingTo("250.50");
        assertThat(recipients.get(2).get("phoneNumber").asString()).isEqualTo("254771234567");
    }

    static Stream<Arguments> toleratedSpellings() {
        return Stream.of(
                Arguments.of("phoneNumber", "254700000000"),
                Arguments.of("phoneNumber", "+254700000000"),
                Arguments.of("phoneNumber", "0700 000 000"),
                Arguments.of("phoneNumber", "+254 110 123456"),
                Arguments.of("amount", 10),
                Arguments.of("amount", "10.00"),
                Arguments.of("amount", 10000.00),
                Arguments.of("amount", 55.5),
                Arguments.of("currencyCode", "kes"),
                Arguments.of("currencyCode", "404"),
                Arguments.of("name", null));
    }

    @ParameterizedTest(name = "{0} = {1}")
    @MethodSource("toleratedSpellings")
    void givenARecipientFieldInAnotherOfItsAcceptedSpellings_itShouldBeAccepted(String field, Object value) {
        Map<String, Object> body = valid();
        first(body).put(field, value);

        ResponseEntity<JsonNode> accepted = purchases.submit(body, token);

        assertThat(accepted.getStatusCode().value()).as("%s", accepted.getBody()).isEqualTo(200);
        assertThat(accepted.getBody().get("message").get("remarks").asString()).isEqualTo(ACCEPTED);
    }

    @Test
    void givenAnEmptyBody_everyMandatoryFieldShouldBeNamedAsRequired_andNothingStored() {
        ResponseEntity<JsonNode> response = purchases.submitStoringNothing(Map.of(), token);

        assertThat(names(response.getBody())).containsExactlyElementsOf(ERROR_SHAPE);
        assertThat(fields(response)).containsExactlyInAnyOrder("originatorConversationId", "callbackURL", "recipients");
        response.getBody().get("errors").forEach(error -> assertThat(error.get("message").asString())
                .isEqualTo("The " + error.get("field").asString() + " field is required."));
    }

    @ParameterizedTest(name = "{0} missing")
    @ValueSource(strings = {"currencyCode", "phoneNumber", "amount"})
    void givenAMandatoryRecipientFieldMissing_theErrorShouldNameItAsRequired_andNothingBeStored(String field) {
        Map<String, Object> body = valid();
        first(body).remove(field);
        ResponseEntity<JsonNode> response = purchases.submitStoringNothing(body, token);

        assertThat(fields(response)).containsExactly("recipients[0]." + field);
        assertThat(response.getBody().get("errors").get(0).get("message").asString())
                .isEqualTo("The recipients[0]." + field + " field is required.");
    }

    static Stream<Arguments> brokenRecipientRules() {
        return Stream.of(
                Arguments.of("phoneNumber", "call me"),
                Arguments.of("phoneNumber", "256712345678"),                       // Uganda
                Arguments.of("phoneNumber", "254747123456"),                       // Faiba: a network not served
                Arguments.of("phoneNumber", "25471234567"),                        // a digit short
                Arguments.of("amount", 9.99),                                      // below the least
                Arguments.of("amount", "10000.01"),                                // above the most
                Arguments.of("amount", 0),
                Arguments.of("amount", -50),
                Arguments.of("amount", "12.345"),                                  // three decimals
                Arguments.of("amount", "ten"),
                Arguments.of("currencyCode", "USD"),
                Arguments.of("currencyCode", "840"),
                Arguments.of("name", "x".repeat(101)));
    }

    @ParameterizedTest(name = "{0} = {1}")
    @MethodSource("brokenRecipientRules")
    void givenARecipientFieldBreakingItsRule_theErrorShouldNameIt_andNothingBeStored(String field, Object value) {
        Map<String, Object> body = valid();
        first(body).put(field, value);
        ResponseEntity<JsonNode> response = purchases.submitStoringNothing(body, token);

        assertThat(names(response.getBody())).containsExactlyElementsOf(ERROR_SHAPE);
        assertThat(fields(response)).containsExactly("recipients[0]." + field);
    }

    static Stream<Arguments> brokenPurchaseRules() {
        return Stream.of(
                Arguments.of("originatorConversationId", "x".repeat(101)),
                Arguments.of("originatorConversationId", " "),
                Arguments.of("callbackURL", "ftp://merchant.example/airtime"),
                Arguments.of("callbackURL", "not a url"),
                Arguments.of("recipients", List.of()),
                Arguments.of("recipients", IntStream.range(0, 101).mapToObj(i -> recipient("254712345678", 50)).toList()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("brokenPurchaseRules")
    void givenAPurchaseFieldBreakingItsRule_theErrorShouldNameIt_andNothingBeStored(String field, Object value) {
        ResponseEntity<JsonNode> response = purchases.submitStoringNothing(with(valid(), field, value), token);

        assertThat(fields(response)).containsExactly(field);
    }

    @Test
    void givenOneHundredRecipients_thePurchaseShouldBeAccepted() {
        Map<String, Object> body = valid();
        body.put("recipients", IntStream.range(0, 100).mapToObj(i -> recipient("2547120000" + (10 + i % 90), 10)).toList());

        ResponseEntity<JsonNode> accepted = purchases.submit(body, token);

        assertThat(accepted.getStatusCode().value()).as("%s", accepted.getBody()).isEqualTo(200);
        assertThat(purchases.query(body.get("originatorConversationId"), token).getBody().get("recipients")).hasSize(100);
    }

    @Test
    void givenSeveralRecipientsBreakingRules_everyOneShouldBeNamedByItsIndex() {
        Map<String, Object> body = valid();
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> recipients = (List<Map<String, Object>>) body.get("recipients");
        recipients.get(1).put("amount", 5);
        recipients.get(2).put("phoneNumber", "12345");

        ResponseEntity<JsonNode> response = purchases.submit(body, token);

        assertThat(fields(response)).containsExactly("recipients[1].amount", "recipients[2].phoneNumber");
        assertThat(response.getBody().get("originatorConversationId").asString())
                .as("echoed").isEqualTo(body.get("originatorConversationId"));
    }

    @Test
    void givenAReusedOriginatorConversationId_theErrorShouldNameItAsADuplicate_andOnlyTheFirstStand() {
        Map<String, Object> body = valid();
        assertThat(purchases.submit(body, token).getStatusCode().value()).isEqualTo(200);
        Map<String, Object> again = valid();
        again.put("originatorConversationId", body.get("originatorConversationId"));
        again.put("recipients", List.of(recipient("254799999999", 500)));

        ResponseEntity<JsonNode> refused = purchases.submit(again, token);

        assertThat(names(refused.getBody())).containsExactlyElementsOf(ERROR_SHAPE);
        assertThat(fields(refused)).containsExactly("originatorConversationId");
        assertThat(refused.getBody().get("errors").get(0).get("message").asString())
                .contains("duplicate").contains((String) body.get("originatorConversationId"));
        assertThat(jdbc.sql("select count(*) from airtime_purchases where originator_conversation_id = ?")
                .param(body.get("originatorConversationId")).query(Long.class).single()).isEqualTo(1);
        assertThat(purchases.query(body.get("originatorConversationId"), token).getBody().get("recipients"))
                .as("the first purchase stands").hasSize(3);
    }

    @Test
    void givenAnotherClientsPurchase_itsStatusShouldBe404_andTheSameIdTheOtherClientsOwnToUse() {
        Map<String, Object> body = valid();
        assertThat(purchases.submit(body, token).getStatusCode().value()).isEqualTo(200);
        clients.registerWithAllRoutes(new ApiClient("airtime-snoop", "Snoop", ClientSecretHasher.hash("snoop-secret"),
                Set.of("bills")));
        String other = ApiClientHelper.token(http, "airtime-snoop", "snoop-secret");

        ResponseEntity<JsonNode> snooped = purchases.query(body.get("originatorConversationId"), other);

        assertNotFound(snooped);
        assertThat(snooped.getBody().toString()).doesNotContain("254712345678");

        Map<String, Object> same = valid();
        same.put("originatorConversationId", body.get("originatorConversationId"));
        same.put("recipients", List.of(recipient("254722000111", 20)));
        ResponseEntity<JsonNode> accepted = purchases.submit(same, other);
        assertThat(accepted.getStatusCode().value()).as("%s", accepted.getBody()).isEqualTo(200);
        assertThat(purchases.query(body.get("originatorConversationId"), other).getBody().get("recipients")).hasSize(1);
        assertThat(purchases.query(body.get("originatorConversationId"), token).getBody().get("recipients")).hasSize(3);
    }

    @Test
    void givenATokenWithoutTheBillsScope_bothOperationsShouldBeRefused403_andNothingStored() {
        purchases.assertRefusedWithoutScope("bills", "kyc", valid());
    }

    @Test
    void givenNoToken_bothOperationsShouldBeRefused401_andNothingStored() {
        purchases.assertRefusedWithoutToken(valid());
    }

    @Test
    void givenAnUnknownPurchase_theStatusShouldBe404_andWithoutTheId_400NamingIt() {
        UUID unknown = UUID.randomUUID();
        ResponseEntity<JsonNode> notFound = purchases.query(unknown, token);
        assertNotFound(notFound);
        assertThat(notFound.getBody().toString()).doesNotContain(unknown.toString());

        ResponseEntity<JsonNode> missing = getJson("/v1/airtime-purchase/check-status", token);
        assertThat(fields(missing)).containsExactly("OriginatorConversationId");
        assertThat(missing.getBody().get("errors").get(0).get("message").asString())
                .isEqualTo("The OriginatorConversationId field is required.");
    }

    private long rows() {
        return jdbc.sql("select (select count(*) from airtime_purchases) + (select count(*) from airtime_recipients)")
                .query(Long.class).single();
    }
}
