package com.paywire.api.rails;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.ApiTest;
import com.paywire.api.support.ApiTestBase;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/**
 * A paybill confirmation (C2B) books exactly what the rail reports or nothing: an amount written with more than two
 * decimals is refused with the code its validation refuses it with, and no deposit is recorded (so no
 * workflow credits it rounded). No worker runs here: a recorded deposit waits for its workflow.
 */
@ApiTest
class PaybillConfirmationAmountTest extends ApiTestBase {

    private static final String MOBILE_MONEY_SECRET = "sandbox-mobile-money-secret";
    private static final String SANDBOX_SHORT_CODE = "174379";

    @Autowired
    JdbcClient jdbc;

    @Test
    void givenAnAmountBeyondTheCent_theConfirmationShouldBeRefusedAsTheValidationIs_andNothingRecorded() {
        String receipt = receipt();

        JsonNode validation = post(C2bPath.VALIDATION, body(receipt, "\"1.001\""));
        JsonNode confirmation = post(C2bPath.CONFIRMATION, body(receipt, "\"1.001\""));

        assertThat(validation.toString()).isEqualTo("{\"ResultCode\":\"C2B00013\",\"ResultDesc\":\"Invalid Amount\"}");
        assertThat(confirmation).isEqualTo(validation);
        assertThat(recorded(receipt)).isZero();
    }

    @Test
    void givenAnAmountWrittenWithMoreThanTwoDecimals_evenZeros_itShouldBeRefusedAsAStringAndAsANumber() {
        for (String amount : new String[] {"\"150.0000\"", "150.0000", "\"150.500\""}) {
            String receipt = receipt();

            JsonNode validation = post(C2bPath.VALIDATION, body(receipt, amount));
            JsonNode confirmation = post(C2bPath.CONFIRMATION, body(receipt, amount));

            assertThat(validation.toString()).as(amount)
                    .isEqualTo("{\"ResultCode\":\"C2B00013\",\"ResultDesc\":\"Invalid Amount\"}");
            assertThat(confirmation).as(amount).isEqualTo(validation);
            assertThat(recorded(receipt)).as(amount).isZero();
        }
    }

    @Test
    void givenAnAmountWithTwoDecimalsOrFewer_asAStringOrANumber_theConfirmationShouldBeRecordedAsSent() {
        for (String amount : new String[] {"\"150.50\"", "150.5", "150"}) {
            String receipt = receipt();

            JsonNode confirmation = post(C2bPath.CONFIRMATION, body(receipt, amount));

            assertThat(confirmation.toString()).as(amount).isEqualTo("{\"ResultCode\":0,\"ResultDesc\":\"Success\"}");
            assertThat(jdbc.sql("select amount from paybill_deposits where receipt_number = ?").param(receipt)
                    .query(java.math.BigDecimal.class).single()).isEqualByComparingTo(amount.replace("\"", ""));
        }
    }

    private enum C2bPath {
        VALIDATION("/rails/mobile-money/c2b/validation"), CONFIRMATION("/rails/mobile-money/c2b/confirmation");

        private final String path;

        C2bPath(String path) {
            this.path = path;
        }
    }

    private JsonNode post(C2bPath path, String body) {
        return http.post().uri(path.path).header(RailCallbackController.SECRET_HEADER, MOBILE_MONEY_SECRET)
                .contentType(MediaType.APPLICATION_JSON).body(body).retrieve().body(JsonNode.class);
    }

    /** @param amount the TransAmount as raw JSON: a string in quotes, or a number */
    private static String body(String receipt, String amount) {
        return """
                {"TransactionType":"Pay Bill","TransID":"%s","TransTime":"20261121100000","TransAmount":%s,
                 "BusinessShortCode":"%s","BillRefNumber":"PWINV-1","MSISDN":"254712345678"}"""
                .formatted(receipt, amount, SANDBOX_SHORT_CODE);
    }

    private static String receipt() {
        return "TA" + UUID.randomUUID().toString().replace("-", "").substring(0, 10).toUpperCase();
    }

    private long recorded(String receipt) {
        return jdbc.sql("select count(*) from paybill_deposits where receipt_number = ?").param(receipt)
                .query(Long.class).single();
    }
}
