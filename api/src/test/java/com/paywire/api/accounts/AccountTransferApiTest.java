package com.paywire.api.accounts;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.ApiClientHelper;
import com.paywire.api.support.ApiTest;
import com.paywire.api.support.ApiTestBase;
import com.paywire.api.support.RawHttp;
import com.paywire.domain.clients.ClientSecretHasher;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.vocabulary.rules.money.Leg;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Collections into payouts: the utility account pays the working account, once per id, never beyond what it has. */
@ApiTest
class AccountTransferApiTest extends ApiTestBase {

    private static final JsonMapper JSON = new JsonMapper();
    private static final String SECRET = "transfer-secret";
    private static final String PATH = "/v1/customer-accounts/transfer";

    @Autowired
    ApiClientStore clients;
    @Autowired
    Ledger ledger;
    @Autowired
    JdbcClient jdbc;

    private String clientId;
    private String clientToken;

    @BeforeEach
    void aClientWithCollections() {
        clientId = newClient(Set.of("payouts", "collections"));
        clientToken = ApiClientHelper.token(http, clientId, SECRET);
        ledger.transferRequired("deposit:" + UUID.randomUUID(), new Leg(LedgerAccounts.railSettlement(Rail.MOBILE_MONEY),
                LedgerAccounts.utility(clientId), new BigDecimal("500.00")), "Collected");
    }

    @Test
    void givenCollectedMoney_aTransferShouldMoveItToTheWorkingAccountAtOnce_andBothStatementsShowIt() {
        RawHttp.Response answer = transfer(clientToken, "move-1", "200.00", 2, 1);

        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        JsonNode body = JSON.readTree(answer.body());
        assertThat(body.get("status").asString()).isEqualTo("COMPLETED");
        assertThat(body.get("originatorConversationId").asString()).isEqualTo("move-1");
        assertThat(body.get("amount").decimalValue()).isEqualByComparingTo("200.00");
        assertThat(body.get("utilityBalance").decimalValue()).isEqualByComparingTo("300.00");
        assertThat(body.get("workingBalance").decimalValue()).isEqualByComparingTo("200.00");
        assertThat(ledger.available(LedgerAccounts.utility(clientId))).isEqualByComparingTo("300.00");
        assertThat(ledger.available(LedgerAccounts.working(clientId))).isEqualByComparingTo("200.00");
        String paywireId = body.get("systemConversationId").asString();
        for (int accountType : new int[] {1, 2}) {
            JsonNode entry = lastEntry(accountType);
            assertThat(entry.get("type").asString()).isEqualTo("TRANSFER");
            assertThat(entry.get("product").asString()).isEqualTo("TRANSFER");
            assertThat(entry.get("clientReference").asString()).isEqualTo("move-1");
            assertThat(entry.get("paymentId").asString()).isEqualTo(paywireId);
            assertThat(entry.get("feeAmount").decimalValue()).isEqualByComparingTo("0");
            assertThat(entry.get("amount").decimalValue())
                    .isEqualByComparingTo(accountType == 1 ? "200.00" : "-200.00");
        }
    }

    @Test
    void givenTheSameIdAgain_itShouldAnswerTheFirstTransferAndMoveNothing_andRefuseItForAnotherAmount() {
        RawHttp.Response first = transfer(clientToken, "move-twice", "120.00", 2, 1);
        RawHttp.Response again = transfer(clientToken, "move-twice", "120.00", 2, 1);
        RawHttp.Response other = transfer(clientToken, "move-twice", "130.00", 2, 1);

        assertThat(first.status()).isEqualTo(200);
        assertThat(again.status()).as(again.body()).isEqualTo(200);
        assertThat(JSON.readTree(again.body()).get("systemConversationId").asString())
                .isEqualTo(JSON.readTree(first.body()).get("systemConversationId").asString());
        assertThat(other.status()).as(other.body()).isEqualTo(409);
        assertThat(JSON.readTree(other.body()).get("reason").asString()).contains("used for another transfer");
        assertThat(ledger.available(LedgerAccounts.working(clientId))).isEqualByComparingTo("120.00");
        assertThat(transfersOfClient()).isEqualTo(1);
    }

