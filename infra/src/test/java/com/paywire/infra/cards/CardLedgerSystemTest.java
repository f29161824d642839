package com.paywire.infra.cards;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.client.WireMock;
import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import com.paywire.domain.checkout.BillTo;
import com.paywire.domain.checkout.HostedCheckout;
import com.paywire.infra.support.PayerCards;
import com.paywire.infra.support.TimeSkippingPlatform;
import com.paywire.infra.support.TimeSkippingSystemTest;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.vocabulary.checkout.CheckoutStatus;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.ledger.TransferState;
import com.paywire.vocabulary.rules.money.Leg;
import com.paywire.workflows.WorkflowIds;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;

/**
 * Card money on the ledger, end to end with time skipping: captures through the card API credit the merchant's
 * utility account less the card fee, refunds take it back (the fee proportionally), and a checkout paid by card
 * and refunded gives its credit back. The card processor is the rails simulator's own mappings.
 */
class CardLedgerSystemTest extends TimeSkippingSystemTest {

    static final String SANDBOX = "paywire-sandbox";
    static final String VISA = "4111111111111111";
    static final String ORIGIN = PayerCards.ORIGIN;
    static final String CARDS = PayerCards.CARDS;
    static final String CARD_TRANSACTION_TYPE = "10";
    static final String USD_UTILITY = "client:" + SANDBOX + ":UTILITY:USD";
    static final String USD_FEE_REVENUE = "platform:FEE_REVENUE:USD";
    static final BillTo JANE = PayerCards.JANE;

    @Autowired
    Ledger ledger;
    @Autowired
    HostedCheckout checkout;

    /** The workflows of the last test, for the replay tests: -Dpaywire.recordHistories=path/to/histories. */
    private final List<Map.Entry<String, String>> histories = new ArrayList<>();

    @BeforeAll
    static void simulatorCardMappings() throws Exception {
        for (Resource mapping : new PathMatchingResourcePatternResolver()
                .getResources("classpath*:rails-simulator/mappings/card-*.json")) {
            TimeSkippingPlatform.OUTSIDE.addStubMapping(
                    StubMapping.buildFrom(mapping.getContentAsString(StandardCharsets.UTF_8)));
        }
        TimeSkippingPlatform.OUTSIDE.stubFor(WireMock.post(urlPathMatching("/merchant/.+"))
                .willReturn(aResponse().withStatus(200).withBody("{}")));
    }

    @AfterEach
    void recordHistoriesIfAsked(TestInfo test) throws IOException {
        String target = System.getProperty("paywire.recordHistories");
        if (target == null) {
            return;
        }
        for (Map.Entry<String, String> history : histories) {
            Files.writeString(Path.of(target).resolve(history.getKey() + "-"
                            + test.getTestMethod().orElseThrow().getName() + ".json"),
                    historyToKeep(history.getValue()));
        }
    }

    @Test
    void theCardFee_shouldBeAnsweredByFetchCharges_withABandForEveryCardAmount() {
        JsonNode charges = http.get().uri("/v1/charge/fetch-charges?transactionTypeId=" + CARD_TRANSACTION_TYPE)
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().body(JsonNode.class);

        JsonNode bands = charges.get("graduatedScaleList");
        assertThat(bands.size()).as("%s", charges).isEqualTo(1);
        assertThat(bands.get(0).get("rangeLowerLimit").decimalValue()).isEqualByComparingTo("1.00");
        assertThat(bands.get(0).get("rangeUpperLimit").decimalValue()).isEqualByComparingTo("1000000.00");
        assertThat(bands.get(0).get("value").decimalValue()).isEqualByComparingTo("2.50");
        assertThat(bands.get(0).get("chargeType").asString()).isEqualTo("PERCENT");
    }

