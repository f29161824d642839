package com.paywire.api.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.ApiTest;
import com.paywire.api.support.ApiTestBase;
import java.net.URI;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.util.MultiValueMap;
import tools.jackson.databind.JsonNode;

/**
 * Merchant and payer text reaches the hosted pages as text, never as markup: the templates escape it in element
 * text and in attribute values alike.
 */
@ApiTest
class CheckoutPageEscapingTest extends ApiTestBase {

    private static final String REFERENCE = "<script>alert(1)</script>";
    private static final String LINE = "Mug <img src=x onerror=alert(2)> & \"tea\"";
    private static final String FIRST_NAME = "\"><script>alert(3)</script>";

    @Test
    void givenMerchantTextWithMarkup_theCheckoutPageShouldShowItEscaped() {
        String page = URI.create(newOrder()).getPath();

        String html = http.get().uri(page).retrieve().body(String.class);

        assertThat(html).contains("<title>Pay &lt;script&gt;alert(1)&lt;/script&gt;</title>")
                .contains("<h1>Pay &lt;script&gt;alert(1)&lt;/script&gt;</h1>")
                .contains("<td>Mug &lt;img src=x onerror=alert(2)&gt; &amp; &quot;tea&quot;</td>")
                .doesNotContain("<script").doesNotContain("<img");
    }

    @Test
    void givenPayerTextWithMarkup_theFormShownAgainShouldKeepItInsideTheAttribute() {
        String page = URI.create(newOrder()).getPath();
        MultiValueMap<String, String> form = new LinkedMultiValueMap<>();
        form.add("method", "card");
        form.add("billToFirstName", FIRST_NAME);
        form.add("cardNumber", "4111 1111 1111 1112");

        ResponseEntity<String> answer = http.post().uri(page + "/pay").contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .body(form).retrieve().toEntity(String.class);

        assertThat(answer.getStatusCode().value()).isEqualTo(400);
        assertThat(answer.getBody()).contains("value=\"&quot;&gt;&lt;script&gt;alert(3)&lt;/script&gt;\"")
                .doesNotContain("<script");
    }

    /** An order whose reference and first line carry markup; answers its checkoutUrl. */
    private String newOrder() {
        String body = """
                {"originatorConversationId":"%s","checkoutReference":%s,
                 "checkoutRouteId":"%s","checkoutRouteChannelType":158,"checkoutCurrencyCode":404,
                 "checkoutCurrencyName":"KES","checkoutDueDate":"%s","checkoutReturnUrl":"https://shop.example/return",
                 "checkoutCancelUrl":"https://shop.example/cancel","checkoutCallbackUrl":"https://shop.example/cart",
                 "checkoutAccountNo":"ACC-42","checkoutRequestLines":[{"sku":"SKU-1","name":%s,"price":1000}]}"""
                .formatted(UUID.randomUUID(), quoted(REFERENCE), CheckoutOrderApiTest.CHECKOUT_ROUTE,
                        OffsetDateTime.now(clock).plusHours(2).truncatedTo(ChronoUnit.SECONDS), quoted(LINE));
        JsonNode accepted = http.post().uri("/v1/checkout-order/new-order")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).contentType(MediaType.APPLICATION_JSON)
                .body(body).retrieve().body(JsonNode.class);
        return accepted.get("message").get("checkoutUrl").asString();
    }

    private static String quoted(String text) {
        return "\"" + text.replace("\"", "\\\"") + "\"";
    }
}
