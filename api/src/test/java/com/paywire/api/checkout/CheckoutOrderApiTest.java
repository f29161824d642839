package com.paywire.api.checkout;

import static com.paywire.api.support.ApiClientHelper.SANDBOX_ID;
import static com.paywire.api.support.ApiClientHelper.SANDBOX_SECRET;
import static com.paywire.api.support.JsonAnswers.fields;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.auth.ClientSecretHasher;
import com.paywire.api.support.ApiClientHelper;
import com.paywire.api.support.ApiTest;
import com.paywire.api.support.ApiTestBase;
import com.paywire.api.support.PayerPhones;
import com.paywire.api.support.RawHttp;
import com.paywire.persistence.clients.ApiClient;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.checkout.CheckoutWorkflow;
import io.temporal.api.enums.v1.EventType;
import io.temporal.client.WorkflowClient;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.util.MultiValueMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Create and query checkout orders (docs/interface.md#hosted-checkout): every rule names its field, and the query
 * answers in the shape given there. No worker runs here: accepted orders stay Pending.
 */
@ApiTest
class CheckoutOrderApiTest extends ApiTestBase {

    static final String CHECKOUT_ROUTE = "9701cd4f-98b8-423c-829e-28c6dc337e18";
    static final String MOBILE_WALLET_ROUTE = "4a3e1249-51a2-4c57-8b74-166d7f689460";

    @Autowired
    ApiClientStore clients;
    @Autowired
    JsonMapper json;
    @Autowired
    JdbcClient jdbc;
    @Autowired
    WorkflowClient temporal;

    Map<String, Object> valid() {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("originatorConversationId", UUID.randomUUID().toString());
        body.put("checkoutReference", "INV-2026-0042");
        body.put("checkoutRouteId", CHECKOUT_ROUTE);
        body.put("checkoutRouteChannelType", 158);
        body.put("checkoutNotes", "Two items, delivered");
        body.put("checkoutCurrencyCode", 404);
        body.put("checkoutCurrencyName", "KES");
        body.put("checkoutDueDate", OffsetDateTime.now(clock).plusHours(2).truncatedTo(ChronoUnit.SECONDS).toString());
        body.put("checkoutReturnUrl", "https://shop.example/return");
        body.put("checkoutCancelUrl", "https://shop.example/cancel");
        body.put("checkoutCallbackUrl", "https://shop.example/checkout/cart");
        body.put("checkoutAccountNo", "ACC-42");
        body.put("checkoutRequestLines", List.of(line("SKU-1", "Blue mug", 1000), line("SKU-2", "Tea, 250 g", 500.50)));
        return body;
    }

    static Map<String, Object> line(String sku, String name, Object price) {
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("sku", sku);
        line.put("name", name);
        line.put("price", price);
        return line;
    }

    @Test
    void givenAValidOrder_itShouldBeAccepted_withItsPage_andQueryableInTheSpecsShape() {
        Map<String, Object> body = valid();

        ResponseEntity<JsonNode> accepted = submit(body, token);

        assertThat(accepted.getStatusCode().value()).as("%s", accepted.getBody()).isEqualTo(200);
        JsonNode message = accepted.getBody().get("message");
        assertThat(new ArrayList<>(message.propertyNames())).containsExactly("appDomainName", "remarks",
                "originatorConversationId", "systemConversationId", "timestamp", "checkoutId", "checkoutUrl");
        assertThat(message.get("remarks").asString()).isEqualTo("Checkout order submission accepted");
        String checkoutId = message.get("checkoutId").asString();
        assertThat(message.get("checkoutUrl").asString()).isEqualTo("http://localhost:" + port + "/checkout/" + checkoutId);

        JsonNode order = checkStatus(body.get("originatorConversationId"), token).getBody();
        assertThat(new ArrayList<>(order.propertyNames())).containsExactly("id", "conversationId", "checkoutId",
                "originatorConversationId", "checkoutReference", "checkoutRouteId", "checkoutRouteChannelType",
                "checkoutNotes", "checkoutCurrencyCode", "checkoutCurrencyName", "checkoutDueDate",
                "checkoutReturnUrl", "checkoutCancelUrl", "checkoutCallbackUrl", "checkoutAccountNo",
                "checkoutRequestLines", "checkoutTotalAmount", "checkoutFeeAmount", "checkoutOutcome",
                "billToFirstName", "billToLastName", "billToAddress1", "billToLocality", "billToAdministrativeArea",
                "billToPostalCode", "billToCountry", "billToEmail", "billToPhoneNumber");
        assertThat(order.get("id").asString()).isEqualTo(message.get("systemConversationId").asString());
        assertThat(order.get("conversationId").asString()).isEqualTo(message.get("systemConversationId").asString());
        assertThat(order.get("checkoutId").asString()).isEqualTo(checkoutId);
        assertThat(order.get("checkoutCurrencyCode").isString()).isTrue();
        assertThat(order.get("checkoutCurrencyCode").asString()).isEqualTo("404");
        assertThat(order.get("checkoutRouteChannelType").asInt()).isEqualTo(158);
        assertThat(order.get("checkoutTotalAmount").isNumber()).isTrue();
        assertThat(order.get("checkoutTotalAmount").decimalValue()).isEqualByComparingTo("1500.50");
        assertThat(order.get("checkoutFeeAmount").isNumber()).isTrue();
        assertThat(order.get("checkoutFeeAmount").decimalValue()).isEqualByComparingTo("22.51"); // 1.5 %, half up
        assertThat(order.get("checkoutRequestLines")).hasSize(2);
        assertThat(new ArrayList<>(order.get("checkoutRequestLines").get(1).propertyNames()))
                .containsExactly("sku", "name", "price");
        assertThat(order.get("checkoutRequestLines").get(1).get("price").decimalValue()).isEqualByComparingTo("500.50");
        JsonNode outcome = order.get("checkoutOutcome");
        assertThat(new ArrayList<>(outcome.propertyNames()))
                .containsExactly("status", "statusDesc", "resultCode", "resultDesc", "thirdPartyPayload");
        assertThat(outcome.get("status").asInt()).isZero();
        assertThat(outcome.get("statusDesc").asString()).isEqualTo("Pending");
        assertThat(outcome.get("resultCode").isNull()).isTrue();
        assertThat(outcome.get("resultDesc").isNull()).isTrue();
        assertThat(new ArrayList<>(outcome.get("thirdPartyPayload").propertyNames()))
                .containsExactly("responseCode", "responseDesc", "reference");
        assertThat(order.get("billToFirstName").isNull()).isTrue();
        assertThat(OffsetDateTime.parse(order.get("checkoutDueDate").asString()))
                .isEqualTo(OffsetDateTime.parse((String) body.get("checkoutDueDate")));
    }

    @Test
    void givenTheRouteIdInCapitals_orTheCurrencyNameInSmallLetters_itShouldBeAccepted() {
        Map<String, Object> body = valid();
        body.put("checkoutRouteId", CHECKOUT_ROUTE.toUpperCase());
        body.put("checkoutCurrencyName", "kes");
        body.put("checkoutDueDate", OffsetDateTime.now(clock).plusDays(1).toLocalDateTime().toString()); // no offset

        assertThat(submit(body, token).getStatusCode().value()).isEqualTo(200);
        assertThat(checkStatus(body.get("originatorConversationId"), token).getBody().get("checkoutRouteId").asString())
                .isEqualTo(CHECKOUT_ROUTE);
    }

    static Stream<Arguments> brokenRules() {
        return Stream.of(
                Arguments.of("originatorConversationId", null),
                Arguments.of("originatorConversationId", "order-42"),
                Arguments.of("checkoutReference", "x".repeat(101)),
                Arguments.of("checkoutRouteId", null),
                Arguments.of("checkoutRouteId", "not-a-guid"),
                Arguments.of("checkoutRouteId", UUID.randomUUID().toString()),   // assigned to nobody
                Arguments.of("checkoutRouteId", MOBILE_WALLET_ROUTE),            // assigned, not the checkout route
                Arguments.of("checkoutRouteChannelType", null),
                Arguments.of("checkoutRouteChannelType", 3),
                Arguments.of("checkoutNotes", "x".repeat(501)),
                Arguments.of("checkoutCurrencyCode", null),
                Arguments.of("checkoutCurrencyCode", 840),
                Arguments.of("checkoutCurrencyCode", "KES"),
                Arguments.of("checkoutCurrencyName", null),
                Arguments.of("checkoutCurrencyName", "USD"),
                Arguments.of("checkoutDueDate", null),
                Arguments.of("checkoutDueDate", "next Tuesday"),
                Arguments.of("checkoutDueDate", "2020-01-01T00:00:00Z"),
                Arguments.of("checkoutDueDate", OffsetDateTime.now().plusDays(40).toString()),
                Arguments.of("checkoutReturnUrl", null),
                Arguments.of("checkoutReturnUrl", "not a url"),
                Arguments.of("checkoutCancelUrl", "ftp://shop.example/cancel"),
                Arguments.of("checkoutCallbackUrl", "https://shop.example/" + "x".repeat(500)),
                Arguments.of("checkoutAccountNo", "x".repeat(51)),
                Arguments.of("checkoutRequestLines", null),
                Arguments.of("checkoutRequestLines", List.of()),
                Arguments.of("checkoutRequestLines", IntStream.range(0, 101).mapToObj(i -> line("S" + i, "Item", 1)).toList()),
                Arguments.of("checkoutRequestLines[0].sku", List.of(line(null, "Mug", 10))),
                Arguments.of("checkoutRequestLines[0].sku", List.of(line("x".repeat(65), "Mug", 10))),
                Arguments.of("checkoutRequestLines[0].name", List.of(line("SKU-1", " ", 10))),
                Arguments.of("checkoutRequestLines[0].price", List.of(line("SKU-1", "Mug", null))),
                Arguments.of("checkoutRequestLines[0].price", List.of(line("SKU-1", "Mug", 0))),
                Arguments.of("checkoutRequestLines[0].price", List.of(line("SKU-1", "Mug", -5))),
                Arguments.of("checkoutRequestLines[0].price", List.of(line("SKU-1", "Mug", 1.234))),
                Arguments.of("checkoutRequestLines[0].price", List.of(line("SKU-1", "Mug", "abc"))),
                Arguments.of("checkoutRequestLines[0].price", List.of(line("SKU-1", "Mug", 1234567890123456L))));
    }

    @ParameterizedTest(name = "{0} = {1}")
    @MethodSource("brokenRules")
    void givenAFieldBreakingItsRule_theErrorShouldNameIt_andNothingBeStored(String field, Object value) {
        Map<String, Object> body = valid();
        String key = field.startsWith("checkoutRequestLines[") ? "checkoutRequestLines" : field;
        body.put(key, value);
        long before = orders();

        ResponseEntity<JsonNode> response = submit(body, token);

        assertThat(response.getStatusCode().value()).as("%s", response.getBody()).isEqualTo(400);
        assertThat(new ArrayList<>(response.getBody().propertyNames())).containsExactly("appDomainName", "status",
                "timestamp", "systemConversationId", "originatorConversationId", "errors");
        assertThat(fields(response)).as("%s", response.getBody()).containsExactly(field);
        assertThat(orders()).isEqualTo(before);
    }

    @Test
    void givenAReusedOriginatorConversationId_theErrorShouldNameItAsADuplicate() {
        Map<String, Object> body = valid();
        assertThat(submit(body, token).getStatusCode().value()).isEqualTo(200);

        ResponseEntity<JsonNode> again = submit(body, token);

        assertThat(again.getStatusCode().value()).isEqualTo(400);
        assertThat(fields(again)).containsExactly("originatorConversationId");
        assertThat(again.getBody().get("errors").get(0).get("message").asString()).contains("duplicate");
        assertThat(again.getBody().get("originatorConversationId").asString())
                .isEqualTo(body.get("originatorConversationId"));
    }

    @Test
    void givenAnotherClientsOrder_orAnUnknownId_theQueryShouldAnswer404() {
        Map<String, Object> body = valid();
        assertThat(submit(body, token).getStatusCode().value()).isEqualTo(200);
        clients.registerWithAllRoutes(new ApiClient("checkout-snoop", "Snoop", ClientSecretHasher.hash("snoop-secret"),
                Set.of("checkout")));
        String other = ApiClientHelper.token(http, "checkout-snoop", "snoop-secret");

        ResponseEntity<JsonNode> snooped = checkStatus(body.get("originatorConversationId"), other);
        ResponseEntity<JsonNode> unknown = checkStatus(UUID.randomUUID().toString(), token);

        assertThat(snooped.getStatusCode().value()).isEqualTo(404);
        assertThat(new ArrayList<>(snooped.getBody().propertyNames())).containsExactly("appDomainName", "timestamp", "reason");
        assertThat(unknown.getStatusCode().value()).isEqualTo(404);
        // the same originatorConversationId is the other client's own to use
        Map<String, Object> same = valid();
        same.put("originatorConversationId", body.get("originatorConversationId"));
        assertThat(submit(same, other).getStatusCode().value()).isEqualTo(200);
    }

    @Test
    void givenATokenWithoutTheCheckoutScope_bothOperationsShouldBeRefused403() {
        String collections = ApiClientHelper.token(http, SANDBOX_ID, SANDBOX_SECRET, "collections");
        long before = orders();

        ResponseEntity<JsonNode> created = submit(valid(), collections);
        ResponseEntity<JsonNode> queried = checkStatus(UUID.randomUUID().toString(), collections);

        for (ResponseEntity<JsonNode> refused : List.of(created, queried)) {
            assertThat(refused.getStatusCode().value()).isEqualTo(403);
            assertThat(refused.getBody().get("error").asString()).isEqualTo("insufficient_scope");
            assertThat(refused.getHeaders().getFirst(HttpHeaders.WWW_AUTHENTICATE)).contains("scope=\"checkout\"");
        }
        assertThat(orders()).isEqualTo(before);
    }

    @Test
    void givenAQueryWithoutIdOrIdType_orWithAnotherIdType_theErrorShouldNameTheParameter() {
        assertThat(fields(get("/v1/checkout-order/check-status?IdType=1"))).containsExactly("Id");
        assertThat(fields(get("/v1/checkout-order/check-status?Id=" + UUID.randomUUID()))).containsExactly("IdType");
        assertThat(fields(get("/v1/checkout-order/check-status?IdType=2&Id=" + UUID.randomUUID())))
                .containsExactly("IdType");
        assertThat(fields(get("/v1/checkout-order/check-status?IdType=one&Id=" + UUID.randomUUID())))
                .containsExactly("IdType");
    }

    @Test
    void givenAQueryWithAJsonBody_asSomeClientsSendIt_theBodyShouldBeIgnored() {
        Map<String, Object> body = valid();
        assertThat(submit(body, token).getStatusCode().value()).isEqualTo(200);

        RawHttp.Response response = RawHttp.send(port, "GET",
                "/v1/checkout-order/check-status?IdType=1&Id=" + body.get("originatorConversationId"),
                Map.of(HttpHeaders.AUTHORIZATION, "Bearer " + token, HttpHeaders.CONTENT_TYPE, MediaType.APPLICATION_JSON_VALUE),
                ("{\"IdType\":1,\"Id\":\"" + body.get("originatorConversationId") + "\"}").getBytes(StandardCharsets.UTF_8));

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        assertThat(json.readTree(response.body()).get("originatorConversationId").asString())
                .isEqualTo(body.get("originatorConversationId"));
    }

    @Test
    void givenAnUnknownCheckoutId_thePageShouldAnswer404_withTheHostedPagesStrictHeaders() {
        for (String id : List.of(UUID.randomUUID().toString(), "not-an-id")) {
            ResponseEntity<String> page = http.get().uri("/checkout/" + id).retrieve().toEntity(String.class);

            assertThat(page.getStatusCode().value()).isEqualTo(404);
            assertThat(page.getBody()).contains("Checkout not found");
            assertThat(page.getHeaders().getFirst("Content-Security-Policy")).startsWith("default-src 'none';")
                    .contains("frame-ancestors 'none'");
            assertThat(page.getHeaders().getCacheControl()).isEqualTo("no-store");
        }
    }

    @Test
    void givenACardThatIsNotValid_thePageShouldNameTheField_andNeverWriteTheCardBack() {
        String checkoutUrl = submit(valid(), token).getBody().get("message").get("checkoutUrl").asString();
        String page = URI.create(checkoutUrl).getPath();

        ResponseEntity<String> answer = http.post().uri(page + "/pay").contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .body(payerForm("card", "4111 1111 1111 1112")).retrieve().toEntity(String.class);

        assertThat(answer.getStatusCode().value()).isEqualTo(400);
        // the order's random ids may hold the security code's digits: look past them
        String withoutIds = answer.getBody().replaceAll("[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}", "<id>");
        assertThat(withoutIds).contains("The card number is not valid.").contains("aria-invalid=\"true\"")
                .contains("wanjiku@example.com") // the payer's details are kept; the card is typed again
                .doesNotContain("4111 1111 1111 1112").doesNotContain("4111111111111112").doesNotContain("987");
        assertThat(answer.getHeaders().getFirst("Content-Security-Policy"))
                .contains("form-action 'self' https://shop.example;");
        assertThat(http.get().uri(page).retrieve().body(String.class)).contains("<h1>Pay INV-2026-0042</h1>");
    }

    /** The page's policy takes the return and cancel pages' origins, and nothing else of them. */
    @Test
    void givenReturnAndCancelUrlsWrittenOddly_thePagesPolicyShouldNameOnlySchemeHostAndPort() {
        Map<String, Object> body = valid();
        body.put("checkoutReturnUrl", "HTTPS://Shop.Example:/return;a,b?next=x;y,z");
        body.put("checkoutCancelUrl", "https://shop.example:8443/cancel;x,y");
        ResponseEntity<JsonNode> created = submit(body, token);
        assertThat(created.getStatusCode().value()).as("%s", created.getBody()).isEqualTo(200);
        String page = URI.create(created.getBody().get("message").get("checkoutUrl").asString()).getPath();

        String policy = http.get().uri(page).retrieve().toEntity(String.class).getHeaders()
                .getFirst("Content-Security-Policy");

        assertThat(policy).contains("; form-action 'self' https://shop.example https://shop.example:8443; base-uri");
    }

    @Test
    void givenAnOrderPastItsDueDate_thePageShouldSayItExpired_andTakeNoAttempt() {
        Map<String, Object> body = valid();
        String checkoutUrl = submit(body, token).getBody().get("message").get("checkoutUrl").asString();
        String page = URI.create(checkoutUrl).getPath();
        clock.advance(Duration.ofHours(3));

        assertThat(http.get().uri(page).retrieve().body(String.class)).contains("Order expired");
        ResponseEntity<String> attempt = http.post().uri(page + "/pay")
                .contentType(MediaType.APPLICATION_FORM_URLENCODED).body(payerForm("mobile", null))
                .retrieve().toEntity(String.class);

        assertThat(attempt.getStatusCode().value()).as("back to the page, which says why").isEqualTo(303);
        assertThat(attempt.getHeaders().getLocation()).hasToString(page);
        assertThat(jdbc.sql("select count(*) from express_deposits where checkout_id = "
                + "(select id from checkout_orders where originator_conversation_id = ?)")
                .param(body.get("originatorConversationId")).query(Long.class).single()).isZero();
    }

    @Test
    void givenFivePromptsForAnOrderWithinAnHour_theSixthShouldBeRefusedInASentence_andNotReachItsWorkflow() {
        Map<String, Object> body = valid();
        String page = URI.create(submit(body, token).getBody().get("message").get("checkoutUrl").asString()).getPath();
        String ocid = (String) body.get("originatorConversationId");
        for (int i = 0; i < 5; i++) {
            assertThat(promptFrom(page, PayerPhones.fresh()).getStatusCode().value()).as("prompt %s", i + 1)
                    .isEqualTo(303);
            failLastAttempt(ocid);
        }

        ResponseEntity<String> refused = promptFrom(page, PayerPhones.fresh());

        assertThat(refused.getStatusCode().value()).isEqualTo(429);
        assertThat(refused.getHeaders().getFirst(HttpHeaders.RETRY_AFTER)).matches("[1-9][0-9]*");
        assertThat(refused.getBody()).contains("aria-invalid=\"true\"")
                .contains("This order has had too many M-PESA prompts recently. Please try again in")
                .doesNotContain("Exception").doesNotContain("com.paywire");
        assertThat(statusCode(ocid)).as("still Failed, not Processing").isEqualTo(2);
        assertThat(signals(ocid)).as("attempts that reached the workflow").isEqualTo(5);

        clock.advance(Duration.ofHours(1));
        assertThat(promptFrom(page, PayerPhones.fresh()).getStatusCode().value()).as("an hour later").isEqualTo(303);
    }

    @Test
    void givenAPhonePromptedAsOftenAsAnHourAllowsFromAPaymentLink_theCheckoutPageShouldNotPromptItEither() {
        String phone = PayerPhones.fresh();
        String link = http.post().uri("/v1/payment-link/create-payment-link")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).contentType(MediaType.APPLICATION_JSON)
                .body("{\"shortCode\":\"174379\",\"description\":\"Tea\",\"isAmountSpecified\":true,\"amount\":50}")
                .retrieve().body(JsonNode.class).get("id").asString();
        MultiValueMap<String, String> linkForm = new LinkedMultiValueMap<>();
        linkForm.add("phoneNumber", phone);
        for (int i = 0; i < 5; i++) {
            assertThat(http.post().uri("/pay/" + link).contentType(MediaType.APPLICATION_FORM_URLENCODED).body(linkForm)
                    .retrieve().toBodilessEntity().getStatusCode().value()).isEqualTo(303);
        }
        Map<String, Object> body = valid();
        String page = URI.create(submit(body, token).getBody().get("message").get("checkoutUrl").asString()).getPath();

        ResponseEntity<String> refused = promptFrom(page, phone);

        assertThat(refused.getStatusCode().value()).isEqualTo(429);
        assertThat(refused.getBody()).contains("This phone number has had too many payment prompts recently.");
        assertThat(statusCode(body.get("originatorConversationId"))).as("still Pending").isZero();
        assertThat(signals(body.get("originatorConversationId"))).isZero();
    }

    @Test
    void givenAnOrderWhoseAttemptsAreUsedUp_thePageShouldSaySo_andTakeNoMore() {
        Map<String, Object> body = valid();
        String page = URI.create(submit(body, token).getBody().get("message").get("checkoutUrl").asString()).getPath();
        String ocid = (String) body.get("originatorConversationId");
        for (int i = 0; i < CheckoutWorkflow.MAX_ATTEMPTS; i++) {
            if (i > 0 && i % 5 == 0) {
                clock.advance(Duration.ofHours(1).plusMinutes(1)); // past the order's hourly prompts
            }
            assertThat(promptFrom(page, PayerPhones.fresh()).getStatusCode().value()).as("attempt %s", i + 1)
                    .isEqualTo(303);
            failLastAttempt(ocid);
        }

        ResponseEntity<String> more = promptFrom(page, PayerPhones.fresh());

        assertThat(more.getStatusCode().value()).as("back to the page, which says why").isEqualTo(303);
        String shown = http.get().uri(page).retrieve().body(String.class);
        assertThat(shown).contains("<h1>No more attempts</h1>")
                .contains("This order has had too many attempts to pay and cannot take more. Nothing was paid.")
                .contains("id=\"cancel\"").doesNotContain("id=\"payByMpesa\"");
        assertThat(statusCode(ocid)).isEqualTo(2);
        assertThat(signals(ocid)).isEqualTo(CheckoutWorkflow.MAX_ATTEMPTS);
    }

    /** The payer asks the page for an M-PESA prompt to this number. */
    private ResponseEntity<String> promptFrom(String page, String phone) {
        MultiValueMap<String, String> form = payerForm("mobile", null);
        form.set("mpesaNumber", phone);
        return http.post().uri(page + "/pay").contentType(MediaType.APPLICATION_FORM_URLENCODED).body(form)
                .retrieve().toEntity(String.class);
    }

    /** What the worker records when an attempt fails (no worker runs here): the order is Failed, payable again. */
    private void failLastAttempt(String ocid) {
        jdbc.sql("update checkout_orders set status = 2, result_code = '1032' where originator_conversation_id = ?")
                .param(ocid).update();
    }

    private int statusCode(Object ocid) {
        return jdbc.sql("select status from checkout_orders where originator_conversation_id = ?").param(ocid)
                .query(Integer.class).single();
    }

    /** The signals the order's workflow has received: each is an attempt in its history. */
    private long signals(Object ocid) {
        return temporal.fetchHistory(WorkflowIds.checkout(SANDBOX_ID, (String) ocid)).getEvents().stream()
                .filter(event -> event.getEventType() == EventType.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED).count();
    }

    /** What a payer's browser posts from the page: the details, then a card or an M-PESA number. */
    private static MultiValueMap<String, String> payerForm(String method, String cardNumber) {
        MultiValueMap<String, String> form = new LinkedMultiValueMap<>();
        form.add("method", method);
        form.add("billToFirstName", "Wanjiku");
        form.add("billToLastName", "Kamau");
        form.add("billToEmail", "wanjiku@example.com");
        form.add("billToCountry", "KE");
        if (cardNumber != null) {
            form.add("cardNumber", cardNumber);
            form.add("expiryMonth", "12");
            form.add("expiryYear", "2099");
            form.add("securityCode", "987");
        }
        form.add("mpesaNumber", "0712345678");
        return form;
    }

    @ParameterizedTest(name = "channel type {0}")
    @MethodSource("channelTypesAndTheMethodOfferedFirst")
    void givenAChannelType_thePageShouldOfferItsMethodFirst_andTheOrderEchoTheCodeAsSent(int channelType,
                                                                                        String offeredFirst) {
        Map<String, Object> body = valid();
        body.put("checkoutRouteChannelType", channelType);
        ResponseEntity<JsonNode> accepted = submit(body, token);
        assertThat(accepted.getStatusCode().value()).as("%s", accepted.getBody()).isEqualTo(200);

        String page = http.get().uri(URI.create(accepted.getBody().get("message").get("checkoutUrl").asString())
                .getPath()).retrieve().body(String.class);
        String first = page.indexOf("id=\"payByMpesa\"") < page.indexOf("id=\"payByCard\"") ? "M-PESA" : "card";
        assertThat(first).isEqualTo(offeredFirst);
        assertThat(checkStatus(body.get("originatorConversationId"), token).getBody().get("checkoutRouteChannelType")
                .asInt()).isEqualTo(channelType);
    }

    static Stream<Arguments> channelTypesAndTheMethodOfferedFirst() {
        return Stream.of(
                Arguments.of(158, "card"),
                Arguments.of(1, "M-PESA"),
                Arguments.of(2, "M-PESA")); // deprecated code of M-Pesa, still accepted
    }

    private ResponseEntity<JsonNode> submit(Map<String, Object> body, String bearer) {
        return http.post().uri("/v1/checkout-order/new-order").header(HttpHeaders.AUTHORIZATION, "Bearer " + bearer)
                .contentType(MediaType.APPLICATION_JSON).body(json.writeValueAsString(body))
                .retrieve().toEntity(JsonNode.class);
    }

    private ResponseEntity<JsonNode> checkStatus(Object originatorConversationId, String bearer) {
        return http.get().uri("/v1/checkout-order/check-status?IdType=1&Id=" + originatorConversationId)
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + bearer).retrieve().toEntity(JsonNode.class);
    }

    private ResponseEntity<JsonNode> get(String uri) {
        return http.get().uri(uri).header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().toEntity(JsonNode.class);
    }

    private long orders() {
        return jdbc.sql("select count(*) from checkout_orders").query(Long.class).single();
    }
}
