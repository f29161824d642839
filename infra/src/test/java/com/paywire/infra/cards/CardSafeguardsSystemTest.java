package com.paywire.infra.cards;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.domain.clients.ClientSecretHasher;
import com.paywire.infra.support.TimeSkippingPlatform;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.vocabulary.clients.ApiClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;

/**
 * What guards card payments, end to end with time skipping (see {@link CardSystemTestBase}): saved cards, 3-D
 * Secure, fraud screening, one client's transactions hidden from another, bad input named field by field; and,
 * after them all, no card number kept in the database or written to the logs.
 */
@ExtendWith(OutputCaptureExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CardSafeguardsSystemTest extends CardSystemTestBase {

    @Autowired
    ApiClientStore clients;

    @Test
    @Order(7)
    void givenASavedCard_itShouldPayByPaymentInstrumentId_andBeDeletable() {
        ResponseEntity<JsonNode> saved = post("/cards", Map.of("TransientToken", tokenise(MASTERCARD),
                "BillingAddress", Map.of("FirstName", "Jane", "Country", "US")));
        assertThat(saved.getStatusCode().value()).isEqualTo(201);
        String instrument = saved.getBody().get("PaymentInstrumentId").asString();
        assertThat(saved.getBody().get("CardSummary").get("LastFour").asString()).isEqualTo("4444");

        JsonNode retrieved = getJson("/cards/" + instrument).getBody();
        assertThat(retrieved.get("CardSummary").get("Network").asString()).isEqualTo("MASTERCARD");
        assertThat(retrieved.get("BillingAddress").get("FirstName").asString()).isEqualTo("Jane");
        assertThat(post("/payment/authorise", Map.of("Transaction", Map.of("Amount", "7.00", "Currency", "USD",
                "PaymentInstrumentId", instrument, "RequestId", rid()))).getStatusCode().value()).isEqualTo(201);

        assertThat(http.delete().uri(CARDS + "/cards/" + instrument).header(HttpHeaders.AUTHORIZATION, "Bearer " + token)
                .retrieve().toBodilessEntity().getStatusCode().value()).isEqualTo(204);
        assertThat(getJson("/cards/" + instrument).getStatusCode().value()).isEqualTo(404);
    }

    @Test
    @Order(8)
    void givenThreeDSecure_visaShouldBeFrictionless_mastercardChallenged_andTheAuthorisationCarryTheAuthentication() {
        String visaToken = tokenise(VISA);
        String reference = post("/3ds/setup", Map.of("TransientToken", visaToken)).getBody().get("ReferenceId").asString();
        JsonNode enrolment = post("/3ds/enrolment-check", Map.of("ReferenceId", reference, "Amount", "50.00",
                "Currency", "USD", "ReturnUrl", ORIGIN + "/back")).getBody();
        assertThat(enrolment.get("Status").asString()).isEqualTo("AUTHENTICATION_SUCCESSFUL");
        String authentication = enrolment.get("PayerAuthenticationId").asString();
        ResponseEntity<JsonNode> authorised = post("/payment/authorise", Map.of("Transaction", Map.of("Amount", "50.00",
                "Currency", "USD", "TransientToken", visaToken, "RequestId", rid(), "PayerAuthenticationId", authentication)));
        assertThat(authorised.getStatusCode().value()).isEqualTo(201);
        assertThat(transaction(authorised.getBody().get("AuthorisationId").asString()).get("AuthenticationId").asString())
                .isEqualTo(authentication);

        String mcReference = post("/3ds/setup", Map.of("TransientToken", tokenise(MASTERCARD))).getBody().get("ReferenceId").asString();
        JsonNode challenge = post("/3ds/enrolment-check", Map.of("ReferenceId", mcReference, "Amount", "50.00",
                "Currency", "USD")).getBody();
        assertThat(challenge.get("Status").asString()).isEqualTo("PENDING_AUTHENTICATION");
        assertThat(challenge.get("StepUpUrl").asString()).contains("/3ds/challenge/");
        JsonNode validated = post("/3ds/validate", Map.of("PayerAuthenticationId", challenge.get("PayerAuthenticationId").asString(),
                "TransactionId", "challenge-1")).getBody();
        assertThat(validated.get("Status").asString()).isEqualTo("AUTHENTICATION_SUCCESSFUL");
        assertThat(validated.get("Cavv").asString()).isNotBlank();
        assertThat(eventTypes()).contains("authentication.completed");
    }

    @Test
    @Order(9)
    void givenTheFraudRules_bigAmountsAndFastCardsShouldBeRejected_andAnAuthorisationAskingForScreeningRefused() {
        String card = tokenise(VISA);
        JsonNode big = post("/fraud/screen", Map.of("Amount", "15000.00", "Currency", "USD", "TransientToken", card,
                "BillingAddress", Map.of("Country", "US"))).getBody();
        assertThat(big.get("Decision").asString()).isEqualTo("REJECT");
        assertThat(big.get("Reasons").get(0).asString()).isEqualTo("AMOUNT_OVER_LIMIT");
        JsonNode review = post("/fraud/screen", Map.of("Amount", "10.00", "Currency", "USD", "TransientToken", card,
                "BillingAddress", Map.of("Country", "KE"))).getBody();
        assertThat(review.get("Decision").asString()).isEqualTo("REVIEW");
        post("/fraud/screen", Map.of("Amount", "10.00", "Currency", "USD", "TransientToken", card));
        JsonNode fast = post("/fraud/screen", Map.of("Amount", "10.00", "Currency", "USD", "TransientToken", card)).getBody();
        assertThat(fast.get("Decision").asString()).isEqualTo("REJECT");
        assertThat(fast.get("Reasons").toString()).contains("CARD_VELOCITY");

        ResponseEntity<JsonNode> refused = post("/payment/authorise", Map.of("Transaction", Map.of("Amount", "20000.00",
                "Currency", "USD", "TransientToken", tokenise(MASTERCARD), "RequestId", rid(), "FraudScreen", true)));
        assertThat(refused.getStatusCode().value()).isEqualTo(402);
        assertThat(refused.getBody().get("ErrorCode").asString()).isEqualTo("FRAUD_REJECTED");
        assertThat(eventTypes()).contains("fraud.rejected");
    }

    @Test
    @Order(9)
    void givenAnAuthorisationAskingForScreening_retriedWithTheSameRequestId_itShouldBeScreenedOnce() throws Exception {
        String card = tokenise(MASTERCARD);
        String requestId = rid();
        for (ResponseEntity<JsonNode> response : eightAtOnce(() -> authorise(card, "11.00", "USD", requestId, true))) {
            assertThat(response.getStatusCode().value()).as("%s", response.getBody()).isEqualTo(201);
        }
        assertThat(screensOf(card)).as("screens of the concurrently retried card").isEqualTo(1);

        String rejectedCard = tokenise(MASTERCARD);
        String rejectedRequest = rid();
        ResponseEntity<JsonNode> rejected = authorise(rejectedCard, "20000.00", "USD", rejectedRequest, true);
        ResponseEntity<JsonNode> retried = authorise(rejectedCard, "20000.00", "USD", rejectedRequest, true);

        assertThat(rejected.getStatusCode().value()).isEqualTo(402);
        assertThat(retried.getStatusCode().value()).isEqualTo(402);
        assertThat(retried.getBody()).isEqualTo(rejected.getBody());
        assertThat(rejected.getBody().get("ErrorCode").asString()).isEqualTo("FRAUD_REJECTED");
        assertThat(rejected.getBody().get("ErrorMessage").asString()).isEqualTo("Refused by fraud screening: [AMOUNT_OVER_LIMIT]");
        assertThat(screensOf(rejectedCard)).as("screens of the rejected card").isEqualTo(1);
        assertThat(eventsOf(rejected.getBody().get("AuthorisationId").asString())).containsExactly("fraud.rejected");
    }

    @Test
    @Order(11)
    void givenAnotherClient_itShouldSeeNoneOfTheseTransactions() {
        String auth = authorise(tokenise(VISA), "1.00", "USD", rid()).getBody().get("AuthorisationId").asString();
        clients.registerWithAllRoutes(new ApiClient("card-snoop", "Snoop", ClientSecretHasher.hash("snoop-secret"), Set.of("cards")));
        String mine = token;
        token = TimeSkippingPlatform.token(http, "card-snoop", "snoop-secret");

        assertThat(getJson("/transactions/" + auth).getStatusCode().value()).isEqualTo(404);
        assertThat(post("/payment/capture", Map.of("AuthorisationId", auth, "Amount", "1.00", "RequestId", rid()))
                .getStatusCode().value()).isEqualTo(404);
        assertThat(getJson("/transactions?PageSize=100").getBody().get("Total").asInt()).isZero();
        token = mine;
        JsonNode page = getJson("/transactions?Type=AUTHORISATION&PageSize=2").getBody();
        assertThat(page.get("Transactions")).hasSize(2);
        assertThat(page.get("Total").asInt()).isGreaterThan(2);
    }

    @Test
    @Order(13)
    void givenBadCardInput_theErrorsShouldNameTheFields_neverA500() {
        String card = tokenise(VISA);
        assertThat(errorFields(post("/payment/authorise", Map.of("Transaction", Map.of("Amount", "$10.00",
                "Currency", "USD", "TransientToken", card, "RequestId", rid()))))).containsExactly("Transaction.Amount");
        assertThat(errorFields(post("/payment/authorise", Map.of("Transaction", Map.of("Amount", "10.00",
                "Currency", "XYZ", "TransientToken", card, "RequestId", rid()))))).containsExactly("Transaction.Currency");
        assertThat(errorFields(post("/payment/authorise", Map.of("Transaction", Map.of("Amount", "10.00",
                "Currency", "USD", "TransientToken", card, "PaymentInstrumentId", "pi_x", "RequestId", rid())))))
                .containsExactly("Transaction.PaymentInstrumentId", "Transaction.TransientToken");
        assertThat(errorFields(post("/payment/authorise", Map.of("Transaction", Map.of("Amount", "10.00",
                "Currency", "USD", "RequestId", rid()))))).containsExactly("Transaction.PaymentInstrumentId",
                "Transaction.TransientToken");
        assertThat(errorFields(post("/payment/capture", Map.of("AuthorisationId", "auth_x", "Amount", "-1")))).containsExactly(
                "Amount", "RequestId");

        String context = post("/capture-context", Map.of("TargetOrigins", List.of(ORIGIN))).getBody().get("CaptureContext").asString();
        ResponseEntity<JsonNode> badCard = http.post().uri(CARDS + "/transient-tokens").header(HttpHeaders.ORIGIN, ORIGIN)
                .contentType(MediaType.APPLICATION_JSON).body(json.writeValueAsString(Map.of("CaptureContext", context,
                        "Number", "4111111111111112", "ExpiryMonth", "13", "ExpiryYear", "2020", "SecurityCode", "12")))
                .retrieve().toEntity(JsonNode.class);
        assertThat(errorFields(badCard)).containsExactly("ExpiryMonth", "Number", "SecurityCode");
        ResponseEntity<JsonNode> otherOrigin = http.post().uri(CARDS + "/transient-tokens").header(HttpHeaders.ORIGIN, "https://evil.example")
                .contentType(MediaType.APPLICATION_JSON).body(json.writeValueAsString(Map.of("CaptureContext", context,
                        "Number", VISA, "ExpiryMonth", "12", "ExpiryYear", "2031", "SecurityCode", "123")))
                .retrieve().toEntity(JsonNode.class);
        assertThat(otherOrigin.getStatusCode().value()).isEqualTo(403);
        ResponseEntity<JsonNode> noOrigin = http.post().uri(CARDS + "/transient-tokens")
                .contentType(MediaType.APPLICATION_JSON).body(json.writeValueAsString(Map.of("CaptureContext", context,
                        "Number", VISA, "ExpiryMonth", "12", "ExpiryYear", "2031", "SecurityCode", "123")))
                .retrieve().toEntity(JsonNode.class);
        assertThat(noOrigin.getStatusCode().value()).isEqualTo(403);
        assertThat(getJson("/transactions/auth_nothing_here").getStatusCode().value()).isEqualTo(404);
    }

    private static List<String> errorFields(ResponseEntity<JsonNode> response) {
        assertThat(response.getStatusCode().value()).as("%s", response.getBody()).isEqualTo(400);
        List<String> fields = new ArrayList<>();
        response.getBody().get("errors").forEach(e -> fields.add(e.get("field").asString()));
        return fields;
    }

    @Test
    @Order(99)
    void afterAllTheseTests_noCardNumberShouldBeInTheDatabase_norInTheLogs(CapturedOutput output) {
        assertNoCardNumberKept(output);
    }

    /** How many fraud screens the card behind this token had. */
    private int screensOf(String transientToken) {
        return jdbc.sql("""
                select count(*) from fraud_screens f join transient_tokens t on t.processor_instrument_id = f.instrument_id
                where t.token = ?
                """).param(transientToken).query(Integer.class).single();
    }

    private List<String> eventTypes() {
        List<String> types = new ArrayList<>();
        getJson("/events?Limit=100").getBody().get("Events").forEach(e -> types.add(e.get("Type").asString()));
        return types;
    }
}
