package com.paywire.infra.cards;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;

/**
 * A card API client's everyday refusals are logged as what they are: one INFO line each, naming the payment, with no
 * stack trace (the SDK's "Workflow execution failure" at WARN was logged for every capture a validator refused).
 */
@ExtendWith(OutputCaptureExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CardRefusalLogsSystemTest extends CardSystemTestBase {

    @Test
    @Order(1)
    void givenACaptureBeyondTheAuthorisation_itsRefusalShouldBeOneInfoLine(CapturedOutput output) {
        String auth = authorise(tokenise(VISA), "100.00", "USD", rid()).getBody().get("AuthorisationId").asString();
        assertThat(capture(auth, "60.00", rid()).getStatusCode().value()).isEqualTo(201);
        int before = output.getAll().length();
        String refusedRequest = rid();

        ResponseEntity<JsonNode> refused = capture(auth, "50.00", refusedRequest);

        assertThat(refused.getStatusCode().value()).isEqualTo(409);
        String logged = output.getAll().substring(before);
        assertThat(logged.lines().filter(line -> line.contains(refusedRequest))).singleElement().asString()
                .contains(" INFO ").contains("Card capture " + refusedRequest + " refused (INVALID_STATE)")
                .contains("more than the 40.00 USD left").contains("|" + auth + "]");
        assertThat(logged).doesNotContain("WorkflowExecutionHandler").doesNotContain("\tat ")
                .doesNotContain(" WARN ");
    }

    @Test
    @Order(2)
    void givenADeclinedCard_itsEndShouldBeOneInfoLine(CapturedOutput output) {
        int before = output.getAll().length();
        String requestId = rid();

        ResponseEntity<JsonNode> declined = authorise(tokenise(DECLINED), "25.00", "USD", requestId);

        assertThat(declined.getStatusCode().value()).isEqualTo(402);
        String logged = output.getAll().substring(before);
        List<String> aboutIt = logged.lines().filter(line -> line.contains(requestId)).toList();
        assertThat(aboutIt).anySatisfy(line -> assertThat(line).contains(" INFO ")
                .contains("Card payment accepted: 25.00 USD by CARD_PROCESSOR"));
        assertThat(aboutIt).filteredOn(line -> line.contains("Card payment failed")).singleElement().asString()
                .contains(" INFO ").contains("declined, CARD_DECLINED");
        assertThat(logged).doesNotContain("\tat ").doesNotContain(" WARN ");
    }

    @Test
    @Order(3)
    void noCardNumberShouldBeKept(CapturedOutput output) {
        assertNoCardNumberKept(output);
    }

    private ResponseEntity<JsonNode> capture(String authorisationId, String amount, String requestId) {
        return post("/payment/capture", Map.of("AuthorisationId", authorisationId, "Amount", amount,
                "RequestId", requestId));
    }
}
