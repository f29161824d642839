package com.paywire.api.input;

import static com.paywire.api.support.ErrorAnswers.fieldsNamed;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.ApiTest;
import com.paywire.api.support.RawHttp;
import com.paywire.vocabulary.rules.amounts.AmountLimit;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;

/**
 * One set of amount limits for every way into a payment ({@link AmountLimit}): the API, a payment link and its
 * hosted page, a checkout and its page. A link of 99,999,999,999.99 was once accepted, and its page started a
 * deposit of 99,999,999,999 that the express deposit API itself refused.
 */
@ApiTest
class AmountLimitsTest extends SandboxRequests {

    static final String FORM = "application/x-www-form-urlencoded";

    @Test
    void givenAFixedAmountLinkAboveWhatOnePromptMayCarry_itShouldBeRefusedNamingAmount_andNothingStored() {
        int before = rows("payment_links");

        RawHttp.Response refused = post("/v1/payment-link/create-payment-link", link(true, "99999999999.99"));

        assertThat(fieldsNamed(refused)).containsExactly("amount");
        assertThat(refused.body()).contains(AmountLimit.PHONE_PROMPT.rule());
        assertThat(rows("payment_links")).isEqualTo(before);
        assertThat(post("/v1/payment-link/create-payment-link", link(true, "250000.00")).status()).isEqualTo(200);
    }

    @Test
    void givenAnOpenAmountLinkPage_anAmountAboveTheLimit_shouldShowThePayerASentence_andStartNoDeposit() {
        String linkId = JSON.readTree(post("/v1/payment-link/create-payment-link", link(false, null)).body())
                .get("id").asString();
        int before = rows("express_deposits");

        RawHttp.Response page = RawHttp.send(port, "POST", "/pay/" + linkId, Map.of("Content-Type", FORM),
                "phoneNumber=0712345678&amount=99999999999".getBytes(StandardCharsets.UTF_8));

        assertThat(page.status()).isEqualTo(400);
        assertThat(page.body()).contains("Enter an amount in KES from 1.00 to 250,000.00");
        assertThat(rows("express_deposits")).isEqualTo(before);
    }

    @Test
    void givenAnExpressDepositAboveTheLimit_itShouldBeRefusedNamingAmount() {
        // within the field's 8 characters, above what one prompt may carry
        RawHttp.Response refused = post("/v1/express-deposit", """
                {"ShortCode":"174379","Amount":"250001","PhoneNumber":"254712345678","OriginatorConversationId":"%s"}"""
                .formatted(UUID.randomUUID()));

        assertThat(fieldsNamed(refused)).containsExactly("Amount");
        assertThat(refused.body()).contains("from 1.00 to 250,000.00");
    }

    @ParameterizedTest(name = "{0} route, amount {2}")
    @CsvSource({
            "MOBILE_WALLET, 4a3e1249-51a2-4c57-8b74-166d7f689460, 150000.01, '150,000.00'",
            "BUSINESS_TILL, f6669402-e1b3-42bb-94fb-ff2147120f05, 250000.01, '250,000.00'",
            "BANK_TRANSFER, d77ad3c8-ac13-48f4-9993-9d8c676d4329, 10000000.00, '9,999,999.99'"})
    void givenAPayoutAboveItsRoutesLimit_itShouldBeRefusedNamingTheLinesAmount_andNothingStored(String category,
            String routeId, String amount, String maximum) {
        int before = rows("payment_orders");

        RawHttp.Response refused = post("/v1/payment-order/new-order", """
                {"originatorConversationId":"lim-%s","paymentOrderLines":[{"remitter":{"name":"A"},
                 "recipient":{"mccmnc":"63902","primaryAccountNumber":"+254712345678"},
                 "transaction":{"routeId":"%s","ChannelType":1,"amount":%s,
                 "systemTraceAuditNumber":"%s"}}]}""".formatted(UUID.randomUUID(), routeId, amount, UUID.randomUUID()));

        assertThat(fieldsNamed(refused)).as(category).contains("paymentOrderLines[0].transaction.amount");
        assertThat(refused.body()).contains("to " + maximum + ".");
        assertThat(rows("payment_orders")).isEqualTo(before);
    }

