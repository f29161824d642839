package com.paywire.api.accountvalidation;

import static com.paywire.api.support.ApiClientHelper.SANDBOX_ID;
import static com.paywire.api.support.JsonAnswers.assertNotFound;
import static com.paywire.api.support.JsonAnswers.names;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.ApiClientHelper;
import com.paywire.api.support.ApiTest;
import com.paywire.api.support.LookupApiTestBase;
import com.paywire.domain.clients.ClientSecretHasher;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.workflows.WorkflowIds;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;

/**
 * Account Number Validation and its query (docs/interface.md#account-validation): missing or malformed fields answer
 * the validation-problem shape, well-formed requests that cannot be processed {systemTraceAuditNumber, errorMessage},
 * and the account number is sealed at rest. No worker runs here: accepted validations stay Pending (0).
 */
@ApiTest
class AccountValidationApiTest extends LookupApiTestBase {

    AccountValidationApiTest() {
        super("/v1/account/validate", "/v1/account/query?stan=", "account_validations",
                AccountValidationApiTest::wallet);
    }

    static Map<String, Object> wallet() {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("type", 1);
        body.put("systemTraceAuditNumber", "av-" + UUID.randomUUID());
        body.put("primaryAccountNumber", "0712345678");
        body.put("institutionCode", "63902");
        body.put("callBackUrl", "https://merchant.example/account-validation");
        body.put("callBackFormat", "JSON");
        body.put("ccy", 404);
        body.put("countryCode", "KE");
        return body;
    }

    static Map<String, Object> bank() {
        Map<String, Object> body = wallet();
        body.put("type", 2);
        body.put("primaryAccountNumber", "0123456789");
        body.put("institutionCode", "68");
        body.put("ccy", "KES");
        return body;
    }

    @Test
    void givenAValidWalletValidation_itShouldBeAccepted_started_andQueryablePendingInThePublicOrder() {
        String stan = submitAccepted(wallet());

        assertRunningOnThePlatformQueue(WorkflowIds.accountValidation(SANDBOX_ID, stan), "AccountValidationWorkflow");
        JsonNode record = queried(stan);
        assertThat(names(record)).containsExactly("validationType", "validationTypeDesc", "accountNumber",
                "accountNumberCCY", "institutionCode", "countryCode", "callbackURL", "status", "statusDesc",
                "systemTraceAuditNumber", "conversationID", "responseCode", "responseDesc", "resultCode", "resultDesc",
                "transactionID", "transactionCreditParty", "createdDate");
        assertThat(record.get("validationType").asInt()).isEqualTo(1);
        assertThat(record.get("validationTypeDesc").asString()).isEqualTo("Mobile Wallet");
        assertThat(record.get("accountNumber").asString()).as("normalised to the international form")
                .isEqualTo("254712345678");
        assertThat(record.get("accountNumberCCY").asString()).isEqualTo("404");
        assertThat(record.get("institutionCode").asString()).isEqualTo("63902");
        assertThat(record.get("countryCode").asString()).isEqualTo("KE");
        assertThat(record.get("callbackURL").asString()).isEqualTo("https://merchant.example/account-validation");
        assertThat(record.get("status").isInt()).isTrue();
        assertThat(record.get("status").asInt()).isZero();
        assertThat(record.get("statusDesc").asString()).isEqualTo("Pending");
        assertThat(record.get("systemTraceAuditNumber").asString()).isEqualTo(stan);
        assertThat(record.get("conversationID").asString()).isEqualTo(jdbc.sql(
                "select id::text from account_validations where client_id = ? and system_trace_audit_number = ?")
                .params(SANDBOX_ID, stan).query(String.class).single());
        assertThat(record.get("resultCode").isNull()).isTrue();
        assertThat(record.get("resultDesc").isNull()).isTrue();
        assertThat(record.get("transactionID").isNull()).isTrue();
        assertThat(record.get("transactionCreditParty").isNull()).as("no holder's name before the operator answers")
                .isTrue();
        assertThat(OffsetDateTime.parse(record.get("createdDate").asString())).isBetween(
                OffsetDateTime.now(clock).minusMinutes(1), OffsetDateTime.now(clock).plusSeconds(1));
    }

