package com.paywire.infra.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.web.client.RestClient;
import tools.jackson.databind.JsonNode;

/** The local stack's operator, as ./paywire prints it and ./paywire client create uses it. */
class LocalOperatorTest {

    static RestClient http;

    @BeforeAll
    static void start() {
        http = RunningLocalStack.http();
    }

    @Test
    void givenTheWelcome_itShouldNameTheOperatorsCredentials_andHowToCreateAClientOfOnesOwn() {
        String welcome = RunningLocalStack.get().welcome(1);

        assertThat(welcome).contains("Operator client_id     paywire-operator", "Operator client_secret operator-secret",
                "./paywire client create my-shop", "Sandbox client_id      paywire-sandbox");
        // the stack runs on a free port here: the command says which
        assertThat(welcome).contains("PAYWIRE_PORT=" + RunningLocalStack.get().apiEnvironment()
                .getProperty("local.server.port") + " ./paywire client create my-shop");
    }

    @Test
    void givenTheOperatorsCredentials_aClientOfOnesOwnShouldBeCreated_withEveryRouteAndAFloat() {
        String operator = token("paywire-operator", "operator-secret");

        ResponseEntity<JsonNode> created = http.post().uri("/v1/admin/clients")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + operator).contentType(MediaType.APPLICATION_JSON)
                .body(Map.of("name", "my-shop", "float", "100000.00")).retrieve().toEntity(JsonNode.class);

        assertThat(created.getStatusCode().value()).as("%s", created.getBody()).isEqualTo(201);
        assertThat(created.getBody().get("clientId").asString()).startsWith("my-shop-");
        assertThat(created.getBody().get("routes")).hasSize(11);
        String own = token(created.getBody().get("clientId").asString(),
                created.getBody().get("clientSecret").asString());
        JsonNode balance = http.get().uri("/v1/customer-accounts/get-wallet-balance")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + own).retrieve().body(JsonNode.class);
        assertThat(balance.toString()).contains("100000");
    }

    private static String token(String clientId, String secret) {
        var form = new LinkedMultiValueMap<String, String>();
        form.add("grant_type", "client_credentials");
        form.add("client_id", clientId);
        form.add("client_secret", secret);
        return http.post().uri("/connect/token").contentType(MediaType.APPLICATION_FORM_URLENCODED).body(form)
                .retrieve().body(JsonNode.class).get("access_token").asString();
    }
}
