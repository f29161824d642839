package com.paywire.api.funding;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.AdminApi;
import com.paywire.api.support.ApiClientHelper;
import com.paywire.api.support.ApiTest;
import com.paywire.api.support.ApiTestBase;
import com.paywire.vocabulary.funding.FundingReference;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;

/**
 * Funding instructions (payouts scope, each client its own reference) and the operators' bank statements and
 * funding suspense (operations scope): scopes, tenant isolation and the refusals that come before any money moves.
 * What a statement does to the ledger is BankFundingLedgerTest's (activities) and FundingSystemTest's (infra).
 */
@ApiTest
class FundingApiTest extends ApiTestBase {

    private static final String INSTRUCTIONS = "/v1/customer-accounts/funding-instructions";
    private static final String STATEMENTS = "/v1/operations/bank-statements";

    @Test
    void givenAPayoutsToken_itShouldGetTheBankAccount_andItsOwnStableReference_andAnotherClientAnother() {
        ResponseEntity<JsonNode> first = getJson(INSTRUCTIONS, token);
        ResponseEntity<JsonNode> again = getJson(INSTRUCTIONS, token);
        AdminApi admin = new AdminApi(http);
        AdminApi.Created other = admin.create("funding-other", null);
        String otherToken = ApiClientHelper.token(http, other.clientId(), other.secret(), "payouts");
        ResponseEntity<JsonNode> others = getJson(INSTRUCTIONS, otherToken);

        assertThat(first.getStatusCode().value()).isEqualTo(200);
        JsonNode body = first.getBody();
        assertThat(body.get("accountNumber").asString()).isEqualTo("0100200300400");
        assertThat(body.get("currency").asString()).isEqualTo("KES");
        assertThat(body.get("accountType").asInt()).isEqualTo(1);
        String reference = body.get("fundingReference").asString();
        assertThat(FundingReference.isValid(reference)).isTrue();
        assertThat(again.getBody().get("fundingReference").asString()).isEqualTo(reference);
        String othersReference = others.getBody().get("fundingReference").asString();
        assertThat(othersReference).isNotEqualTo(reference);
        assertThat(others.getBody().toString()).doesNotContain(reference);

        // operators find a client's reference by its id
        ResponseEntity<JsonNode> forOperator = getJson("/v1/operations/funding-references/" + other.clientId(),
                admin.operatorToken());
        assertThat(forOperator.getBody().get("fundingReference").asString()).isEqualTo(othersReference);
        ResponseEntity<JsonNode> unknown = getJson("/v1/operations/funding-references/no-such-client",
                admin.operatorToken());
        assertThat(unknown.getStatusCode().value()).isEqualTo(404);
        assertThat(unknown.getBody().get("reason").asString()).as("never quotes what was sent")
                .isNotBlank().doesNotContain("no-such-client");
    }

    @Test
    void givenATokenWithoutThePayoutsScope_theInstructionsShouldBeRefused403() {
        String collections = ApiClientHelper.token(http, ApiClientHelper.SANDBOX_ID, ApiClientHelper.SANDBOX_SECRET,
                "collections");

        assertThat(getJson(INSTRUCTIONS, collections).getStatusCode().value()).isEqualTo(403);
        assertThat(getJson(INSTRUCTIONS, null).getStatusCode().value()).isEqualTo(401);
    }

    @Test
    void givenAMerchantsToken_statementsSuspenseAndReferencesShouldBeRefused403() {
        assertThat(post(STATEMENTS, MediaType.APPLICATION_XML, "<Document/>", token).getStatusCode().value())
                .isEqualTo(403);
        assertThat(getJson("/v1/operations/funding-suspense", token).getStatusCode().value()).isEqualTo(403);
        assertThat(postJson("/v1/operations/funding-suspense/SBK1/assign",
                Map.of("clientId", "paywire-sandbox", "reason", "r"), token).getStatusCode().value()).isEqualTo(403);
        assertThat(getJson("/v1/operations/funding-references/paywire-sandbox", token).getStatusCode().value())
                .isEqualTo(403);
    }

    @Test
    void givenAStatementPaywireCannotRead_itShouldBe400InTheErrorShape_withoutTheLibrarysWords() {
        String operator = ApiClientHelper.operatorToken(http);
        for (var bad : new Object[][] {{MediaType.APPLICATION_XML, "<Document><oops>"},
                {MediaType.APPLICATION_XML, "<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.052.001.02\"/>"},
                {MediaType.TEXT_PLAIN, "hello bank"}}) {
            ResponseEntity<JsonNode> refused = post(STATEMENTS, (MediaType) bad[0], (String) bad[1], operator);

            assertThat(refused.getStatusCode().value()).as(refused.getBody().toString()).isEqualTo(400);
            assertThat(refused.getBody().toString()).contains("statement").doesNotContain("prowide", "Exception",
                    "oops", "hello bank");
        }
    }

    @Test
    void givenAnotherContentType_itShouldBe415_andABodyOverTheLimit413() {
        String operator = ApiClientHelper.operatorToken(http);

        assertThat(post(STATEMENTS, MediaType.APPLICATION_JSON, "{}", operator).getStatusCode().value())
                .isEqualTo(415);
        assertThat(post(STATEMENTS, MediaType.APPLICATION_XML, "<a>" + "x".repeat(2_000_000) + "</a>", operator)
                .getStatusCode().value()).isEqualTo(413);
    }

    @Test
    void givenAnAssignment_ofNoSuchEntry_itShouldBe404_andOfABadBody400() {
        String operator = ApiClientHelper.operatorToken(http);

        assertThat(postJson("/v1/operations/funding-suspense/NO-SUCH-ENTRY/assign",
                Map.of("clientId", "paywire-sandbox", "reason", "looked it up"), operator).getStatusCode().value())
                .isEqualTo(404);
        ResponseEntity<JsonNode> noReason = postJson("/v1/operations/funding-suspense/NO-SUCH-ENTRY/assign",
                Map.of("clientId", "paywire-sandbox"), operator);
        assertThat(noReason.getStatusCode().value()).isEqualTo(400);
        assertThat(noReason.getBody().toString()).contains("reason");
        assertThat(getJson("/v1/operations/funding-suspense?Limit=0", operator).getStatusCode().value())
                .isEqualTo(400);
        assertThat(getJson("/v1/operations/funding-suspense", operator).getBody().get("entries").isArray()).isTrue();
    }

    private ResponseEntity<JsonNode> post(String uri, MediaType type, String body, String bearer) {
        return http.post().uri(uri).header(HttpHeaders.AUTHORIZATION, "Bearer " + bearer).contentType(type)
                .body(body).retrieve().toEntity(JsonNode.class);
    }
}
