package com.paywire.api.collections;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.ApiTest;
import com.paywire.api.support.ApiTestBase;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;

/** Find Paybill Deposits when nothing matches: 404 in the reason shape, naming the parameter, never quoting it. */
@ApiTest
class PaybillDepositStatusApiTest extends ApiTestBase {

    @ParameterizedTest
    @CsvSource({"ReceiptNumber, TQ7NOSUCH42", "AccountReference, NOSUCH-42"})
    void givenNoDepositMatches_the404ShouldNameTheParameter_andNotQuoteItsValue(String parameter, String value) {
        ResponseEntity<JsonNode> answer = getJson("/v1/paybill-deposit/check-status?" + parameter + "=" + value, token);

        assertThat(answer.getStatusCode().value()).isEqualTo(404);
        assertThat(answer.getBody().get("reason").asString()).contains(parameter).doesNotContain(value);
    }
}
