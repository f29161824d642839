package com.paywire.api.auth;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.ApiTest;
import com.paywire.api.support.ApiTestBase;
import com.paywire.persistence.clients.ApiClient;
import com.paywire.persistence.clients.ApiClientStore;
import java.util.Arrays;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;

/** Guessing a client's secret is slowed down per client id, and the answer time does not tell which ids exist. */
@ApiTest
class ClientSecretGuessingTest extends ApiTestBase {

    @Autowired
    ApiClientStore clients;
    @Autowired
    ClientAuthenticator authenticator;
    String clientId;

    @BeforeEach
    void setUp() {
        clientId = "guessed-" + UUID.randomUUID();
        clients.registerWithAllRoutes(new ApiClient(clientId, "Guessed", ClientSecretHasher.hash("right-secret"),
                Set.of("accounts")));
    }

    @Test
    void givenFiveWrongSecretsInARow_theIdShouldBeLockedOut429WithRetryAfter_evenForTheRightSecret_untilTheLockoutEnds() {
        for (int i = 0; i < FailedAttempts.MAX_FAILURES; i++) {
            ResponseEntity<JsonNode> wrong = token("wrong-" + i);
            assertThat(wrong.getStatusCode().value()).isEqualTo(400);
            assertThat(wrong.getBody().get("error").asString()).isEqualTo("invalid_client");
        }

        ResponseEntity<JsonNode> locked = token("right-secret");
        assertThat(locked.getStatusCode().value()).isEqualTo(429);
        assertThat(Long.parseLong(locked.getHeaders().getFirst(HttpHeaders.RETRY_AFTER)))
                .isBetween(1L, FailedAttempts.LOCKOUT.toSeconds());
        assertThat(locked.getBody().get("error").asString()).isEqualTo("temporarily_unavailable");

        clock.advance(FailedAttempts.LOCKOUT.plusSeconds(1));
        assertThat(token("right-secret").getStatusCode().value()).isEqualTo(200);
    }

    @Test
    void givenAFewWrongSecretsThenTheRightOne_theCountShouldStartAgain() {
        for (int i = 0; i < FailedAttempts.MAX_FAILURES - 1; i++) {
            assertThat(token("wrong").getStatusCode().value()).isEqualTo(400);
        }
        assertThat(token("right-secret").getStatusCode().value()).isEqualTo(200);
        for (int i = 0; i < FailedAttempts.MAX_FAILURES - 1; i++) {
            assertThat(token("wrong").getStatusCode().value()).isEqualTo(400);
        }
        assertThat(token("right-secret").getStatusCode().value()).isEqualTo(200);
    }

    @Test
    void givenAnUnknownClientId_checkingItShouldCostAboutAsMuchAsAKnownIdWithAWrongSecret() {
        // warm up both paths, then compare medians: before the fix an unknown id took ~1 ms against ~23 ms
        authenticator.authenticate("warm-up-" + UUID.randomUUID(), "x");
        long[] known = new long[4];
        long[] unknown = new long[4];
        for (int i = 0; i < known.length; i++) {
            String knownId = "known-" + i + "-" + UUID.randomUUID();
            clients.registerWithAllRoutes(new ApiClient(knownId, "Known", ClientSecretHasher.hash("s"), Set.of("accounts")));
            known[i] = nanos(knownId);
            unknown[i] = nanos("unknown-" + UUID.randomUUID());
        }

        assertThat(median(unknown)).as("unknown %s vs known %s", Arrays.toString(unknown), Arrays.toString(known))
                .isGreaterThan(median(known) / 3);
    }

    private long nanos(String id) {
        long start = System.nanoTime();
        assertThat(authenticator.authenticate(id, "not-the-secret")).isEmpty();
        return System.nanoTime() - start;
    }

    private static long median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
    }

    private ResponseEntity<JsonNode> token(String secret) {
        return http.post().uri("/connect/token").contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .body("grant_type=client_credentials&client_id=" + clientId + "&client_secret=" + secret)
                .retrieve().toEntity(JsonNode.class);
    }
}