    @Test
    void givenACardAuthorisationAboveTheLimit_itShouldBeRefusedNamingAmount_beforeTheTokenIsLookedAt() {
        RawHttp.Response refused = post(CARDS + "/payment/authorise", """
                {"Transaction":{"Amount":"1000000.01","Currency":"USD","TransientToken":"tt_x","RequestId":"%s"}}"""
                .formatted(UUID.randomUUID()));

        assertThat(fieldsNamed(refused)).containsExactly("Transaction.Amount");
        assertThat(refused.body()).contains(AmountLimit.CARD_PAYMENT.rule());
    }

    @Test
    void givenACheckoutAboveItsLimit_itShouldBeRefused_andOneAboveWhatAPromptMayCarry_shouldAskThePayerForACard() {
        RawHttp.Response tooLarge = post("/v1/checkout-order/new-order", checkout("1000000.01"));
        assertThat(fieldsNamed(tooLarge)).containsExactly("checkoutRequestLines");
        assertThat(tooLarge.body()).contains("from 1.00 to 1,000,000.00");

        RawHttp.Response accepted = post("/v1/checkout-order/new-order", checkout("300000.00"));
        assertThat(accepted.status()).as(accepted.body()).isEqualTo(200);
        String checkoutId = JSON.readTree(accepted.body()).get("message").get("checkoutId").asString();
        int before = rows("express_deposits");

        RawHttp.Response page = RawHttp.send(port, "POST", "/checkout/" + checkoutId + "/pay",
                Map.of("Content-Type", FORM), "method=mobile&mpesaNumber=0712345678".getBytes(StandardCharsets.UTF_8));

        assertThat(page.status()).isEqualTo(400);
        assertThat(page.body()).contains("please pay it by card");
        assertThat(rows("express_deposits")).isEqualTo(before);
    }

    @Test
    void givenTheAmountFields_theOpenApiDocumentShouldCarryTheirLimits() {
        JsonNode schemas = JSON.readTree(RawHttp.send(port, "GET", "/v3/api-docs", Map.of(), null).body())
                .get("components").get("schemas");

        JsonNode depositAmount = schemas.get("ExpressDepositRequest").get("properties").get("Amount");
        assertThat(depositAmount.get("maximum").decimalValue()).isEqualByComparingTo("250000.00");
        assertThat(depositAmount.get("minimum").decimalValue()).isEqualByComparingTo("1.00");
        // a string or a number, as the interface takes it; its length is the string's, its limits the number's
        assertThat(depositAmount.get("type").toString()).isEqualTo("[\"string\",\"number\"]");
        assertThat(depositAmount.get("maxLength").asInt()).isEqualTo(8);
        JsonNode payoutAmount = schemas.get("PaymentOrderRequest.Transaction").get("properties").get("amount");
        assertThat(payoutAmount.get("description").asString()).contains(AmountLimit.MOBILE_WALLET_PAYOUT.rule(),
                AmountLimit.BANK_TRANSFER_PAYOUT.rule(), AmountLimit.BUSINESS_TILL_PAYOUT.rule());
    }

    private static String link(boolean amountSpecified, String amount) {
        return """
                {"shortCode":"174379","description":"x","isAmountSpecified":%s%s}""".formatted(amountSpecified,
                amount == null ? "" : ",\"amount\":" + amount);
    }

    private static String checkout(String price) {
        return """
                {"originatorConversationId":"%s","checkoutReference":"INV-1","checkoutRouteId":"%s",
                 "checkoutRouteChannelType":158,"checkoutCurrencyCode":404,"checkoutCurrencyName":"KES",
                 "checkoutDueDate":"%s","checkoutReturnUrl":"https://shop.example/return",
                 "checkoutCancelUrl":"https://shop.example/cancel","checkoutCallbackUrl":"https://shop.example/cart",
                 "checkoutRequestLines":[{"sku":"SKU-1","name":"A sofa","price":%s}]}"""
                .formatted(UUID.randomUUID(), "9701cd4f-98b8-423c-829e-28c6dc337e18",
                        OffsetDateTime.now().plusHours(2).truncatedTo(ChronoUnit.SECONDS), price);
    }
}
