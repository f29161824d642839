package com.paywire.api.cards;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.AdminApi;
import com.paywire.api.support.ApiClientHelper;
import com.paywire.api.support.ApiTest;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.ResponseEntity;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * A deployment that is not a sandbox: the sandbox's test tokens are unknown tokens there, refused as a made-up one is
 * (and the vault is never asked). In the sandbox they stand for test cards: infra's SandboxTestTokensSystemTest.
 */
@ApiTest
@TestPropertySource(properties = "paywire.sandbox.enabled=false")
class SandboxTestTokensOutsideTheSandboxTest {

    private static final String CARDS = "/apps/graph/api/v1/cards";

    @LocalServerPort
    int port;
    AdminApi admin;
    String token;

    @BeforeEach
    void asAClientOfItsOwn() {
        admin = new AdminApi(ApiClientHelper.client(port));
        AdminApi.Created shop = admin.create("Live shop", null);
        token = ApiClientHelper.token(ApiClientHelper.client(port), shop.clientId(), shop.secret());
    }

    @Test
    void givenATestToken_itShouldBeRefusedAsAnUnknownTokenIs() {
        for (String testToken : new String[] {"tok_sandbox_visa_authorised", "tok_sandbox_mastercard_challenge",
                "tok_sandbox_visa_declined", "tok_sandbox_visa_insufficient_funds", "tok_sandbox_visa_dispute"}) {
            assertRefusedAlike(screen(testToken), screen("tt_made-up"));
            assertRefusedAlike(authorise(testToken), authorise("tt_made-up"));
        }
    }

    private static void assertRefusedAlike(ResponseEntity<JsonNode> testToken, ResponseEntity<JsonNode> unknown) {
        assertThat(unknown.getStatusCode().value()).as("%s", unknown.getBody()).isEqualTo(400);
        assertThat(testToken.getStatusCode().value()).as("%s", testToken.getBody()).isEqualTo(400);
        assertThat(testToken.getBody().get("errors")).isEqualTo(unknown.getBody().get("errors"));
        assertThat(testToken.getBody().toString()).contains("TransientToken").doesNotContain("tok_sandbox");
    }

    private ResponseEntity<JsonNode> screen(String transientToken) {
        return admin.post(CARDS + "/fraud/screen", Map.of("Amount", "100.00", "Currency", "USD",
                "TransientToken", transientToken), token);
    }

    private ResponseEntity<JsonNode> authorise(String transientToken) {
        return admin.post(CARDS + "/payment/authorise", Map.of("Transaction", Map.of("Amount", "100.00",
                "Currency", "USD", "TransientToken", transientToken, "RequestId", "outside-" + transientToken)), token);
    }
}