    @Test
    void givenACapture_theUtilityAccountShouldBeCreditedLessTheFee_andEachRefundTakeItsShareBack() {
        BigDecimal utility = utility();
        BigDecimal fees = ledger.available(LedgerAccounts.FEE_REVENUE);
        String authorisation = authorise("1000.00");
        String capture = capture(authorisation, "1000.00");

        assertThat(utility().subtract(utility)).as("credited 1000.00 less 2.5 %").isEqualByComparingTo("975.00");
        assertThat(ledger.available(LedgerAccounts.FEE_REVENUE).subtract(fees)).isEqualByComparingTo("25.00");

        assertThat(refund(capture, "400.00").getStatusCode().value()).isEqualTo(201);
        assertThat(utility().subtract(utility)).as("400.00 back, less its 10.00 of the fee")
                .isEqualByComparingTo("585.00");
        assertThat(refund(capture, "600.00").getStatusCode().value()).isEqualTo(201);

        assertThat(utility()).as("all of it refunded: all of the credit taken back").isEqualByComparingTo(utility);
        assertThat(ledger.available(LedgerAccounts.FEE_REVENUE)).as("and the whole fee returned").isEqualByComparingTo(fees);
        JsonNode statement = http.get().uri("/v1/customer-accounts/statement?accountType=2&pageSize=500")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().body(JsonNode.class);
        List<String> entries = new ArrayList<>();
        statement.get("entries").forEach(e -> {
            if (capture.equals(e.get("paywireReference").asString())) {
                entries.add(e.get("product").asString() + " " + e.get("amount").decimalValue().setScale(2).toPlainString());
            }
        });
        assertThat(entries).as("the statement names the capture").containsExactly("CARD 975.00", "CARD -390.00",
                "CARD -585.00");
    }

    /** Issue 43: the processor captured 0.50 that no card band covers; then 10.00 more of a 10.00 authorisation. */
    @Test
    void givenACaptureNoCardBandCovers_itShouldBeRefusedBeforeTheProcessorIsAsked_andTheWholeAuthorisationStayCapturable() {
        BigDecimal utility = utility();
        String authorisation = authorise("10.00");
        int capturesAsked = processorCaptures();

        ResponseEntity<JsonNode> refused = post("/payment/capture", Map.of("AuthorisationId", authorisation,
                "Amount", "0.50", "RequestId", rid()));

        assertThat(refused.getStatusCode().value()).as("%s", refused.getBody()).isEqualTo(409);
        assertThat(refused.getBody().get("ErrorMessage").asString()).contains("0.50");
        assertThat(processorCaptures()).as("the processor was never asked").isEqualTo(capturesAsked);
        assertThat(jdbc.sql("select count(*) from ledger_transfers where idempotency_key like 'card:%'")
                .query(Integer.class).single()).as("nothing held or posted").isEqualTo(transfersBefore);

        capture(authorisation, "10.00");
        assertThat(processorCaptures()).isEqualTo(capturesAsked + 1);
        assertThat(utility().subtract(utility)).as("10.00 less 2.5 %").isEqualByComparingTo("9.75");
        ResponseEntity<JsonNode> beyond = post("/payment/capture", Map.of("AuthorisationId", authorisation,
                "Amount", "1.00", "RequestId", rid()));
        assertThat(beyond.getStatusCode().value()).as("nothing left to capture").isEqualTo(409);
        assertThat(processorCaptures()).as("never more than the authorisation").isEqualTo(capturesAsked + 1);
    }

    /** How many captures the processor has been asked for. */
    private static int processorCaptures() {
        return TimeSkippingPlatform.OUTSIDE.findAll(WireMock.postRequestedFor(
                urlPathMatching("/card-processor/payments/[^/]+/captures"))).size();
    }

    @Test
    void givenACaptureInUsd_theUsdUtilityAccountShouldBeCreditedLessTheFee_andARefundTakeItsShareBackInUsd() {
        BigDecimal kes = utility();
        BigDecimal dollars = balance(USD_UTILITY);
        BigDecimal dollarFees = balance(USD_FEE_REVENUE);
        String capture = capture(authorise("200.00", "USD"), "200.00");

        assertThat(balance(USD_UTILITY).subtract(dollars)).as("200.00 USD less 2.5 %, kept in USD")
                .isEqualByComparingTo("195.00");
        assertThat(balance(USD_FEE_REVENUE).subtract(dollarFees)).isEqualByComparingTo("5.00");
        assertThat(utility()).as("nothing in KES").isEqualByComparingTo(kes);
        JsonNode balances = get("/v1/customer-accounts/get-wallet-balance?ccy=840");
        assertThat(balances.get("customerAccountBalanceList").get(1).get("type").asInt()).isEqualTo(2);
        assertThat(balances.get("customerAccountBalanceList").get(1).get("balance").decimalValue())
                .isEqualByComparingTo(balance(USD_UTILITY));
        JsonNode statement = get("/v1/customer-accounts/statement?accountType=2&currency=USD&pageSize=500");
        assertThat(statement.get("closingBalance").decimalValue()).isEqualByComparingTo(balance(USD_UTILITY));
        JsonNode last = statement.get("entries").get(statement.get("entries").size() - 1);
        assertThat(last.get("paywireReference").asString() + " " + last.get("amount").decimalValue().setScale(2))
                .isEqualTo(capture + " 195.00");

        assertThat(refund(capture, "80.00").getStatusCode().value()).isEqualTo(201);
        assertThat(balance(USD_UTILITY).subtract(dollars)).as("80.00 back, less its 2.00 of the fee")
                .isEqualByComparingTo("117.00");
        assertThat(refund(capture, "120.00").getStatusCode().value()).isEqualTo(201);

        assertThat(balance(USD_UTILITY)).as("refunded in full: the credit taken back").isEqualByComparingTo(dollars);
        assertThat(balance(USD_FEE_REVENUE)).as("and the fee returned").isEqualByComparingTo(dollarFees);
        assertThat(utility()).isEqualByComparingTo(kes);
    }

