package com.paywire.api.collections;

import static com.paywire.api.support.JsonAnswers.assertNotFound;
import static com.paywire.api.support.JsonAnswers.assertScopeRefused;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.AdminApi;
import com.paywire.api.support.ApiClientHelper;
import com.paywire.api.support.ApiTest;
import com.paywire.api.support.ApiTestBase;
import com.paywire.domain.clients.ClientSecretHasher;
import com.paywire.domain.money.MoneyEngine;
import com.paywire.domain.paybacks.CollectionReversals;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.collections.DepositStore;
import com.paywire.persistence.collections.PaybillDepositStore;
import com.paywire.persistence.collections.ShortCodeStore;
import com.paywire.persistence.paybacks.PayBackStore;
import com.paywire.vocabulary.clients.ApiClient;

import com.paywire.vocabulary.collections.Deposit;
import com.paywire.vocabulary.collections.DepositStatus;
import com.paywire.vocabulary.collections.ShortCode;
import com.paywire.vocabulary.collections.PaybillDeposit;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.vocabulary.rules.money.Movement;
import com.paywire.workflows.paybacks.PayBackAnswer;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.JsonNode;

/**
 * POST /v1/collections/reversals and its check-status as a client calls them: its own completed collections only
 * (another client's is 404), one reversal per id, field errors, scopes; the operator's path for any client; the
 * collection's own status query and the statement show the reversal.
 */
@ApiTest
class CollectionReversalApiTest extends ApiTestBase {

    private static final String PATH = "/v1/collections/reversals";
    private static final String STATUS = PATH + "/check-status?OriginatorConversationId=";
    private static final String SECRET = "reversal-secret";

    @Autowired
    ApiClientStore clients;
    @Autowired
    PaybillDepositStore paybill;
    @Autowired
    DepositStore deposits;
    @Autowired
    MoneyEngine money;
    @Autowired
    CollectionReversals reversals;
    @Autowired
    PayBackStore payBacks;
    @Autowired
    TransactionTemplate transaction;
    @Autowired
    JdbcClient jdbc;
    @Autowired
    ShortCodeStore shortCodes;

    private String clientId;
    private String clientToken;

    @BeforeEach
    void aClientWithCollections() {
        clientId = "reversal-" + UUID.randomUUID();
        clients.registerWithAllRoutes(new ApiClient(clientId, "Reversals", ClientSecretHasher.hash(SECRET),
                Set.of("collections", "accounts")));
        clientToken = ApiClientHelper.token(http, clientId, SECRET);
    }

