package com.paywire.api.limits;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.AdminApi;
import com.paywire.api.support.ApiClientHelper;
import com.paywire.api.support.ApiTest;
import com.paywire.api.support.ApiTestBase;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.TestPropertySource;
import org.springframework.util.LinkedMultiValueMap;
import tools.jackson.databind.JsonNode;

/**
 * Per-client rate limits through the real filter, token endpoint and PostgreSQL buckets: low defaults here (10 writes,
 * 10 status queries, 4 tokens a minute) so that a loop reaches them, and the sandbox and operator clients, which set
 * up the tests, given limits of their own (which is the per-client setting working).
 */
@ApiTest
@TestPropertySource(properties = {
        "paywire.rate-limits.writes.requests=10",
        "paywire.rate-limits.status-queries.requests=10",
        "paywire.rate-limits.tokens.requests=4",
        "paywire.rate-limits.clients.paywire-sandbox.writes.requests=1000",
        "paywire.rate-limits.clients.paywire-sandbox.tokens.requests=1000",
        "paywire.rate-limits.clients.paywire-operator.writes.requests=1000",
        "paywire.rate-limits.clients.paywire-operator.tokens.requests=1000"})
class RateLimitApiTest extends ApiTestBase {

    /** A write that is refused for its body (400), cheap and harmless: it counts like any other. */
    private static final String WRITE = "/v1/payment-order/new-order";
    private static final String STATUS_QUERY = "/v1/customer-accounts/get-wallet-balance";

    @Autowired
    private DataSource dataSource;
    @Autowired
    private RateLimitProperties properties;

    @Test
    void givenAClientSendingTenTimesItsLimit_theRestShouldBe429WithTheHeaders_andAnotherClientShouldNotNotice() {
        AdminApi admin = new AdminApi(http);
        String busy = token(admin.create("limits-busy", null));
        String calm = token(admin.create("limits-calm", null));

        List<ResponseEntity<JsonNode>> busyAnswers = new ArrayList<>();
        List<ResponseEntity<JsonNode>> calmAnswers = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            busyAnswers.add(postJson(WRITE, Map.of(), busy));
            if (i % 10 == 0) {
                calmAnswers.add(postJson(WRITE, Map.of(), calm));
            }
        }

