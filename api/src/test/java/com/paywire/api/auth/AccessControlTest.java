package com.paywire.api.auth;

import static com.paywire.api.support.ApiClientHelper.SANDBOX_ID;
import static com.paywire.api.support.ApiClientHelper.SANDBOX_SECRET;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.ApiClientHelper;
import com.paywire.api.support.ApiTest;
import com.paywire.api.support.ApiTestBase;
import com.paywire.domain.clients.ActiveClients;
import com.paywire.domain.clients.ClientSecretHasher;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.vocabulary.clients.ApiClient;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import tools.jackson.databind.JsonNode;

/** Who may call what: scopes per operation, and tokens whose client is gone or disabled. */
@ApiTest
class AccessControlTest extends ApiTestBase {

    private static final String MOBILE_ROUTE = "4a3e1249-51a2-4c57-8b74-166d7f689460";

    @Autowired
    TokenService tokens;
    @Autowired
    ApiClientStore clients;
    @Autowired
    JdbcClient jdbc;
    @Autowired
    @Qualifier("requestMappingHandlerMapping")
    RequestMappingHandlerMapping mappings;

    @Test
    void givenAKycToken_whenItSubmitsAPaymentOrderOrReadsBalances_itShouldBeRefused403InsufficientScope_andNothingStored() {
        String kyc = ApiClientHelper.token(http, SANDBOX_ID, SANDBOX_SECRET, "kyc");
        long ordersBefore = count("payment_orders");

        ResponseEntity<JsonNode> order = post("/v1/payment-order/new-order", kyc, paymentOrder("scope-kyc-1"));
        ResponseEntity<JsonNode> balance = get("/v1/customer-accounts/get-wallet-balance", kyc);

        assertInsufficientScope(order, "payouts");
        assertInsufficientScope(balance, "accounts");
        assertThat(count("payment_orders")).isEqualTo(ordersBefore);
    }

    @Test
    void givenATokenWithTheOperationsScope_itShouldBeServed_andOtherScopesStillRefused() {
        String payouts = ApiClientHelper.token(http, SANDBOX_ID, SANDBOX_SECRET, "payouts");

        ResponseEntity<JsonNode> order = post("/v1/payment-order/new-order", payouts, paymentOrder("scope-payouts-1"));
        assertThat(order.getStatusCode().value()).isEqualTo(200);
        assertInsufficientScope(get("/v1/transaction-routes/assigned-routes", payouts), "accounts");
        assertInsufficientScope(get("/apps/graph/api/v1/cards/webhooks", payouts), "webhooks");
        assertInsufficientScope(get("/apps/graph/api/v1/cards/transactions", payouts), "cards");
        assertInsufficientScope(get("/v1/express-deposit/check-status?OriginatorConversationId=x", payouts), "collections");
    }

    @Test
    void givenAScopeCheck_itShouldComeBeforeTheBodyIsRead_soABadBodyStillAnswers403() {
        String kyc = ApiClientHelper.token(http, SANDBOX_ID, SANDBOX_SECRET, "kyc");

        assertInsufficientScope(post("/v1/payment-order/new-order", kyc, "{not json"), "payouts");
    }

    @Test
    void everyBearerProtectedOperation_shouldDeclareTheScopeItNeeds() {
        List<String> undeclared = new ArrayList<>();
        for (Map.Entry<RequestMappingInfo, HandlerMethod> entry : mappings.getHandlerMethods().entrySet()) {
            boolean isPublic = entry.getKey().getPatternValues().stream()
                    .allMatch(p -> !(p.startsWith("/v1/") || p.startsWith("/apps/graph/api/v1/"))
                            || p.endsWith("/auth/token") || p.endsWith("/transient-tokens"));
            if (!isPublic && Scope.requiredBy(entry.getValue()).isEmpty()) {
                undeclared.add(entry.getKey().toString());
            }
        }
        assertThat(undeclared).isEmpty();
        assertThat(mappings.getHandlerMethods()).hasSizeGreaterThan(30);
    }

    @Test
    void givenTheOpenApiDocument_itShouldNameTheScopeOfEveryProtectedOperation_andNoneOnPublicOnes() {
        JsonNode doc = http.get().uri("/v3/api-docs").retrieve().body(JsonNode.class);

        assertThat(doc.at("/components/securitySchemes/oauth2/flows/clientCredentials/tokenUrl").asString())
                .isEqualTo("/connect/token");
        assertThat(doc.at("/components/securitySchemes/oauth2/flows/clientCredentials/scopes").propertyNames())
                .containsExactlyInAnyOrderElementsOf(Arrays.stream(Scope.values()).map(Scope::value).toList());
        assertThat(scopesOf(doc, "/v1/payment-order/new-order", "post")).containsExactly("payouts");
        assertThat(scopesOf(doc, "/v1/customer-accounts/get-wallet-balance", "get")).containsExactly("accounts");
        assertThat(scopesOf(doc, "/apps/graph/api/v1/cards/payment/authorise", "post")).containsExactly("cards");
        assertThat(scopesOf(doc, "/apps/graph/api/v1/cards/webhooks", "post")).containsExactly("webhooks");
        assertThat(scopesOf(doc, "/v1/kyc-request/validate", "post")).containsExactly("kyc");
        assertThat(scopesOf(doc, "/v1/kyc-request/check-status", "get")).containsExactly("kyc");
        assertThat(scopesOf(doc, "/v1/account/validate", "post")).containsExactly("kyc");
        assertThat(scopesOf(doc, "/v1/account/query", "get")).containsExactly("kyc");
        assertThat(scopesOf(doc, "/v1/airtime-purchase", "post")).containsExactly("bills");
        assertThat(scopesOf(doc, "/v1/airtime-purchase/check-status", "get")).containsExactly("bills");
        // either scope lets a token in; the account asked for decides which one it needs
        assertThat(scopesOf(doc, "/v1/customer-accounts/statement", "get")).containsExactly("payouts", "collections");
        List<String> statementParameters = new ArrayList<>();
        doc.at("/paths/~1v1~1customer-accounts~1statement/get/parameters")
                .forEach(p -> statementParameters.add(p.get("name").asString()));
        assertThat(statementParameters).contains("accountType", "from", "to", "page", "pageSize");
        assertThat(doc.at("/paths/~1v1~1payment-order~1new-order/post/responses/403/description").asString())
                .contains("payouts");
        assertThat(doc.at("/paths/~1v1~1payment-order~1new-order/post/responses/401").isMissingNode()).isFalse();
        assertThat(doc.at("/paths/~1connect~1token/post/security").isEmpty()).isTrue();
        assertThat(doc.at("/paths/~1apps~1graph~1api~1v1~1cards~1transient-tokens/post/security").isEmpty()).isTrue();
    }