    @Test
    void givenAPaybillDepositToTheWrongReference_theClientShouldReverseIt_andSeeItInBothStatusQueries_andTheStatement() {
        PaybillDeposit deposit = paybillDeposit(clientId, "2000.00", "11.00");

        ResponseEntity<JsonNode> asked = postJson(PATH, body("rev-1", "PAYBILL_DEPOSIT", deposit.receiptNumber()),
                clientToken);

        assertThat(asked.getStatusCode().value()).as("%s", asked.getBody()).isEqualTo(202);
        JsonNode reversal = asked.getBody();
        assertThat(reversal.get("status").asString()).isEqualTo("REVERSING");
        assertThat(reversal.get("amount").decimalValue()).isEqualByComparingTo("2000.00");
        assertThat(reversal.get("fee").decimalValue()).isEqualByComparingTo("11.00");
        assertThat(reversal.get("currency").asString()).isEqualTo("KES");
        String id = reversal.get("reversalId").asString();
        assertThat(getJson(STATUS + "rev-1", clientToken).getBody().get("reversalId").asString()).isEqualTo(id);
        JsonNode shown = getJson("/v1/paybill-deposit/check-status?ReceiptNumber=" + deposit.receiptNumber(),
                clientToken).getBody().get("deposits").get(0);
        assertThat(shown.get("reversal").get("status").asString()).isEqualTo("REVERSING");

        ResponseEntity<JsonNode> again = postJson(PATH, body("rev-1", "PAYBILL_DEPOSIT", deposit.receiptNumber()),
                clientToken);
        assertThat(again.getStatusCode().value()).isEqualTo(202);
        assertThat(again.getBody().get("reversalId").asString()).as("the same reversal").isEqualTo(id);
        Map<String, Object> other = body("rev-1", "PAYBILL_DEPOSIT", deposit.receiptNumber());
        other.put("reason", "another reason");
        ResponseEntity<JsonNode> reused = postJson(PATH, other, clientToken);
        assertThat(reused.getStatusCode().value()).isEqualTo(409);
        assertThat(reused.getBody().get("reason").asString()).doesNotContain("rev-1");
        assertThat(postJson(PATH, body("rev-2", "PAYBILL_DEPOSIT", deposit.receiptNumber()), clientToken)
                .getStatusCode().value()).as("being reversed").isEqualTo(409);

        railAnswers(id, new PayBackAnswer(PayBackAnswer.State.PAID, "RV1", "0", "Reversed"));

        assertThat(getJson(STATUS + "rev-1", clientToken).getBody().get("status").asString()).isEqualTo("REVERSED");
        JsonNode line = lastUtilityEntry();
        assertThat(line.get("type").asString()).isEqualTo("COLLECTION_REVERSAL");
        assertThat(line.get("product").asString()).isEqualTo(Product.PAYBILL_DEPOSIT.statementName());
        assertThat(line.get("paymentId").asString()).isEqualTo(deposit.id().toString());
        assertThat(line.get("grossAmount").decimalValue()).isEqualByComparingTo("-2000.00");
        assertThat(line.get("feeAmount").decimalValue()).isEqualByComparingTo("-11.00");
        assertThat(line.get("netAmount").decimalValue()).isEqualByComparingTo("-1989.00");
        assertThat(line.get("runningBalance").decimalValue()).isEqualByComparingTo("0.00");
    }

    @Test
    void anotherClientsCollection_orReversal_shouldBeNotFound_andTheWrongScopeRefused() {
        // another client than the sandbox's, whose statement the console's tests read
        String otherId = "reversal-other-" + UUID.randomUUID();
        clients.registerWithAllRoutes(new ApiClient(otherId, "Others", ClientSecretHasher.hash(SECRET),
                Set.of("collections", "payouts")));
        String otherToken = ApiClientHelper.token(http, otherId, SECRET);
        PaybillDeposit others = paybillDeposit(otherId, "150.00", "0.83");

        ResponseEntity<JsonNode> notMine = postJson(PATH, body("rev-x", "PAYBILL_DEPOSIT", others.receiptNumber()),
                clientToken);
        assertNotFound(notMine);
        assertThat(notMine.getBody().get("reason").asString()).doesNotContain(others.receiptNumber());
        assertThat(postJson(PATH, body("rev-x", "PAYBILL_DEPOSIT", others.receiptNumber()), otherToken)
                .getStatusCode().value()).isEqualTo(202);
        assertNotFound(getJson(STATUS + "rev-x", clientToken));

        String payoutsOnly = ApiClientHelper.token(http, otherId, SECRET, "payouts");
        assertScopeRefused(postJson(PATH, body("rev-y", "PAYBILL_DEPOSIT", others.receiptNumber()), payoutsOnly),
                "collections");
        assertScopeRefused(getJson(STATUS + "rev-x", payoutsOnly), "collections");
        Map<String, Object> operatorBody = body("rev-y", "PAYBILL_DEPOSIT", others.receiptNumber());
        operatorBody.put("clientId", "paywire-sandbox");
        assertScopeRefused(postJson("/v1/operations/collection-reversals", operatorBody, token), "operations");
    }

