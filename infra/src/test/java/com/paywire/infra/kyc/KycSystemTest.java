package com.paywire.infra.kyc;

import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import com.paywire.domain.clients.ClientSecretHasher;
import com.paywire.infra.support.LoopbackReceiver;
import com.paywire.infra.support.SimulatorMappings;
import com.paywire.infra.support.TimeSkippingPlatform;
import com.paywire.infra.support.TimeSkippingSystemTest;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.workflows.WorkflowIds;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;

/**
 * KYC end to end with time skipping: the API takes the request, KycWorkflow asks the identity registry (the rails
 * simulator's own stubs, magic national IDs in docs/sandbox.md), the client is called back with the status record,
 * and the personal data is gone when the retention ends.
 */
@ExtendWith(OutputCaptureExtension.class)
class KycSystemTest extends TimeSkippingSystemTest {

    static final WireMockServer outside = TimeSkippingPlatform.OUTSIDE;
    static final String KYC_ROUTE = "7084d9cf-08ba-491b-ab39-de9db5ee59d2";

    @Autowired
    ApiClientStore clients;

    @BeforeAll
    static void registryAndReceiver() {
        SimulatorMappings.load(outside, "identity-registry-");
        outside.stubFor(post(urlPathMatching("/kyc-receiver/.+")).willReturn(okJson("{}")));
    }

    @Test
    void givenTheRegistrysOwnNames_inAnotherCaseWithoutTheMiddleName_itShouldVerify_andCallBackTheStatusRecordSigned() {
        String stan = submit("10000001", "john", null, "MWANGI", "1990-05-14T00:00:00Z");

        JsonNode status = awaitAnswered(stan);

        assertThat(status.get("status").asString()).isEqualTo("00");
        assertThat(status.get("statusDesc").asString()).isEqualTo("Success");
        JsonNode record = status.get("kycRecordDto");
        assertThat(record.get("status").asInt()).isEqualTo(4);
        assertThat(record.get("responseCode").asString()).isEqualTo("00");
        assertThat(record.get("personalProfileNationalID").asString()).isEqualTo("10000001");
        assertThat(record.get("kycRequestFullNames").asString()).isEqualTo("john MWANGI");
        assertThat(record.get("nameMatch").get("firstName").asString()).isEqualTo("MATCHED");
        assertThat(record.get("nameMatch").get("middleName").asString()).isEqualTo("NOT_PROVIDED");
        assertThat(record.get("nameMatch").get("dateOfBirth").asString()).isEqualTo("MATCHED");

        LoggedRequest callback = TimeSkippingPlatform.awaitPostTo("/kyc-receiver/" + stan);
        JsonNode body = json.readTree(callback.getBodyAsString());
        assertThat(new ArrayList<>(body.propertyNames()))
                .containsExactly("status", "statusDesc", "systemTraceAuditNumber", "kycRecordDto");
        assertThat(new ArrayList<>(body.get("kycRecordDto").propertyNames())).startsWith("status", "responseCode",
                "responseCodeDesc", "kycRequestFirstName", "kycRequestMiddleName", "kycRequestLastName",
                "kycRequestOtherNames", "kycRequestFullNames", "kycRequestNationalID", "kycRequestTelephoneMobile",
                "kycRequestReportReason", "kycRequestCallBackURL", "personalProfileNationalID");
        assertThat(body).isEqualTo(status);
        assertThat(LoopbackReceiver.hmacHex("sandbox-callback-secret", timestamp(callback) + "." + callback.getBodyAsString()))
                .isEqualTo(callback.getHeader("Paywire-Signature").split(",")[1].substring(3));
    }

    @Test
    void givenAnotherPersonsNationalId_itShouldSayTheNamesDoNotMatch() {
        String stan = submit("10000002", "John", "Kamau", "Mwangi", null);

        JsonNode record = awaitAnswered(stan).get("kycRecordDto");

        assertThat(record.get("responseCode").asString()).isEqualTo("02");
        assertThat(record.get("nameMatch").get("lastName").asString()).isEqualTo("MISMATCHED");
        assertThat(record.get("personalProfileNationalID").asString()).isEqualTo("10000002");
    }

    @Test
    void givenOneNameThatIsNotTheHolders_itShouldBeAPartialMatch_namingIt() {
        JsonNode record = awaitAnswered(submit("10000001", "John", null, "Otieno", null)).get("kycRecordDto");

        assertThat(record.get("responseCode").asString()).isEqualTo("01");
        assertThat(record.get("responseCodeDesc").asString()).contains("lastName");
    }

