package com.paywire.api.clients;

import static com.paywire.api.support.AdminApi.CLIENTS;
import static com.paywire.api.support.JsonAnswers.assertNotFound;
import static com.paywire.api.support.JsonAnswers.fields;
import static com.paywire.api.support.JsonAnswers.names;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.auth.Scope;
import com.paywire.api.support.AdminApi;
import com.paywire.api.support.ApiClientHelper;
import com.paywire.api.support.ApiTest;
import com.paywire.api.support.ApiTestBase;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.collections.ShortCodeStore;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.persistence.secrets.SecretCipher;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.vocabulary.collections.ShortCode;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Creating, listing and reading clients through the operator's API, and what it refuses. */
@ApiTest
@ExtendWith(OutputCaptureExtension.class)
class ClientAdminApiTest extends ApiTestBase {

    static final String MOBILE_ROUTE = "4a3e1249-51a2-4c57-8b74-166d7f689460";
    static final String KYC_ROUTE = "7084d9cf-08ba-491b-ab39-de9db5ee59d2";

    @Autowired
    Ledger ledger;
    @Autowired
    JdbcClient jdbc;
    @Autowired
    ApiClientStore clientStore;
    @Autowired
    SecretCipher cipher;
    @Autowired
    ShortCodeStore shortCodes;
    AdminApi admin;

    @BeforeEach
    void asTheOperator() {
        admin = new AdminApi(http);
    }

    @Test
    void givenANameAlone_theClientShouldGetAReadableId_aSecretShownOnce_merchantScopes_andEveryRoute(
            CapturedOutput output) {
        ResponseEntity<JsonNode> created = admin.post(CLIENTS, Map.of("name", "Mama Mboga's Shop"));

        assertThat(created.getStatusCode().value()).isEqualTo(201);
        JsonNode client = created.getBody();
        assertThat(names(client)).containsExactly("clientId", "clientSecret", "callbackSecret", "name", "displayName",
                "enabled", "scopes", "routes", "float", "createdAt", "shortCode", "accountPrefix");
        String clientId = client.get("clientId").asString();
        String secret = client.get("clientSecret").asString();
        String callbackSecret = client.get("callbackSecret").asString();
        assertThat(callbackSecret).matches("[A-Za-z0-9_-]{43}").isNotEqualTo(secret);
        assertThat(clientStore.callbackSecret(clientId).map(cipher::decrypt)).as("what its callbacks are signed with")
                .contains(callbackSecret);
        assertThat(clientId).matches("mama-mboga-s-shop-[a-z0-9]{6}");
        assertThat(secret).matches("[A-Za-z0-9_-]{43}");
        assertThat(client.get("name").asString()).isEqualTo("Mama Mboga's Shop");
        assertThat(client.get("enabled").asBoolean()).isTrue();
        assertThat(texts(client.get("scopes"))).containsExactlyElementsOf(Scope.merchantValues())
                .doesNotContain("admin", "operations");
        assertThat(client.get("routes")).hasSize(11);
        assertThat(client.get("routes").get(0).get("routeId").asString()).isEqualTo(MOBILE_ROUTE);
        assertThat(client.get("routes").get(0).get("category").asString()).isEqualTo("MOBILE_WALLET");
        assertThat(client.get("float").isNull()).isTrue();
        assertThat(OffsetDateTime.parse(client.get("createdAt").asString())).isNotNull();
        assertThat(client.get("shortCode").asString()).as("a short code of its own, in the sandbox")
                .matches("6\\d{5}");
        assertThat(client.get("accountPrefix").asString()).as("three letters of its own, not the sandbox client's PW")
                .matches("[A-Z]{3}").doesNotStartWith("PW");
        assertThat(admin.get(CLIENTS + "/" + clientId).getBody().get("shortCode").asString())
                .isEqualTo(client.get("shortCode").asString());
        assertThat(created.getHeaders().getLocation()).hasToString(CLIENTS + "/" + clientId);
        assertThat(created.getHeaders().getCacheControl()).isEqualTo("no-store");

        String token = ApiClientHelper.token(http, clientId, secret);
        ResponseEntity<JsonNode> routes = getJson("/v1/transaction-routes/assigned-routes", token);
        assertThat(routes.getBody().get("routes")).hasSize(11);
        assertThat(ledger.available(LedgerAccounts.working(clientId))).isZero();
        assertThat(output.getAll()).contains("Client '" + clientId + "' created by operator 'paywire-operator'")
                .doesNotContain(secret);
    }

