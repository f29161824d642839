package com.paywire.api.payouts;

import static com.paywire.api.payouts.PaymentOrderApiTest.BANK_ROUTE;
import static com.paywire.api.payouts.PaymentOrderApiTest.MOBILE_ROUTE;
import static com.paywire.api.payouts.PaymentOrderApiTest.TILL_ROUTE;
import static com.paywire.api.payouts.PaymentOrderApiTest.bankLine;
import static com.paywire.api.payouts.PaymentOrderApiTest.mobileLine;
import static com.paywire.api.payouts.PaymentOrderApiTest.order;
import static com.paywire.api.payouts.PaymentOrderApiTest.stan;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.ApiTest;
import com.paywire.api.support.ApiTestBase;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;

/** The status record's fields as the live API answers them. No worker runs: lines stay Pending. */
@ApiTest
class PaymentOrderLiveShapesApiTest extends ApiTestBase {

    @Test
    void givenAPendingLine_itsTrackingNumberShouldAlreadyBeAString() {
        String ocid = "ocid-" + UUID.randomUUID();
        assertThat(submit(order(ocid, bankLine("0123456789", stan()))).getStatusCode().value()).isEqualTo(200);

        JsonNode outcome = pendingLine(ocid).get("transactionOutcome");
        assertThat(outcome.get("transactionStatus").asInt()).isZero();
        assertThat(outcome.get("trackingNumber").isString()).as("trackingNumber while pending: %s", outcome).isTrue();
        assertThat(outcome.get("trackingNumber").asString()).isNotBlank();
    }

    @Test
    void givenALineSentWithoutARemitter_itsRecordShouldAnswerTheRemittersPhoneAsAString_andATransactionRelationship() {
        String ocid = "ocid-" + UUID.randomUUID();
        String withoutRemitter = mobileLine("+254712345678", "10", stan()).replaceFirst("\\{\"remitter\":\\{[^}]*},", "{");
        assertThat(withoutRemitter).doesNotContain("remitter");
        assertThat(submit(order(ocid, withoutRemitter)).getStatusCode().value()).isEqualTo(200);

        JsonNode line = pendingLine(ocid);
        assertThat(line.get("remitter").get("phoneNumber").isString()).as("remitter: %s", line.get("remitter")).isTrue();
        assertThat(line.get("remitter").get("phoneNumber").asString()).isEmpty();
        assertThat(line.get("transaction").has("relationship")).as("transaction: %s", line.get("transaction")).isTrue();
        assertThat(line.get("transaction").get("relationship").isNull()).isTrue();
    }

    @Test
    void givenALineWithARemitter_itsRecordShouldEchoTheRemittersPhone_andCarryATransactionRelationship() {
        String ocid = "ocid-" + UUID.randomUUID();
        assertThat(submit(order(ocid, bankLine("0123456789", stan()))).getStatusCode().value()).isEqualTo(200);

        JsonNode line = pendingLine(ocid);
        assertThat(line.get("remitter").get("phoneNumber").asString()).isEqualTo("+254700000000");
        assertThat(line.get("transaction").has("relationship")).isTrue();
        assertThat(line.get("transaction").get("relationship").isNull()).isTrue();
    }

    @Test
    void givenTheRequestsSpellingIdExpiryDate_theEchoedRemitterShouldCarryIdExpireDateToo() {
        String ocid = "ocid-" + UUID.randomUUID();
        assertThat(submit(order(ocid, bankLine("0123456789", stan()))).getStatusCode().value()).isEqualTo(200);

        JsonNode remitter = pendingLine(ocid).get("remitter");
        assertThat(remitter.path("idExpireDate").asString("missing")).isEqualTo("2030-12-31");
        assertThat(remitter.path("idExpiryDate").asString("missing")).isEqualTo("2030-12-31");
    }

    @Test
    void givenTheLiveSpellingIdExpireDate_theBankLineShouldBeAccepted_andEchoIt() {
        String ocid = "ocid-" + UUID.randomUUID();
        String line = bankLine("0123456789", stan()).replace("\"idExpiryDate\":", "\"idExpireDate\":");
        ResponseEntity<JsonNode> accepted = submit(order(ocid, line));
        assertThat(accepted.getStatusCode().value()).as("answer: %s", accepted.getBody()).isEqualTo(200);

        JsonNode remitter = pendingLine(ocid).get("remitter");
        assertThat(remitter.path("idExpireDate").asString("missing")).isEqualTo("2030-12-31");
    }