    @Test
    void givenAnAccentTheClientLeftOut_andTheNamesSwapped_itShouldVerify() {
        JsonNode record = awaitAnswered(submit("10000003", "Ochieng", null, "Jose", null)).get("kycRecordDto");

        assertThat(record.get("responseCode").asString()).isEqualTo("00");
    }

    @Test
    void givenANationalIdTheRegistryDoesNotHold_itShouldSaySo() {
        JsonNode record = awaitAnswered(submit("29999999", "John", null, "Mwangi", null)).get("kycRecordDto");

        assertThat(record.get("status").asInt()).isEqualTo(4);
        assertThat(record.get("responseCode").asString()).isEqualTo("03");
        assertThat(record.get("personalProfileNationalID").isNull()).isTrue();
    }

    @Test
    void givenTheRegistryDownForTheWholeWindow_theRequestShouldFailWith91_afterRetrying_andCallBackSaying() {
        String stan = submit("15000000", "John", null, "Mwangi", null);

        awaitWorkflow(stan); // skips the window's retries, then the retention

        JsonNode body = json.readTree(TimeSkippingPlatform.awaitPostTo("/kyc-receiver/" + stan).getBodyAsString());
        assertThat(body.get("status").asString()).isEqualTo("02");
        assertThat(body.get("statusDesc").asString()).isEqualTo("Failed");
        assertThat(body.get("kycRecordDto").get("status").asInt()).isEqualTo(2);
        assertThat(body.get("kycRecordDto").get("responseCode").asString()).isEqualTo("91");
        assertThat(outside.findAll(postRequestedFor(urlPathEqualTo("/identity-registry/persons/lookup"))
                .withRequestBody(com.github.tomakehurst.wiremock.client.WireMock.containing(requestIdOf(stan)))))
                .as("the registry is asked again while the window lasts").hasSizeGreaterThan(3);
        assertThat(checkStatus(stan).get("status").asString()).isEqualTo("02");
    }

    @Test
    void givenTheRetentionEnds_thePersonalDataShouldBeErased_fromTheRecord_andTheCallbacksEvent(CapturedOutput output) {
        String stan = submit("10000001", "John", "Kamau", "Mwangi", null);
        awaitAnswered(stan);
        String requestId = requestIdOf(stan);

        awaitWorkflow(stan);

        JsonNode record = checkStatus(stan).get("kycRecordDto");
        assertThat(record.get("personalDataErased").asBoolean()).isTrue();
        assertThat(record.get("kycRequestFirstName").isNull()).isTrue();
        assertThat(record.get("kycRequestNationalID").asString()).isEqualTo("******01");
        assertThat(record.get("responseCode").asString()).as("the outcome stays").isEqualTo("00");
        assertThat(jdbc.sql("select personal_data from kyc_requests where id = cast(? as uuid)").param(requestId)
                .query(String.class).optional()).isEmpty();
        assertThat(jdbc.sql("select data::text from events where ordering_key = ?").param("kyc:" + requestId)
                .query(String.class).single()).contains("erased").doesNotContain("Mwangi");
        assertThat(output.getAll()).contains("Erased the personal data of KYC request " + requestId);
    }

    @Test
    void givenARequest_itsNationalIdAndNamesShouldAppearNeitherInTheLogs_norInTheDatabaseInClear_norInTheHistory(
            CapturedOutput output) {
        String nationalId = "10000001";
        String stan = submit(nationalId, "John", "Kamau", "Mwangi", "1990-05-14");
        awaitAnswered(stan);
        TimeSkippingPlatform.awaitPostTo("/kyc-receiver/" + stan);
        String requestId = requestIdOf(stan);

        assertThat(output.getAll()).as("the log names the request by its masked ID")
                .contains("national ID ******01").doesNotContain(nationalId).doesNotContain("Kamau");
        assertThat(jdbc.sql("select personal_data from kyc_requests where id = cast(? as uuid)").param(requestId)
                .query(String.class).single()).doesNotContain(nationalId).doesNotContain("Kamau");
        assertThat(jdbc.sql("select data::text from events where ordering_key = ?").param("kyc:" + requestId)
                .query(String.class).single()).doesNotContain(nationalId).doesNotContain("Kamau");
        assertThat(env.getWorkflowClient().fetchHistory(WorkflowIds.kyc("paywire-sandbox", stan)).toJson(false))
                .doesNotContain(nationalId).doesNotContain("Kamau").doesNotContain("Mwangi");
    }

