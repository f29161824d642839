package com.paywire.api.kyc;

import static com.paywire.api.support.ApiClientHelper.SANDBOX_ID;
import static com.paywire.api.support.JsonAnswers.assertNotFound;
import static com.paywire.api.support.JsonAnswers.fields;
import static com.paywire.api.support.JsonAnswers.names;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.ApiClientHelper;
import com.paywire.api.support.ApiTest;
import com.paywire.api.support.LookupApiTestBase;
import com.paywire.domain.clients.ClientSecretHasher;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.workflows.WorkflowIds;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;

/**
 * KYC validation and its status query (docs/interface.md#kyc): every rule names its field, personal data is sealed
 * at rest, and the status record answers in its documented order. No worker runs here: accepted requests stay
 * Pending ("01"), their KycWorkflow started on the platform queue and never picked up.
 */
@ApiTest
class KycApiTest extends LookupApiTestBase {

    static final String KYC_ROUTE = "7084d9cf-08ba-491b-ab39-de9db5ee59d2";
    static final String MOBILE_WALLET_ROUTE = "4a3e1249-51a2-4c57-8b74-166d7f689460";
    static final List<String> MANDATORY = List.of("routeId", "kycRequestFirstName", "kycRequestLastName",
            "kycRequestNationalID", "kycRequestReportReason", "systemTraceAuditNumber", "country", "ccy");

    KycApiTest() {
        super("/v1/kyc-request/validate", "/v1/kyc-request/check-status?stan=", "kyc_requests", KycApiTest::valid);
    }

    static Map<String, Object> valid() {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("routeId", KYC_ROUTE);
        body.put("kycRequestFirstName", "Wanjiku");
        body.put("kycRequestMiddleName", "Achieng");
        body.put("kycRequestLastName", "Odhiambo");
        body.put("kycRequestOtherNames", "Nyokabi");
        body.put("kycRequestNationalID", "27364519");
        body.put("serialNo", "SN-884512");
        body.put("kycRequestDateOfBirth", "1990-05-14");
        body.put("kycRequestTelephoneMobile", "+254712345678");
        body.put("kycRequestReportReason", 1);
        body.put("kycRequestCallBackURL", "https://merchant.example/kyc/callback");
        body.put("deviceId", "till-7");
        body.put("systemTraceAuditNumber", UUID.randomUUID().toString());
        body.put("country", "KE");
        body.put("ccy", 404);
        return body;
    }

    @Test
    void givenAValidRequest_itShouldBeAccepted_stored_started_andItsStatusPendingInTheDocumentedOrder() {
        String stan = submitAccepted(valid());

        assertThat(rows(SANDBOX_ID, stan)).isEqualTo(1);

        var workflow = assertRunningOnThePlatformQueue(WorkflowIds.kyc(SANDBOX_ID, stan), "KycWorkflow");
        assertThat(workflow.getExecution().getWorkflowId()).isEqualTo("kyc:" + SANDBOX_ID + ":" + stan);
        assertThat(jdbc.sql("select workflow_started from kyc_requests where client_id = ? and system_trace_audit_number = ?")
                .params(SANDBOX_ID, stan).query(Boolean.class).single()).isTrue();

        JsonNode answer = queried(stan);
        assertThat(names(answer)).containsExactly("status", "statusDesc", "systemTraceAuditNumber", "kycRecordDto");
        assertThat(answer.get("status").isString()).isTrue();
        assertThat(answer.get("status").asString()).isEqualTo("01");
        assertThat(answer.get("statusDesc").asString()).isEqualTo("Pending");
        assertThat(answer.get("systemTraceAuditNumber").asString()).isEqualTo(stan);
        JsonNode record = answer.get("kycRecordDto");
        assertThat(names(record)).containsExactly("status", "responseCode", "responseCodeDesc", "kycRequestFirstName",
                "kycRequestMiddleName", "kycRequestLastName", "kycRequestOtherNames", "kycRequestFullNames",
                "kycRequestNationalID", "kycRequestTelephoneMobile", "kycRequestReportReason", "kycRequestCallBackURL",
                "personalProfileNationalID", "nameMatch", "createdDate", "completedDate", "personalDataErased");
        assertThat(record.get("status").asInt()).isZero();
        assertThat(record.get("responseCode").isNull()).isTrue();
        assertThat(record.get("responseCodeDesc").isNull()).isTrue();
        assertThat(record.get("kycRequestFirstName").asString()).isEqualTo("Wanjiku");
        assertThat(record.get("kycRequestMiddleName").asString()).isEqualTo("Achieng");
        assertThat(record.get("kycRequestLastName").asString()).isEqualTo("Odhiambo");
        assertThat(record.get("kycRequestOtherNames").asString()).isEqualTo("Nyokabi");
        assertThat(record.get("kycRequestFullNames").asString()).isEqualTo("Wanjiku Achieng Odhiambo Nyokabi");
        assertThat(record.get("kycRequestNationalID").asString()).isEqualTo("27364519");
        assertThat(record.get("kycRequestTelephoneMobile").asString()).isEqualTo("+254712345678");
        assertThat(record.get("kycRequestReportReason").isInt()).isTrue();
        assertThat(record.get("kycRequestReportReason").asInt()).isEqualTo(1);
        assertThat(record.get("kycRequestCallBackURL").asString()).isEqualTo("https://merchant.example/kyc/callback");
        assertThat(record.get("personalProfileNationalID").isNull()).as("the registry has not answered").isTrue();
        assertThat(record.get("nameMatch").isNull()).isTrue();
        assertThat(OffsetDateTime.parse(record.get("createdDate").asString())).isBetween(
                OffsetDateTime.now(clock).minusMinutes(1), OffsetDateTime.now(clock).plusSeconds(1));
        assertThat(record.get("completedDate").isNull()).isTrue();
        assertThat(record.get("personalDataErased").asBoolean()).isFalse();
    }

