package com.paywire.api.auth;

import static com.paywire.api.support.ApiClientHelper.SANDBOX_ID;
import static com.paywire.api.support.ApiClientHelper.SANDBOX_SECRET;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.ApiTest;
import com.paywire.api.support.ApiTestBase;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.util.LinkedMultiValueMap;
import tools.jackson.databind.JsonNode;

@ApiTest
class TokenEndpointTest extends ApiTestBase {

    @Test
    void givenSandboxCredentials_whenFormRequest_itShouldIssueABearerTokenForOneHour() {
        ResponseEntity<JsonNode> response = form("client_credentials", SANDBOX_ID, SANDBOX_SECRET, null);

        assertThat(response.getStatusCode().value()).isEqualTo(200);
        JsonNode body = response.getBody();
        assertThat(body.get("token_type").asString()).isEqualTo("Bearer");
        assertThat(body.get("expires_in").asInt()).isEqualTo(3600);
        assertThat(body.get("scope").asString()).contains("payouts").contains("cards");
        assertThat(body.get("access_token").asString()).matches("[\\w-]+\\.[\\w-]+\\.[\\w-]+");
        assertThat(response.getHeaders().getCacheControl()).isEqualTo("no-store");
    }

    @Test
    void givenJsonBodyWithMixedCaseKeys_whenRequested_itShouldIssueAToken() {
        ResponseEntity<JsonNode> response = http.post().uri("/connect/token").contentType(MediaType.APPLICATION_JSON)
                .body("""
                        {"Grant_Type":"client_credentials","CLIENT_ID":"%s","client_secret":"%s"}
                        """.formatted(SANDBOX_ID, SANDBOX_SECRET))
                .retrieve().toEntity(JsonNode.class);

        assertThat(response.getStatusCode().value()).isEqualTo(200);
        assertThat(response.getBody().get("access_token").asString()).isNotBlank();
    }

    @Test
    void givenHttpBasicCredentials_whenRequested_itShouldIssueAToken() {
        var formBody = new LinkedMultiValueMap<String, String>();
        formBody.add("grant_type", "client_credentials");
        String basic = Base64.getEncoder().encodeToString((SANDBOX_ID + ":" + SANDBOX_SECRET)
                .getBytes(StandardCharsets.UTF_8));

        ResponseEntity<JsonNode> response = http.post().uri("/connect/token")
                .contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .header(HttpHeaders.AUTHORIZATION, "Basic " + basic)
                .body(formBody).retrieve().toEntity(JsonNode.class);

        assertThat(response.getStatusCode().value()).isEqualTo(200);
    }

    @Test
    void givenWrongSecretOrUnknownClient_whenRequested_itShouldAnswerInvalidClient() {
        for (ResponseEntity<JsonNode> response : new ResponseEntity[] {
                form("client_credentials", SANDBOX_ID, "wrong", null),
                form("client_credentials", "nobody", SANDBOX_SECRET, null),
                form("client_credentials", SANDBOX_ID, null, null)}) {
            assertThat(response.getStatusCode().value()).isEqualTo(400);
            assertThat(response.getBody().toString()).isEqualTo("{\"error\":\"invalid_client\"}");
        }
    }

    @Test
    void givenMissingOrOtherGrantType_whenRequested_itShouldAnswerTheOAuthError() {
        assertThat(form(null, SANDBOX_ID, SANDBOX_SECRET, null).getBody().get("error").asString())
                .isEqualTo("invalid_request");
        assertThat(form("password", SANDBOX_ID, SANDBOX_SECRET, null).getBody().get("error").asString())
                .isEqualTo("unsupported_grant_type");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"{\"grant_type\":", "not json", "[\"client_credentials\"]", "\"client_credentials\"", "42",
            "{\"grant_type\":\"client_credentials\",\"client_id\":\"a\\u0000\"}"})
    void givenAMalformedOrNonObjectJsonBody_itShouldAnswerTheOAuthErrorInvalidRequest(String body) {
        ResponseEntity<JsonNode> response = http.post().uri("/connect/token").contentType(MediaType.APPLICATION_JSON)
                .body(body).retrieve().toEntity(JsonNode.class);

        assertThat(response.getStatusCode().value()).isEqualTo(400);
        assertThat(response.getBody().get("error").asString()).isEqualTo("invalid_request");
        assertThat(new java.util.ArrayList<>(response.getBody().propertyNames()))
                .containsExactly("error", "error_description");
        assertThat(response.getBody().get("error_description").asString()).matches("[\\x20-\\x21\\x23-\\x5B\\x5D-\\x7E]+");
        assertThat(response.getHeaders().getCacheControl()).isEqualTo("no-store");
    }

    @Test
    void givenARequestedScope_whenGranted_itShouldCarryOnlyThatScope_andRefuseOnesTheClientLacks() {
        ResponseEntity<JsonNode> narrowed = form("client_credentials", SANDBOX_ID, SANDBOX_SECRET, "payouts");
        assertThat(narrowed.getBody().get("scope").asString()).isEqualTo("payouts");

        ResponseEntity<JsonNode> refused = form("client_credentials", SANDBOX_ID, SANDBOX_SECRET, "payouts admin");
        assertThat(refused.getStatusCode().value()).isEqualTo(400);
        assertThat(refused.getBody().get("error").asString()).isEqualTo("invalid_scope");
    }

    @Test
    void givenTheLiveApisScopeName_itShouldBeGrantedAsEveryScopeTheClientHolds() {
        ResponseEntity<JsonNode> live = form("client_credentials", SANDBOX_ID, SANDBOX_SECRET, "PyPay_api");

        assertThat(live.getStatusCode().value()).isEqualTo(200);
        assertThat(live.getBody().get("scope").asString().split(" "))
                .containsExactlyInAnyOrderElementsOf(Scope.merchantValues());
        String token = live.getBody().get("access_token").asString();
        assertThat(http.get().uri("/v1/customer-accounts/get-wallet-balance").header("Authorization", "Bearer " + token)
                .retrieve().toBodilessEntity().getStatusCode().value()).isEqualTo(200);
    }

    @Test
    void givenCardApiCredentials_whenGeneratingAnAuthToken_itShouldAnswerPascalCaseAndTheTokenShouldWork() {
        ResponseEntity<JsonNode> response = http.post().uri("/apps/graph/api/v1/cards/auth/token")
                .contentType(MediaType.APPLICATION_JSON)
                .body("{\"ClientId\":\"%s\",\"ClientSecret\":\"%s\"}".formatted(SANDBOX_ID, SANDBOX_SECRET))
                .retrieve().toEntity(JsonNode.class);

        assertThat(response.getStatusCode().value()).isEqualTo(200);
        assertThat(response.getBody().get("TokenType").asString()).isEqualTo("Bearer");
        assertThat(response.getBody().get("ExpiresIn").asInt()).isEqualTo(3600);
        String token = response.getBody().get("AccessToken").asString();
        assertThat(http.get().uri("/v1/transaction-routes/assigned-routes")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().toBodilessEntity()
                .getStatusCode().value()).isEqualTo(200);
    }

    private ResponseEntity<JsonNode> form(String grantType, String clientId, String secret, String scope) {
        var formBody = new LinkedMultiValueMap<String, String>();
        if (grantType != null) {
            formBody.add("grant_type", grantType);
        }
        formBody.add("client_id", clientId);
        if (secret != null) {
            formBody.add("client_secret", secret);
        }
        if (scope != null) {
            formBody.add("scope", scope);
        }
        return http.post().uri("/connect/token").contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .body(formBody).retrieve().toEntity(JsonNode.class);
    }
}