    @Test
    void givenAValidBankValidation_itShouldBeAccepted_andQueryableAsABankAccount() {
        String stan = submitAccepted(bank());

        JsonNode record = queried(stan);
        assertThat(record.get("validationType").asInt()).isEqualTo(2);
        assertThat(record.get("validationTypeDesc").asString()).isEqualTo("Bank Account");
        assertThat(record.get("accountNumber").asString()).isEqualTo("0123456789");
        assertThat(record.get("institutionCode").asString()).isEqualTo("68");
        assertThat(record.get("status").asInt()).isZero();
        assertThat(record.get("statusDesc").asString()).isEqualTo("Pending");
        assertThat(temporal.newUntypedWorkflowStub(WorkflowIds.accountValidation(SANDBOX_ID, stan)).describe()
                .getTaskQueue()).isEqualTo("platform");
    }

    @Test
    void givenTheCallBackFormatXmlInSmallLetters_itShouldBeAccepted_andRecordedAsXml() {
        Map<String, Object> body = wallet();
        body.put("callBackFormat", "xml");

        assertAccepted(operations.submit(body, token), (String) body.get("systemTraceAuditNumber"));

        assertThat(jdbc.sql("select callback_format from account_validations where system_trace_audit_number = ?")
                .param(body.get("systemTraceAuditNumber")).query(String.class).single()).isEqualTo("XML");
    }

    @Test
    void givenAnEmptyBody_everyMandatoryFieldShouldBeNamed_inTheValidationProblemShape_andNothingStored() {
        ResponseEntity<JsonNode> response = operations.submitStoringNothing(Map.of(), token);

        assertValidationProblem(response);
        JsonNode errors = response.getBody().get("errors");
        assertThat(names(errors)).containsExactlyInAnyOrder("type", "systemTraceAuditNumber", "primaryAccountNumber",
                "institutionCode", "callBackUrl");
        errors.properties().forEach(error -> assertThat(error.getValue().get(0).asString())
                .isEqualTo("The " + error.getKey() + " field is required."));
    }

    static Stream<Arguments> malformed() {
        return Stream.of(
                Arguments.of("type", null),
                Arguments.of("type", 3),
                Arguments.of("type", "wallet"),
                Arguments.of("systemTraceAuditNumber", null),
                Arguments.of("systemTraceAuditNumber", "av 42"),
                Arguments.of("systemTraceAuditNumber", "x".repeat(65)),
                Arguments.of("primaryAccountNumber", null),
                Arguments.of("primaryAccountNumber", "0612345678"),     // no Kenyan mobile range
                Arguments.of("institutionCode", null),
                Arguments.of("callBackUrl", null),
                Arguments.of("callBackUrl", "ftp://merchant.example/account-validation"),
                Arguments.of("callBackFormat", "CSV"));
    }

    @ParameterizedTest(name = "{0} = {1}")
    @MethodSource("malformed")
    void givenAFieldMissingOrMalformed_theValidationProblemShouldNameIt_andNothingBeStored(String field, Object value) {
        ResponseEntity<JsonNode> response = operations.submitStoringNothing(with(wallet(), field, value), token);

        assertValidationProblem(response);
        assertThat(names(response.getBody().get("errors"))).containsExactly(field);
    }

    @Test
    void givenABankAccountNumberWithSymbols_theValidationProblemShouldNameIt() {
        Map<String, Object> body = bank();
        body.put("primaryAccountNumber", "0123-4567-89");

        ResponseEntity<JsonNode> response = operations.submit(body, token);

        assertValidationProblem(response);
        assertThat(names(response.getBody().get("errors"))).containsExactly("primaryAccountNumber");
    }

    static Stream<Arguments> unprocessable() {
        return Stream.of(
                Arguments.of(wallet(), "institutionCode", "63999"),   // no mobile-money operator Paywire reaches
                Arguments.of(bank(), "institutionCode", "100"),       // bank codes are 1 to 99
                Arguments.of(bank(), "institutionCode", "0"),
                Arguments.of(wallet(), "ccy", 840),
                Arguments.of(bank(), "ccy", "USD"),
                Arguments.of(wallet(), "countryCode", "UG"));
    }

    @ParameterizedTest(name = "{1} = {2}")
    @MethodSource("unprocessable")
    void givenAWellFormedRequestThatCannotBeProcessed_itShouldAnswer400WithTheStanAndErrorMessageOnly(
            Map<String, Object> body, String field, Object value) {
        body.put(field, value);
        ResponseEntity<JsonNode> response = operations.submitStoringNothing(body, token);

        assertRefused(response, (String) body.get("systemTraceAuditNumber"));
    }

