package com.paywire.infra.accountvalidation;

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
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import tools.jackson.databind.JsonNode;

/**
 * Account validation end to end with time skipping: the API takes the request, AccountValidationWorkflow asks the
 * wallet's operator or the account's bank (the rails simulator's own stubs), and the client is called back with
 * the record in JSON or XML.
 */
@ExtendWith(OutputCaptureExtension.class)
class AccountValidationSystemTest extends TimeSkippingSystemTest {

    static final WireMockServer outside = TimeSkippingPlatform.OUTSIDE;
    static final List<String> PUBLIC_ORDER = List.of("validationType", "validationTypeDesc", "accountNumber",
            "accountNumberCCY", "institutionCode", "countryCode", "callbackURL", "status", "statusDesc",
            "systemTraceAuditNumber", "conversationID", "responseCode", "responseDesc", "resultCode", "resultDesc",
            "transactionID", "transactionCreditParty", "createdDate");

    @Autowired
    ApiClientStore clients;

    @BeforeAll
    static void institutionsAndReceiver() {
        SimulatorMappings.load(outside, "account-lookup-");
        outside.stubFor(post(urlPathMatching("/validation-receiver/.+")).willReturn(okJson("{}")));
    }

    @Test
    void givenAKnownWallet_itShouldNameItsHolder_andCallBackInJson_fieldByField_signed() {
        String stan = submit(1, "0712345678", "63902", "JSON");

        JsonNode record = awaitAnswered(stan);

        assertThat(new ArrayList<>(record.propertyNames())).containsExactlyElementsOf(PUBLIC_ORDER);
        assertThat(record.get("validationType").asInt()).isEqualTo(1);
        assertThat(record.get("validationTypeDesc").asString()).isEqualTo("Mobile Wallet");
        assertThat(record.get("accountNumber").asString()).isEqualTo("254712345678");
        assertThat(record.get("accountNumberCCY").asString()).isEqualTo("404");
        assertThat(record.get("institutionCode").asString()).isEqualTo("63902");
        assertThat(record.get("countryCode").asString()).isEqualTo("KE");
        assertThat(record.get("callbackURL").asString()).endsWith("/validation-receiver/" + stan);
        assertThat(record.get("status").asInt()).isEqualTo(4);
        assertThat(record.get("statusDesc").asString()).isEqualTo("Completed");
        assertThat(record.get("systemTraceAuditNumber").asString()).isEqualTo(stan);
        assertThat(record.get("conversationID").asString()).isEqualTo(validationIdOf(stan));
        assertThat(record.get("responseCode").asString()).isEqualTo("0");
        assertThat(record.get("resultCode").asString()).isEqualTo("0");
        assertThat(record.get("resultDesc").asString()).isEqualTo("The account is valid");
        assertThat(record.get("transactionID").asString()).startsWith("AL");
        assertThat(record.get("transactionCreditParty").asString()).isEqualTo("JANE WANJIKU MWANGI");

        LoggedRequest callback = TimeSkippingPlatform.awaitPostTo("/validation-receiver/" + stan);
        assertThat(callback.getHeader("Content-Type")).startsWith("application/json");
        assertThat(json.readTree(callback.getBodyAsString())).isEqualTo(record);
        String[] signature = callback.getHeader("Paywire-Signature").split(",");
        assertThat(signature[1]).isEqualTo("v1=" + LoopbackReceiver.hmacHex("sandbox-callback-secret",
                signature[0].substring(2) + "." + callback.getBodyAsString()));
    }

