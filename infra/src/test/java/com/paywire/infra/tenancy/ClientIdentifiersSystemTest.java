package com.paywire.infra.tenancy;

import static com.paywire.infra.support.ClientRequests.CARDS;
import static com.paywire.infra.support.ClientRequests.accepted;
import static com.paywire.infra.support.ClientRequests.accountValidation;
import static com.paywire.infra.support.ClientRequests.answered;
import static com.paywire.infra.support.ClientRequests.await;
import static com.paywire.infra.support.ClientRequests.billPayment;
import static com.paywire.infra.support.ClientRequests.checkoutId;
import static com.paywire.infra.support.ClientRequests.checkoutOrder;
import static com.paywire.infra.support.ClientRequests.deposit;
import static com.paywire.infra.support.ClientRequests.kyc;
import static com.paywire.infra.support.ClientRequests.payout;
import static com.paywire.infra.support.ClientRequests.systemConversationId;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.auth.Scope;
import com.paywire.domain.checkout.BillTo;
import com.paywire.domain.checkout.HostedCheckout;
import com.paywire.domain.clients.ClientSecretHasher;
import com.paywire.infra.support.EveryProductSystemTest;
import com.paywire.infra.support.TimeSkippingPlatform;
import com.paywire.persistence.LedgerInvariants;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.collections.ShortCodeStore;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.vocabulary.checkout.CheckoutStatus;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.vocabulary.collections.ShortCode;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.rules.money.Leg;
import com.paywire.workflows.WorkflowIds;
import java.math.BigDecimal;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;

/**
 * A client's identifiers are its own: a second client that uses the same originatorConversationId, stan or
 * RequestId in any product gets its own payment, which neither collides with nor reveals the first client's, and
 * each rail callback reaches the payment it was meant for.
 */
class ClientIdentifiersSystemTest extends EveryProductSystemTest {

    static final String TWIN = "identifier-twin";
    static final String SANDBOX_SHORT_CODE = "174379";
    static final String TWIN_SHORT_CODE = "600111";

    @Autowired
    ApiClientStore clients;
    @Autowired
    ShortCodeStore shortCodes;
    @Autowired
    Ledger ledger;
    @Autowired
    HostedCheckout checkout;

    String twin;

    /** A second client with every scope and route, its own short code and float, beside the sandbox client. */
    @BeforeEach
    void theTwin() {
        clients.registerWithAllRoutes(new ApiClient(TWIN, "Twin", ClientSecretHasher.hash("twin-secret"),
                new LinkedHashSet<>(Scope.allValues())));
        shortCodes.issue(new ShortCode(TWIN_SHORT_CODE, TWIN, "TW"));
        ledger.transfer("twin-float", new Leg(LedgerAccounts.FUNDING, LedgerAccounts.working(TWIN), new BigDecimal("50000.00")),
                "Twin's float");
        twin = TimeSkippingPlatform.token(http, TWIN, "twin-secret");
    }

