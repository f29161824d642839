package com.paywire.api.payouts;

import static com.paywire.api.payouts.PaymentOrderApiTest.bankLine;
import static com.paywire.api.payouts.PaymentOrderApiTest.order;
import static com.paywire.api.payouts.PaymentOrderApiTest.stan;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.ApiTest;
import com.paywire.api.support.ApiTestBase;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;

/** The status record's fields as the live API answers them (issue 27). No worker runs: lines stay Pending. */
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
