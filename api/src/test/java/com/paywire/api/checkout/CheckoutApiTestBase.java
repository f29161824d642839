package com.paywire.api.checkout;

import com.paywire.api.support.ApiTestBase;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Where a checkout API test starts from (see {@link ApiTestBase}): a valid order as a merchant sends it, and the two
 * operations, creating an order and asking for it. No worker runs here: accepted orders stay Pending.
 */
abstract class CheckoutApiTestBase extends ApiTestBase {

    static final String CHECKOUT_ROUTE = "9701cd4f-98b8-423c-829e-28c6dc337e18";

    @Autowired
    JsonMapper json;

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

    ResponseEntity<JsonNode> submit(Map<String, Object> body, String bearer) {
        return http.post().uri("/v1/checkout-order/new-order").header(HttpHeaders.AUTHORIZATION, "Bearer " + bearer)
                .contentType(MediaType.APPLICATION_JSON).body(json.writeValueAsString(body))
                .retrieve().toEntity(JsonNode.class);
    }

    ResponseEntity<JsonNode> checkStatus(Object originatorConversationId, String bearer) {
        return http.get().uri("/v1/checkout-order/check-status?IdType=1&Id=" + originatorConversationId)
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + bearer).retrieve().toEntity(JsonNode.class);
    }
}