    @Test
    void aRequestWithFieldsMissing_shouldBeRefusedFieldByField_withNothingStored() {
        long before = rows();

        ResponseEntity<JsonNode> refused = postJson(PATH, Map.of("collectionType", "CARD"), clientToken);

        assertThat(refused.getStatusCode().value()).isEqualTo(400);
        assertThat(refused.getBody().get("errors").findValuesAsString("field")).containsExactlyInAnyOrder(
                "originatorConversationId", "collectionType", "collectionId", "reason");
        assertThat(refused.getBody().toString()).doesNotContain("CARD");
        assertThat(rows()).isEqualTo(before);
    }

    @Test
    void givenTheUtilityAccountShort_theReversalShouldBe409_withNothingHeld() {
        Deposit deposit = expressDeposit(clientId, "300.00", false);
        long before = rows();

        ResponseEntity<JsonNode> refused = postJson(PATH, body("rev-s", "EXPRESS_DEPOSIT",
                deposit.originatorConversationId()), clientToken);

        assertThat(refused.getStatusCode().value()).isEqualTo(409);
        assertThat(refused.getBody().get("reason").asString()).contains("short");
        assertThat(rows()).isEqualTo(before);
        assertThat(jdbc.sql("select count(*) from ledger_transfer_states where reservation_key like ?")
                .param(Product.PHONE_PROMPT.key(deposit.id().toString()) + ":reversal:%").query(Long.class).single())
                .isZero();
    }

    @Test
    void anOperator_shouldReverseAnyClientsExpressDeposit_whichTheClientThenFinds() {
        Deposit deposit = expressDeposit(clientId, "420.00", true);
        Map<String, Object> asked = body("ops-1", "EXPRESS_DEPOSIT", deposit.originatorConversationId());
        asked.put("clientId", clientId);
        String operator = new AdminApi(http).operatorToken();

        ResponseEntity<JsonNode> reversed = postJson("/v1/operations/collection-reversals", asked, operator);

        assertThat(reversed.getStatusCode().value()).as("%s", reversed.getBody()).isEqualTo(202);
        assertThat(getJson(STATUS + "ops-1", clientToken).getBody().get("status").asString()).isEqualTo("REVERSING");
        JsonNode status = getJson("/v1/express-deposit/check-status?OriginatorConversationId="
                + deposit.originatorConversationId(), clientToken).getBody();
        assertThat(status.get("reversal").get("reversalId").asString())
                .isEqualTo(reversed.getBody().get("reversalId").asString());
        JsonNode followed = getJson("/v1/operations/collection-reversals?Limit=500", operator).getBody()
                .get("reversals");
        String id = reversed.getBody().get("reversalId").asString();
        JsonNode ours = null;
        for (JsonNode f : followed) {
            ours = f.get("reversal").get("reversalId").asString().equals(id) ? f : ours;
        }
        assertThat(ours).as("the operators' list has it").isNotNull();
        assertThat(ours.get("clientId").asString()).isEqualTo(clientId);
        assertThat(ours.get("requestedBy").asString()).isEqualTo(AdminApi.OPERATOR_ID);
        assertScopeRefused(getJson("/v1/operations/collection-reversals", clientToken), "operations");
        asked.remove("clientId");
        assertThat(postJson("/v1/operations/collection-reversals", asked, operator).getStatusCode().value())
                .isEqualTo(400);
    }