    @Test
    void givenTheNextPrefixBeginningWithTheSandboxClients_itShouldBeSkipped_andEachNewClientGetTheNextOfItsOwn() {
        String holder = "prefix-holder";
        clientStore.register(new ApiClient(holder, holder, "unused", Set.of("collections")), List.of());
        shortCodes.issue(new ShortCode("599999", holder, "PVZ"));

        String first = admin.post(CLIENTS, Map.of("name", "First Prefix")).getBody().get("accountPrefix").asString();
        String second = admin.post(CLIENTS, Map.of("name", "Second Prefix")).getBody().get("accountPrefix").asString();

        assertThat(first).as("PWA to PWZ begin with PW").isEqualTo("PXA");
        assertThat(second).isEqualTo("PXB");
    }

    @Test
    void givenRoutesAndAFloat_theClientShouldHoldThoseRoutesAlone_andTheFloatInItsWorkingAccount() {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("name", "Two Routes");
        body.put("routes", List.of(KYC_ROUTE, MOBILE_ROUTE, KYC_ROUTE));
        body.put("float", "2500.5");

        ResponseEntity<String> answer = http.post().uri(CLIENTS)
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + admin.operatorToken())
                .contentType(MediaType.APPLICATION_JSON).body(body).retrieve().toEntity(String.class);

