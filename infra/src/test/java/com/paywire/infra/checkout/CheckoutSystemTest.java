package com.paywire.infra.checkout;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import com.paywire.domain.checkout.BillTo;
import com.paywire.domain.checkout.CheckoutPage;
import com.paywire.domain.checkout.CheckoutReturnHash;
import com.paywire.domain.checkout.CheckoutStateException;
import com.paywire.domain.checkout.HostedCheckout;
import com.paywire.domain.checkout.ReturnForm;
import com.paywire.infra.support.LoopbackReceiver;
import com.paywire.infra.support.PayerCards;
import com.paywire.infra.support.TimeSkippingPlatform;
import com.paywire.infra.support.TimeSkippingSystemTest;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.persistence.notifications.EventStore;
import com.paywire.vocabulary.checkout.CheckoutStatus;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.notifications.Delivery;
import com.paywire.workflows.WorkflowIds;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;

/**
 * Hosted checkout end to end with time skipping, without the page: the order is created through the API, the
 * payer's side is {@link HostedCheckout} as the page calls it, cards go through the card domain against the
 * rails simulator's card-processor mappings, phone prompts through a WireMock rail, and the merchant's callback
 * receiver is WireMock.
 */
class CheckoutSystemTest extends TimeSkippingSystemTest {

    static final WireMockServer outside = TimeSkippingPlatform.OUTSIDE;
    static final String SANDBOX = "paywire-sandbox";
    static final String CALLBACK_SECRET = "sandbox-callback-secret";
    static final String CHECKOUT_ROUTE = "9701CD4F-98B8-423C-829E-28C6DC337E18"; // as a public sample writes it
    static final String ORIGIN = PayerCards.ORIGIN;
    static final String CARDS = PayerCards.CARDS;
    /** The ledger's account of payments owed back to their payers. */
    static final String REFUNDS_DUE = "platform:REFUNDS_DUE";
    static final BillTo JANE = PayerCards.JANE;

    @Autowired
    HostedCheckout checkout;
    @Autowired
    Ledger ledger;
    @Autowired
    EventStore events;

    @BeforeAll
    static void outsideWorld() throws Exception {
        for (Resource mapping : new PathMatchingResourcePatternResolver()
                .getResources("classpath*:rails-simulator/mappings/card-*.json")) {
            outside.addStubMapping(StubMapping.buildFrom(mapping.getContentAsString(StandardCharsets.UTF_8)));
        }
        outside.stubFor(post(urlPathEqualTo("/mobile-money/stk-push")).willReturn(okJson("""
                {"merchantRequestId":"MR-31337","checkoutRequestId":"ws_CO_311220261020363925",
                 "responseCode":"0","responseDescription":"Success. Request accepted for processing"}""")));
        outside.stubFor(get(urlPathMatching("/mobile-money/stk-push/.+")).willReturn(okJson("{\"status\":\"PENDING\"}")));
        outside.stubFor(post(urlPathMatching("/merchant/.+")).willReturn(aResponse().withStatus(200).withBody("{}")));
    }

    record Order(String ocid, String checkoutId) {
    }

