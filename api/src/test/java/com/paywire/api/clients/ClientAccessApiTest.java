package com.paywire.api.clients;

import static com.paywire.api.support.AdminApi.CLIENTS;
import static com.paywire.api.support.JsonAnswers.assertScopeRefused;
import static com.paywire.api.support.JsonAnswers.fields;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.AdminApi;
import com.paywire.api.support.ApiClientHelper;
import com.paywire.api.support.ApiTest;
import com.paywire.api.support.ApiTestBase;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;

/**
 * What an operator does to a client's access: disable and enable it, rotate its secret with or without a grace; and
 * who may call the operator's API at all.
 */
@ApiTest
@ExtendWith(OutputCaptureExtension.class)
class ClientAccessApiTest extends ApiTestBase {

    private static final String BALANCE = "/v1/customer-accounts/get-wallet-balance";

    AdminApi admin;
    AdminApi.Created client;

    @BeforeEach
    void aClientOfItsOwn() {
        admin = new AdminApi(http);
        client = admin.create("Access " + System.nanoTime(), null);
    }

    @Test
    void givenADisabledClient_itsTokenShouldBeRefusedAtOnce_andEnabledAgainItShouldGetANewOne() {
        String token = ApiClientHelper.token(http, client.clientId(), client.secret());
        assertThat(getJson(BALANCE, token).getStatusCode().value()).isEqualTo(200);

        ResponseEntity<JsonNode> disabled = admin.post(CLIENTS + "/" + client.clientId() + "/disable", null);

        assertThat(disabled.getBody().get("enabled").asBoolean()).isFalse();
        // no wait for the replica's memory of the client: the next request is refused
        assertThat(getJson(BALANCE, token).getStatusCode().value()).isEqualTo(401);
        assertThat(tokenRequest(client.clientId(), client.secret()).getBody().get("error").asString())
                .isEqualTo("invalid_client");

        ResponseEntity<JsonNode> enabled = admin.post(CLIENTS + "/" + client.clientId() + "/enable", null);

        assertThat(enabled.getBody().get("enabled").asBoolean()).isTrue();
        assertThat(getJson(BALANCE, token).getStatusCode().value()).isEqualTo(200);
        assertThat(getJson(BALANCE, ApiClientHelper.token(http, client.clientId(), client.secret()))
                .getStatusCode().value()).isEqualTo(200);
    }

    @Test
    void givenTheOperatorDisablingItself_itShouldBeRefused409_andStayEnabled() {
        ResponseEntity<JsonNode> refused = admin.post(CLIENTS + "/" + AdminApi.OPERATOR_ID + "/disable", null);

        assertThat(refused.getStatusCode().value()).isEqualTo(409);
        assertThat(refused.getBody().get("reason").asString()).contains("its own client");
        assertThat(admin.get(CLIENTS + "/" + AdminApi.OPERATOR_ID).getBody().get("enabled").asBoolean()).isTrue();
    }

    @Test
    void givenARotationWithTheDefaultGrace_bothSecretsShouldWorkFor24Hours_thenTheOldOneStop(CapturedOutput output) {
        clock.freeze();
        ResponseEntity<JsonNode> rotated = admin.post(CLIENTS + "/" + client.clientId() + "/secret", null);

        assertThat(rotated.getStatusCode().value()).isEqualTo(200);
        assertThat(rotated.getHeaders().getCacheControl()).isEqualTo("no-store");
        String newSecret = rotated.getBody().get("clientSecret").asString();
        assertThat(newSecret).isNotEqualTo(client.secret());
        assertThat(OffsetDateTime.parse(rotated.getBody().get("previousSecretValidUntil").asString()).toInstant())
                .isEqualTo(clock.instant().plus(Duration.ofHours(24)).truncatedTo(ChronoUnit.SECONDS));
        assertThat(tokenRequest(client.clientId(), client.secret()).getStatusCode().value()).isEqualTo(200);
        assertThat(tokenRequest(client.clientId(), newSecret).getStatusCode().value()).isEqualTo(200);
        assertThat(admin.get(CLIENTS + "/" + client.clientId()).getBody().get("secretRotatedAt").isNull()).isFalse();

        clock.advance(Duration.ofHours(24));
        admin = new AdminApi(http); // the operator's token of a day ago expired

        assertThat(tokenRequest(client.clientId(), client.secret()).getBody().get("error").asString())
                .isEqualTo("invalid_client");
        assertThat(tokenRequest(client.clientId(), newSecret).getStatusCode().value()).isEqualTo(200);
        assertThat(admin.get(CLIENTS + "/" + client.clientId()).getBody().get("previousSecretValidUntil").isNull())
                .isTrue();
        assertThat(output.getAll()).contains("Secret of client '" + client.clientId() + "' rotated")
                .doesNotContain(newSecret).doesNotContain(client.secret());
    }