    @Test
    void givenADuplicateStan_orAnotherClient_theRequestShouldBeRefused_orUnknown() {
        String stan = submit("10000001", "John", null, "Mwangi", null);

        ResponseEntity<JsonNode> again = send(body(stan, "10000001", "John", null, "Mwangi", null));
        assertThat(again.getStatusCode().value()).isEqualTo(400);
        assertThat(again.getBody().get("errors").get(0).get("field").asString()).isEqualTo("systemTraceAuditNumber");
        assertThat(jdbc.sql("select count(*) from kyc_requests where system_trace_audit_number = ?").param(stan)
                .query(Integer.class).single()).isEqualTo(1);

        clients.registerWithAllRoutes(new ApiClient("kyc-snoop", "Snoop", ClientSecretHasher.hash("snoop-secret"),
                Set.of("kyc")));
        String snoop = TimeSkippingPlatform.token(http, "kyc-snoop", "snoop-secret");
        assertThat(http.get().uri("/v1/kyc-request/check-status?stan=" + stan)
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + snoop).retrieve().toEntity(JsonNode.class)
                .getStatusCode().value()).isEqualTo(404);
    }

    private String submit(String nationalId, String first, String middle, String last, String dateOfBirth) {
        String stan = UUID.randomUUID().toString();
        ResponseEntity<JsonNode> response = send(body(stan, nationalId, first, middle, last, dateOfBirth));
        assertThat(response.getStatusCode().value()).as("%s", response.getBody()).isEqualTo(200);
        assertThat(response.getBody().get("message").asString()).isEqualTo("Request Accepted. Kindly await processing");
        return stan;
    }

    private String body(String stan, String nationalId, String first, String middle, String last, String dateOfBirth) {
        List<String> fields = new ArrayList<>(List.of("\"routeId\":\"" + KYC_ROUTE + "\"",
                "\"kycRequestFirstName\":\"" + first + "\"", "\"kycRequestLastName\":\"" + last + "\"",
                "\"kycRequestNationalID\":\"" + nationalId + "\"", "\"CustomerAccountSerialNo\":\"S-1\"",
                "\"kycRequestReportReason\":1", "\"systemTraceAuditNumber\":\"" + stan + "\"", "\"country\":\"KE\"",
                "\"ccy\":404", "\"kycRequestCallBackURL\":\"" + outside.baseUrl() + "/kyc-receiver/" + stan + "\""));
        if (middle != null) {
            fields.add("\"kycRequestMiddleName\":\"" + middle + "\"");
        }
        if (dateOfBirth != null) {
            fields.add("\"kycRequestDateOfBirth\":\"" + dateOfBirth + "\"");
        }
        return "{" + String.join(",", fields) + "}";
    }

    private ResponseEntity<JsonNode> send(String body) {
        return http.post().uri("/v1/kyc-request/validate").header(HttpHeaders.AUTHORIZATION, "Bearer " + token)
                .contentType(MediaType.APPLICATION_JSON).body(body).retrieve().toEntity(JsonNode.class);
    }

    private JsonNode checkStatus(String stan) {
        ResponseEntity<JsonNode> response = http.get().uri("/v1/kyc-request/check-status?stan=" + stan)
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().toEntity(JsonNode.class);
        assertThat(response.getStatusCode().value()).isEqualTo(200);
        return response.getBody();
    }

    /** The registry answers at once; the workflow records it in real time (no timer to skip before that). */
    private JsonNode awaitAnswered(String stan) {
        long giveUp = System.nanoTime() + 30_000_000_000L;
        JsonNode status = checkStatus(stan);
        while ("01".equals(status.get("status").asString()) && System.nanoTime() < giveUp) {
            TimeSkippingPlatform.pause(100);
            status = checkStatus(stan);
        }
        assertThat(status.get("status").asString()).as("answered in time").isNotEqualTo("01");
        return status;
    }

    /** Waits for the workflow to end, skipping time: through its retries and its retention. */
    private void awaitWorkflow(String stan) {
        resultOf(WorkflowIds.kyc("paywire-sandbox", stan), String.class);
    }

    private String requestIdOf(String stan) {
        return jdbc.sql("select id::text from kyc_requests where system_trace_audit_number = ?").param(stan)
                .query(String.class).single();
    }

    private static String timestamp(LoggedRequest callback) {
        return callback.getHeader("Paywire-Signature").split(",")[0].substring(2);
    }

}
