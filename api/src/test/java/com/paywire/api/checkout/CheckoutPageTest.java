package com.paywire.api.checkout;

import static com.paywire.api.support.ApiClientHelper.SANDBOX_ID;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.ApiTest;
import com.paywire.api.support.PayerPhones;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.checkout.CheckoutWorkflow;
import io.temporal.api.enums.v1.EventType;
import io.temporal.client.WorkflowClient;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.util.MultiValueMap;
import tools.jackson.databind.JsonNode;

/**
 * The hosted checkout page of an order created through the API: its strict headers and policy, the method it
 * offers first, the payer's form (a card that is not valid is named, never written back), and what it refuses: an
 * expired order, too many prompts for an order or for a phone, attempts used up. No worker runs here.
 */
@ApiTest
class CheckoutPageTest extends CheckoutApiTestBase {

    @Autowired
    JdbcClient jdbc;
    @Autowired
    WorkflowClient temporal;

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

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"+254%s", "254%s", "0%s"})
    void givenAnMpesaNumberInAnyOfTheThreeForms_thePromptShouldBeSent_countedAgainstItAs254(String form) {
        String page = URI.create(submit(valid(), token).getBody().get("message").get("checkoutUrl").asString())
                .getPath();
        String nine = PayerPhones.fresh().substring(1); // numbers of its own: the caps count per number

        ResponseEntity<String> sent = promptFrom(page, form.formatted(nine));

        assertThat(sent.getStatusCode().value()).as("%s", sent.getBody()).isEqualTo(303);
        assertThat(jdbc.sql("select count(*) from page_prompts where subject = ?").param("phone:254" + nine)
                .query(Long.class).single()).isOne();
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
        // the page opens on the channel type's method; its other method is a choice away
        String first = page.contains("id=\"payByMpesa\"") && !page.contains("id=\"payByCard\"") ? "M-PESA" : "card";
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
}
