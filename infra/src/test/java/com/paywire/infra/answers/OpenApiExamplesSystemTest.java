package com.paywire.infra.answers;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.infra.support.EveryProductSystemTest;
import com.paywire.infra.support.TimeSkippingPlatform;
import com.paywire.domain.platform.TestClock;
import java.io.IOException;
import java.io.InputStream;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Import;
import org.springframework.core.io.ClassPathResource;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.ResponseEntity;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Every request body's example in /v3/api-docs, posted to the server as a developer would send it from Swagger UI,
 * with a token holding the scope the operation names (the operator's for admin and operations, the sandbox
 * client's otherwise): each must be accepted. A system test, because some examples reach a rail while the client
 * waits (saving a bill number asks the biller, tokenising a card the card vault): here the rails simulator's own
 * mappings answer them.
 *
 * <p>What the test changes, the same way for every example:
 * <ul>
 * <li>path parameters: {clientId} becomes a client this test creates (rotating its secret or setting its routes
 * touches no client another test uses), {product} {@code bill}, any other a new UUID;</li>
 * <li>a CaptureContext and a 3-D Secure ReferenceId become live ones, made from the capture-context and 3DS setup
 * examples: they are signed or made for one card and expire, so no text written down stays valid, and the API
 * answers a made-up one as it answers a wrong one (401, 400). The browser's tokenise call carries the page's Origin,
 * the capture context example's first TargetOrigin.</li>
 * </ul>
 * A TransientToken is posted as written: the examples use a sandbox test token, which is never used up.
 * The test clock is enabled (a stand-in that moves the platform's now alone), so that its advance is documented and
 * posted too; and every example the file holds must be one the document shows.
 * Ids the client makes up (originatorConversationId, systemTraceAuditNumber, RequestId) are posted as the document
 * shows them: each example is posted once, to this class's own database, so none is a duplicate.
 */
@TestPropertySource(properties = TestClock.ENABLED + "=true")
@Import(OpenApiExamplesSystemTest.StandInClock.class)
class OpenApiExamplesSystemTest extends EveryProductSystemTest {

    private static final String CARDS = "/apps/graph/api/v1/cards";
    private static final String JSON_TYPE = "application/json";
    private static final String FORM_TYPE = "application/x-www-form-urlencoded";
    /**
     * Examples that name another object, which does not exist here: these may be answered 404 (no such object) or
     * 409 (not in a state that allows it), never 400.
     */
    private static final Map<String, String> NAMING_ANOTHER_OBJECT = Map.ofEntries(
            Map.entry("PUT /v1/payment-link/update-payment-link", "the link's id"),
            Map.entry("POST " + CARDS + "/payment/capture", "an authorisation's AuthorisationId"),
            Map.entry("POST " + CARDS + "/payment/void", "an authorisation's AuthorisationId"),
            Map.entry("POST " + CARDS + "/payment/refund", "a capture's CaptureId"),
            Map.entry("POST " + CARDS + "/3ds/validate", "the PayerAuthenticationId an enrolment check answered"),
            Map.entry("POST " + CARDS + "/disputes/{disputeId}/evidence", "a card dispute the processor notified"),
            Map.entry("POST /v1/operations/unconfirmed-payments/{product}/{id}/resolve", "the unconfirmed payment's id"),
            Map.entry("POST /v1/operations/funding-suspense/{entryReference}/assign", "a bank entry held in funding suspense"),
            Map.entry("POST /v1/operations/paybill-suspense/{receipt}/assign", "a receipt held in suspense"),
            Map.entry("POST /v1/operations/paybill-suspense/{receipt}/return", "a receipt held in suspense"),
            Map.entry("POST /v1/operations/payout-reversals", "a payment order's completed payout line"),
            Map.entry("POST /v1/collections/reversals", "a collection of the client's"),
            Map.entry("POST /v1/operations/collection-reversals", "a collection of the client's"),
            Map.entry("POST /v1/operations/collection-reversals/{reversalId}/resolve", "a HELD collection reversal"),
            Map.entry("POST /v1/operations/payout-reversals/{reversalId}/resolve", "a referred payout reversal"),
            Map.entry("POST /v1/operations/refunds-due/{refundId}/resolve", "a refund due held, its rail silent"),
            Map.entry("POST /v1/operations/paybill-suspense/{receipt}/return/resolve",
                    "a suspense return held, its rail silent"));

    /**
     * Examples that spend money the sandbox client may not have in this test's database (its utility account is
     * credited only by collections): these may be answered 409 (short, with nothing moved), never 400.
     */
    private static final Map<String, String> SPENDING_COLLECTED_MONEY = Map.of(
            "POST /v1/customer-accounts/transfer", "the utility account's available balance");

    /**
     * Examples that need money this test's sandbox client has not collected: answered 2xx, or 400 naming only the
     * field {@code amount} (the settlement rules refuse an available balance below the minimum with a field error).
     */
    private static final Map<String, String> NEEDING_COLLECTED_MONEY = Map.of(
            "POST /v1/customer-accounts/settlements", "a utility balance of at least the settlement minimum");

    /**
     * The test clock the local stack alone provides, stood in for here: the wall clock plus the advances asked for.
     * It moves the platform's now, not the time-skipping service's, which is all an advance's answer shows.
     */
    @TestConfiguration(proxyBeanMethods = false)
    static class StandInClock {

        @org.springframework.context.annotation.Bean
        TestClock testClock() {
            AtomicReference<Duration> ahead = new AtomicReference<>(Duration.ZERO);
            return new TestClock(new TestClock.Source() {
                @Override
                public Instant now() {
                    return Instant.now().plus(ahead.get());
                }

                @Override
                public void advance(Duration by) {
                    ahead.accumulateAndGet(by, Duration::plus);
                }

                @Override
                public Duration advancedBy() {
                    return ahead.get();
                }
            });
        }
    }

    private JsonNode document;
    private String operatorToken;
    private String ownClient;

    @BeforeEach
    void readTheDocument() {
        document = json.readTree(http.get().uri("/v3/api-docs").retrieve().body(String.class));
        operatorToken = TimeSkippingPlatform.operatorToken(http);
        ResponseEntity<String> created = send("POST", "/v1/admin/clients", JSON_TYPE, operatorToken, null,
                json.writeValueAsBytes(Map.of("name", "openapi-examples")));
        assertThat(created.getStatusCode().value()).as(created.getBody()).isEqualTo(201);
        ownClient = json.readTree(created.getBody()).get("clientId").asString();
    }

    @TestFactory
    Stream<DynamicTest> givenEveryRequestBodyExample_theServerShouldAcceptIt() {
        List<DynamicTest> tests = new ArrayList<>();
        new TreeMap<String, JsonNode>(document.get("paths").properties().stream()
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue))).forEach((path, item) ->
                item.properties().forEach(operation -> operation.getValue().path("requestBody").path("content")
                        .properties().forEach(media -> {
                            String name = operation.getKey().toUpperCase() + " " + path;
                            tests.add(DynamicTest.dynamicTest(name + " " + media.getKey(), () -> post(name,
                                    operation.getValue(), media.getKey(), media.getValue().get("example"))));
                        })));
        assertThat(tests).hasSizeGreaterThan(25).extracting(DynamicTest::getDisplayName)
                .as("the operations only the local stack has").contains("POST /v1/sandbox/clock/advance " + JSON_TYPE);
        return tests.stream();
    }

    /** An example the document does not show would never be tried: its operation was renamed, or is off here. */
    @Test
    void givenEveryExampleOfTheFile_theDocumentShouldShowItOnARequestBody() throws IOException {
        JsonNode examples;
        try (InputStream in = new ClassPathResource("openapi/request-examples.json").getInputStream()) {
            examples = json.readTree(in);
        }
        List<String> shown = new ArrayList<>();
        document.get("paths").properties().forEach(path -> path.getValue().properties().forEach(operation ->
                operation.getValue().path("requestBody").path("content").properties().forEach(media -> {
                    String name = operation.getKey().toUpperCase() + " " + path.getKey();
                    shown.add(name);
                    shown.add(name + " " + media.getKey());
                })));
        assertThat(examples.propertyNames()).isNotEmpty().allSatisfy(key -> assertThat(shown).contains(key));
    }

    private void post(String name, JsonNode operation, String mediaType, JsonNode example) {
        assertThat(example).as(name + " has no example").isNotNull();
        String[] methodAndPath = name.split(" ", 2);
        ResponseEntity<String> response = send(methodAndPath[0], path(methodAndPath[1]), mediaType,
                tokenFor(operation), methodAndPath[1].endsWith("/transient-tokens") ? pageOrigin() : null,
                encode(live(example.deepCopy()), mediaType));

        int status = response.getStatusCode().value();
        String answer = name + " answered " + status + ": " + response.getBody();
        if (NEEDING_COLLECTED_MONEY.containsKey(name) && status == 400) {
            assertThat(response.getBody()).as(answer + " (it needs " + NEEDING_COLLECTED_MONEY.get(name) + ")")
                    .contains("\"field\":\"amount\"").doesNotContain("\"field\":\"originatorConversationId\"");
            return;
        }
        assertThat(status).as(answer).isLessThan(500).isNotIn(400, 422);
        if (NAMING_ANOTHER_OBJECT.containsKey(name)) {
            assertThat(status).as(answer + " (its example names " + NAMING_ANOTHER_OBJECT.get(name) + ")")
                    .isIn(200, 201, 202, 404, 409);
        } else if (SPENDING_COLLECTED_MONEY.containsKey(name)) {
            assertThat(status).as(answer + " (its example spends " + SPENDING_COLLECTED_MONEY.get(name) + ")")
                    .isIn(200, 409);
        } else {
            assertThat(status).as(answer).isBetween(200, 299);
        }
    }

    /** The scope the operation names: the operator's token for admin and operations, none for public ones. */
    private String tokenFor(JsonNode operation) {
        Set<String> scopes = new HashSet<>();
        operation.path("security").forEach(requirement -> requirement.path("oauth2")
                .forEach(scope -> scopes.add(scope.asString())));
        if (scopes.isEmpty()) {
            return null;
        }
        return scopes.contains("admin") || scopes.contains("operations") ? operatorToken : token;
    }

    private String path(String template) {
        return template.replace("{clientId}", ownClient).replace("{product}", "bill")
                .replaceAll("\\{[^}]+}", UUID.randomUUID().toString());
    }

    /** The example with a live CaptureContext and ReferenceId wherever it names one. */
    private JsonNode live(JsonNode node) {
        if (node instanceof ObjectNode object) {
            for (String field : List.copyOf(object.propertyNames())) {
                switch (field) {
                    case "CaptureContext" -> object.put(field, captureContext());
                    case "ReferenceId" -> object.put(field, payerAuthenticationSetUp());
                    default -> live(object.get(field));
                }
            }
        } else if (node != null && node.isArray()) {
            node.forEach(this::live);
        }
        return node;
    }

    private String captureContext() {
        return madeFrom("/capture-context", example(CARDS + "/capture-context"), null).get("CaptureContext").asString();
    }

    private String payerAuthenticationSetUp() {
        return madeFrom("/3ds/setup", live(example(CARDS + "/3ds/setup").deepCopy()), null).get("ReferenceId")
                .asString();
    }

    private JsonNode madeFrom(String cardsPath, JsonNode body, String origin) {
        ResponseEntity<String> made = send("POST", CARDS + cardsPath, JSON_TYPE, origin == null ? token : null, origin,
                json.writeValueAsBytes(body));
        assertThat(made.getStatusCode().is2xxSuccessful()).as(cardsPath + ": " + made.getBody()).isTrue();
        return json.readTree(made.getBody());
    }

    private String pageOrigin() {
        return example(CARDS + "/capture-context").get("TargetOrigins").get(0).asString();
    }

    private JsonNode example(String path) {
        return document.get("paths").get(path).get("post").get("requestBody").get("content").get(JSON_TYPE)
                .get("example");
    }

    private ResponseEntity<String> send(String method, String path, String mediaType, String bearer, String origin,
                                        byte[] body) {
        return http.method(HttpMethod.valueOf(method)).uri(path).headers(headers -> {
            headers.set(HttpHeaders.CONTENT_TYPE, mediaType);
            if (bearer != null) {
                headers.setBearerAuth(bearer);
            }
            if (origin != null) {
                headers.set(HttpHeaders.ORIGIN, origin);
            }
        }).body(body).retrieve().toEntity(String.class);
    }

    private byte[] encode(JsonNode body, String mediaType) {
        if (!mediaType.equals(JSON_TYPE) && body.isString()) {
            return body.asString().getBytes(StandardCharsets.UTF_8); // a statement's XML or MT940 text
        }
        if (mediaType.equals(FORM_TYPE)) {
            return body.properties().stream()
                    .map(field -> URLEncoder.encode(field.getKey(), StandardCharsets.UTF_8) + "="
                            + URLEncoder.encode(field.getValue().asString(), StandardCharsets.UTF_8))
                    .collect(Collectors.joining("&")).getBytes(StandardCharsets.UTF_8);
        }
        return json.writeValueAsBytes(body);
    }
}