    @Test
    void givenTheSameOriginatorConversationIdAndStan_eachClientShouldGetItsOwnPayout_andEachRailCallbackReachIt() {
        String ocid = UUID.randomUUID().toString();
        String stan = UUID.randomUUID().toString();
        BigDecimal sandboxBefore = ledger.available(LedgerAccounts.working(SANDBOX));
        BigDecimal twinBefore = ledger.available(LedgerAccounts.working(TWIN));

        accepted(api.send(token, "/v1/payment-order/new-order", payout(ocid, stan, "+254712000101", "100")));
        accepted(api.send(twin, "/v1/payment-order/new-order", payout(ocid, stan, "+254712000202", "200")));

        String sandboxReference = api.sentPayoutReference("+254712000101");
        String twinReference = api.sentPayoutReference("+254712000202");
        assertThat(twinReference).isNotEqualTo(sandboxReference);
        api.payoutResult(sandboxReference, "0", "Processed");
        api.payoutResult(twinReference, "2001", "Not a registered wallet");

        assertThat(resultOf(WorkflowIds.payoutLine(SANDBOX, stan), String.class)).isEqualTo("COMPLETED");
        assertThat(resultOf(WorkflowIds.payoutLine(TWIN, stan), String.class)).isEqualTo("FAILED");
        JsonNode mine = onlyLine(token, ocid);
        JsonNode theirs = onlyLine(twin, ocid);
        assertThat(mine.get("transaction").get("systemTraceAuditNumber").asString()).isEqualTo(stan);
        assertThat(mine.get("transactionOutcome").get("transactionStatus").asInt()).isEqualTo(4);
        assertThat(mine.get("transaction").get("amount").decimalValue()).isEqualByComparingTo("100");
        assertThat(theirs.get("transaction").get("systemTraceAuditNumber").asString()).isEqualTo(stan);
        assertThat(theirs.get("transactionOutcome").get("transactionStatus").asInt()).isEqualTo(3);
        assertThat(theirs.get("transactionOutcome").get("resultCode").asString()).isEqualTo("6");
        assertThat(sandboxBefore.subtract(ledger.available(LedgerAccounts.working(SANDBOX)))).isEqualByComparingTo("110.00");
        assertThat(ledger.available(LedgerAccounts.working(TWIN))).isEqualByComparingTo(twinBefore);
        assertThat(payoutEvents(SANDBOX)).containsExactly("payout.completed");
        assertThat(payoutEvents(TWIN)).containsExactly("payout.failed");
        LedgerInvariants.assertHold(jdbc);
    }

    @Test
    void givenTheSameOriginatorConversationId_eachClientShouldGetItsOwnDeposit_andEachPromptAnswerReachIt() {
        String ocid = UUID.randomUUID().toString();
        BigDecimal sandboxBefore = ledger.available(LedgerAccounts.utility(SANDBOX));
        BigDecimal twinBefore = ledger.available(LedgerAccounts.utility(TWIN));

        String mine = systemConversationId(
                api.send(token, "/v1/express-deposit", deposit(SANDBOX_SHORT_CODE, ocid, "75")));
        String theirs = systemConversationId(
                api.send(twin, "/v1/express-deposit", deposit(TWIN_SHORT_CODE, ocid, "60")));

        assertThat(theirs).isNotEqualTo(mine);
        api.promptAnswered(mine, "0", "The service request is processed successfully.");
        api.promptAnswered(theirs, "1032", "Request cancelled by user");
        assertThat(resultOf(WorkflowIds.expressDeposit(SANDBOX, ocid), String.class)).isEqualTo("0");
        assertThat(resultOf(WorkflowIds.expressDeposit(TWIN, ocid), String.class)).isEqualTo("1032");
        String query = "/v1/express-deposit/check-status?OriginatorConversationId=" + ocid;
        assertThat(api.read(token, query).get("conversationId").asString()).isEqualTo(mine);
        assertThat(api.read(token, query).get("status").asString()).isEqualTo("COMPLETED");
        assertThat(api.read(twin, query).get("conversationId").asString()).isEqualTo(theirs);
        assertThat(api.read(twin, query).get("status").asString()).isEqualTo("CANCELLED");
        assertThat(ledger.available(LedgerAccounts.utility(SANDBOX)).subtract(sandboxBefore)).isEqualByComparingTo("75.00");
        assertThat(ledger.available(LedgerAccounts.utility(TWIN))).isEqualByComparingTo(twinBefore);
    }