    @Test
    void aPaymentLinksPayment_shouldBeReversedByItsSystemConversationId_andTheLinkShowIt() {
        // a short code of the client's own, so that the sandbox client's accounts stay as other tests expect them
        String shortCode = String.valueOf(700_000 + new java.util.Random().nextInt(100_000));
        shortCodes.issue(new ShortCode(shortCode, clientId, "Q" + shortCode));
        ResponseEntity<JsonNode> link = postJson("/v1/payment-link/create-payment-link", Map.of("shortCode", shortCode,
                "description", "Invoice 7", "isAmountSpecified", true, "amount", "80.00"), clientToken);
        assertThat(link.getStatusCode().value()).as("%s", link.getBody()).isEqualTo(200);
        String linkId = link.getBody().get("id").asString();
        Deposit paid = deposit(clientId, "80.00", true, UUID.fromString(linkId));

        ResponseEntity<JsonNode> asked = postJson(PATH, body("rev-" + paid.id(), "PAYMENT_LINK_PAYMENT",
                paid.id().toString()), clientToken);

        assertThat(asked.getStatusCode().value()).as("%s", asked.getBody()).isEqualTo(202);
        JsonNode payment = getJson("/v1/payment-link/get-payment-link?Id=" + linkId, clientToken).getBody()
                .get("payments").get(0);
        assertThat(payment.get("reversal").get("reversalId").asString())
                .isEqualTo(asked.getBody().get("reversalId").asString());
        assertThat(postJson(PATH, body("rev-x" + paid.id(), "EXPRESS_DEPOSIT", paid.originatorConversationId()), clientToken)
                .getStatusCode().value()).as("a link's payment is no express deposit").isEqualTo(404);
    }

    private void railAnswers(String reversalId, PayBackAnswer answer) {
        transaction.executeWithoutResult(tx -> reversals.close(payBacks.lock(UUID.fromString(reversalId)), answer));
    }

    private static Map<String, Object> body(String id, String type, String collectionId) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("originatorConversationId", id);
        body.put("collectionType", type);
        body.put("collectionId", collectionId);
        body.put("reason", "The payer paid the wrong account");
        return body;
    }

    private JsonNode lastUtilityEntry() {
        JsonNode entries = getJson("/v1/customer-accounts/statement?accountType=2", clientToken).getBody()
                .get("entries");
        return entries.get(entries.size() - 1);
    }

    private PaybillDeposit paybillDeposit(String client, String amount, String fee) {
        String receipt = "R" + UUID.randomUUID().toString().replace("-", "").substring(0, 9).toUpperCase();
        PaybillDeposit d = paybill.insertOnce(PaybillDeposit.received(UUID.randomUUID(), receipt, "600100", "PWX-1",
                new BigDecimal(amount), "254712345678", OffsetDateTime.now(), client, "X-1", OffsetDateTime.now()));
        paybill.recordCredited(d.id(), client, "X-1", new BigDecimal(fee), OffsetDateTime.now());
        money.credit(new Movement(Product.PAYBILL_DEPOSIT, d.id().toString(), client, Rail.MOBILE_MONEY,
                new BigDecimal(amount), new BigDecimal(fee)), "Paybill deposit " + receipt);
        return paybill.find(d.id()).orElseThrow();
    }

    /** A completed express deposit; {@code credited} false leaves the utility account without its money. */
    private Deposit expressDeposit(String client, String amount, boolean credited) {
        return deposit(client, amount, credited, null);
    }

    /** A completed phone prompt, a payment link's when {@code linkId} is not null. */
    private Deposit deposit(String client, String amount, boolean credited, UUID linkId) {
        UUID id = UUID.randomUUID();
        deposits.insert(new Deposit(id, client, "ed-" + id, "174379", "A-1", new BigDecimal(amount), "254712345678",
                "test", null, 1, null, null, null, "KES", null, null, null, linkId, null, null, DepositStatus.PENDING,
                null, null, null, null, false, OffsetDateTime.now()));
        deposits.recordOutcome(id, DepositStatus.COMPLETED, "0", "paid", "RC" + id.toString().substring(0, 8),
                OffsetDateTime.now());
        if (credited) {
            money.credit(new Movement(Product.PHONE_PROMPT, id.toString(), client, Rail.MOBILE_MONEY,
                    new BigDecimal(amount), BigDecimal.ZERO), "Express deposit");
        }
        return deposits.find(id).orElseThrow();
    }

    private long rows() {
        return jdbc.sql("select (select count(*) from pay_backs) + (select count(*) from collection_reversals)")
                .query(Long.class).single();
    }
}
