package com.paywire.api.operations;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.AdminApi;
import com.paywire.api.support.ApiClientHelper;
import com.paywire.api.support.ApiTest;
import com.paywire.api.support.ApiTestBase;
import com.paywire.domain.clients.ClientSecretHasher;
import com.paywire.domain.money.MoneyEngine;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.collections.DepositStore;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.persistence.operations.UnconfirmedPaymentStore;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.vocabulary.collections.Deposit;
import com.paywire.vocabulary.collections.DepositStatus;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.ledger.TransferState;
import com.paywire.vocabulary.notifications.EventType;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.vocabulary.rules.money.Movement;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.JsonNode;

/**
 * Operators resolving phone prompts (express deposits, payment links' payments) referred with their credit held
 * (docs/interface.md#operations). The deposits are written as their workflow leaves them after a day of asking a
 * silent rail: closed 1037 with the outcome unknown, the credit held under {@code deposit:{id}} on the rail's
 * settlement account, referred; the workflow has ended.
 */
@ApiTest
class UnconfirmedPhonePromptsApiTest extends ApiTestBase {

    private static final String SECRET = "prompt-resolution-secret";

    @Autowired
    ApiClientStore clients;
    @Autowired
    DepositStore deposits;
    @Autowired
    MoneyEngine money;
    @Autowired
    Ledger ledger;
    @Autowired
    JdbcClient jdbc;
    @Autowired
    TransactionTemplate transaction;
    @Autowired
    UnconfirmedPaymentStore store;

    private String clientId;
    private String operator;

    @BeforeEach
    void aClientCollecting() {
        clientId = "prompt-resolution-" + UUID.randomUUID();
        clients.registerWithAllRoutes(new ApiClient(clientId, "Prompt resolution", ClientSecretHasher.hash(SECRET),
                Set.of("collections")));
        operator = ApiClientHelper.operatorToken(http);
    }

    @Test
    void givenAReferredPrompt_itShouldBeListed_andResolvedPaid_postItsHeldCreditOnce_completeIt_andCallTheClientBack() {
        UUID deposit = referredPrompt(true);

        JsonNode listed = queue().mine();
        assertThat(listed).hasSize(1);
        JsonNode entry = listed.get(0);
        assertThat(entry.get("product").asString()).isEqualTo("phone_prompt");
        assertThat(entry.get("id").asString()).isEqualTo(deposit.toString());
        assertThat(entry.get("originatorConversationId").asString()).isEqualTo("ocid-" + deposit);
        assertThat(entry.get("amount").decimalValue()).isEqualByComparingTo("250.00");
        assertThat(entry.get("fee").decimalValue()).isEqualByComparingTo("0");
        assertThat(entry.get("referred").asBoolean()).isTrue();
        assertThat(entry.get("since").isNull()).isFalse();
        assertThat(entry.get("referredAt").isNull()).isFalse();

        ResponseEntity<JsonNode> answer = queue().resolve("phone_prompt", deposit, "PAID", "RCPT-DESK-9");

        assertThat(answer.getStatusCode().value()).isEqualTo(200);
        assertThat(answer.getBody().get("product").asString()).isEqualTo("phone_prompt");
        assertThat(answer.getBody().get("outcome").asString()).isEqualTo("PAID");
        assertThat(answer.getBody().get("clientId").asString()).isEqualTo(clientId);
        Deposit closed = deposits.find(deposit).orElseThrow();
        assertThat(closed.status()).isEqualTo(DepositStatus.COMPLETED);
        assertThat(closed.resultCode()).isEqualTo("0");
        assertThat(closed.receiptNumber()).isEqualTo("RCPT-DESK-9");
        assertThat(deposits.confirmedLate(deposit)).isTrue();
        assertThat(ledger.holdState(key(deposit))).contains(TransferState.POSTED);
        assertThat(ledger.find(LedgerAccounts.utility(clientId)).orElseThrow().balance())
                .isEqualByComparingTo("250.00");
        assertThat(queue().resolutions(deposit)).containsExactly("PAID RCPT-DESK-9 " + AdminApi.OPERATOR_ID);
        assertThat(callbacks()).as("called back as after a late success").isEqualTo(1);
        assertThat(queue().mine()).as("decided: out of the queue").isEmpty();
        assertThat(store.referredKeys()).doesNotContain(key(deposit));

        ResponseEntity<JsonNode> again = queue().resolve("phone_prompt", deposit, "NOT_PAID", "second thoughts");
        assertThat(again.getStatusCode().value()).isEqualTo(409);
        assertThat(again.getBody().get("reason").asString()).contains("not pending confirmation");
        assertThat(ledger.find(LedgerAccounts.utility(clientId)).orElseThrow().balance())
                .isEqualByComparingTo("250.00");
        assertThat(queue().resolutions(deposit)).hasSize(1);
        assertThat(callbacks()).isEqualTo(1);
    }