    @Test
    void givenTheSerialNumberAsCustomerAccountSerialNo_numbersAsStrings_noMiddleName_andTheRouteInCapitals_itShouldBeAccepted() {
        Map<String, Object> body = valid();
        body.remove("serialNo");
        body.put("CustomerAccountSerialNo", "SN-884512");
        body.remove("kycRequestMiddleName");
        body.put("routeId", KYC_ROUTE.toUpperCase());
        body.put("ccy", "404");
        body.put("kycRequestReportReason", "2");

        ResponseEntity<JsonNode> accepted = operations.submit(body, token);

        assertThat(accepted.getStatusCode().value()).as("%s", accepted.getBody()).isEqualTo(200);
        JsonNode record = operations.query(body.get("systemTraceAuditNumber"), token).getBody().get("kycRecordDto");
        assertThat(record.get("kycRequestMiddleName").isNull()).isTrue();
        assertThat(record.get("kycRequestFullNames").asString()).isEqualTo("Wanjiku Odhiambo Nyokabi");
        assertThat(record.get("kycRequestReportReason").asInt()).isEqualTo(2);
        assertThat(jdbc.sql("select route_id::text from kyc_requests where system_trace_audit_number = ?")
                .param(body.get("systemTraceAuditNumber")).query(String.class).single()).isEqualTo(KYC_ROUTE);
    }

    static Stream<Arguments> toleratedSpellings() {
        return Stream.of(
                Arguments.of("ccy", 404),
                Arguments.of("ccy", "404"),
                Arguments.of("ccy", "KES"),
                Arguments.of("ccy", "kes"),
                Arguments.of("kycRequestReportReason", 3),
                Arguments.of("kycRequestReportReason", "3"),
                Arguments.of("country", "KEN"),
                Arguments.of("country", "Kenya"),
                Arguments.of("kycRequestDateOfBirth", "1990-05-14T00:00:00Z"),
                Arguments.of("kycRequestDateOfBirth", "1990-05-14T00:00:00+03:00"),
                Arguments.of("kycRequestDateOfBirth", "1990-05-14T00:00:00"),
                Arguments.of("kycRequestNationalID", "A1234567"));
    }

    @ParameterizedTest(name = "{0} = {1}")
    @MethodSource("toleratedSpellings")
    void givenAFieldInAnotherOfItsAcceptedSpellings_itShouldBeAccepted(String field, Object value) {
        Map<String, Object> body = valid();
        body.put(field, value);

        ResponseEntity<JsonNode> accepted = operations.submit(body, token);

        assertThat(accepted.getStatusCode().value()).as("%s", accepted.getBody()).isEqualTo(200);
        assertThat(accepted.getBody().get("message").asString()).isEqualTo(ACCEPTED);
    }