    @Test
    void givenARotationWithNoGrace_theOldSecretAndTheTokensItGotShouldStopAtOnce() {
        clock.freeze();
        String oldToken = ApiClientHelper.token(http, client.clientId(), client.secret());
        clock.advance(Duration.ofSeconds(1)); // tokens carry their issue time to the second

        ResponseEntity<JsonNode> rotated = admin.post(CLIENTS + "/" + client.clientId() + "/secret",
                Map.of("graceSeconds", 0));

        assertThat(rotated.getBody().get("previousSecretValidUntil").isNull()).isTrue();
        ResponseEntity<JsonNode> refused = getJson(BALANCE, oldToken);
        assertThat(refused.getStatusCode().value()).isEqualTo(401);
        assertThat(refused.getBody().get("error").asString()).isEqualTo("invalid_token");
        assertThat(tokenRequest(client.clientId(), client.secret()).getBody().get("error").asString())
                .isEqualTo("invalid_client");
        String newToken = ApiClientHelper.token(http, client.clientId(), rotated.getBody().get("clientSecret").asString());
        assertThat(getJson(BALANCE, newToken).getStatusCode().value()).isEqualTo(200);
    }

    @Test
    void givenAGraceOutOfRange_itShouldBeNamed_andTheSecretKept() {
        String path = CLIENTS + "/" + client.clientId() + "/secret";

        assertThat(fields(admin.post(path, Map.of("graceSeconds", -1)))).containsExactly("graceSeconds");
        assertThat(fields(admin.post(path, Map.of("graceSeconds", 604_801)))).containsExactly("graceSeconds");
        assertThat(tokenRequest(client.clientId(), client.secret()).getStatusCode().value()).isEqualTo(200);
        assertThat(admin.post(path, Map.of("graceSeconds", 604_800)).getStatusCode().value()).isEqualTo(200);
    }

    @Test
    void givenNewRoutes_theClientsRoutesShouldBecomeExactlyThose_andAnUnknownRouteBeNamed() {
        String path = CLIENTS + "/" + client.clientId() + "/routes";

        ResponseEntity<JsonNode> replaced = admin.put(path, Map.of("routes", List.of(ClientAdminApiTest.KYC_ROUTE)),
                admin.operatorToken());

        assertThat(replaced.getBody().get("routes")).hasSize(1);
        assertThat(replaced.getBody().get("routes").get(0).get("category").asString()).isEqualTo("KYC");
        String token = ApiClientHelper.token(http, client.clientId(), client.secret());
        assertThat(getJson("/v1/transaction-routes/assigned-routes", token).getBody().get("routes")).hasSize(1);
        ResponseEntity<JsonNode> unknown = admin.put(path, Map.of("routes",
                List.of(ClientAdminApiTest.MOBILE_ROUTE, "00000000-0000-0000-0000-00000000000f")), admin.operatorToken());
        assertThat(fields(unknown)).containsExactly("routes[1]");
        assertThat(fields(admin.put(path, Map.of(), admin.operatorToken()))).containsExactly("routes");
        assertThat(getJson("/v1/transaction-routes/assigned-routes", token).getBody().get("routes")).hasSize(1);
    }