    @Test
    void givenTheVisaTestCard_theOrderShouldComplete_theMerchantHearSigned_andBeCreditedTotalLessFeeOnce() throws Exception {
        BigDecimal utility = ledger.available(LedgerAccounts.utility(SANDBOX));
        BigDecimal fees = ledger.available(LedgerAccounts.FEE_REVENUE);
        Order order = create(OffsetDateTime.now().plusHours(1));

        checkout.payByCard(order.checkoutId(), JANE, tokenise("4111111111111111"), null);

        assertThat(finalStatus(order)).isEqualTo(CheckoutStatus.COMPLETED);
        List<JsonNode> callbacks = callbacks(order);
        assertThat(callbacks).hasSize(2);
        assertThat(callbacks.get(0).get("checkoutOutcome").get("Status").asInt()).isEqualTo(1);
        JsonNode completed = callbacks.get(1);
        assertThat(new ArrayList<>(completed.propertyNames())).containsExactly("checkoutId", "conversationId",
                "originatorConversationId", "checkoutReference", "checkoutRouteId", "checkoutRouteChannelType",
                "checkoutNotes", "checkoutCurrencyCode", "checkoutCurrencyName", "checkoutDueDate",
                "checkoutReturnUrl", "checkoutCancelUrl", "checkoutCallbackUrl", "checkoutAccountNo",
                "checkoutRequestLines", "checkoutTotalAmount", "checkoutFeeAmount", "checkoutOutcome");
        assertThat(completed.get("checkoutCurrencyCode").isNumber()).isTrue();
        assertThat(completed.get("checkoutTotalAmount").decimalValue()).isEqualByComparingTo("1200.00");
        assertThat(completed.get("checkoutFeeAmount").decimalValue()).isEqualByComparingTo("18.00");
        JsonNode outcome = completed.get("checkoutOutcome");
        assertThat(new ArrayList<>(outcome.propertyNames()))
                .containsExactly("Status", "StatusDesc", "ResultCode", "ResultDesc", "ThirdPartyPayload");
        assertThat(outcome.get("Status").asInt()).isEqualTo(4);
        assertThat(outcome.get("StatusDesc").asString()).isEqualTo("Completed");
        assertThat(outcome.get("ResultCode").asString()).isEqualTo("000");
        assertThat(outcome.get("ResultDesc").asString()).isEqualTo("Request Processed");
        assertThat(new ArrayList<>(outcome.get("ThirdPartyPayload").propertyNames()))
                .containsExactly("ResponseCode", "ResponseDesc", "Reference");
        String captureId = outcome.get("ThirdPartyPayload").get("Reference").asString();
        assertThat(captureId).startsWith("cap_");
        assertThat(jdbc.sql("select count(*) from card_transactions where id = ? and status = 'CAPTURED'")
                .param(captureId).query(Integer.class).single()).isEqualTo(1);

        assertThat(ledger.available(LedgerAccounts.utility(SANDBOX)).subtract(utility)).isEqualByComparingTo("1182.00");
        assertThat(ledger.available(LedgerAccounts.FEE_REVENUE).subtract(fees)).isEqualByComparingTo("18.00");
        assertThat(jdbc.sql("select count(*) from ledger_transfers where idempotency_key like ?")
                .param("checkout:" + order.checkoutId() + "%").query(Integer.class).single()).isEqualTo(2);

        JsonNode status = checkStatus(order);
        assertThat(status.get("checkoutOutcome").get("status").asInt()).isEqualTo(4);
        assertThat(status.get("checkoutOutcome").get("thirdPartyPayload").get("reference").asString()).isEqualTo(captureId);
        assertThat(status.get("billToFirstName").asString()).isEqualTo("Jane");
        assertThat(status.get("billToLastName").asString()).isEqualTo("Wanjiku");
        assertThat(status.get("billToAddress1").asString()).isEqualTo("1 Moi Avenue");
        assertThat(status.get("billToLocality").asString()).isEqualTo("Nairobi");
        assertThat(status.get("billToAdministrativeArea").asString()).isEqualTo("Nairobi County");
        assertThat(status.get("billToPostalCode").asString()).isEqualTo("00100");
        assertThat(status.get("billToCountry").asString()).isEqualTo("KE");
        assertThat(status.get("billToEmail").asString()).isEqualTo("jane@example.com");
        assertThat(status.get("billToPhoneNumber").asString()).isEqualTo("+254712345678");

        ReturnForm form = checkout.returnForm(order.checkoutId());
        assertThat(form.url()).isEqualTo("https://shop.example/return?ref=42&hash=" + form.hash());
        Map<String, String> fields = form.fieldMap();
        assertThat(fields).containsEntry("checkoutId", order.checkoutId()).containsEntry("status", "4")
                .containsEntry("resultCode", "000").containsEntry("checkoutTotalAmount", "1200.00")
                .containsEntry("checkoutFeeAmount", "18.00").containsEntry("thirdPartyReference", captureId)
                .containsEntry("paymentMethod", "CARD");
        assertThat(form.hash()).isEqualTo(merchantsOwnHash(fields)).matches("[0-9a-f]{64}");
        assertThat(CheckoutReturnHash.verify(fields, CALLBACK_SECRET, form.hash().toUpperCase())).isTrue();
        fields.put("checkoutTotalAmount", "1.00");
        assertThat(CheckoutReturnHash.verify(fields, CALLBACK_SECRET, form.hash())).isFalse();

        assertThatThrownBy(() -> checkout.payByCard(order.checkoutId(), JANE, tokenise("4111111111111111"), null))
                .isInstanceOf(CheckoutStateException.class)
                .extracting(e -> ((CheckoutStateException) e).reason()).isEqualTo(CheckoutStateException.Reason.COMPLETED);
    }

