package com.paywire.infra.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.web.client.RestClient;
import tools.jackson.databind.JsonNode;

/**
 * Payouts through the whole local stack as a merchant sees them: REST in, the workflows, the rails simulator
 * over HTTP, its delayed callbacks back into the API, and the status query out. Uses the simulator's
 * documented magic values.
 */
class PayoutsEndToEndTest {

    static final String MOBILE_ROUTE = "4a3e1249-51a2-4c57-8b74-166d7f689460";
    static final String BANK_ROUTE = "d77ad3c8-ac13-48f4-9993-9d8c676d4329";

    static RestClient http;
    static String token;

    @BeforeAll
    static void start() {
        http = RunningLocalStack.http();
        token = RunningLocalStack.sandboxToken(http);
    }

    @Test
    void givenAMobileABankAndAnInvalidWalletLine_theyShouldEndCompletedCompletedAndFailed_withFeesTaken() {
        BigDecimal before = workingBalance();
        String ocid = "e2e-" + UUID.randomUUID();
        JsonNode accepted = submit(order(ocid, mobile("+254712345678", "1500"), bank("1234567890", "2500.50"),
                mobile("+254711000001", "100")));
        assertThat(accepted.get("message").get("remarks").asString()).isEqualTo("order submission accepted");

        JsonNode status = awaitStatus(ocid, s -> s.get("isProcessed").asBoolean(), Duration.ofSeconds(60));

        List<JsonNode> outcomes = outcomes(status);
        assertThat(outcomes).extracting(o -> o.get("transactionStatus").asInt()).containsExactly(4, 4, 3);
        assertThat(outcomes).extracting(o -> o.get("resultCode").asString()).containsExactly("0", "0", "6");
        assertThat(outcomes).extracting(o -> o.get("feeAmount").decimalValue())
                .usingElementComparator(BigDecimal::compareTo)
                .containsExactly(new BigDecimal("25"), new BigDecimal("50"), new BigDecimal("10"));
        assertThat(outcomes.get(0).get("thirdPartyPayload").get("thirdPartyReceiptNumber").asString()).hasSize(10);
        assertThat(outcomes.get(1).get("transactionCreditParty").asString()).isEqualTo("JANE DOE");
        assertThat(before.subtract(workingBalance())).isEqualByComparingTo("4075.50"); // 1525 + 2550.50
    }

    @Test
    void givenALineThatWaitsItsTurn_rejectShouldStopIt_andALineTheRailNeverAnswersShouldTimeOut() {
        BigDecimal before = workingBalance();
        String ocid = "e2e-reject-" + UUID.randomUUID();
        submit(order(ocid, mobile("+254711000004", "300"), mobile("+254712345678", "400")));
        awaitStatus(ocid, s -> outcomes(s).get(0).get("transactionStatus").asInt() == 2, Duration.ofSeconds(20));

        JsonNode rejection = http.post().uri("/v1/payment-order/reject-order?OriginatorConversationId=" + ocid)
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().body(JsonNode.class);
        assertThat(rejection.get("paymentOrderlines")).extracting(l -> l.get("resultCode").asString())
                .containsExactly("1", "0");

        JsonNode status = awaitStatus(ocid, s -> s.get("isProcessed").asBoolean(), Duration.ofSeconds(40));
        List<JsonNode> outcomes = outcomes(status);
        assertThat(outcomes.get(0).get("transactionStatus").asInt()).isEqualTo(8);
        assertThat(outcomes.get(0).get("resultCode").asString()).isEqualTo("-1");
        assertThat(outcomes.get(1).get("transactionStatus").asInt()).isEqualTo(7);
        // nothing paid; the rejected line held nothing, the Timed Out one keeps its hold while the rail may pay
        BigDecimal held = new BigDecimal("300").add(outcomes.get(0).get("feeAmount").decimalValue());
        assertThat(before.subtract(workingBalance())).isEqualByComparingTo(held);
    }

