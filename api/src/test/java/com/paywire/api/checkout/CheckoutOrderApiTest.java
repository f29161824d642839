package com.paywire.api.checkout;

import static com.paywire.api.support.ApiClientHelper.SANDBOX_ID;
import static com.paywire.api.support.ApiClientHelper.SANDBOX_SECRET;
import static com.paywire.api.support.JsonAnswers.fields;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.ApiClientHelper;
import com.paywire.api.support.ApiTest;
import com.paywire.api.support.RawHttp;
import com.paywire.domain.clients.ClientSecretHasher;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.vocabulary.clients.ApiClient;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.ArrayList;
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
import tools.jackson.databind.JsonNode;

/**
 * Create and query checkout orders (docs/interface.md#hosted-checkout): every rule names its field, and the query
 * answers in the shape given there. No worker runs here: accepted orders stay Pending.
 */
@ApiTest
class CheckoutOrderApiTest extends CheckoutApiTestBase {

    static final String MOBILE_WALLET_ROUTE = "4a3e1249-51a2-4c57-8b74-166d7f689460";

    @Autowired
    ApiClientStore clients;
    @Autowired
    JdbcClient jdbc;

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

    private ResponseEntity<JsonNode> get(String uri) {
        return http.get().uri(uri).header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().toEntity(JsonNode.class);
    }

    private long orders() {
        return jdbc.sql("select count(*) from checkout_orders").query(Long.class).single();
    }
}
