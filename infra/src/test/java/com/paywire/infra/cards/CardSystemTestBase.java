package com.paywire.infra.cards;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.paywire.infra.support.PayerCards;
import com.paywire.infra.support.SimulatorMappings;
import com.paywire.infra.support.TimeSkippingPlatform;
import com.paywire.infra.support.TimeSkippingSystemTest;
import com.paywire.workflows.WorkflowIds;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInfo;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;

/**
 * Where a card system test starts from (see {@link TimeSkippingSystemTest}): the rails simulator's own
 * card-processor mappings served by WireMock, the test cards, and the card API as a merchant calls it. The last
 * authorisation a test made keeps its workflow history for the replay tests.
 */
abstract class CardSystemTestBase extends TimeSkippingSystemTest {

    static final String VISA = "4111111111111111";
    static final String MASTERCARD = "5555555555554444";
    static final String DECLINED = "4000000000000002";
    static final String NO_FUNDS = "4000000000009995";
    static final String ORIGIN = PayerCards.ORIGIN;
    static final String CARDS = PayerCards.CARDS;
    static final WireMockServer processor = TimeSkippingPlatform.OUTSIDE;

    private String lastAuthorisation;

    /** The same card-processor stubs the local stack's rails simulator serves. */
    @BeforeAll
    static void simulatorCardMappings() {
        SimulatorMappings.load(processor, "card-");
    }

    String tokenise(String number) {
        ResponseEntity<JsonNode> response = PayerCards.typeCard(http, json, token, number);
        assertThat(response.getStatusCode().value()).as("%s", response.getBody()).isEqualTo(201);
        assertThat(response.getHeaders().getFirst(HttpHeaders.ACCESS_CONTROL_ALLOW_ORIGIN)).isEqualTo(ORIGIN);
        return response.getBody().get("TransientToken").asString();
    }

    /** Keeps the last authorisation's history for the replay tests: -Dpaywire.recordHistories=path/to/histories. */
    @AfterEach
    void recordHistoryIfAsked(TestInfo test) throws IOException {
        String target = System.getProperty("paywire.recordHistories");
        if (target != null && lastAuthorisation != null) {
            Files.writeString(Path.of(target).resolve("card-payment-" + test.getTestMethod().orElseThrow().getName()
                    + ".json"), historyToKeep(WorkflowIds.cardPayment("paywire-sandbox", lastAuthorisation)));
        }
    }

    ResponseEntity<JsonNode> authorise(String transientToken, String amount, String currency, String requestId) {
        return authorise(transientToken, amount, currency, requestId, false);
    }

    ResponseEntity<JsonNode> authorise(String transientToken, String amount, String currency, String requestId,
                                       boolean fraudScreen) {
        ResponseEntity<JsonNode> response = post("/payment/authorise", Map.of("Transaction", Map.of("Amount", amount,
                "Currency", currency, "TransientToken", transientToken, "RequestId", requestId, "FraudScreen", fraudScreen),
                "BillingAddress", Map.of("FirstName", "Jane", "LastName", "Doe", "Country", "US")));
        if (response.getStatusCode().value() == 201 || response.getStatusCode().value() == 402) {
            lastAuthorisation = response.getBody().get("AuthorisationId").asString();
        }
        return response;
    }

    /** The same call by eight clients at the same moment; their answers. */
    static List<ResponseEntity<JsonNode>> eightAtOnce(Callable<ResponseEntity<JsonNode>> call) throws Exception {
        ExecutorService clients = Executors.newFixedThreadPool(8);
        try {
            CountDownLatch go = new CountDownLatch(1);
            List<Future<ResponseEntity<JsonNode>>> answers = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                answers.add(clients.submit(() -> {
                    go.await();
                    return call.call();
                }));
            }
            go.countDown();
            List<ResponseEntity<JsonNode>> responses = new ArrayList<>();
            for (Future<ResponseEntity<JsonNode>> answer : answers) {
                responses.add(answer.get(30, TimeUnit.SECONDS));
            }
            return responses;
        } finally {
            clients.shutdownNow();
        }
    }

    JsonNode transaction(String id) {
        ResponseEntity<JsonNode> response = getJson("/transactions/" + id);
        assertThat(response.getStatusCode().value()).isEqualTo(200);
        return response.getBody();
    }

    /** The types of the events of one authorisation, oldest first. */
    List<String> eventsOf(String authorisationId) {
        List<String> types = new ArrayList<>();
        JsonNode events = getJson("/events?Limit=100").getBody().get("Events");
        for (int i = events.size() - 1; i >= 0; i--) {
            JsonNode event = events.get(i);
            if (event.get("Data").has("AuthorisationId") && event.get("Data").get("AuthorisationId").asString().equals(authorisationId)) {
                types.add(event.get("Type").asString());
            }
        }
        return types;
    }

    ResponseEntity<JsonNode> post(String path, Object body) {
        return http.post().uri(CARDS + path).header(HttpHeaders.AUTHORIZATION, "Bearer " + token)
                .contentType(MediaType.APPLICATION_JSON).body(json.writeValueAsString(body)).retrieve().toEntity(JsonNode.class);
    }

    ResponseEntity<JsonNode> getJson(String path) {
        return http.get().uri(CARDS + path).header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().toEntity(JsonNode.class);
    }

    static String rid() {
        return "order-" + UUID.randomUUID();
    }

    /**
     * Every class's last test: no card number in any text column of this class's database, nor in its log. Each
     * system-test class has its own context and database, so each checks what its own tests wrote.
     */
    void assertNoCardNumberKept(CapturedOutput output) {
        authorise(tokenise(VISA), "2.00", "USD", rid()); // one more, so this test's own log is searched too
        List<String> numbers = List.of(VISA, MASTERCARD, DECLINED, NO_FUNDS);
        List<Map<String, Object>> columns = jdbc.sql("""
                select table_name, column_name from information_schema.columns
                where table_schema = 'public' and data_type in ('text', 'json', 'jsonb', 'character varying')
                """).query().listOfRows();
        int rows = 0;
        for (Map<String, Object> column : columns) {
            for (String number : numbers) {
                rows += jdbc.sql("select count(*) from \"" + column.get("table_name") + "\" where \""
                        + column.get("column_name") + "\"::text like ?").param("%" + number.substring(0, 12) + "%")
                        .query(Integer.class).single();
            }
        }
        assertThat(columns).as("text columns searched").hasSizeGreaterThan(50);
        assertThat(rows).as("rows holding a card number").isZero();
        assertThat(jdbc.sql("select count(*) from transient_tokens").query(Integer.class).single()).isPositive();
        for (String number : numbers) {
            assertThat(output.getAll()).doesNotContain(number).doesNotContain(number.substring(0, 12));
        }
    }
}