    @Test
    void givenAnEmptyBody_everyMandatoryFieldShouldBeNamedAsRequired_andNothingStored() {
        ResponseEntity<JsonNode> response = operations.submitStoringNothing(Map.of(), token);

        assertThat(response.getStatusCode().value()).as("%s", response.getBody()).isEqualTo(400);
        assertThat(names(response.getBody())).containsExactly("appDomainName", "status", "timestamp",
                "systemConversationId", "originatorConversationId", "errors");
        assertThat(fields(response)).containsExactlyInAnyOrderElementsOf(MANDATORY);
        response.getBody().get("errors").forEach(error -> assertThat(error.get("message").asString())
                .isEqualTo("The " + error.get("field").asString() + " field is required."));
    }

    @ParameterizedTest(name = "{0} missing")
    @ValueSource(strings = {"routeId", "kycRequestFirstName", "kycRequestLastName", "kycRequestNationalID",
            "kycRequestReportReason", "systemTraceAuditNumber", "country", "ccy"})
    void givenAMandatoryFieldMissing_theErrorShouldNameItAsRequired_andNothingBeStored(String field) {
        Map<String, Object> body = valid();
        body.remove(field);
        ResponseEntity<JsonNode> response = operations.submitStoringNothing(body, token);

        assertThat(fields(response)).as("%s", response.getBody()).containsExactly(field);
        assertThat(response.getBody().get("errors").get(0).get("message").asString())
                .isEqualTo("The " + field + " field is required.");
    }

    static Stream<Arguments> brokenRules() {
        return Stream.of(
                Arguments.of("systemTraceAuditNumber", "kyc-42"),                    // not a GUID
                Arguments.of("systemTraceAuditNumber", " "),                         // blank is absent
                Arguments.of("routeId", "not-a-guid"),
                Arguments.of("routeId", UUID.randomUUID().toString()),             // assigned to nobody
                Arguments.of("routeId", MOBILE_WALLET_ROUTE),                      // assigned, a payout route
                Arguments.of("kycRequestNationalID", "2736-4519"),                 // a symbol
                Arguments.of("kycRequestNationalID", "1234"),                      // too short
                Arguments.of("kycRequestNationalID", "1".repeat(21)),              // too long
                Arguments.of("kycRequestFirstName", "x".repeat(101)),
                Arguments.of("kycRequestDateOfBirth", LocalDate.now().plusDays(2).toString()),
                Arguments.of("kycRequestDateOfBirth", "14/05/1990"),
                Arguments.of("kycRequestDateOfBirth", "1990-05-14 or so"),          // a date, then something else
                Arguments.of("kycRequestDateOfBirth", "1990-05-14T25:00:00Z"),
                Arguments.of("kycRequestReportReason", "one"),
                Arguments.of("kycRequestReportReason", 1.5),
                Arguments.of("kycRequestTelephoneMobile", "call me"),
                Arguments.of("ccy", 840),
                Arguments.of("ccy", "USD"),
                Arguments.of("country", "UG"),
                Arguments.of("kycRequestCallBackURL", "ftp://merchant.example/kyc"),
                Arguments.of("kycRequestCallBackURL", "not a url"));
    }

    @ParameterizedTest(name = "{0} = {1}")
    @MethodSource("brokenRules")
    void givenAFieldBreakingItsRule_theErrorShouldNameIt_andNothingBeStored(String field, Object value) {
        ResponseEntity<JsonNode> response = operations.submitStoringNothing(with(valid(), field, value), token);

        assertThat(response.getStatusCode().value()).as("%s", response.getBody()).isEqualTo(400);
        assertThat(names(response.getBody())).containsExactly("appDomainName", "status", "timestamp",
                "systemConversationId", "originatorConversationId", "errors");
        assertThat(fields(response)).as("%s", response.getBody()).containsExactly(field);
    }