    @Test
    void givenTheDeclineCardThenTheVisaCard_theOrderShouldFailPayableThenComplete_creditedOnce() {
        BigDecimal utility = ledger.available(LedgerAccounts.utility(SANDBOX));
        Order order = create(OffsetDateTime.now().plusHours(1));

        checkout.payByCard(order.checkoutId(), JANE, tokenise("4000000000000002"), null);
        await(() -> page(order).status() == CheckoutStatus.FAILED);
        CheckoutPage failed = page(order);
        assertThat(failed.payable()).isTrue();
        assertThat(failed.lastFailureCode()).isEqualTo("CARD_DECLINED");
        assertThat(failed.lastFailureMessage()).isNotBlank();
        checkout.payByCard(order.checkoutId(), JANE, tokenise("4111111111111111"), null);

        assertThat(finalStatus(order)).isEqualTo(CheckoutStatus.COMPLETED);
        assertThat(callbacks(order)).extracting(c -> c.get("checkoutOutcome").get("Status").asInt())
                .containsExactly(1, 2, 1, 4);
        assertThat(ledger.available(LedgerAccounts.utility(SANDBOX)).subtract(utility)).isEqualByComparingTo("1182.00");
    }

    @Test
    void givenThePayerAnswersThePrompt_theOrderShouldComplete_creditedOnceByTheCheckout_notByItsDeposit() {
        BigDecimal utility = ledger.available(LedgerAccounts.utility(SANDBOX));
        Order order = create(OffsetDateTime.now().plusHours(1));

        checkout.payByMobileMoney(order.checkoutId(), new BillTo("John", "Otieno", null, null, null, null, null, null,
                null), "0712 345 678");
        await(() -> depositOf(order) != null && prompted(depositOf(order)));
        UUID deposit = depositOf(order);
        assertThat(railAnswers(deposit, "0", "The service request is processed successfully.", "QKT4RT61SV"))
                .as("the rail's callback reached the child").isTrue();

        assertThat(finalStatus(order)).isEqualTo(CheckoutStatus.COMPLETED);
        JsonNode outcome = callbacks(order).getLast().get("checkoutOutcome");
        assertThat(outcome.get("Status").asInt()).isEqualTo(4);
        assertThat(outcome.get("ThirdPartyPayload").get("Reference").asString()).isEqualTo("QKT4RT61SV");
        assertThat(ledger.available(LedgerAccounts.utility(SANDBOX)).subtract(utility)).isEqualByComparingTo("1182.00");
        assertThat(jdbc.sql("select count(*) from ledger_transfers where idempotency_key = ?")
                .param("deposit:" + deposit).query(Integer.class).single()).as("the deposit credits nothing").isZero();
        assertThat(jdbc.sql("select status from express_deposits where id = ?").param(deposit).query(String.class)
                .single()).isEqualTo("COMPLETED");
        assertThat(jdbc.sql("select phone_number from express_deposits where id = ?").param(deposit).query(String.class)
                .single()).isEqualTo("254712345678");
        JsonNode status = checkStatus(order);
        assertThat(status.get("billToFirstName").asString()).isEqualTo("John");
        assertThat(status.get("billToPhoneNumber").asString()).isEqualTo("+254712345678");
    }

