package com.paywire.api.auth;

import static com.paywire.api.support.ApiClientHelper.SANDBOX_ID;
import static com.paywire.api.support.ApiClientHelper.SANDBOX_SECRET;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.ApiClientHelper;
import com.paywire.api.support.ApiTest;
import com.paywire.api.support.ApiTestBase;
import io.jsonwebtoken.Jwts;
import io.jsonwebtoken.security.Keys;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Date;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;

@ApiTest
class BearerAuthenticationTest extends ApiTestBase {

    private static final String ROUTES = "/v1/transaction-routes/assigned-routes";

    @Test
    void givenNoAuthorizationHeader_whenCallingV1_itShouldAnswer401WithAJsonBody() {
        ResponseEntity<JsonNode> response = http.get().uri(ROUTES).retrieve().toEntity(JsonNode.class);

        assertThat(response.getStatusCode().value()).isEqualTo(401);
        assertThat(response.getBody().get("error").asString()).isEqualTo("invalid_request");
        assertThat(response.getHeaders().getFirst(HttpHeaders.WWW_AUTHENTICATE)).startsWith("Bearer");
    }

    @Test
    void givenNoToken_whenCallingACardOperation_itShouldAnswer401() {
        assertThat(http.get().uri("/apps/graph/api/v1/cards/transactions/abc").retrieve().toBodilessEntity()
                .getStatusCode().value()).isEqualTo(401);
    }

    @Test
    void givenAMalformedToken_itShouldAnswer401InvalidToken() {
        ResponseEntity<JsonNode> response = call("not-a-jwt");

        assertThat(response.getStatusCode().value()).isEqualTo(401);
        assertThat(response.getBody().get("error").asString()).isEqualTo("invalid_token");
    }

    @Test
    void givenATokenSignedWithAnotherKey_itShouldAnswer401InvalidToken() {
        String forged = Jwts.builder().issuer("paywire").subject(SANDBOX_ID)
                .expiration(new Date(System.currentTimeMillis() + 60_000))
                .signWith(Keys.hmacShaKeyFor("someone-elses-key-that-is-long-enough-32b".getBytes(StandardCharsets.UTF_8)))
                .compact();

        ResponseEntity<JsonNode> response = call(forged);

        assertThat(response.getStatusCode().value()).isEqualTo(401);
        assertThat(response.getBody().get("error_description").asString()).contains("not signed by Paywire");
    }

    @Test
    void givenAValidToken_whenAnHourHasPassed_itShouldExpire() {
        String token = ApiClientHelper.token(http, SANDBOX_ID, SANDBOX_SECRET);
        assertThat(call(token).getStatusCode().value()).isEqualTo(200);

        clock.advance(Duration.ofMinutes(59));
        assertThat(call(token).getStatusCode().value()).as("still valid after 59 minutes").isEqualTo(200);

        clock.advance(Duration.ofMinutes(1).plusSeconds(1));
        ResponseEntity<JsonNode> expired = call(token);
        assertThat(expired.getStatusCode().value()).isEqualTo(401);
        assertThat(expired.getBody().get("error_description").asString()).isEqualTo("The access token expired");
    }

    @Test
    void givenTheTokenAndHealthEndpoints_itShouldNotAskForAToken() {
        assertThat(http.get().uri("/api_health_check").retrieve().toBodilessEntity().getStatusCode().value())
                .isEqualTo(200);
        assertThat(http.get().uri("/v3/api-docs").retrieve().toBodilessEntity().getStatusCode().value())
                .isEqualTo(200);
    }

    private ResponseEntity<JsonNode> call(String token) {
        return http.get().uri(ROUTES).header(HttpHeaders.AUTHORIZATION, "Bearer " + token)
                .retrieve().toEntity(JsonNode.class);
    }
}