        assertThat(answer.getStatusCode().value()).isEqualTo(201);
        assertThat(answer.getBody()).as("to the cent").contains("\"float\":2500.50,");
        JsonNode created = JsonMapper.builder().build().readTree(answer.getBody());
        String clientId = created.get("clientId").asString();
        assertThat(categories(created.get("routes"))).containsExactly("MOBILE_WALLET", "KYC");
        assertThat(ledger.available(LedgerAccounts.working(clientId))).isEqualByComparingTo("2500.50");
        String token = ApiClientHelper.token(http, clientId, created.get("clientSecret").asString());
        assertThat(getJson("/v1/transaction-routes/assigned-routes", token).getBody().get("routes")).hasSize(2);
        assertThat(getJson("/v1/customer-accounts/get-wallet-balance", token).getStatusCode().value()).isEqualTo(200);
    }

    @Test
    void givenBadFields_eachShouldBeNamedInTheFieldErrorList_andNoClientStored() {
        long before = clients();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("name", "x".repeat(101));
        body.put("routes", List.of(MOBILE_ROUTE, "00000000-0000-0000-0000-000000000001"));
        body.put("float", "-5");

        ResponseEntity<JsonNode> refused = admin.post(CLIENTS, body);

        assertThat(names(refused.getBody())).containsExactly("appDomainName", "status", "timestamp",
                "systemConversationId", "originatorConversationId", "errors");
        assertThat(fields(refused)).containsExactly("float", "name");
        assertThat(fields(admin.post(CLIENTS, Map.of()))).containsExactly("name");
        assertThat(fields(admin.post(CLIENTS, Map.of("name", "Line\nbreak")))).containsExactly("name");
        List<String> withNull = new ArrayList<>(List.of(MOBILE_ROUTE));
        withNull.add(null);
        Map<String, Object> nullRoute = new LinkedHashMap<>(Map.of("name", "Null route"));
        nullRoute.put("routes", withNull);
        assertThat(fields(admin.post(CLIENTS, nullRoute))).containsExactly("routes[1]");
        ResponseEntity<JsonNode> unknownRoute = admin.post(CLIENTS, Map.of("name", "Unknown route",
                "routes", List.of(MOBILE_ROUTE, "00000000-0000-0000-0000-000000000001")));
        assertThat(fields(unknownRoute)).containsExactly("routes[1]");
        assertThat(unknownRoute.getBody().get("errors").get(0).get("message").asString())
                .contains("00000000-0000-0000-0000-000000000001");
        assertThat(clients()).isEqualTo(before);
    }

    @Test
    void givenSeveralClients_theListShouldPageThemOldestFirst_withoutAnySecret() {
        List<AdminApi.Created> created = List.of(admin.create("Page one", null), admin.create("Page two", null),
                admin.create("Page three", null));
        long total = clients();

        ResponseEntity<JsonNode> lastPage = admin.get(CLIENTS + "?page=" + total + "&pageSize=1");
        ResponseEntity<JsonNode> all = admin.get(CLIENTS + "?pageSize=100");

        assertThat(names(lastPage.getBody())).containsExactly("clients", "page", "pageSize", "total");
        assertThat(lastPage.getBody().get("total").asLong()).isEqualTo(total);
        assertThat(lastPage.getBody().get("clients").get(0).get("clientId").asString())
                .isEqualTo(created.getLast().clientId());
        JsonNode listed = all.getBody().get("clients");
        assertThat(names(listed.get(0))).containsExactly("clientId", "name", "displayName", "enabled", "scopes",
                "routes", "createdAt", "secretRotatedAt", "previousSecretValidUntil", "shortCode", "accountPrefix");
        List<String> ids = new ArrayList<>();
        listed.forEach(c -> ids.add(c.get("clientId").asString()));
        assertThat(ids).contains("paywire-sandbox", "paywire-operator")
                .containsSubsequence(created.stream().map(AdminApi.Created::clientId).toList());
        created.forEach(c -> assertThat(all.getBody().toString()).doesNotContain(c.secret()));
        assertThat(all.getBody().toString()).doesNotContain("secret_hash", "pbkdf2");
        assertThat(fields(admin.get(CLIENTS + "?page=0"))).containsExactly("page");
        assertThat(fields(admin.get(CLIENTS + "?pageSize=101"))).containsExactly("pageSize");
    }

    @Test
    void givenAClientId_itsClientShouldBeAnswered_andAnUnknownOne404() {
        AdminApi.Created created = admin.create("Read me", null);

        JsonNode client = admin.get(CLIENTS + "/" + created.clientId()).getBody();

        assertThat(client.get("name").asString()).isEqualTo("Read me");
        assertThat(client.get("secretRotatedAt").isNull()).isTrue();
        assertThat(client.toString()).doesNotContain(created.secret());
        assertNotFound(admin.get(CLIENTS + "/no-such-client"));
        assertNotFound(admin.post(CLIENTS + "/no-such-client/disable", null));
        assertNotFound(admin.post(CLIENTS + "/no-such-client/secret", null));
        assertNotFound(admin.post(CLIENTS + "/no-such-client/callback-secret", null));
        assertNotFound(admin.put(CLIENTS + "/no-such-client/routes", Map.of("routes", List.of()),
                admin.operatorToken()));
        assertNotFound(admin.post(CLIENTS + "/no-such-client/float", Map.of("amount", "10")));
    }

    @Test
    void givenANewCallbackSecret_itShouldBeAnsweredOnce_andSignWhatIsSentFromNowOn() {
        AdminApi.Created created = admin.create("Signed shop", null);

        ResponseEntity<JsonNode> rotated = admin.post(CLIENTS + "/" + created.clientId() + "/callback-secret", null);

        assertThat(rotated.getStatusCode().value()).isEqualTo(200);
        assertThat(names(rotated.getBody())).containsExactly("clientId", "callbackSecret");
        String callbackSecret = rotated.getBody().get("callbackSecret").asString();
        assertThat(clientStore.callbackSecret(created.clientId()).map(cipher::decrypt)).contains(callbackSecret);
        assertThat(admin.get(CLIENTS + "/" + created.clientId()).getBody().toString()).doesNotContain(callbackSecret);
    }

    private List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(t -> texts.add(t.asString()));
        return texts;
    }

    private List<String> categories(JsonNode routes) {
        List<String> categories = new ArrayList<>();
        routes.forEach(r -> categories.add(r.get("category").asString()));
        return categories;
    }

    private long clients() {
        return jdbc.sql("select count(*) from clients").query(Long.class).single();
    }
}