    @Test
    void givenTheDueDatePasses_theOrderShouldExpire_theMerchantHear_andThePageRefusePayment() {
        Order order = create(OffsetDateTime.now().plusMinutes(10));

        assertThat(finalStatus(order)).isEqualTo(CheckoutStatus.EXPIRED);

        List<JsonNode> callbacks = callbacks(order);
        assertThat(callbacks).hasSize(1);
        JsonNode outcome = callbacks.getFirst().get("checkoutOutcome");
        assertThat(outcome.get("Status").asInt()).isEqualTo(5);
        assertThat(outcome.get("StatusDesc").asString()).isEqualTo("Expired");
        assertThat(outcome.get("ResultCode").asString()).isEqualTo("EXPIRED");
        assertThat(checkStatus(order).get("checkoutOutcome").get("status").asInt()).isEqualTo(5);
        CheckoutPage page = page(order);
        assertThat(page.status()).isEqualTo(CheckoutStatus.EXPIRED);
        assertThat(page.payable()).isFalse();
        assertThatThrownBy(() -> checkout.cancel(order.checkoutId()))
                .isInstanceOf(CheckoutStateException.class).hasMessageContaining("due time has passed");
        assertThat(checkout.returnForm(order.checkoutId()).fieldMap()).containsEntry("status", "5");
        String html = http.get().uri("/checkout/" + order.checkoutId()).retrieve().body(String.class);
        assertThat(html).as("the payer's page says so").contains("<h1>Order expired</h1>")
                .contains("The time to pay this order has passed").doesNotContain("payByCard");
    }

    @Test
    void givenAMobileAttemptPaidAfterItsWindow_theOrderShouldBeCompletedByIt_andCreditedOnce() {
        BigDecimal utility = ledger.available(LedgerAccounts.utility(SANDBOX));
        Order order = create(OffsetDateTime.now().plusHours(1));
        UUID late = unansweredAttempt(order, "0712 345 678");

        assertThat(railAnswers(late, "0", "Processed", "LATE4RCPT")).as("the late success is taken up").isTrue();
        railAnswers(late, "0", "Processed", "LATE4RCPT"); // the rail repeats itself

        assertThat(finalStatus(order)).isEqualTo(CheckoutStatus.COMPLETED);
        resultOf("late-prompt:" + SANDBOX + ":" + late, Void.class);
        List<JsonNode> callbacks = callbacks(order);
        assertThat(callbacks).extracting(c -> c.get("checkoutOutcome").get("Status").asInt()).containsExactly(1, 2, 4);
        assertThat(callbacks.getLast().get("checkoutOutcome").get("ThirdPartyPayload").get("Reference").asString())
                .isEqualTo("LATE4RCPT");
        assertThat(ledger.available(LedgerAccounts.utility(SANDBOX)).subtract(utility)).isEqualByComparingTo("1182.00");
        assertThat(jdbc.sql("select status from express_deposits where id = ?").param(late).query(String.class)
                .single()).isEqualTo("COMPLETED");
        assertThat(jdbc.sql("select distinct credit_account from ledger_transfers where idempotency_key like ?")
                .param("deposit:" + late + "%").query(String.class).list())
                .as("the deposit credits nothing: its money waited for the order").containsExactly(LedgerAccounts.CHECKOUT_PAYMENTS);
    }