    @Test
    void givenAUsdRefundTheUsdUtilityAccountCannotCover_itShouldBeRefusedNamingItsUsdBalance() {
        String capture = capture(authorise("100.00", "USD"), "100.00");
        ledger.transferRequired("test:drain:" + UUID.randomUUID(), new Leg(USD_UTILITY,
                "rail:CARD:SETTLEMENT:USD", balance(USD_UTILITY).subtract(new BigDecimal("10.00"))), "Paid out elsewhere");

        ResponseEntity<JsonNode> refused = refund(capture, "100.00");

        assertThat(refused.getStatusCode().value()).as("%s", refused.getBody()).isEqualTo(409);
        assertThat(refused.getBody().get("ErrorCode").asString()).isEqualTo("INSUFFICIENT_BALANCE");
        assertThat(refused.getBody().get("ErrorMessage").asString()).contains("10.00 USD");
        assertThat(balance(USD_UTILITY)).isEqualByComparingTo("10.00");
    }

    @Test
    void givenARefundTheProcessorFails_whatItTookBackShouldBeGivenBack() {
        BigDecimal utility = utility();
        String capture = capture(authorise("200.00"), "200.00");
        String refundRequest = rid();
        String refundId = "ref_" + UUID.nameUUIDFromBytes((SANDBOX + "|REFUND|" + refundRequest)
                .getBytes(StandardCharsets.UTF_8)).toString().replace("-", "");
        TimeSkippingPlatform.OUTSIDE.stubFor(WireMock.get(urlPathEqualTo("/card-processor/refunds/proc_ref_" + refundId))
                .atPriority(1).willReturn(aResponse().withStatus(200).withHeader("Content-Type", "application/json")
                        .withBody("{\"status\":\"FAILED\"}")));

        assertThat(post("/payment/refund", Map.of("CaptureId", capture, "Amount", "200.00", "RequestId",
                refundRequest)).getStatusCode().value()).isEqualTo(201);
        // held, then posted once the processor took the refund: its legs are posted when the refund is answered
        // initiated (the balance cannot show it for sure, since the workflow may learn of the failure and give the
        // money back before this line runs)
        assertThat(refundLegs(capture, refundId, false)).as("posted when the processor took it").isNotEmpty();
        for (int step = 0; step < 40 && !"REFUND_FAILED".equals(status(refundId)); step++) {
            env.sleep(Duration.ofSeconds(20));
            TimeSkippingPlatform.pause(150);
        }

        assertThat(status(refundId)).isEqualTo("REFUND_FAILED");
        assertThat(utility().subtract(utility)).as("given back: 200.00 less the 5.00 fee, as credited")
                .isEqualByComparingTo("195.00");
        assertThat(refundLegs(capture, refundId, true)).as("each leg given back")
                .hasSameSizeAs(refundLegs(capture, refundId, false));
    }

    /** The refund's posted ledger legs that took the money back, or ({@code reversed}) those that gave it back. */
    private List<String> refundLegs(String captureId, String refundId, boolean reversed) {
        return ledger.transfersOf("card:" + captureId).stream()
                .filter(t -> t.state() == TransferState.POSTED && t.key().contains(":refund:" + refundId))
                .map(Ledger.Transfer::key).filter(key -> key.endsWith(":reversed") == reversed).toList();
    }