    @Test
    void givenThePaybillThatChecksAccounts_aKnownAccountShouldBePaid_andAnUnknownOneFailWithResultCode6() {
        String ocid = "e2e-paybill-" + UUID.randomUUID();
        submit(order(ocid, paybill("54405080323"), paybill("99999999999")));

        JsonNode status = awaitStatus(ocid, s -> s.get("isProcessed").asBoolean(), Duration.ofSeconds(60));

        List<JsonNode> outcomes = outcomes(status);
        assertThat(outcomes).extracting(o -> o.get("transactionStatus").asInt()).containsExactly(4, 3);
        assertThat(outcomes).extracting(o -> o.get("resultCode").asString()).containsExactly("0", "6");
        assertThat(status.get("orderLines")).extracting(l -> l.get("transaction").get("customerAccountNo").asString())
                .containsExactly("54405080323", "99999999999");
    }

    /** A payout to the simulator's paybill 888880 in the live API's public shape. */
    private static String paybill(String account) {
        return """
                {"recipient":{"name":"Kenya Power","institutionIdentifier":"888880","primaryAccountNumber":"%s",
                  "mccmnc":"63902","ccy":404,"country":"KE","purpose":"Bill"},
                 "transaction":{"routeId":"5C358904-6093-4400-8086-07ADBE0B6774","channelType":14,"amount":1500.0,
                  "reference":"INV-77","systemTraceAuditNumber":"%s","accountNo":"%s"}}"""
                .formatted(account, UUID.randomUUID(), account);
    }

    private static List<JsonNode> outcomes(JsonNode status) {
        List<JsonNode> outcomes = new ArrayList<>();
        status.get("orderLines").forEach(l -> outcomes.add(l.get("transactionOutcome")));
        return outcomes;
    }

    private static JsonNode awaitStatus(String ocid, Predicate<JsonNode> done, Duration limit) {
        Instant deadline = Instant.now().plus(limit);
        JsonNode status;
        do {
            status = http.get().uri("/v1/payment-order/check-status?IdType=OriginatorConversationId&Id=" + ocid)
                    .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().body(JsonNode.class);
            if (done.test(status)) {
                return status;
            }
            sleep();
        } while (Instant.now().isBefore(deadline));
        throw new AssertionError("order " + ocid + " did not get there within " + limit + ": " + status);
    }

    private static void sleep() {
        try {
            Thread.sleep(300);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private static BigDecimal workingBalance() {
        return http.get().uri("/v1/customer-accounts/get-wallet-balance")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().body(JsonNode.class)
                .get("balance").decimalValue();
    }

    private static JsonNode submit(String body) {
        var response = http.post().uri("/v1/payment-order/new-order")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).contentType(MediaType.APPLICATION_JSON)
                .body(body).retrieve().toEntity(JsonNode.class);
        assertThat(response.getStatusCode().value()).as("%s", response.getBody()).isEqualTo(200);
        return response.getBody();
    }

    static String order(String ocid, String... lines) {
        return "{\"originatorConversationId\":\"" + ocid + "\",\"paymentOrderLines\":[" + String.join(",", lines) + "]}";
    }

    static String mobile(String phone, String amount) {
        return """
                {"remitter":{"name":"Acme Ltd","phoneNumber":"+254700000000","country":"KE","ccy":404},
                 "recipient":{"name":"Jane Doe","mccmnc":"63902","primaryAccountNumber":"%s","ccy":404,"country":"KE"},
                 "transaction":{"routeId":"%s","ChannelType":1,"amount":%s,"reference":"e2e",
                  "systemTraceAuditNumber":"%s"}}""".formatted(phone, MOBILE_ROUTE, amount, UUID.randomUUID());
    }

    static String bank(String account, String amount) {
        return """
                {"remitter":{"name":"Acme Ltd","address":"Nairobi","phoneNumber":"+254700000000","idType":"PASSPORT",
                  "idNumber":"A1","idExpiryDate":"2030-01-01","country":"KE","ccy":404,"financialInstitution":"Acme Bank",
                  "sourceOfFunds":"Business","dateOfBirth":"1980-01-01","nationality":"KE","occupation":"Trader"},
                 "recipient":{"name":"Jane Doe","phoneNumber":"+254722000000","mccmnc":"63902","financialInstitution":"Equity",
                  "institutionIdentifier":"68","primaryAccountNumber":"%s","ccy":404,"country":"KE","purpose":"Invoice"},
                 "transaction":{"routeId":"%s","ChannelType":21,"amount":%s,"reference":"e2e",
                  "systemTraceAuditNumber":"%s"}}""".formatted(account, BANK_ROUTE, amount, UUID.randomUUID());
    }
}