    @Test
    void givenAnOrderPaidByAnotherAttempt_aLatePaymentShouldBeOwedBackToThePayer_notKeptByTheMerchant() {
        BigDecimal utility = ledger.available(LedgerAccounts.utility(SANDBOX));
        Order order = create(OffsetDateTime.now().plusHours(1));
        UUID late = unansweredAttempt(order, "0712 345 678");
        checkout.payByMobileMoney(order.checkoutId(), JANE, "0712 345 679");
        await(() -> depositsOf(order).size() == 2 && prompted(depositsOf(order).getLast()));
        railAnswers(depositsOf(order).getLast(), "0", "Processed", "ONTIME5RCPT");
        assertThat(finalStatus(order)).isEqualTo(CheckoutStatus.COMPLETED);

        assertThat(railAnswers(late, "0", "Processed", "LATE5RCPT")).as("the late success is taken up").isTrue();
        resultOf("late-prompt:" + SANDBOX + ":" + late, Void.class);
        railAnswers(late, "0", "Processed", "LATE5RCPT"); // the rail repeats itself, after the reconciliation
        resultOf("late-prompt:" + SANDBOX + ":" + late, Void.class);

        assertThat(ledger.available(LedgerAccounts.utility(SANDBOX)).subtract(utility)).as("credited for one payment")
                .isEqualByComparingTo("1182.00");
        // the refunds due may already be holding it for the payer (its pay-back starts at once): read the booking
        assertThat(jdbc.sql("select debit_account || ' ' || credit_account || ' ' || amount from ledger_transfers"
                        + " where idempotency_key = ?").param("deposit:" + late + ":refund-due").query(String.class)
                .single()).as("the second is owed back, in full, from where it waited for the order")
                .isEqualTo(LedgerAccounts.CHECKOUT_PAYMENTS + " " + REFUNDS_DUE + " 1200.00");
        assertThat(jdbc.sql("select kind || ' ' || amount from pay_backs where payment_id = ?").param(late.toString())
                .query(String.class).list()).as("and paid back to the payer, once").containsExactly("REFUND_DUE 1200.00");
        assertThat(callbacks(order)).extracting(c -> c.get("checkoutOutcome").get("Status").asInt())
                .containsExactly(1, 2, 1, 4);
    }

    /** A mobile-money attempt the payer does not answer within the window: the order is Failed, and payable. */
    private UUID unansweredAttempt(Order order, String phone) {
        checkout.payByMobileMoney(order.checkoutId(), JANE, phone);
        await(() -> depositOf(order) != null && prompted(depositOf(order)));
        UUID deposit = depositOf(order);
        String attempt = jdbc.sql("select originator_conversation_id from express_deposits where id = ?")
                .param(deposit).query(String.class).single();
        assertThat(resultOf(WorkflowIds.expressDeposit(SANDBOX, attempt), String.class)).isEqualTo("1037");
        await(() -> page(order).status() == CheckoutStatus.FAILED);
        return deposit;
    }

    private boolean prompted(UUID deposit) {
        return jdbc.sql("select merchant_request_id from express_deposits where id = ?").param(deposit)
                .query(String.class).optional().isPresent();
    }

    private List<UUID> depositsOf(Order order) {
        return jdbc.sql("select id from express_deposits where checkout_id = ? order by created_at")
                .param(UUID.fromString(order.checkoutId())).query(UUID.class).list();
    }