    @Test
    void givenTheSameIdTwiceAtOnce_itShouldMoveTheMoneyOnce() {
        CountDownLatch start = new CountDownLatch(1);
        List<CompletableFuture<RawHttp.Response>> sent = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            sent.add(CompletableFuture.supplyAsync(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return transfer(clientToken, "move-at-once", "50.00", 2, 1);
            }));
        }
        start.countDown();

        List<RawHttp.Response> answers = sent.stream().map(CompletableFuture::join).toList();
        assertThat(answers).allSatisfy(a -> assertThat(a.status()).as(a.body()).isEqualTo(200));
        assertThat(ledger.available(LedgerAccounts.working(clientId))).isEqualByComparingTo("50.00");
        assertThat(transfersOfClient()).isEqualTo(1);
    }

    @Test
    void givenMoreThanTheUtilityAccountHasAvailable_itShouldBeRefusedWithTheAvailableBalance_andMoveNothing() {
        ledger.reserve("payout-held-" + UUID.randomUUID(), List.of(new Leg(LedgerAccounts.utility(clientId),
                LedgerAccounts.railSettlement(Rail.BANK), new BigDecimal("379.50"))), "Held");

        RawHttp.Response refused = transfer(clientToken, "move-short", "120.60", 2, 1);

        assertThat(refused.status()).as(refused.body()).isEqualTo(409);
        assertThat(JSON.readTree(refused.body()).get("reason").asString())
                .isEqualTo("The utility account has 120.50 KES available, less than the amount; nothing was moved");
        assertThat(ledger.available(LedgerAccounts.working(clientId))).isEqualByComparingTo("0");
        assertThat(transfersOfClient()).isZero();
        // the refused id is free for a transfer that fits
        assertThat(transfer(clientToken, "move-short", "120.50", 2, 1).status()).isEqualTo(200);
        assertThat(ledger.available(LedgerAccounts.utility(clientId))).isEqualByComparingTo("0");
    }

    @Test
    void givenOtherAccountsOrMissingFields_itShouldNameEachField() {
        RawHttp.Response wrongWay = transfer(clientToken, "move-back", "10.00", 1, 2);
        RawHttp.Response missing = send(clientToken, "{\"originatorConversationId\":\"move-x\"}");

        assertThat(wrongWay.status()).isEqualTo(400);
        assertThat(fields(wrongWay)).containsExactlyInAnyOrder("fromAccountType", "toAccountType");
        assertThat(missing.status()).isEqualTo(400);
        assertThat(fields(missing)).containsExactlyInAnyOrder("amount", "fromAccountType", "toAccountType");
        assertThat(transfersOfClient()).isZero();
    }

    @Test
    void givenATokenWithoutBothScopes_itShouldBeRefused_namingTheMissingOne() {
        String collectionsOnly = newClient(Set.of("collections"));
        String payoutsOnly = newClient(Set.of("payouts"));

        RawHttp.Response noPayouts = transfer(ApiClientHelper.token(http, collectionsOnly, SECRET), "m", "1.00", 2, 1);
        RawHttp.Response noCollections = transfer(ApiClientHelper.token(http, payoutsOnly, SECRET), "m", "1.00", 2, 1);

        assertThat(noPayouts.status()).isEqualTo(403);
        assertThat(noPayouts.header("WWW-Authenticate")).contains("payouts");
        assertThat(noCollections.status()).isEqualTo(403);
        assertThat(noCollections.header("WWW-Authenticate")).contains("collections");
        assertThat(ledger.available(LedgerAccounts.working(collectionsOnly))).isEqualByComparingTo("0");
    }

    private RawHttp.Response transfer(String bearer, String ocid, String amount, int from, int to) {
        return send(bearer, JSON.writeValueAsString(Map.of("originatorConversationId", ocid, "amount", amount,
                "fromAccountType", from, "toAccountType", to)));
    }

    private RawHttp.Response send(String bearer, String body) {
        return RawHttp.send(port, "POST", PATH, Map.of("Authorization", "Bearer " + bearer,
                "Content-Type", "application/json"), body.getBytes(StandardCharsets.UTF_8));
    }

    private List<String> fields(RawHttp.Response answer) {
        List<String> fields = new ArrayList<>();
        JSON.readTree(answer.body()).get("errors").forEach(e -> fields.add(e.get("field").asString()));
        return fields;
    }

    private JsonNode lastEntry(int accountType) {
        RawHttp.Response statement = RawHttp.send(port, "GET", "/v1/customer-accounts/statement?accountType="
                + accountType, Map.of("Authorization", "Bearer " + clientToken), null);
        assertThat(statement.status()).as(statement.body()).isEqualTo(200);
        JsonNode entries = JSON.readTree(statement.body()).get("entries");
        return entries.get(entries.size() - 1);
    }

    private long transfersOfClient() {
        return jdbc.sql("select count(*) from ledger_transfers where debit_account = ? and idempotency_key like"
                + " 'transfer:%'").param(LedgerAccounts.utility(clientId)).query(Long.class).single();
    }

    private String newClient(Set<String> scopes) {
        String id = "transfer-" + UUID.randomUUID();
        clients.registerWithAllRoutes(new ApiClient(id, "Transfer", ClientSecretHasher.hash(SECRET), scopes));
        return id;
    }
}