    @Test
    void givenAWellSignedTokenOfAClientThatDoesNotExist_itShouldBeRefused401() {
        String ghost = tokens.issue("no-such-client", Set.of("payouts", "accounts")).accessToken();

        ResponseEntity<JsonNode> response = get("/v1/customer-accounts/get-wallet-balance", ghost);

        assertThat(response.getStatusCode().value()).isEqualTo(401);
        assertThat(response.getBody().get("error").asString()).isEqualTo("invalid_token");
        assertThat(response.getHeaders().getFirst(HttpHeaders.WWW_AUTHENTICATE)).contains("invalid_token");
    }

    @Test
    void givenADisabledClient_itsTokensShouldBeRefused_andItShouldGetNoNewOne() {
        String id = "to-disable-" + UUID.randomUUID();
        clients.registerWithAllRoutes(new ApiClient(id, "Soon off", ClientSecretHasher.hash("off-secret"),
                Set.of("accounts")));
        String token = ApiClientHelper.token(http, id, "off-secret");
        assertThat(get("/v1/transaction-routes/assigned-routes", token).getStatusCode().value()).isEqualTo(200);

        clients.setEnabled(id, false);
        clock.advance(ActiveClients.REMEMBER.plusSeconds(1));

        assertThat(get("/v1/transaction-routes/assigned-routes", token).getStatusCode().value()).isEqualTo(401);
        ResponseEntity<JsonNode> newToken = http.post().uri("/connect/token").contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .body("grant_type=client_credentials&client_id=" + id + "&client_secret=off-secret")
                .retrieve().toEntity(JsonNode.class);
        assertThat(newToken.getStatusCode().value()).isEqualTo(400);
        assertThat(newToken.getBody().get("error").asString()).isEqualTo("invalid_client");
    }

    @Test
    void givenAnEncodedPathToAProtectedOperation_itShouldStillNeedAToken() {
        ResponseEntity<JsonNode> response = http.get().uri(java.net.URI.create("http://localhost:" + port
                + "/%761/customer-accounts/get-wallet-balance")).retrieve().toEntity(JsonNode.class);

        assertThat(response.getStatusCode().value()).isIn(400, 401, 404);
        assertThat(response.getStatusCode().value()).isNotEqualTo(500);
    }

    private static List<String> scopesOf(JsonNode doc, String path, String method) {
        JsonNode security = doc.get("paths").get(path).get(method).get("security");
        List<String> scopes = new ArrayList<>();
        security.forEach(requirement -> requirement.get("oauth2").forEach(s -> scopes.add(s.asString())));
        return scopes;
    }

    private static void assertInsufficientScope(ResponseEntity<JsonNode> response, String scope) {
        assertThat(response.getStatusCode().value()).isEqualTo(403);
        assertThat(response.getHeaders().getFirst(HttpHeaders.WWW_AUTHENTICATE))
                .startsWith("Bearer error=\"insufficient_scope\"").contains("scope=\"" + scope + "\"");
        assertThat(response.getBody().get("error").asString()).isEqualTo("insufficient_scope");
        assertThat(response.getBody().get("scope").asString()).isEqualTo(scope);
    }

    private long count(String table) {
        return jdbc.sql("select count(*) from " + table).query(Long.class).single();
    }

    private ResponseEntity<JsonNode> get(String path, String token) {
        return http.get().uri(path).header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().toEntity(JsonNode.class);
    }

    private ResponseEntity<JsonNode> post(String path, String token, String body) {
        return http.post().uri(path).header(HttpHeaders.AUTHORIZATION, "Bearer " + token)
                .contentType(MediaType.APPLICATION_JSON).body(body).retrieve().toEntity(JsonNode.class);
    }

    private static String paymentOrder(String ocid) {
        return """
                {"originatorConversationId":"%s","paymentOrderLines":[{
                  "remitter":{"name":"Acme Ltd","phoneNumber":"+254700000000","country":"KE","ccy":404},
                  "recipient":{"name":"Jane Doe","mccmnc":"63902","primaryAccountNumber":"+254712345678","ccy":404,"country":"KE"},
                  "transaction":{"routeId":"%s","ChannelType":1,"amount":100,"reference":"r",
                   "systemTraceAuditNumber":"%s"}}]}""".formatted(ocid, MOBILE_ROUTE, UUID.randomUUID());
    }
}
