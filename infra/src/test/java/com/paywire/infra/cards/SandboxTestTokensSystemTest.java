package com.paywire.infra.cards;

import static org.assertj.core.api.Assertions.assertThat;

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
 * The sandbox's test tokens (docs/sandbox.md#test-tokens) sent as a TransientToken, end to end with time skipping (see
 * {@link CardSystemTestBase}): each gives its test card's documented outcome, as often as it is sent. Refused outside
 * the sandbox: api's SandboxTestTokensOutsideTheSandboxTest.
 */
@ExtendWith(OutputCaptureExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SandboxTestTokensSystemTest extends CardSystemTestBase {

    static final String VISA_AUTHORISED = "tok_sandbox_visa_authorised";
    static final String MASTERCARD_CHALLENGE = "tok_sandbox_mastercard_challenge";
    static final String VISA_DECLINED = "tok_sandbox_visa_declined";
    static final String VISA_INSUFFICIENT_FUNDS = "tok_sandbox_visa_insufficient_funds";

    @Test
    @Order(1)
    void givenTheAuthorisedTestToken_twice_bothAuthorisationsShouldBeAuthorised_andCaptured() {
        for (int use = 0; use < 2; use++) {
            ResponseEntity<JsonNode> authorised = authorise(VISA_AUTHORISED, "20.00", "USD", rid());
            assertThat(authorised.getStatusCode().value()).as("%s", authorised.getBody()).isEqualTo(201);
            assertThat(authorised.getBody().get("Status").asString()).isEqualTo("AUTHORIZED");
            ResponseEntity<JsonNode> captured = post("/payment/capture", Map.of("AuthorisationId",
                    authorised.getBody().get("AuthorisationId").asString(), "Amount", "20.00", "RequestId", rid()));
            assertThat(captured.getStatusCode().value()).as("%s", captured.getBody()).isEqualTo(201);
        }
        JsonNode saved = post("/cards", Map.of("TransientToken", VISA_AUTHORISED)).getBody();
        assertThat(saved.get("CardSummary").get("Network").asString()).isEqualTo("VISA");
        assertThat(saved.get("CardSummary").get("LastFour").asString()).isEqualTo("1111");
        assertThat(authorise(VISA_AUTHORISED, "5.00", "USD", rid()).getStatusCode().value())
                .as("saving the card used nothing up").isEqualTo(201);
    }

    @Test
    @Order(2)
    void givenTheDeclinedAndInsufficientFundsTestTokens_theProcessorShouldDeclineEach_withItsReason() {
        ResponseEntity<JsonNode> declined = authorise(VISA_DECLINED, "20.00", "USD", rid());
        assertThat(declined.getStatusCode().value()).as("%s", declined.getBody()).isEqualTo(402);
        assertThat(declined.getBody().get("ErrorCode").asString()).isEqualTo("CARD_DECLINED");

        ResponseEntity<JsonNode> noFunds = authorise(VISA_INSUFFICIENT_FUNDS, "20.00", "USD", rid());
        assertThat(noFunds.getStatusCode().value()).as("%s", noFunds.getBody()).isEqualTo(402);
        assertThat(noFunds.getBody().get("ErrorCode").asString()).isEqualTo("INSUFFICIENT_FUNDS");
        assertThat(authorise(VISA_DECLINED, "20.00", "USD", rid()).getStatusCode().value())
                .as("declined again, not unknown").isEqualTo(402);
    }

    @Test
    @Order(3)
    void givenTheChallengeTestToken_3dsShouldChallenge_andTheSameTokenPayWithTheAuthentication() {
        String reference = post("/3ds/setup", Map.of("TransientToken", MASTERCARD_CHALLENGE)).getBody()
                .get("ReferenceId").asString();
        JsonNode challenge = post("/3ds/enrolment-check", Map.of("ReferenceId", reference, "Amount", "50.00",
                "Currency", "USD")).getBody();
        assertThat(challenge.get("Status").asString()).isEqualTo("PENDING_AUTHENTICATION");
        String authentication = challenge.get("PayerAuthenticationId").asString();
        assertThat(post("/3ds/validate", Map.of("PayerAuthenticationId", authentication)).getBody().get("Status")
                .asString()).isEqualTo("AUTHENTICATION_SUCCESSFUL");

        ResponseEntity<JsonNode> authorised = post("/payment/authorise", Map.of("Transaction", Map.of("Amount", "50.00",
                "Currency", "USD", "TransientToken", MASTERCARD_CHALLENGE, "RequestId", rid(),
                "PayerAuthenticationId", authentication)));
        assertThat(authorised.getStatusCode().value()).as("%s", authorised.getBody()).isEqualTo(201);

        String visaReference = post("/3ds/setup", Map.of("TransientToken", VISA_AUTHORISED)).getBody()
                .get("ReferenceId").asString();
        assertThat(post("/3ds/enrolment-check", Map.of("ReferenceId", visaReference, "Amount", "50.00",
                "Currency", "USD")).getBody().get("Status").asString()).isEqualTo("AUTHENTICATION_SUCCESSFUL");
    }

    @Test
    @Order(4)
    void givenAUsTestTokenWithAKenyanBillingAddress_theFraudScreenShouldAskForReview_andWithAUsOneAccept() {
        JsonNode review = screen(MASTERCARD_CHALLENGE, "KE");
        assertThat(review.get("Decision").asString()).isEqualTo("REVIEW");
        assertThat(review.get("Reasons").toString()).contains("BILLING_COUNTRY_MISMATCH");
        assertThat(screen(MASTERCARD_CHALLENGE, "US").get("Decision").asString()).isEqualTo("ACCEPT");
    }

    @Test
    @Order(99)
    void afterAllTheseTests_noCardNumberShouldBeInTheDatabase_norInTheLogs(CapturedOutput output) {
        assertNoCardNumberKept(output);
    }

    private JsonNode screen(String testToken, String billingCountry) {
        ResponseEntity<JsonNode> screened = post("/fraud/screen", Map.of("Amount", "100.00", "Currency", "USD",
                "TransientToken", testToken, "BillingAddress", Map.of("FirstName", "Jane", "Country", billingCountry)));
        assertThat(screened.getStatusCode().value()).as("%s", screened.getBody()).isEqualTo(200);
        return screened.getBody();
    }
}