        for (int i = 0; i < 10; i++) {
            ResponseEntity<JsonNode> allowed = busyAnswers.get(i);
            assertThat(allowed.getStatusCode().value()).as("write %d", i).isEqualTo(400);
            assertThat(header(allowed, RateLimitHeaders.LIMIT)).isEqualTo("10");
            assertThat(header(allowed, RateLimitHeaders.REMAINING)).isEqualTo(Integer.toString(9 - i));
        }
        for (ResponseEntity<JsonNode> refused : busyAnswers.subList(10, 100)) {
            assertThat(refused.getStatusCode().value()).isEqualTo(429);
            assertThat(header(refused, RateLimitHeaders.LIMIT)).isEqualTo("10");
            assertThat(header(refused, RateLimitHeaders.REMAINING)).isEqualTo("0");
            // 10 a minute come back one every 6 s, and the whole bucket in a minute
            assertThat(Long.parseLong(header(refused, HttpHeaders.RETRY_AFTER))).isBetween(1L, 6L);
            assertThat(Long.parseLong(header(refused, RateLimitHeaders.RESET))).isBetween(54L, 60L);
            JsonNode body = refused.getBody();
            assertThat(body.get("appDomainName").asString()).isNotBlank();
            assertThat(body.get("timestamp").asString()).isNotBlank();
            assertThat(body.get("reason").asString())
                    .startsWith("Too many requests: this client may make 10 write requests per minute; retry after ");
        }
        for (int i = 0; i < calmAnswers.size(); i++) {
            assertThat(calmAnswers.get(i).getStatusCode().value()).isEqualTo(400);
            assertThat(header(calmAnswers.get(i), RateLimitHeaders.REMAINING)).isEqualTo(Integer.toString(9 - i));
        }
        // status queries have a bucket of their own: a write loop does not stop a client reading its payments
        ResponseEntity<JsonNode> balance = getJson(STATUS_QUERY, busy);
        assertThat(balance.getStatusCode().value()).isEqualTo(200);
        assertThat(header(balance, RateLimitHeaders.REMAINING)).isEqualTo("9");
    }

    @Test
    void givenTheSameClientOnAnotherReplica_itShouldFindTheBucketAlreadyUsed() {
        AdminApi.Created created = new AdminApi(http).create("limits-two-replicas", null);
        String client = token(created);
        for (int i = 0; i < 10; i++) {
            assertThat(getJson(STATUS_QUERY, client).getStatusCode().value()).isEqualTo(200);
        }
        String clientId = created.clientId();

        // another replica is another RateLimits over the same database: nothing is kept in the process
        RateLimits otherReplica = new RateLimits(properties, dataSource, new SimpleMeterRegistry());
        RateLimits.Decision there = otherReplica.take(clientId, OperationClass.STATUS_QUERY).orElseThrow();

        assertThat(there.allowed()).isFalse();
        assertThat(there.remaining()).isZero();
        assertThat(getJson(STATUS_QUERY, client).getStatusCode().value()).isEqualTo(429);
    }

    @Test
    void givenAClientPastItsTokenLimit_theTokenEndpointShouldAnswer429InTheOAuthShape_andWrongSecretsShouldNotCount() {
        AdminApi.Created created = new AdminApi(http).create("limits-tokens", null);
        for (int i = 0; i < 3; i++) {
            assertThat(tokenRequest(created.clientId(), "not-the-secret").getStatusCode().value()).isEqualTo(400);
        }

        List<ResponseEntity<Map>> answers = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            answers.add(tokenRequest(created.clientId(), created.secret()));
        }

        for (int i = 0; i < 4; i++) {
            assertThat(answers.get(i).getStatusCode().value()).isEqualTo(200);
            assertThat(answers.get(i).getHeaders().getFirst(RateLimitHeaders.REMAINING))
                    .isEqualTo(Integer.toString(3 - i));
        }
        ResponseEntity<Map> refused = answers.get(4);
        assertThat(refused.getStatusCode().value()).isEqualTo(429);
        assertThat(refused.getBody()).containsEntry("error", "temporarily_unavailable");
        assertThat((String) refused.getBody().get("error_description"))
                .startsWith("Too many tokens requested by this client: at most 4 per minute; retry after ");
        assertThat(refused.getHeaders().getFirst(HttpHeaders.RETRY_AFTER)).isNotBlank();
        assertThat(refused.getHeaders().getFirst(RateLimitHeaders.REMAINING)).isEqualTo("0");
    }

    @Test
    void givenRailCallbacksInALoop_noneShouldBeLimited_norCarryTheHeaders() {
        for (int i = 0; i < 30; i++) {
            ResponseEntity<JsonNode> answer = http.post().uri("/rails/mobile-money/b2c-result")
                    .contentType(MediaType.APPLICATION_JSON).body("{}").retrieve().toEntity(JsonNode.class);
            assertThat(answer.getStatusCode().value()).isNotEqualTo(429);
            assertThat(answer.getHeaders().getFirst(RateLimitHeaders.LIMIT)).isNull();
        }
    }

    @Test
    void givenBucketsFullAgain_theSweepShouldDeleteTheirRows_andKeepTheOthers() {
        RateLimitProperties.Limit fast = new RateLimitProperties.Limit(10, Duration.ofMillis(100));
        RateLimitProperties quick = new RateLimitProperties(true, fast, fast, fast, Map.of());
        RateLimits limits = new RateLimits(quick, dataSource, new SimpleMeterRegistry());
        RateLimits slow = new RateLimits(properties, dataSource, new SimpleMeterRegistry());
        limits.take("sweep-refilled", OperationClass.WRITE).orElseThrow();
        slow.take("sweep-still-using", OperationClass.WRITE).orElseThrow();

        await(Duration.ofMillis(300));
        limits.removeFullBuckets();

        JdbcClient jdbc = JdbcClient.create(dataSource);
        assertThat(jdbc.sql("select count(*) from api_rate_limit_buckets where id like 'sweep-refilled|%'")
                .query(Long.class).single()).isZero();
        assertThat(jdbc.sql("select count(*) from api_rate_limit_buckets where id like 'sweep-still-using|%'")
                .query(Long.class).single()).isEqualTo(1);
    }

    @Test
    void givenTheOpenApiDocument_everyClientOperationShouldDeclareThe429AndTheHeaders() {
        JsonNode paths = getJson("/v3/api-docs", null).getBody().get("paths");

        JsonNode balance = paths.get(STATUS_QUERY).get("get").get("responses");
        assertThat(balance.get("200").get("headers").has(RateLimitHeaders.REMAINING)).isTrue();
        assertThat(balance.get("429").get("headers").has(HttpHeaders.RETRY_AFTER)).isTrue();
        JsonNode order = paths.get(WRITE).get("post").get("responses");
        assertThat(order.has("429")).isTrue();
    }

    private String token(AdminApi.Created client) {
        return ApiClientHelper.token(http, client.clientId(), client.secret());
    }

    private ResponseEntity<Map> tokenRequest(String clientId, String secret) {
        var form = new LinkedMultiValueMap<String, String>();
        form.add("grant_type", "client_credentials");
        form.add("client_id", clientId);
        form.add("client_secret", secret);
        return http.post().uri("/connect/token").contentType(MediaType.APPLICATION_FORM_URLENCODED).body(form)
                .retrieve().toEntity(Map.class);
    }

    private static String header(ResponseEntity<?> answer, String name) {
        return answer.getHeaders().getFirst(name);
    }

    private static void await(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