    @Test
    void givenAVoidedAuthorisation_nothingShouldBePosted() {
        String authorisation = authorise("300.00");

        ResponseEntity<JsonNode> voided = post("/payment/void", Map.of("AuthorisationId", authorisation,
                "RequestId", rid()));

        assertThat(voided.getStatusCode().value()).isEqualTo(201);
        assertThat(jdbc.sql("select count(*) from ledger_transfers where idempotency_key like 'card:%'")
                .query(Integer.class).single()).as("a void moves no money").isEqualTo(transfersBefore);
    }

    @Test
    void givenARefundTheUtilityAccountCannotCover_itShouldBeRefusedNamingTheBalance_andMoveNothing() {
        String capture = capture(authorise("1000.00"), "1000.00");
        BigDecimal available = utility();
        ledger.transferRequired("test:drain:" + UUID.randomUUID(), new Leg(LedgerAccounts.utility(SANDBOX),
                LedgerAccounts.FUNDING, available.subtract(new BigDecimal("100.00"))), "Paid out elsewhere");
        int transfers = transfers();

        ResponseEntity<JsonNode> refused = refund(capture, "1000.00");

        assertThat(refused.getStatusCode().value()).as("%s", refused.getBody()).isEqualTo(409);
        assertThat(new ArrayList<>(refused.getBody().propertyNames()))
                .containsExactly("Status", "ErrorCode", "ErrorMessage", "AuthorisationId");
        assertThat(refused.getBody().get("ErrorCode").asString()).isEqualTo("INSUFFICIENT_BALANCE");
        assertThat(refused.getBody().get("ErrorMessage").asString()).contains("100.00");
        assertThat(utility()).isEqualByComparingTo("100.00");
        assertThat(transfers()).as("no money moved").isEqualTo(transfers);
        assertThat(jdbc.sql("select count(*) from card_transactions where parent_id = ? and type = 'REFUND'")
                .param(capture).query(Integer.class).single()).as("no refund recorded").isZero();
    }

    @Test
    void givenACheckoutPaidByCard_aFullRefundShouldTakeTheCreditBack_andTheOrderSayRefunded() {
        BigDecimal utility = utility();
        BigDecimal waiting = checkoutPayments();
        String ocid = UUID.randomUUID().toString();
        String checkoutId = createOrder(ocid);
        checkout.payByCard(checkoutId, JANE, tokenise(VISA), null);
        String checkoutWorkflow = WorkflowIds.checkout(SANDBOX, ocid);
        histories.add(Map.entry("checkout-card-ledger-v2", checkoutWorkflow));
        assertThat(resultOf(checkoutWorkflow, CheckoutStatus.class)).isEqualTo(CheckoutStatus.COMPLETED);
        assertThat(utility().subtract(utility)).as("1,500.50 less the 1.5 % checkout fee, credited once")
                .isEqualByComparingTo("1477.99");
        String capture = checkStatus(ocid).get("checkoutOutcome").get("thirdPartyPayload").get("reference").asString();

        ResponseEntity<JsonNode> partly = refund(capture, "500.50");
        assertThat(partly.getStatusCode().value()).as("%s", partly.getBody()).isEqualTo(201);
        assertThat(utility().subtract(utility)).as("500.50 back, less its 7.51 share of the 22.51 fee")
                .isEqualByComparingTo("985.00");
        JsonNode partial = checkStatus(ocid).get("checkoutOutcome");
        assertThat(partial.get("status").asInt()).isEqualTo(7);
        assertThat(partial.get("statusDesc").asString()).isEqualTo("Partially refunded");
        assertThat(refund(capture, "1000.00").getStatusCode().value()).isEqualTo(201);

        assertThat(utility()).as("the credit taken back").isEqualByComparingTo(utility);
        JsonNode outcome = checkStatus(ocid).get("checkoutOutcome");
        assertThat(outcome.get("status").asInt()).isEqualTo(6);
        assertThat(outcome.get("statusDesc").asString()).isEqualTo("Refunded");
        assertThat(jdbc.sql("select distinct credit_account from ledger_transfers where idempotency_key like ?")
                .param("card:" + capture + "%").query(String.class).list())
                .as("the checkout credits a card payment; its capture only waited for it on the checkout payments")
                .containsExactly(LedgerAccounts.CHECKOUT_PAYMENTS);
        assertThat(checkoutPayments()).as("the order took it").isEqualByComparingTo(waiting);
    }

    private BigDecimal checkoutPayments() {
        return jdbc.sql("select balance from ledger_accounts where id = ?").param(LedgerAccounts.CHECKOUT_PAYMENTS)
                .query(BigDecimal.class).single();
    }

    private int transfersBefore;