    private Order create(OffsetDateTime due) {
        String ocid = UUID.randomUUID().toString();
        ResponseEntity<JsonNode> response = http.post().uri("/v1/checkout-order/new-order")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).contentType(MediaType.APPLICATION_JSON)
                .body("""
                        {"originatorConversationId":"%s","checkoutReference":"INV-42","checkoutRouteId":"%s",
                         "checkoutRouteChannelType":158,"checkoutNotes":"Mugs","checkoutCurrencyCode":404,
                         "checkoutCurrencyName":"KES","checkoutDueDate":"%s",
                         "checkoutReturnUrl":"https://shop.example/return?ref=42",
                         "checkoutCancelUrl":"https://shop.example/cancel",
                         "checkoutCallbackUrl":"%s/merchant/checkout/%s","checkoutAccountNo":"ACC-42",
                         "checkoutRequestLines":[{"sku":"MUG-1","name":"Blue mug","price":1000.00},
                                                 {"sku":"TEA-1","name":"Tea","price":200}]}"""
                        .formatted(ocid, CHECKOUT_ROUTE, due.truncatedTo(ChronoUnit.SECONDS), outside.baseUrl(), ocid))
                .retrieve().toEntity(JsonNode.class);
        assertThat(response.getStatusCode().value()).as("%s", response.getBody()).isEqualTo(200);
        return new Order(ocid, response.getBody().get("message").get("checkoutId").asString());
    }

    private String tokenise(String number) {
        return PayerCards.tokenise(http, json, token, number);
    }

    /** Waits, skipping time, for the order's workflow. */
    private CheckoutStatus finalStatus(Order order) {
        return resultOf(WorkflowIds.checkout(SANDBOX, order.ocid()), CheckoutStatus.class);
    }

    /** Every callback the merchant received for the order, in order, once their deliveries have ended. */
    private List<JsonNode> callbacks(Order order) {
        List<UUID> eventIds = jdbc.sql("select id from events where ordering_key = ? order by created_at")
                .param("checkout:" + order.checkoutId()).query(UUID.class).list();
        for (UUID eventId : eventIds) {
            for (Delivery delivery : events.deliveriesOf(eventId)) {
                resultOf(WorkflowIds.delivery(delivery.clientId(), delivery.id().toString()), Object.class);
            }
        }
        // in the order they arrived, which is the order of the events: each delivery waits for the one before
        List<LoggedRequest> received = outside.findAll(postRequestedFor(urlPathEqualTo("/merchant/checkout/" + order.ocid())));
        assertThat(received).hasSize(eventIds.size());
        List<JsonNode> bodies = new ArrayList<>();
        for (LoggedRequest callback : received) {
            assertSigned(callback);
            bodies.add(json.readTree(callback.getBodyAsString()));
        }
        return bodies;
    }

    private static void assertSigned(LoggedRequest callback) {
        String[] signature = callback.getHeader("Paywire-Signature").split(",");
        String t = signature[0].substring(2);
        assertThat(signature[1])
                .isEqualTo("v1=" + LoopbackReceiver.hmacHex(CALLBACK_SECRET, t + "." + callback.getBodyAsString()));
    }

    /** The hash as a merchant would compute it from the form it received, following docs/cards-and-checkout.md. */
    private static String merchantsOwnHash(Map<String, String> form) {
        return LoopbackReceiver.hmacHex(CALLBACK_SECRET, new TreeMap<>(form).entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining("&")));
    }

    private JsonNode checkStatus(Order order) {
        return http.get().uri("/v1/checkout-order/check-status?IdType=1&Id=" + order.ocid())
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().body(JsonNode.class);
    }

    private CheckoutPage page(Order order) {
        return checkout.find(order.checkoutId()).orElseThrow();
    }

    private UUID depositOf(Order order) {
        return jdbc.sql("select id from express_deposits where checkout_id = ?").param(UUID.fromString(order.checkoutId()))
                .query(UUID.class).optional().orElse(null);
    }

    /** What the rail POSTs to Paywire when the payer answered; whether a workflow took it. */
    private boolean railAnswers(UUID deposit, String code, String description, String receipt) {
        ResponseEntity<JsonNode> response = http.post().uri("/rails/mobile-money/stk-result")
                .header("X-Rail-Secret", "sandbox-mobile-money-secret").contentType(MediaType.APPLICATION_JSON)
                .body("""
                        {"reference":"%s","merchantRequestId":"MR-31337","checkoutRequestId":"ws_CO_311220261020363925",
                         "resultCode":"%s","resultDesc":"%s","receiptNumber":"%s","transactionDate":"20261120101010"}"""
                        .formatted(deposit, code, description, receipt))
                .retrieve().toEntity(JsonNode.class);
        assertThat(response.getStatusCode().value()).isEqualTo(200);
        return response.getBody().get("matched").asBoolean();
    }

    /** Polls in real time; workflow time does not move meanwhile. */
    private static void await(BooleanSupplier condition) {
        long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("waited too long").isLessThan(giveUp);
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