    @Test
    void givenABankAccount_andXmlAskedFor_theCallbackShouldBeTheSameRecordInXml() throws Exception {
        String stan = submit(2, "1234567890", "01", "XML");

        JsonNode record = awaitAnswered(stan);
        assertThat(record.get("transactionCreditParty").asString()).isEqualTo("ACME TRADING LIMITED");
        assertThat(record.get("validationTypeDesc").asString()).isEqualTo("Bank Account");

        LoggedRequest callback = TimeSkippingPlatform.awaitPostTo("/validation-receiver/" + stan);
        assertThat(callback.getHeader("Content-Type")).startsWith("application/xml");
        Element root = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(callback.getBody())).getDocumentElement();
        assertThat(root.getTagName()).isEqualTo("AccountValidationResult");
        List<String> elements = new ArrayList<>();
        for (Node child = root.getFirstChild(); child != null; child = child.getNextSibling()) {
            elements.add(child.getNodeName());
            assertThat(child.getTextContent()).as(child.getNodeName())
                    .isEqualTo(record.get(child.getNodeName()).asString());
        }
        assertThat(elements).containsExactlyElementsOf(PUBLIC_ORDER);
        assertThat(new String(callback.getBody(), StandardCharsets.UTF_8)).contains("<resultCode>0</resultCode>");
    }

    @Test
    void givenAnUnknownWallet_orAnInactiveOne_itShouldSaySo_namingNoHolder() {
        JsonNode unknown = awaitAnswered(submit(1, "254700000404", "63902", "JSON"));
        JsonNode inactive = awaitAnswered(submit(1, "254700000410", "63902", "JSON"));

        assertThat(unknown.get("status").asInt()).isEqualTo(4);
        assertThat(unknown.get("resultCode").asString()).isEqualTo("1");
        assertThat(unknown.get("transactionCreditParty").isNull()).isTrue();
        assertThat(inactive.get("resultCode").asString()).isEqualTo("2");
        assertThat(inactive.get("resultDesc").asString()).isEqualTo("The account cannot receive funds");
    }

    @Test
    void givenAnUnknownBankAccount_itShouldSaySo() {
        assertThat(awaitAnswered(submit(2, "0000000001", "11", "JSON")).get("resultCode").asString()).isEqualTo("1");
    }

    @Test
    void givenABankThatNeverAnswers_theValidationShouldFailWith91_afterRetryingForTheWindow() {
        String stan = submit(2, "5555555555", "99", "JSON");

        awaitWorkflow(stan);

        JsonNode body = json.readTree(TimeSkippingPlatform.awaitPostTo("/validation-receiver/" + stan).getBodyAsString());
        assertThat(body.get("status").asInt()).isEqualTo(2);
        assertThat(body.get("statusDesc").asString()).isEqualTo("Failed");
        assertThat(body.get("resultCode").asString()).isEqualTo("91");
        assertThat(body.get("transactionCreditParty").isNull()).isTrue();
        assertThat(outside.findAll(postRequestedFor(urlPathEqualTo("/bank/accounts/lookup"))
                .withRequestBody(com.github.tomakehurst.wiremock.client.WireMock.containing(validationIdOf(stan)))))
                .as("asked again within the window").hasSizeGreaterThan(1);
    }

    @Test
    void givenTheRetentionEnds_theAccountNumberAndHolderShouldBeErased() {
        String stan = submit(1, "0712345678", "63902", "JSON");
        awaitAnswered(stan);

        awaitWorkflow(stan);

        JsonNode record = query(stan);
        assertThat(record.get("accountNumber").asString()).isEqualTo("**********78");
        assertThat(record.get("transactionCreditParty").isNull()).isTrue();
        assertThat(record.get("resultCode").asString()).isEqualTo("0");
        assertThat(jdbc.sql("select data::text from events where ordering_key = ?")
                .param("account-validation:" + validationIdOf(stan)).query(String.class).single())
                .contains("erased").doesNotContain("JANE");
    }

    @Test
    void givenAValidation_theAccountNumberAndHolderShouldAppearNeitherInTheLogs_norInClear_norInTheHistory(
            CapturedOutput output) {
        String stan = submit(1, "0712345678", "63902", "XML");
        awaitAnswered(stan);
        TimeSkippingPlatform.awaitPostTo("/validation-receiver/" + stan);

        assertThat(output.getAll()).contains("account **********78").doesNotContain("712345678")
                .doesNotContain("JANE WANJIKU");
        assertThat(jdbc.sql("select personal_data from account_validations where system_trace_audit_number = ?")
                .param(stan).query(String.class).single()).doesNotContain("712345678").doesNotContain("JANE");
        assertThat(env.getWorkflowClient().fetchHistory(WorkflowIds.accountValidation("paywire-sandbox", stan))
                .toJson(false)).doesNotContain("712345678").doesNotContain("JANE");
    }

    @Test
    void givenADuplicateStan_itShouldBeRefusedWithAnErrorMessage_andAnotherClientShouldNotSeeTheValidation() {
        String stan = submit(1, "0712345678", "63902", "JSON");

        ResponseEntity<JsonNode> again = send(body(stan, 1, "0712345678", "63902", "JSON"));
        assertThat(again.getStatusCode().value()).isEqualTo(400);
        assertThat(new ArrayList<>(again.getBody().propertyNames()))
                .containsExactly("systemTraceAuditNumber", "errorMessage");
        assertThat(again.getBody().get("errorMessage").asString()).contains("duplicate");

        clients.registerWithAllRoutes(new ApiClient("validation-snoop", "Snoop",
                ClientSecretHasher.hash("snoop-secret"), Set.of("kyc")));
        String snoop = TimeSkippingPlatform.token(http, "validation-snoop", "snoop-secret");
        assertThat(http.get().uri("/v1/account/query?stan=" + stan).header(HttpHeaders.AUTHORIZATION, "Bearer " + snoop)
                .retrieve().toEntity(JsonNode.class).getStatusCode().value()).isEqualTo(404);
    }

    private String submit(int type, String account, String institution, String format) {
        String stan = UUID.randomUUID().toString();
        ResponseEntity<JsonNode> response = send(body(stan, type, account, institution, format));
        assertThat(response.getStatusCode().value()).as("%s", response.getBody()).isEqualTo(200);
        return stan;
    }

    private String body(String stan, int type, String account, String institution, String format) {
        return """
                {"type":%d,"systemTraceAuditNumber":"%s","primaryAccountNumber":"%s","institutionCode":"%s",
                 "callBackUrl":"%s/validation-receiver/%s","callBackFormat":"%s","ccy":"404","countryCode":"KE"}"""
                .formatted(type, stan, account, institution, outside.baseUrl(), stan, format);
    }

    private ResponseEntity<JsonNode> send(String body) {
        return http.post().uri("/v1/account/validate").header(HttpHeaders.AUTHORIZATION, "Bearer " + token)
                .contentType(MediaType.APPLICATION_JSON).body(body).retrieve().toEntity(JsonNode.class);
    }

    private JsonNode query(String stan) {
        ResponseEntity<JsonNode> response = http.get().uri("/v1/account/query?stan=" + stan)
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().toEntity(JsonNode.class);
        assertThat(response.getStatusCode().value()).isEqualTo(200);
        return response.getBody();
    }

    private JsonNode awaitAnswered(String stan) {
        long giveUp = System.nanoTime() + 30_000_000_000L;
        JsonNode record = query(stan);
        while (record.get("status").asInt() == 0 && System.nanoTime() < giveUp) {
            TimeSkippingPlatform.pause(100);
            record = query(stan);
        }
        assertThat(record.get("status").asInt()).as("answered in time").isNotZero();
        return record;
    }

    private void awaitWorkflow(String stan) {
        resultOf(WorkflowIds.accountValidation("paywire-sandbox", stan), String.class);
    }

    private String validationIdOf(String stan) {
        return jdbc.sql("select id::text from account_validations where system_trace_audit_number = ?").param(stan)
                .query(String.class).single();
    }

}