    @BeforeEach
    void countCardTransfers() {
        transfersBefore = jdbc.sql("select count(*) from ledger_transfers where idempotency_key like 'card:%'")
                .query(Integer.class).single();
    }

    private JsonNode get(String path) {
        return http.get().uri(path).header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().body(JsonNode.class);
    }

    private String status(String transactionId) {
        return http.get().uri(CARDS + "/transactions/" + transactionId).header(HttpHeaders.AUTHORIZATION, "Bearer " + token)
                .retrieve().body(JsonNode.class).get("Status").asString();
    }

    private int transfers() {
        return jdbc.sql("select count(*) from ledger_transfers").query(Integer.class).single();
    }

    private BigDecimal utility() {
        return ledger.available(LedgerAccounts.utility(SANDBOX));
    }

    /** An account's balance; zero while it is not open. */
    private BigDecimal balance(String account) {
        return ledger.find(account).map(Ledger.Account::available).orElse(BigDecimal.ZERO);
    }

    private String authorise(String amount) {
        return authorise(amount, "KES");
    }

    private String authorise(String amount, String currency) {
        ResponseEntity<JsonNode> response = post("/payment/authorise", Map.of("Transaction", Map.of("Amount", amount,
                "Currency", currency, "TransientToken", tokenise(VISA), "RequestId", rid()),
                "BillingAddress", Map.of("FirstName", "Jane", "LastName", "Doe", "Country", "US")));
        assertThat(response.getStatusCode().value()).as("%s", response.getBody()).isEqualTo(201);
        String authorisation = response.getBody().get("AuthorisationId").asString();
        histories.clear();
        histories.add(Map.entry("card-payment-ledger-v2", WorkflowIds.cardPayment(SANDBOX, authorisation)));
        return authorisation;
    }

    private String capture(String authorisation, String amount) {
        ResponseEntity<JsonNode> response = post("/payment/capture", Map.of("AuthorisationId", authorisation,
                "Amount", amount, "RequestId", rid()));
        assertThat(response.getStatusCode().value()).as("%s", response.getBody()).isEqualTo(201);
        return response.getBody().get("CaptureId").asString();
    }

    private ResponseEntity<JsonNode> refund(String capture, String amount) {
        return post("/payment/refund", Map.of("CaptureId", capture, "Amount", amount, "RequestId", rid()));
    }

    private String createOrder(String ocid) {
        ResponseEntity<JsonNode> response = http.post().uri("/v1/checkout-order/new-order")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).contentType(MediaType.APPLICATION_JSON)
                .body("""
                        {"originatorConversationId":"%s","checkoutReference":"INV-7","checkoutRouteId":"%s",
                         "checkoutRouteChannelType":158,"checkoutCurrencyCode":404,"checkoutCurrencyName":"KES",
                         "checkoutDueDate":"%s","checkoutReturnUrl":"https://shop.example/return",
                         "checkoutCancelUrl":"https://shop.example/cancel",
                         "checkoutCallbackUrl":"%s/merchant/card-ledger/%s",
                         "checkoutRequestLines":[{"sku":"MUG-1","name":"Blue mug","price":1000},
                                                 {"sku":"TEA-2","name":"Tea, 250 g","price":500.50}]}"""
                        .formatted(ocid, "9701CD4F-98B8-423C-829E-28C6DC337E18",
                                OffsetDateTime.now().plusHours(1).truncatedTo(ChronoUnit.SECONDS),
                                TimeSkippingPlatform.OUTSIDE.baseUrl(), ocid))
                .retrieve().toEntity(JsonNode.class);
        assertThat(response.getStatusCode().value()).as("%s", response.getBody()).isEqualTo(200);
        return response.getBody().get("message").get("checkoutId").asString();
    }

    private JsonNode checkStatus(String ocid) {
        return http.get().uri("/v1/checkout-order/check-status?IdType=1&Id=" + ocid)
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().body(JsonNode.class);
    }

    private String tokenise(String number) {
        return PayerCards.tokenise(http, json, token, number);
    }

    private ResponseEntity<JsonNode> post(String path, Object body) {
        return http.post().uri(CARDS + path).header(HttpHeaders.AUTHORIZATION, "Bearer " + token)
                .contentType(MediaType.APPLICATION_JSON).body(json.writeValueAsString(body)).retrieve()
                .toEntity(JsonNode.class);
    }

    private static String rid() {
        return "req-" + UUID.randomUUID();
    }
}