    @Test
    void givenTheSameOriginatorConversationId_eachClientShouldGetItsOwnCheckoutOrder_paidAndCreditedOnItsOwn() {
        String ocid = UUID.randomUUID().toString();
        BigDecimal sandboxBefore = ledger.available(LedgerAccounts.utility(SANDBOX));
        BigDecimal twinBefore = ledger.available(LedgerAccounts.utility(TWIN));

        String mine = checkoutId(api.send(token, "/v1/checkout-order/new-order", checkoutOrder(ocid, "1200.00")));
        String theirs = checkoutId(api.send(twin, "/v1/checkout-order/new-order", checkoutOrder(ocid, "300.00")));

        assertThat(theirs).isNotEqualTo(mine);
        for (String checkoutId : List.of(mine, theirs)) {
            checkout.payByMobileMoney(checkoutId, new BillTo("John", "Otieno", null, null, null, null, null, null, null),
                    "0712 000 707");
            UUID attempt = await(() -> jdbc.sql("select id from express_deposits where checkout_id = ?")
                    .param(UUID.fromString(checkoutId)).query(UUID.class).optional());
            api.promptAnswered(attempt.toString(), "0", "The service request is processed successfully.");
        }
        assertThat(resultOf(WorkflowIds.checkout(SANDBOX, ocid), CheckoutStatus.class)).isEqualTo(CheckoutStatus.COMPLETED);
        assertThat(resultOf(WorkflowIds.checkout(TWIN, ocid), CheckoutStatus.class)).isEqualTo(CheckoutStatus.COMPLETED);
        String query = "/v1/checkout-order/check-status?IdType=1&Id=" + ocid;
        assertThat(api.read(token, query).get("checkoutId").asString()).isEqualTo(mine);
        assertThat(api.read(twin, query).get("checkoutId").asString()).isEqualTo(theirs);
        // each total less its 1.5 % fee, to its own client
        assertThat(ledger.available(LedgerAccounts.utility(SANDBOX)).subtract(sandboxBefore)).isEqualByComparingTo("1182.00");
        assertThat(ledger.available(LedgerAccounts.utility(TWIN)).subtract(twinBefore)).isEqualByComparingTo("295.50");
    }

    @Test
    void givenTheSameRequestId_eachClientShouldGetItsOwnCardAuthorisation() {
        String requestId = "order-" + UUID.randomUUID();

        ResponseEntity<JsonNode> mine = api.authorise(token, requestId, "12.50");
        ResponseEntity<JsonNode> theirs = api.authorise(twin, requestId, "30.00");

        assertThat(mine.getStatusCode().value()).as("%s", mine.getBody()).isEqualTo(201);
        assertThat(theirs.getStatusCode().value()).as("%s", theirs.getBody()).isEqualTo(201);
        String myId = mine.getBody().get("AuthorisationId").asString();
        String theirId = theirs.getBody().get("AuthorisationId").asString();
        assertThat(theirId).isNotEqualTo(myId);
        assertThat(api.read(token, CARDS + "/transactions/" + myId).get("Amount").asString()).isEqualTo("12.50");
        assertThat(api.read(twin, CARDS + "/transactions/" + theirId).get("Amount").asString()).isEqualTo("30.00");
        assertThat(http.get().uri(CARDS + "/transactions/" + myId).header(HttpHeaders.AUTHORIZATION, "Bearer " + twin)
                .retrieve().toEntity(JsonNode.class).getStatusCode().value()).isEqualTo(404);
    }

    @Test
    void givenTheSameStan_eachClientShouldGetItsOwnKycAnswer() {
        String stan = UUID.randomUUID().toString();

        accepted(api.send(token, "/v1/kyc-request/validate", kyc(stan, "10000001")));
        accepted(api.send(twin, "/v1/kyc-request/validate", kyc(stan, "10000002")));

        String query = "/v1/kyc-request/check-status?stan=" + stan;
        JsonNode mine = await(() -> answered(api.read(token, query), "status", "01")).get("kycRecordDto");
        JsonNode theirs = await(() -> answered(api.read(twin, query), "status", "01")).get("kycRecordDto");
        assertThat(mine.get("personalProfileNationalID").asString()).isEqualTo("10000001");
        assertThat(mine.get("responseCode").asString()).isEqualTo("00");
        assertThat(theirs.get("personalProfileNationalID").asString()).isEqualTo("10000002");
        assertThat(theirs.get("responseCode").asString()).isEqualTo("02"); // another person's names
    }