    @Test
    void givenTheLiveSpellingWithABadDate_theLineShouldBeRefusedWith400() {
        String ocid = "ocid-" + UUID.randomUUID();
        String line = bankLine("0123456789", stan()).replace("\"idExpiryDate\":\"2030-12-31\"",
                "\"idExpireDate\":\"31/12/2030\"");
        assertThat(submit(order(ocid, line)).getStatusCode().value()).isEqualTo(400);
    }

    @Test
    void givenEveryLiveChannelTypeOfThePayoutRoutes_theOrderShouldBeTaken_andEachLineEchoItsCode() {
        String ocid = "ocid-" + UUID.randomUUID();
        ResponseEntity<JsonNode> accepted = submit(order(ocid, wallet(1), wallet(20), bank(21), bank(22),
                paybill(14), paybill(16), till(13)));
        assertThat(accepted.getStatusCode().value()).as("answer: %s", accepted.getBody()).isEqualTo(200);

        assertThat(echoedChannelTypes(ocid)).containsExactlyInAnyOrder(1, 20, 21, 22, 14, 16, 13);
    }

    @Test
    void givenTheDeprecatedCodes_theOrderShouldStillBeTaken_andEachLineEchoWhatWasSent() {
        String ocid = "ocid-" + UUID.randomUUID();
        ResponseEntity<JsonNode> accepted = submit(order(ocid, wallet(63902), bank(1), bank(2), paybill(63902),
                till(63902)));
        assertThat(accepted.getStatusCode().value()).as("answer: %s", accepted.getBody()).isEqualTo(200);

        assertThat(echoedChannelTypes(ocid)).containsExactlyInAnyOrder(63902, 1, 2, 63902, 63902);
    }

    @Test
    void givenACodeAnotherRouteOffers_theLineShouldBeRefused_namingTheCodesItsRouteLists() {
        ResponseEntity<JsonNode> refused = submit(order("ocid-" + UUID.randomUUID(), wallet(14)));

        assertThat(refused.getStatusCode().value()).isEqualTo(400);
        JsonNode error = refused.getBody().get("errors").get(0);
        assertThat(error.get("field").asString()).isEqualTo("paymentOrderLines[0].transaction.ChannelType");
        String message = error.get("message").asString();
        assertThat(message).contains("1 (M-Pesa)", "20 (Coop To Mpesa)").doesNotContain("63902");
    }

    private static String wallet(int channelType) {
        return mobileLine("+254712345678", "10", stan()).replace("\"ChannelType\":1,",
                "\"ChannelType\":" + channelType + ",");
    }

    private static String till(int channelType) {
        return wallet(channelType).replace(MOBILE_ROUTE, TILL_ROUTE)
                .replace("\"primaryAccountNumber\":\"+254712345678\"", "\"primaryAccountNumber\":\"5123456\"");
    }

    private static String bank(int channelType) {
        return bankLine("0123456789", stan()).replace("\"routeId\":\"" + BANK_ROUTE + "\",\"ChannelType\":21,",
                "\"routeId\":\"" + BANK_ROUTE + "\",\"ChannelType\":" + channelType + ",");
    }

    private static String paybill(int channelType) {
        return """
                {"recipient":{"name":"Kenya Power","institutionIdentifier":"888880","primaryAccountNumber":"54405080323"},
                 "transaction":{"routeId":"%s","channelType":%d,"amount":100,"reference":"r","systemTraceAuditNumber":"%s",
                  "accountNo":"54405080323"}}""".formatted(PaymentOrderApiTest.PAYBILL_ROUTE, channelType, stan());
    }

    private List<Integer> echoedChannelTypes(String ocid) {
        List<Integer> echoed = new ArrayList<>();
        ResponseEntity<JsonNode> status = http.get()
                .uri("/v1/payment-order/check-status?IdType=OriginatorConversationId&Id={i}", ocid)
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().toEntity(JsonNode.class);
        status.getBody().get("orderLines").forEach(line -> {
            assertThat(line.get("transaction").get("channelType").isInt()).isTrue();
            echoed.add(line.get("transaction").get("channelType").asInt());
        });
        return echoed;
    }

    private JsonNode pendingLine(String ocid) {
        ResponseEntity<JsonNode> status = http.get()
                .uri("/v1/payment-order/check-status?IdType=OriginatorConversationId&Id={i}", ocid)
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().toEntity(JsonNode.class);
        assertThat(status.getStatusCode().value()).isEqualTo(200);
        return status.getBody().get("orderLines").get(0);
    }

    private ResponseEntity<JsonNode> submit(String json) {
        return http.post().uri("/v1/payment-order/new-order").header(HttpHeaders.AUTHORIZATION, "Bearer " + token)
                .contentType(MediaType.APPLICATION_JSON).body(json).retrieve().toEntity(JsonNode.class);
    }
}