    @Test
    void givenAReusedSystemTraceAuditNumber_theErrorShouldNameItAsADuplicate_andOnlyOneRowExist() {
        Map<String, Object> body = valid();
        assertThat(operations.submit(body, token).getStatusCode().value()).isEqualTo(200);
        Map<String, Object> again = valid();
        again.put("systemTraceAuditNumber", body.get("systemTraceAuditNumber"));
        again.put("kycRequestNationalID", "99887766");

        ResponseEntity<JsonNode> refused = operations.submit(again, token);

        assertThat(fields(refused)).as("%s", refused.getBody()).containsExactly("systemTraceAuditNumber");
        assertThat(refused.getBody().get("errors").get(0).get("message").asString()).contains("duplicate");
        assertThat(rows(SANDBOX_ID, (String) body.get("systemTraceAuditNumber"))).isEqualTo(1);
        assertThat(operations.query(body.get("systemTraceAuditNumber"), token).getBody().get("kycRecordDto")
                .get("kycRequestNationalID").asString()).as("the first request stands").isEqualTo("27364519");
    }

    @Test
    void givenAnAcceptedRequest_itsPersonalDataShouldNotBeInClearInTheDatabase_andTheNationalIdOnlyAsAMaskedHint() {
        Map<String, Object> body = valid();
        assertThat(operations.submit(body, token).getStatusCode().value()).isEqualTo(200);

        Map<String, Object> row = jdbc.sql("select * from kyc_requests where client_id = ? and system_trace_audit_number = ?")
                .params(SANDBOX_ID, body.get("systemTraceAuditNumber")).query().singleRow();

        String sealed = (String) row.get("personal_data");
        assertThat(sealed).isNotBlank().doesNotContain("27364519", "Wanjiku", "Achieng", "Odhiambo", "Nyokabi",
                "1990-05-14", "712345678", "SN-884512");
        assertThat(row.values().stream().filter(String.class::isInstance).map(String.class::cast))
                .as("no column holds the national ID or a name in clear")
                .allSatisfy(value -> assertThat(value).doesNotContain("27364519", "Wanjiku", "Odhiambo"));
        String hint = (String) row.get("national_id_hint");
        assertThat(hint).startsWith("*").endsWith("19").matches("\\*+19").hasSize("27364519".length());
    }

    @Test
    void givenAnotherClientsRequest_itsStatusShouldBe404_andTheSameStanShouldBeTheOtherClientsOwnToUse() {
        Map<String, Object> body = valid();
        assertThat(operations.submit(body, token).getStatusCode().value()).isEqualTo(200);
        clients.registerWithAllRoutes(new ApiClient("kyc-snoop", "Snoop", ClientSecretHasher.hash("snoop-secret"),
                Set.of("kyc")));
        String other = ApiClientHelper.token(http, "kyc-snoop", "snoop-secret");

        ResponseEntity<JsonNode> snooped = operations.query(body.get("systemTraceAuditNumber"), other);

        assertNotFound(snooped);
        assertThat(snooped.getBody().toString()).doesNotContain("Wanjiku", "27364519");

        Map<String, Object> same = valid();
        same.put("systemTraceAuditNumber", body.get("systemTraceAuditNumber"));
        same.put("kycRequestFirstName", "Otieno");
        ResponseEntity<JsonNode> accepted = operations.submit(same, other);
        assertThat(accepted.getStatusCode().value()).as("%s", accepted.getBody()).isEqualTo(200);
        assertThat(operations.query(body.get("systemTraceAuditNumber"), other).getBody().get("kycRecordDto")
                .get("kycRequestFirstName").asString()).isEqualTo("Otieno");
        assertThat(operations.query(body.get("systemTraceAuditNumber"), token).getBody().get("kycRecordDto")
                .get("kycRequestFirstName").asString()).isEqualTo("Wanjiku");
        assertThat(temporal.newUntypedWorkflowStub(WorkflowIds.kyc("kyc-snoop", (String) body.get("systemTraceAuditNumber")))
                .describe().getTaskQueue()).isEqualTo("platform");
    }

    @Test
    void givenAnUnknownStan_theStatusShouldBe404_andWithoutStan_400NamingIt() {
        assertNotFound(operations.query(UUID.randomUUID(), token));

        ResponseEntity<JsonNode> missing = getJson("/v1/kyc-request/check-status", token);
        assertThat(fields(missing)).containsExactly("stan");
        assertThat(missing.getBody().get("errors").get(0).get("message").asString())
                .isEqualTo("The stan field is required.");
    }

    private long rows(String clientId, String stan) {
        return jdbc.sql("select count(*) from kyc_requests where client_id = ? and system_trace_audit_number = ?")
                .params(clientId, stan).query(Long.class).single();
    }
}
