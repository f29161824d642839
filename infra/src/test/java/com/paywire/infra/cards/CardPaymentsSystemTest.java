package com.paywire.infra.cards;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.WireMock;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import com.paywire.api.auth.ClientSecretHasher;
import com.paywire.infra.support.TimeSkippingPlatform;
import com.paywire.infra.support.PayerCards;
import com.paywire.infra.support.TimeSkippingSystemTest;
import com.paywire.persistence.clients.ApiClient;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.workflows.WorkflowIds;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;

/**
 * Card payments end to end with time skipping: the real API, CardPaymentWorkflow with its real activities,
 * and the rails simulator's own card-processor mappings served by WireMock.
 */
@ExtendWith(OutputCaptureExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CardPaymentsSystemTest extends TimeSkippingSystemTest {

    static final String VISA = "4111111111111111";
    static final String MASTERCARD = "5555555555554444";
    static final String DECLINED = "4000000000000002";
    static final String NO_FUNDS = "4000000000009995";
    static final String ORIGIN = PayerCards.ORIGIN;
    static final String CARDS = PayerCards.CARDS;
    static final WireMockServer processor = TimeSkippingPlatform.OUTSIDE;

    @Autowired
    ApiClientStore clients;

    /** The same card-processor stubs the local stack's rails simulator serves. */
    @BeforeAll
    static void simulatorCardMappings() throws Exception {
        for (Resource mapping : new PathMatchingResourcePatternResolver()
                .getResources("classpath*:rails-simulator/mappings/card-*.json")) {
            processor.addStubMapping(StubMapping.buildFrom(mapping.getContentAsString(StandardCharsets.UTF_8)));
        }
    }

    @Test
    @Order(1)
    void givenTheFourTestCards_twoShouldBeAuthorised_oneDeclined_andOneShortOfFunds() {
        ResponseEntity<JsonNode> visa = authorise(tokenise(VISA), "12.50", "USD", rid());
        assertThat(visa.getStatusCode().value()).isEqualTo(201);
        assertThat(new ArrayList<>(visa.getBody().propertyNames())).containsExactly("AuthorisationId", "Status",
                "Amount", "Currency", "OrderId", "ProcessorResponse", "Timestamp");
        assertThat(visa.getBody().get("Status").asString()).isEqualTo("AUTHORIZED");
        assertThat(visa.getBody().get("Amount").asString()).isEqualTo("12.50");
        assertThat(visa.getBody().get("ProcessorResponse").get("ResponseCode").asString()).isEqualTo("00");
        assertThat(visa.getBody().get("ProcessorResponse").get("AvsCode").asString()).isEqualTo("Y");
        assertThat(visa.getBody().get("ProcessorResponse").get("CvnCode").asString()).isEqualTo("M");

        assertThat(authorise(tokenise(MASTERCARD), "30", "KES", rid()).getStatusCode().value()).isEqualTo(201);

        ResponseEntity<JsonNode> declined = authorise(tokenise(DECLINED), "10", "USD", rid());
        assertThat(declined.getStatusCode().value()).isEqualTo(402);
        assertThat(new ArrayList<>(declined.getBody().propertyNames()))
                .containsExactly("Status", "ErrorCode", "ErrorMessage", "AuthorisationId");
        assertThat(declined.getBody().get("Status").asString()).isEqualTo("DECLINED");
        assertThat(declined.getBody().get("ErrorCode").asString()).isEqualTo("CARD_DECLINED");

        ResponseEntity<JsonNode> noFunds = authorise(tokenise(NO_FUNDS), "10", "USD", rid());
        assertThat(noFunds.getStatusCode().value()).isEqualTo(402);
        assertThat(noFunds.getBody().get("ErrorCode").asString()).isEqualTo("INSUFFICIENT_FUNDS");
    }

    @Test
    @Order(2)
    void givenAnAuthorisation_capturesRefundsAndTheirLimitsShouldFollowTheStateMachine_andEventsArriveInOrder() {
        String auth = authorise(tokenise(VISA), "100.00", "USD", rid()).getBody().get("AuthorisationId").asString();

        ResponseEntity<JsonNode> first = post("/payment/capture", Map.of("AuthorisationId", auth, "Amount", "60.00", "RequestId", rid()));
        assertThat(first.getStatusCode().value()).isEqualTo(201);
        assertThat(new ArrayList<>(first.getBody().propertyNames()))
                .containsExactlyInAnyOrder("CaptureId", "Status", "Amount", "Currency", "Timestamp");
        assertThat(first.getBody().get("Status").asString()).isEqualTo("CAPTURED");
        String capture = first.getBody().get("CaptureId").asString();

        ResponseEntity<JsonNode> over = post("/payment/capture", Map.of("AuthorisationId", auth, "Amount", "50.00", "RequestId", rid()));
        assertThat(over.getStatusCode().value()).isEqualTo(409);
        assertThat(over.getBody().get("ErrorCode").asString()).isEqualTo("INVALID_STATE");
        assertThat(over.getBody().get("ErrorMessage").asString()).contains("more than the 40.00 USD left");
        assertThat(post("/payment/capture", Map.of("AuthorisationId", auth, "Amount", "40.00", "RequestId", rid()))
                .getStatusCode().value()).isEqualTo(201);

        ResponseEntity<JsonNode> voidAfterCapture = post("/payment/void", Map.of("AuthorisationId", auth, "RequestId", rid()));
        assertThat(voidAfterCapture.getStatusCode().value()).isEqualTo(409);
        assertThat(voidAfterCapture.getBody().get("ErrorMessage").asString()).contains("captured");

        ResponseEntity<JsonNode> tooMuch = post("/payment/refund", Map.of("CaptureId", capture, "Amount", "60.01", "RequestId", rid()));
        assertThat(tooMuch.getStatusCode().value()).isEqualTo(409);
        ResponseEntity<JsonNode> refund = post("/payment/refund", Map.of("CaptureId", capture, "Amount", "25.00", "RequestId", rid()));
        assertThat(refund.getStatusCode().value()).isEqualTo(201);
        assertThat(refund.getBody().get("Status").asString()).isEqualTo("REFUND_INITIATED");
        assertThat(post("/payment/refund", Map.of("CaptureId", capture, "Amount", "35.01", "RequestId", rid()))
                .getStatusCode().value()).isEqualTo(409);
        String refundId = refund.getBody().get("RefundId").asString();

        awaitStatus(refundId, "REFUNDED"); // the processor settles refunds asynchronously
        JsonNode authorisation = transaction(auth);
        assertThat(authorisation.get("Type").asString()).isEqualTo("AUTHORISATION");
        assertThat(authorisation.get("Status").asString()).isEqualTo("CAPTURED");
        assertThat(authorisation.get("CardSummary").get("Network").asString()).isEqualTo("VISA");
        assertThat(authorisation.get("CardSummary").get("LastFour").asString()).isEqualTo("1111");
        List<String> related = new ArrayList<>();
        authorisation.get("RelatedTransactions").forEach(r -> related.add(r.get("Type").asString() + ":" + r.get("Status").asString()));
        assertThat(related).containsExactlyInAnyOrder("CAPTURE:CAPTURED", "CAPTURE:CAPTURED", "REFUND:REFUNDED");
        assertThat(transaction(capture).get("Type").asString()).isEqualTo("CAPTURE");

        assertThat(eventsOf(auth)).containsExactly("payment.authorised", "payment.captured", "payment.captured",
                "payment.refund_initiated");
    }

    @Test
    @Order(3)
    void givenAnUncapturedAuthorisation_aVoidShouldBeIdempotent_andNothingMayFollowIt() {
        String auth = authorise(tokenise(MASTERCARD), "20.00", "EUR", rid()).getBody().get("AuthorisationId").asString();
        String voidRequest = rid();

        ResponseEntity<JsonNode> voided = post("/payment/void", Map.of("AuthorisationId", auth, "RequestId", voidRequest));
        assertThat(voided.getStatusCode().value()).isEqualTo(201);
        assertThat(voided.getBody().get("Status").asString()).isEqualTo("VOIDED");
        ResponseEntity<JsonNode> again = post("/payment/void", Map.of("AuthorisationId", auth, "RequestId", voidRequest));
        assertThat(again.getStatusCode().value()).isEqualTo(201);
        assertThat(again.getBody().get("VoidId").asString()).isEqualTo(voided.getBody().get("VoidId").asString());

        assertThat(post("/payment/void", Map.of("AuthorisationId", auth, "RequestId", rid())).getStatusCode().value()).isEqualTo(409);
        assertThat(post("/payment/capture", Map.of("AuthorisationId", auth, "Amount", "1.00", "RequestId", rid()))
                .getStatusCode().value()).isEqualTo(409);
        assertThat(transaction(auth).get("Status").asString()).isEqualTo("VOIDED");
        assertThat(eventsOf(auth)).containsExactly("payment.authorised", "payment.voided");
    }

    @Test
    @Order(4)
    void givenADeclinedAuthorisation_itMayNotBeCaptured() {
        String auth = authorise(tokenise(DECLINED), "10.00", "USD", rid()).getBody().get("AuthorisationId").asString();

        ResponseEntity<JsonNode> capture = post("/payment/capture", Map.of("AuthorisationId", auth, "Amount", "10.00", "RequestId", rid()));

        assertThat(capture.getStatusCode().value()).isEqualTo(409);
        assertThat(capture.getBody().get("ErrorMessage").asString()).contains("not approved");
        assertThat(eventsOf(auth)).containsExactly("payment.authorisation_failed");
    }

    @Test
    @Order(5)
    void givenTheSameRequestIdTwice_itShouldAuthoriseOnce_andATransientTokenShouldServeOnce() {
        String requestId = rid();
        String transientToken = tokenise(VISA);
        ResponseEntity<JsonNode> first = authorise(transientToken, "5.00", "USD", requestId);
        ResponseEntity<JsonNode> repeated = authorise(tokenise(VISA), "5.00", "USD", requestId);

        assertThat(repeated.getStatusCode().value()).isEqualTo(201);
        assertThat(repeated.getBody().get("AuthorisationId").asString()).isEqualTo(first.getBody().get("AuthorisationId").asString());
        processor.verify(1, postRequestedFor(urlPathEqualTo("/card-processor/payments"))
                .withRequestBody(WireMock.matchingJsonPath("$.reference", WireMock.equalTo(first.getBody().get("AuthorisationId").asString()))));

        ResponseEntity<JsonNode> reused = authorise(transientToken, "5.00", "USD", rid());
        assertThat(reused.getStatusCode().value()).isEqualTo(400);
        assertThat(reused.getBody().get("errors").get(0).get("field").asString()).isEqualTo("Transaction.TransientToken");
    }

    @Test
    @Order(5)
    void givenEightConcurrentRetriesOfOneAuthorisationWithOneTransientToken_eachShouldGetTheSameAnswer() throws Exception {
        String requestId = rid();
        String transientToken = tokenise(VISA);
        Set<String> ids = new HashSet<>();
        for (ResponseEntity<JsonNode> response : eightAtOnce(() -> authorise(transientToken, "7.00", "USD", requestId))) {
            assertThat(response.getStatusCode().value()).as("%s", response.getBody()).isEqualTo(201);
            ids.add(response.getBody().get("AuthorisationId").asString());
        }
        assertThat(ids).hasSize(1);
        processor.verify(1, postRequestedFor(urlPathEqualTo("/card-processor/payments"))
                .withRequestBody(WireMock.matchingJsonPath("$.reference", WireMock.equalTo(ids.iterator().next()))));
    }

    @Test
    @Order(6)
    void givenAnAuthorisationNeitherCapturedNorVoided_itShouldExpireAfterSevenDays() {
        String auth = authorise(tokenise(VISA), "9.99", "USD", rid()).getBody().get("AuthorisationId").asString();

        env.sleep(Duration.ofDays(7).plusMinutes(1));

        assertThat(transaction(auth).get("Status").asString()).isEqualTo("VOIDED");
        assertThat(eventsOf(auth)).containsExactly("payment.authorised", "payment.voided");
        processor.verify(1, postRequestedFor(urlPathEqualTo("/card-processor/payments/proc_pay_" + auth + "/voids")));
    }

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
    @Order(10)
    void givenAProcessorThatTimesOut_theRetryShouldAskByReferenceAndNotAuthoriseTwice() {
        String requestId = rid();
        String auth = "auth_" + UUID.nameUUIDFromBytes(("paywire-sandbox|AUTHORISATION|" + requestId)
                .getBytes(StandardCharsets.UTF_8)).toString().replace("-", "");
        // the first POST answers too late (the read timeout is 3 s) but the processor did authorise
        processor.stubFor(WireMock.post(urlPathEqualTo("/card-processor/payments")).atPriority(1)
                .withRequestBody(WireMock.matchingJsonPath("$.reference", WireMock.equalTo(auth)))
                .inScenario(auth).whenScenarioStateIs(Scenario.STARTED).willSetStateTo("authorised")
                .willReturn(aResponse().withStatus(201).withFixedDelay(4000).withHeader("Content-Type", "application/json")
                        .withBody("{\"id\":\"proc_pay_" + auth + "\",\"status\":\"AUTHORIZED\",\"responseCode\":\"00\"}")));
        processor.stubFor(get(urlPathEqualTo("/card-processor/requests/" + auth)).atPriority(1)
                .inScenario(auth).whenScenarioStateIs("authorised")
                .willReturn(aResponse().withStatus(200).withHeader("Content-Type", "application/json")
                        .withBody("{\"id\":\"proc_pay_" + auth + "\",\"status\":\"AUTHORIZED\",\"responseCode\":\"00\",\"avsCode\":\"Y\",\"cvnCode\":\"M\"}")));

        ResponseEntity<JsonNode> response = authorise(tokenise(VISA), "3.00", "USD", requestId);

        assertThat(response.getStatusCode().value()).isEqualTo(201);
        assertThat(response.getBody().get("AuthorisationId").asString()).isEqualTo(auth);
        processor.verify(1, postRequestedFor(urlPathEqualTo("/card-processor/payments"))
                .withRequestBody(WireMock.matchingJsonPath("$.reference", WireMock.equalTo(auth))));
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
    @Order(12)
    void givenARefundTheProcessorFails_itShouldEndRefundFailed_andItsAmountBeRefundableAgain() {
        String auth = authorise(tokenise(VISA), "40.00", "USD", rid()).getBody().get("AuthorisationId").asString();
        String capture = post("/payment/capture", Map.of("AuthorisationId", auth, "Amount", "40.00", "RequestId", rid()))
                .getBody().get("CaptureId").asString();
        String refundRequest = rid();
        String refundId = "ref_" + UUID.nameUUIDFromBytes(("paywire-sandbox|REFUND|" + refundRequest)
                .getBytes(StandardCharsets.UTF_8)).toString().replace("-", "");
        processor.stubFor(get(urlPathEqualTo("/card-processor/refunds/proc_ref_" + refundId)).atPriority(1)
                .willReturn(aResponse().withStatus(200).withHeader("Content-Type", "application/json")
                        .withBody("{\"status\":\"FAILED\"}")));

        assertThat(post("/payment/refund", Map.of("CaptureId", capture, "Amount", "40.00", "RequestId", refundRequest))
                .getStatusCode().value()).isEqualTo(201);
        awaitStatus(refundId, "REFUND_FAILED");
        assertThat(eventsOf(auth)).containsExactly("payment.authorised", "payment.captured",
                "payment.refund_initiated", "payment.refund_failed");
        assertThat(post("/payment/refund", Map.of("CaptureId", capture, "Amount", "40.00", "RequestId", rid()))
                .getStatusCode().value()).as("the failed refund's amount is refundable again").isEqualTo(201);
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

    @Test
    @Order(14)
    void givenARefundTheProcessorNeverSettles_itShouldBeAskedForADay_andTheWorkflowHistoryStaySmall() throws Exception {
        String auth = authorise(tokenise(VISA), "30.00", "USD", rid()).getBody().get("AuthorisationId").asString();
        String capture = post("/payment/capture", Map.of("AuthorisationId", auth, "Amount", "30.00", "RequestId", rid()))
                .getBody().get("CaptureId").asString();
        String refundRequest = rid();
        String refundId = "ref_" + UUID.nameUUIDFromBytes(("paywire-sandbox|REFUND|" + refundRequest)
                .getBytes(StandardCharsets.UTF_8)).toString().replace("-", "");
        String status = "/card-processor/refunds/proc_ref_" + refundId;
        processor.stubFor(get(urlPathEqualTo(status)).atPriority(1)
                .willReturn(aResponse().withStatus(200).withHeader("Content-Type", "application/json")
                        .withBody("{\"status\":\"PENDING\"}")));

        assertThat(post("/payment/refund", Map.of("CaptureId", capture, "Amount", "30.00", "RequestId", refundRequest))
                .getStatusCode().value()).isEqualTo(201);
        for (int step = 0; step < 56; step++) { // 28 hours in half hours, the worker running in between
            env.sleep(Duration.ofMinutes(30));
            Thread.sleep(100);
        }

        assertThat(transaction(refundId).get("Status").asString()).isEqualTo("REFUND_INITIATED");
        assertThat(processor.countRequestsMatching(getRequestedFor(urlPathEqualTo(status)).build()).getCount())
                .as("settlement checks").isGreaterThan(5);
        // a check a minute on timers for a day would be over 8,000 events (1,440 timers and activities)
        int events = env.getWorkflowClient().fetchHistory(WorkflowIds.cardPayment("paywire-sandbox", auth))
                .getEvents().size();
        assertThat(events).as("events in the workflow's history").isLessThan(200);
    }

    /**
     * Moves test time on in small steps, letting the worker run in real time in between: one long skip would
     * jump past the activities the timers start.
     */
    private void awaitStatus(String transactionId, String expected) {
        for (int step = 0; step < 40 && !expected.equals(transaction(transactionId).get("Status").asString()); step++) {
            env.sleep(Duration.ofSeconds(20));
            try {
                Thread.sleep(150);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        assertThat(transaction(transactionId).get("Status").asString()).isEqualTo(expected);
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
        authorise(tokenise(VISA), "2.00", "USD", rid()); // one more, so this test's own log is searched too
        List<String> numbers = List.of(VISA, MASTERCARD, DECLINED, NO_FUNDS);
        List<Map<String, Object>> columns = jdbc.sql("""
                select table_name, column_name from information_schema.columns
                where table_schema = 'public' and data_type in ('text', 'json', 'jsonb', 'character varying')
                """).query().listOfRows();
        int rows = 0;
        for (Map<String, Object> column : columns) {
            for (String number : numbers) {
                rows += jdbc.sql("select count(*) from \"" + column.get("table_name") + "\" where \""
                        + column.get("column_name") + "\"::text like ?").param("%" + number.substring(0, 12) + "%")
                        .query(Integer.class).single();
            }
        }
        assertThat(columns).as("text columns searched").hasSizeGreaterThan(50);
        assertThat(rows).as("rows holding a card number").isZero();
        assertThat(jdbc.sql("select count(*) from transient_tokens").query(Integer.class).single()).isPositive();
        for (String number : numbers) {
            assertThat(output.getAll()).doesNotContain(number).doesNotContain(number.substring(0, 12));
        }
    }

    private String tokenise(String number) {
        ResponseEntity<JsonNode> response = PayerCards.typeCard(http, json, token, number);
        assertThat(response.getStatusCode().value()).as("%s", response.getBody()).isEqualTo(201);
        assertThat(response.getHeaders().getFirst(HttpHeaders.ACCESS_CONTROL_ALLOW_ORIGIN)).isEqualTo(ORIGIN);
        return response.getBody().get("TransientToken").asString();
    }

    private String lastAuthorisation;

    /** Keeps the last authorisation's history for the replay tests: -Dpaywire.recordHistories=path/to/histories. */
    @AfterEach
    void recordHistoryIfAsked(TestInfo test) throws IOException {
        String target = System.getProperty("paywire.recordHistories");
        if (target != null && lastAuthorisation != null) {
            Files.writeString(Path.of(target).resolve("card-payment-" + test.getTestMethod().orElseThrow().getName()
                    + ".json"), env.getWorkflowClient().fetchHistory(
                    WorkflowIds.cardPayment("paywire-sandbox", lastAuthorisation)).toJson(true));
        }
    }

    private ResponseEntity<JsonNode> authorise(String transientToken, String amount, String currency, String requestId) {
        return authorise(transientToken, amount, currency, requestId, false);
    }

    private ResponseEntity<JsonNode> authorise(String transientToken, String amount, String currency, String requestId,
                                               boolean fraudScreen) {
        ResponseEntity<JsonNode> response = post("/payment/authorise", Map.of("Transaction", Map.of("Amount", amount,
                "Currency", currency, "TransientToken", transientToken, "RequestId", requestId, "FraudScreen", fraudScreen),
                "BillingAddress", Map.of("FirstName", "Jane", "LastName", "Doe", "Country", "US")));
        if (response.getStatusCode().value() == 201 || response.getStatusCode().value() == 402) {
            lastAuthorisation = response.getBody().get("AuthorisationId").asString();
        }
        return response;
    }

    /** The same call by eight clients at the same moment; their answers. */
    private static List<ResponseEntity<JsonNode>> eightAtOnce(Callable<ResponseEntity<JsonNode>> call) throws Exception {
        ExecutorService clients = Executors.newFixedThreadPool(8);
        try {
            CountDownLatch go = new CountDownLatch(1);
            List<Future<ResponseEntity<JsonNode>>> answers = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                answers.add(clients.submit(() -> {
                    go.await();
                    return call.call();
                }));
            }
            go.countDown();
            List<ResponseEntity<JsonNode>> responses = new ArrayList<>();
            for (Future<ResponseEntity<JsonNode>> answer : answers) {
                responses.add(answer.get(30, TimeUnit.SECONDS));
            }
            return responses;
        } finally {
            clients.shutdownNow();
        }
    }

    /** How many fraud screens the card behind this token had. */
    private int screensOf(String transientToken) {
        return jdbc.sql("""
                select count(*) from fraud_screens f join transient_tokens t on t.processor_instrument_id = f.instrument_id
                where t.token = ?
                """).param(transientToken).query(Integer.class).single();
    }

    private JsonNode transaction(String id) {
        ResponseEntity<JsonNode> response = getJson("/transactions/" + id);
        assertThat(response.getStatusCode().value()).isEqualTo(200);
        return response.getBody();
    }

    /** The types of the events of one authorisation, oldest first. */
    private List<String> eventsOf(String authorisationId) {
        List<String> types = new ArrayList<>();
        JsonNode events = getJson("/events?Limit=100").getBody().get("Events");
        for (int i = events.size() - 1; i >= 0; i--) {
            JsonNode event = events.get(i);
            if (event.get("Data").has("AuthorisationId") && event.get("Data").get("AuthorisationId").asString().equals(authorisationId)) {
                types.add(event.get("Type").asString());
            }
        }
        return types;
    }

    private List<String> eventTypes() {
        List<String> types = new ArrayList<>();
        getJson("/events?Limit=100").getBody().get("Events").forEach(e -> types.add(e.get("Type").asString()));
        return types;
    }

    private ResponseEntity<JsonNode> post(String path, Object body) {
        return http.post().uri(CARDS + path).header(HttpHeaders.AUTHORIZATION, "Bearer " + token)
                .contentType(MediaType.APPLICATION_JSON).body(json.writeValueAsString(body)).retrieve().toEntity(JsonNode.class);
    }

    private ResponseEntity<JsonNode> getJson(String path) {
        return http.get().uri(CARDS + path).header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().toEntity(JsonNode.class);
    }

    private static String rid() {
        return "order-" + UUID.randomUUID();
    }

}
