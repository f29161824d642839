package com.paywire.infra.cards;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.client.WireMock;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import com.paywire.workflows.WorkflowIds;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
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
 * Card payments end to end with time skipping: the real API, CardPaymentWorkflow with its real activities, and the
 * rails simulator's own card-processor mappings (see {@link CardSystemTestBase}). An authorisation through its
 * life: captured, refunded and voided within their limits, expired when left alone, once however often it is
 * retried, and a processor that times out, fails a refund or never settles one; and, after them all, no card
 * number kept in the database or written to the logs.
 */
@ExtendWith(OutputCaptureExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CardPaymentsSystemTest extends CardSystemTestBase {

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
    void givenTheSameRequestIdWithAnotherAmountAndCurrency_itShouldBeRefused409NamingThem() {
        String requestId = rid();
        String first = authorise(tokenise(VISA), "5.00", "USD", requestId).getBody().get("AuthorisationId").asString();

        ResponseEntity<JsonNode> other = authorise(tokenise(VISA), "6.00", "EUR", requestId);

        assertThat(other.getStatusCode().value()).as("%s", other.getBody()).isEqualTo(409);
        assertThat(other.getBody().get("ErrorCode").asString()).isEqualTo("REQUEST_ID_REUSED");
        assertThat(other.getBody().get("ErrorMessage").asString()).contains("different Amount, Currency:");
        assertThat(other.getBody().get("AuthorisationId").asString()).isEqualTo(first);
        ResponseEntity<JsonNode> same = authorise(tokenise(VISA), "5.0", "USD", requestId); // 5.0 is 5.00
        assertThat(same.getStatusCode().value()).as("%s", same.getBody()).isEqualTo(201);
        assertThat(same.getBody().get("AuthorisationId").asString()).isEqualTo(first);
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

    @Test
    @Order(99)
    void afterAllTheseTests_noCardNumberShouldBeInTheDatabase_norInTheLogs(CapturedOutput output) {
        assertNoCardNumberKept(output);
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
}
