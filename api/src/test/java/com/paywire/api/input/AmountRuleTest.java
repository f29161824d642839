package com.paywire.api.input;

import static com.paywire.api.support.ErrorAnswers.fieldsNamed;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.ApiTest;
import com.paywire.api.support.RawHttp;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One amount rule for every amount field. Each value below once answered 500 (too large
 * for the column) or was accepted (zero, negative, exponent notation).
 */
@ApiTest
class AmountRuleTest extends SandboxRequests {


    /** As JSON numbers: exponents, too many digits, too many decimals, zero and below. */
    @ParameterizedTest(name = "amount {0}")
    @ValueSource(strings = {"1e18", "1e400", "1E2", "1.5e1", "1000000000000000", "10.555", "0", "0.00", "-5"})
    void givenABadAmountAsANumber_whenPayingOutOrCreatingALink_itShouldAnswer400NamingTheField(String amount) {
        int linksBefore = rows("payment_links");
        int ordersBefore = rows("payment_orders");

        assertNamed(post("/v1/payment-link/create-payment-link", """
                {"shortCode":"174379","description":"x","isAmountSpecified":false,"amount":%s}""".formatted(amount)),
                "amount");
        assertNamed(post("/v1/payment-order/new-order", """
                {"originatorConversationId":"amt-%s","paymentOrderLines":[{"remitter":{"name":"A"},
                 "recipient":{"mccmnc":"63902","primaryAccountNumber":"+254712345678"},
                 "transaction":{"routeId":"4a3e1249-51a2-4c57-8b74-166d7f689460","ChannelType":1,"amount":%s,
                 "systemTraceAuditNumber":"%s"}}]}""".formatted(UUID.randomUUID(), amount, UUID.randomUUID())),
                "paymentOrderLines[0].transaction.amount");

        assertThat(rows("payment_links")).isEqualTo(linksBefore);
        assertThat(rows("payment_orders")).isEqualTo(ordersBefore);
    }

    /** As JSON strings, which is how the express deposit and the card API take amounts. */
    @ParameterizedTest(name = "Amount \"{0}\"")
    @ValueSource(strings = {"1e18", "1e400", "1E2", "1000000000000000", "10.555", "0", "0.00", "-5", " 10", "10."})
    void givenABadAmountAsAString_onEveryOperationThatTakesOne_itShouldAnswer400NamingTheField(String amount) {
        int depositsBefore = rows("express_deposits");

        assertNamed(post("/v1/express-deposit", """
                {"ShortCode":"174379","Amount":"%s","PhoneNumber":"254712345678","OriginatorConversationId":"%s"}"""
                .formatted(amount, UUID.randomUUID())), "Amount");
        assertNamed(post("/v1/payment-link/create-payment-link", """
                {"shortCode":"174379","description":"x","isAmountSpecified":true,"amount":"%s"}""".formatted(amount)),
                "amount");
        assertNamed(post(CARDS + "/payment/authorise", """
                {"Transaction":{"Amount":"%s","Currency":"USD","TransientToken":"tt_x","RequestId":"r-1"}}"""
                .formatted(amount)), "Transaction.Amount");
        assertNamed(post(CARDS + "/payment/capture", """
                {"AuthorisationId":"auth_x","Amount":"%s","RequestId":"r-2"}""".formatted(amount)), "Amount");
        assertNamed(post(CARDS + "/payment/refund", """
                {"CaptureId":"cap_x","Amount":"%s","RequestId":"r-3"}""".formatted(amount)), "Amount");
        assertNamed(post(CARDS + "/fraud/screen", """
                {"Amount":"%s","Currency":"USD","TransientToken":"tt_x"}""".formatted(amount)), "Amount");
        assertNamed(post(CARDS + "/3ds/enrolment-check", """
                {"ReferenceId":"3dsref_x","Amount":"%s","Currency":"USD"}""".formatted(amount)), "Amount");

        assertThat(rows("express_deposits")).isEqualTo(depositsBefore);
    }

    @Test
    void givenTheLargestAmountALinkMayHold_itShouldBeStoredAsSent() {
        RawHttp.Response response = post("/v1/payment-link/create-payment-link", """
                {"shortCode":"174379","description":"x","isAmountSpecified":true,"amount":249999.99}""");

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        assertThat(response.body()).contains("\"amount\":249999.99,");
    }

    @Test
    void givenAnExponentAmountOnAHostedPayerPage_itShouldAnswerThePageWithItsMessage_notA500() {
        RawHttp.Response link = post("/v1/payment-link/create-payment-link", """
                {"shortCode":"174379","description":"x","isAmountSpecified":false}""");
        String id = JSON.readTree(link.body()).get("id").asString();

        RawHttp.Response page = RawHttp.send(port, "POST", "/pay/" + id,
                Map.of("Content-Type", "application/x-www-form-urlencoded"),
                "phoneNumber=0712345678&amount=1e18".getBytes(StandardCharsets.UTF_8));

        assertThat(page.status()).isEqualTo(400);
        assertThat(page.body()).contains("Enter an amount");
    }

    private static void assertNamed(RawHttp.Response response, String field) {
        assertThat(fieldsNamed(response)).as(response.body()).contains(field);
    }
}