    @Test
    void givenAReusedSystemTraceAuditNumber_itShouldAnswer400NamingItADuplicate_andOnlyOneRowExist() {
        Map<String, Object> body = wallet();
        String stan = (String) body.get("systemTraceAuditNumber");
        assertAccepted(operations.submit(body, token), stan);
        Map<String, Object> again = bank();
        again.put("systemTraceAuditNumber", stan);

        ResponseEntity<JsonNode> refused = operations.submit(again, token);

        assertRefused(refused, stan);
        assertThat(refused.getBody().get("errorMessage").asString()).contains("systemTraceAuditNumber")
                .contains("duplicate");
        assertThat(jdbc.sql("select count(*) from account_validations where client_id = ? and system_trace_audit_number = ?")
                .params(SANDBOX_ID, stan).query(Long.class).single()).isEqualTo(1);
        assertThat(operations.query(stan, token).getBody().get("validationType").asInt()).as("the first validation stands")
                .isEqualTo(1);
    }

    @Test
    void givenAnAcceptedValidation_theAccountNumberShouldBeSealedInTheDatabase_andOnlyAMaskedHintInClear() {
        Map<String, Object> body = wallet();
        assertAccepted(operations.submit(body, token), (String) body.get("systemTraceAuditNumber"));

        Map<String, Object> row = jdbc.sql(
                "select * from account_validations where client_id = ? and system_trace_audit_number = ?")
                .params(SANDBOX_ID, body.get("systemTraceAuditNumber")).query().singleRow();

        assertThat((String) row.get("personal_data")).isNotBlank().doesNotContain("254712345678", "712345678");
        assertThat(row.values().stream().filter(String.class::isInstance).map(String.class::cast))
                .as("no column holds the account number in clear")
                .allSatisfy(value -> assertThat(value).doesNotContain("712345678"));
        assertThat((String) row.get("account_hint")).startsWith("*").endsWith("78").matches("\\*+78")
                .hasSize("254712345678".length());
    }

    @Test
    void givenAnotherClientsValidation_theQueryShouldAnswer404_andTheStanBeTheOtherClientsOwnToUse() {
        Map<String, Object> body = wallet();
        String stan = (String) body.get("systemTraceAuditNumber");
        assertAccepted(operations.submit(body, token), stan);
        clients.registerWithAllRoutes(new ApiClient("validation-snoop", "Snoop",
                ClientSecretHasher.hash("snoop-secret"), Set.of("kyc")));
        String other = ApiClientHelper.token(http, "validation-snoop", "snoop-secret");

        ResponseEntity<JsonNode> snooped = operations.query(stan, other);

        assertNotFound(snooped);
        assertThat(snooped.getBody().toString()).doesNotContain("254712345678");
        Map<String, Object> same = bank();
        same.put("systemTraceAuditNumber", stan);
        assertAccepted(operations.submit(same, other), stan);
        assertThat(operations.query(stan, other).getBody().get("validationType").asInt()).isEqualTo(2);
        assertThat(operations.query(stan, token).getBody().get("validationType").asInt()).isEqualTo(1);
    }

    @Test
    void givenAnUnknownStan_theQueryShouldAnswer404_andWithoutStan_aValidationProblemNamingIt() {
        assertNotFound(operations.query("av-" + UUID.randomUUID(), token));

        ResponseEntity<JsonNode> missing = getJson("/v1/account/query", token);
        assertValidationProblem(missing);
        assertThat(names(missing.getBody().get("errors"))).containsExactly("stan");
    }

    private static void assertValidationProblem(ResponseEntity<JsonNode> response) {
        assertThat(response.getStatusCode().value()).as("%s", response.getBody()).isEqualTo(400);
        JsonNode body = response.getBody();
        assertThat(names(body)).containsExactly("errors", "type", "title", "status", "traceId");
        assertThat(body.get("errors").isObject()).isTrue();
        assertThat(body.get("status").asInt()).isEqualTo(400);
        assertThat(body.get("title").asString()).isEqualTo("One or more validation errors occurred.");
        assertThat(body.get("traceId").asString()).matches("00-[0-9a-f]{32}-[0-9a-f]{16}-00");
    }

    private static void assertRefused(ResponseEntity<JsonNode> response, String stan) {
        assertThat(response.getStatusCode().value()).as("%s", response.getBody()).isEqualTo(400);
        assertThat(names(response.getBody())).containsExactly("systemTraceAuditNumber", "errorMessage");
        assertThat(response.getBody().get("systemTraceAuditNumber").asString()).isEqualTo(stan);
        assertThat(response.getBody().get("errorMessage").asString()).isNotBlank();
    }
}