    @Test
    void givenTheSameStan_eachClientShouldGetItsOwnAccountValidation() {
        String stan = UUID.randomUUID().toString();

        accepted(api.send(token, "/v1/account/validate", accountValidation(stan, "0712345678")));
        accepted(api.send(twin, "/v1/account/validate", accountValidation(stan, "0712000303")));

        String query = "/v1/account/query?stan=" + stan;
        JsonNode mine = await(() -> answered(api.read(token, query), "status", "0"));
        JsonNode theirs = await(() -> answered(api.read(twin, query), "status", "0"));
        assertThat(mine.get("accountNumber").asString()).isEqualTo("254712345678");
        assertThat(mine.get("transactionCreditParty").asString()).isEqualTo("JANE WANJIKU MWANGI");
        assertThat(theirs.get("accountNumber").asString()).isEqualTo("254712000303");
        assertThat(theirs.get("transactionCreditParty").asString()).isEqualTo("SANDBOX WALLET HOLDER");
        assertThat(theirs.get("conversationID").asString()).isNotEqualTo(mine.get("conversationID").asString());
    }

    @Test
    void givenTheSameOriginatorConversationId_eachClientShouldGetItsOwnAirtimePurchase() {
        String ocid = UUID.randomUUID().toString();
        BigDecimal twinBefore = ledger.available(LedgerAccounts.working(TWIN));

        accepted(api.send(token, "/v1/airtime-purchase", api.airtime(ocid, "254712000505", "100")));
        accepted(api.send(twin, "/v1/airtime-purchase", api.airtime(ocid, "254733000606", "50")));

        assertThat(resultOf(WorkflowIds.airtime(SANDBOX, ocid), String.class)).isEqualTo("COMPLETED");
        assertThat(resultOf(WorkflowIds.airtime(TWIN, ocid), String.class)).isEqualTo("COMPLETED");
        String query = "/v1/airtime-purchase/check-status?OriginatorConversationId=" + ocid;
        assertThat(api.read(token, query).get("recipients").get(0).get("phoneNumber").asString())
                .isEqualTo("254712000505");
        assertThat(api.read(twin, query).get("recipients").get(0).get("phoneNumber").asString())
                .isEqualTo("254733000606");
        assertThat(twinBefore.subtract(ledger.available(LedgerAccounts.working(TWIN)))).isEqualByComparingTo("50.00");
    }

    @Test
    void givenTheSameOriginatorConversationId_eachClientShouldGetItsOwnBillPayment() {
        String ocid = UUID.randomUUID().toString();

        accepted(api.send(token, "/v1/bill-payments", billPayment(ocid, SANDBOX_SHORT_CODE, "1500")));
        accepted(api.send(twin, "/v1/bill-payments", billPayment(ocid, TWIN_SHORT_CODE, "700")));

        resultOf(WorkflowIds.billPayment(SANDBOX, ocid), String.class);
        resultOf(WorkflowIds.billPayment(TWIN, ocid), String.class);
        String query = "/v1/bill-payments?OriginatorConversationId=" + ocid;
        JsonNode mine = api.read(token, query);
        JsonNode theirs = api.read(twin, query);
        assertThat(mine.get("status").asInt()).isEqualTo(4);
        assertThat(mine.get("amount").decimalValue()).isEqualByComparingTo("1500");
        assertThat(theirs.get("status").asInt()).isEqualTo(4);
        assertThat(theirs.get("amount").decimalValue()).isEqualByComparingTo("700");
        assertThat(theirs.get("systemConversationId").asString())
                .isNotEqualTo(mine.get("systemConversationId").asString());
    }

    private List<String> payoutEvents(String clientId) {
        return jdbc.sql("select type from events where client_id = ? and type like 'payout.%'").param(clientId)
                .query(String.class).list();
    }

    private JsonNode onlyLine(String clientToken, String ocid) {
        JsonNode lines = api.read(clientToken,
                "/v1/payment-order/check-status?IdType=OriginatorConversationId&Id=" + ocid).get("orderLines");
        assertThat(lines).hasSize(1);
        return lines.get(0);
    }
}