    @Test
    void givenAMerchantToken_everyAdminOperationShouldBeRefused403_andAnAdminTokenEveryMerchantOne() {
        String merchant = ApiClientHelper.token(http, client.clientId(), client.secret());
        String id = CLIENTS + "/" + client.clientId();
        for (String bearer : List.of(merchant, token)) { // a new client's, and the sandbox client's
            assertScopeRefused(admin.post(CLIENTS, Map.of("name", "Not allowed"), bearer), "admin");
            assertScopeRefused(admin.get(CLIENTS, bearer), "admin");
            assertScopeRefused(admin.get(id, bearer), "admin");
            assertScopeRefused(admin.post(id + "/disable", null, bearer), "admin");
            assertScopeRefused(admin.post(id + "/enable", null, bearer), "admin");
            assertScopeRefused(admin.post(id + "/secret", null, bearer), "admin");
            assertScopeRefused(admin.put(id + "/routes", Map.of("routes", List.of()), bearer), "admin");
            assertScopeRefused(admin.post(id + "/float", Map.of("amount", "1"), bearer), "admin");
        }
        String operator = admin.operatorToken();
        assertScopeRefused(getJson(BALANCE, operator), "accounts");
        assertScopeRefused(postJson("/v1/payment-order/new-order", Map.of(), operator), "payouts");
        assertScopeRefused(getJson("/apps/graph/api/v1/cards/events", operator), "webhooks");
    }

    @Test
    void givenAnOperationsEndpoint_theSandboxClientsTokenShouldBeRefused403_andTheOperatorsAccepted() {
        assertThat(tokenRequest(ApiClientHelper.SANDBOX_ID, ApiClientHelper.SANDBOX_SECRET, "operations").getBody()
                .path("error").asString()).isEqualTo("invalid_scope");
        String operator = admin.operatorToken();
        for (String path : List.of("/v1/operations/unconfirmed-payments", "/actuator/prometheus")) {
            assertScopeRefused(getJson(path, token), "operations");
            assertThat(http.get().uri(path).header(HttpHeaders.AUTHORIZATION, "Bearer " + operator).retrieve()
                    .toBodilessEntity().getStatusCode().value()).as(path).isEqualTo(200);
        }
    }

    @Test
    void givenTheLiveScopeName_itShouldNeverGrantAdmin_whileNamingAdminOrNoScopeDoes() {
        assertThat(tokenRequest(AdminApi.OPERATOR_ID, AdminApi.OPERATOR_SECRET, "PyPay_api").getBody().get("scope")
                .asString()).as("every scope the operator holds but admin").isEqualTo("operations");
        assertThat(tokenRequest(AdminApi.OPERATOR_ID, AdminApi.OPERATOR_SECRET, "PyPay_api admin").getBody()
                .get("scope").asString().split(" ")).containsExactlyInAnyOrder("admin", "operations");
        assertThat(tokenRequest(AdminApi.OPERATOR_ID, AdminApi.OPERATOR_SECRET, null).getBody().get("scope")
                .asString().split(" ")).containsExactlyInAnyOrder("admin", "operations");
        assertThat(tokenRequest(client.clientId(), client.secret(), "admin").getBody().get("error").asString())
                .isEqualTo("invalid_scope");
        assertThat(tokenRequest(client.clientId(), client.secret(), "PyPay_api").getBody().get("scope").asString())
                .doesNotContain("admin", "operations").contains("payouts", "webhooks");
    }

    private ResponseEntity<JsonNode> tokenRequest(String clientId, String secret) {
        return tokenRequest(clientId, secret, null);
    }

    private ResponseEntity<JsonNode> tokenRequest(String clientId, String secret, String scope) {
        return http.post().uri("/connect/token").contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .body("grant_type=client_credentials&client_id=" + clientId + "&client_secret=" + secret
                        + (scope == null ? "" : "&scope=" + scope.replace(" ", "+")))
                .retrieve().toEntity(JsonNode.class);
    }
}