    @Test
    void givenAReferredPrompt_resolvedNotPaid_itsHeldCreditShouldBeReleased_once_andTheDepositStayFailed() {
        UUID deposit = referredPrompt(true);
        assertThat(store.referredKeys()).contains(key(deposit));

        assertThat(queue().resolve("phone_prompt", deposit, "NOT_PAID", "rail ticket 4411")
                .getStatusCode().value()).isEqualTo(200);
        ResponseEntity<JsonNode> again = queue().resolve("phone_prompt", deposit, "NOT_PAID", "rail ticket 4411");

        assertThat(again.getStatusCode().value()).isEqualTo(409);
        Deposit closed = deposits.find(deposit).orElseThrow();
        assertThat(closed.status()).isEqualTo(DepositStatus.FAILED);
        assertThat(closed.resultCode()).isEqualTo("1037");
        assertThat(ledger.holdState(key(deposit))).contains(TransferState.VOIDED);
        Ledger.Account utility = ledger.find(LedgerAccounts.utility(clientId)).orElseThrow();
        assertThat(utility.balance()).isEqualByComparingTo("0");
        assertThat(queue().resolutions(deposit)).containsExactly("NOT_PAID rail ticket 4411 " + AdminApi.OPERATOR_ID);
        assertThat(callbacks()).as("the client heard 1037 already").isZero();
        assertThat(queue().mine()).isEmpty();
    }

    @Test
    void givenAHeldPromptNotYetReferred_itShouldNeitherBeListedNorResolved_andAnUnknownOneBe404() {
        UUID deposit = referredPrompt(false);

        assertThat(queue().mine()).isEmpty();
        assertThat(queue().resolve("phone_prompt", deposit, "PAID", "x").getStatusCode().value()).isEqualTo(409);
        assertThat(queue().resolve("phone_prompt", UUID.randomUUID(), "PAID", "x")
                .getStatusCode().value()).isEqualTo(404);
        assertThat(ledger.holdState(key(deposit))).contains(TransferState.PENDING);
        assertThat(queue().resolutions(deposit)).isEmpty();
    }

    @Test
    void givenAClientTokenWithoutTheOperationsScope_aPhonePromptShouldNotBeResolved_norTheQueueListed() {
        UUID deposit = referredPrompt(true);
        String clientToken = ApiClientHelper.token(http, clientId, SECRET);

        ResponseEntity<JsonNode> resolved = http.post().uri(OperatorsQueue.path("phone_prompt", deposit))
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + clientToken).contentType(MediaType.APPLICATION_JSON)
                .body(Map.of("outcome", "PAID", "reference", "mine now")).retrieve().toEntity(JsonNode.class);
        ResponseEntity<JsonNode> listed = http.get().uri("/v1/operations/unconfirmed-payments")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + clientToken).retrieve().toEntity(JsonNode.class);

        for (ResponseEntity<JsonNode> refused : List.of(resolved, listed)) {
            assertThat(refused.getStatusCode().value()).isEqualTo(403);
            assertThat(refused.getBody().get("error").asString()).isEqualTo("insufficient_scope");
        }
        assertThat(ledger.holdState(key(deposit))).contains(TransferState.PENDING);
        assertThat(deposits.find(deposit).orElseThrow().status()).isEqualTo(DepositStatus.FAILED);
        assertThat(queue().resolutions(deposit)).isEmpty();
    }

    /** As the deposit workflow leaves it: held, closed 1037 with the outcome unknown, and referred if asked. */
    private UUID referredPrompt(boolean referred) {
        UUID id = UUID.randomUUID();
        OffsetDateTime closedAt = OffsetDateTime.now().minusDays(1);
        deposits.insert(new Deposit(id, clientId, "ocid-" + id, "174379", "ACC-1", new BigDecimal("250.00"),
                "254712000001", "Deposit", "https://client.example/stk", null, null, null, null, "KES", null, null,
                null, null, "MR-1", "ws_CO_1", DepositStatus.PENDING, null, null, null, null, true,
                closedAt.minusMinutes(2)));
        transaction.executeWithoutResult(tx -> money.holdCollection(new Movement(Product.PHONE_PROMPT, id.toString(),
                clientId, Rail.MOBILE_MONEY, new BigDecimal("250.00"), BigDecimal.ZERO), "Express deposit " + id));
        deposits.recordOutcome(id, DepositStatus.FAILED, "1037", "The payer could not be reached within the prompt"
                + " window", null, closedAt);
        if (referred) {
            deposits.refer(id, closedAt, OffsetDateTime.now());
        }
        return id;
    }

    private static String key(UUID deposit) {
        return Product.PHONE_PROMPT.key(deposit.toString());
    }

    private long callbacks() {
        return jdbc.sql("select count(*) from events where client_id = ? and type = ?")
                .params(clientId, EventType.EXPRESS_DEPOSIT_RESULT.wireName()).query(Long.class).single();
    }

    private OperatorsQueue queue() {
        return new OperatorsQueue(http, jdbc, operator, clientId);
    }
}
