package com.paywire.infra.timeline;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import com.paywire.domain.checkout.HostedCheckout;
import com.paywire.domain.clients.ClientSecretHasher;
import com.paywire.infra.support.ClientRequests;
import com.paywire.infra.support.SimulatorMappings;
import com.paywire.infra.support.TimeSkippingPlatform;
import com.paywire.infra.support.TimeSkippingSystemTest;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.vocabulary.checkout.CheckoutStatus;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.rules.money.Leg;
import com.paywire.workflows.WorkflowIds;
import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/**
 * A payment's timeline end to end, one test per product on one shared platform: the API takes the payment, the
 * workflows run on the time-skipping service, and {@code GET /v1/payments/timeline} tells its steps by any of its
 * ids, with its ledger lines and its deliveries.
 */
class PaymentTimelineSystemTest extends TimeSkippingSystemTest {

    static final WireMockServer outside = TimeSkippingPlatform.OUTSIDE;
    static final String SANDBOX = "paywire-sandbox";
    static final String RECEIVER = "/timeline-receiver/";

    @Autowired
    ApiClientStore clients;
    @Autowired
    Ledger ledger;
    @Autowired
    HostedCheckout checkout;

    TimelinePayments payments;
    Timelines timelines;

    @BeforeAll
    static void outsideWorld() {
        outside.stubFor(post(urlPathEqualTo("/mobile-money/b2c/payments")).willReturn(aResponse().withStatus(202)
                .withHeader("Content-Type", "application/json")
                .withBody("{\"transactionId\":\"MM-7\",\"responseCode\":\"0\",\"responseDescription\":\"Accepted\"}")));
        outside.stubFor(get(urlPathMatching("/mobile-money/b2c/payments/.+"))
                .willReturn(okJson("{\"status\":\"PENDING\"}")));
        outside.stubFor(post(urlPathEqualTo("/mobile-money/stk-push")).willReturn(okJson("""
                {"merchantRequestId":"MR-9","checkoutRequestId":"ws_CO_9","responseCode":"0",
                 "responseDescription":"Success. Request accepted for processing"}""")));
        outside.stubFor(get(urlPathMatching("/mobile-money/stk-push/.+")).willReturn(okJson("{\"status\":\"PENDING\"}")));
        outside.stubFor(post(urlPathMatching(RECEIVER + ".+")).willReturn(okJson("{}")));
        SimulatorMappings.load(outside, "card-");
        SimulatorMappings.load(outside, "identity-registry-");
        SimulatorMappings.load(outside, "airtime-");
        SimulatorMappings.load(outside, "biller-");
    }

    @BeforeEach
    void drivers() {
        payments = new TimelinePayments(http, json, jdbc, outside, token);
        timelines = new Timelines(http);
    }

    @Test
    void givenAPayoutTheRailPaid_itsTimelineShouldTellItsStepsInOrder_itsHoldAndPosting_byEitherId() {
        List<String> ids = payments.payout(token, "+254712000311", "1000");
        payments.payoutAnswered("+254712000311", "0", "Processed");
        resultOf(WorkflowIds.payoutLine(SANDBOX, ids.get(1)), String.class);

        JsonNode timeline = timelines.of(token, ids.get(0));
        Timelines.print(timeline);

        assertThat(timeline.get("product").asString()).isEqualTo("payment-order");
        assertThat(timeline.get("workflowIds").get(0).asString()).isEqualTo(WorkflowIds.payoutLine(SANDBOX, ids.get(1)));
        Timelines.assertWorkflowSteps(timeline, "started the payout line: Payout of 1000",
                "checked the working account for the amount and fee, and claimed the line for sending: reserved",
                "sent the payout to the rail: accepted", "rail called back: paid (0: Success)",
                "closed the line and published its outcome to the client: completed",
                "the workflow finished: completed");
        assertThat(Timelines.words(timeline, "LEDGER")).containsExactly(
                "held 1,010.00 KES on the working account (1,000.00 KES for the rail, 10.00 KES fee)",
                "posted 1,000.00 KES to the rail, 10.00 KES fee");
        JsonNode sent = Timelines.step(timeline, "sent the payout to the rail");
        assertThat(sent.get("attempt").asInt()).isEqualTo(1);
        assertThat(timeline.get("steps")).as("a client is not told where its steps are in Temporal")
                .allSatisfy(step -> assertThat(step.get("operator").isNull()).isTrue());
        JsonNode seen = Timelines.step(timelines.of(TimeSkippingPlatform.operatorToken(http), ids.get(0)),
                "sent the payout to the rail");
        assertThat(seen.get("operator").get("name").asString()).isEqualTo("SendPayout");
        assertThat(seen.get("operator").get("eventIds")).hasSize(3);
        assertThat(timelines.of(token, ids.get(1)).get("product").asString()).as("by the line's stan")
                .isEqualTo("payout-line");
    }

    @Test
    void givenARailThatAnswers503_theTimelineShouldShowTheRetryWhileItWaits_andTheAttemptItSucceededOn() {
        String wallet = "+254712000312";
        StubMapping away = outside.stubFor(post(urlPathEqualTo("/mobile-money/b2c/payments")).atPriority(1)
                .withRequestBody(matchingJsonPath("$.msisdn", equalTo(wallet))).willReturn(aResponse().withStatus(503)));
        List<String> ids = payments.payout(token, wallet, "500");

        JsonNode retrying = ClientRequests.await(() -> Optional.ofNullable(
                Timelines.stepOrNull(timelines.of(token, ids.get(1)), "sent the payout to the rail"))
                .filter(step -> "RETRYING".equals(step.get("outcome").asString())));
        Timelines.print(timelines.of(token, ids.get(1)));
        assertThat(retrying.get("failure").asString()).startsWith("rail answered 503, retrying in ");
        assertThat(retrying.get("attempt").asInt()).isGreaterThan(1);

        outside.removeStub(away);
        payments.payoutAnswered(wallet, "0", "Processed");
        resultOf(WorkflowIds.payoutLine(SANDBOX, ids.get(1)), String.class);
        JsonNode sent = Timelines.step(timelines.of(token, ids.get(1)), "sent the payout to the rail");
        Timelines.print(timelines.of(token, ids.get(1)));
        assertThat(sent.get("outcome").asString()).isEqualTo("COMPLETED");
        assertThat(sent.get("attempt").asInt()).isGreaterThanOrEqualTo(retrying.get("attempt").asInt());
        assertThat(sent.get("failure").asString()).startsWith("attempt");
    }

    @Test
    void givenAPayoutWebhookThatFailsOnce_theTimelineShouldShowTheRetryAndTheDelivery() {
        String path = "/timeline-hooks/" + UUID.randomUUID();
        outside.stubFor(post(urlPathEqualTo(path)).inScenario(path).whenScenarioStateIs(Scenario.STARTED)
                .willReturn(aResponse().withStatus(500)).willSetStateTo("up"));
        outside.stubFor(post(urlPathEqualTo(path)).inScenario(path).whenScenarioStateIs("up")
                .willReturn(aResponse().withStatus(204)));
        String webhook = payments.webhook(path, "payout.completed");
        try {
            List<String> ids = payments.payout(token, "+254712000313", "200");
            payments.payoutAnswered("+254712000313", "0", "Processed");
            resultOf(WorkflowIds.payoutLine(SANDBOX, ids.get(1)), String.class);
            String delivery = jdbc.sql("""
                    select d.id::text from deliveries d join events e on e.id = d.event_id
                    join payment_orders o on e.ordering_key = 'payment-order:' || o.id
                    where o.originator_conversation_id = ? and d.webhook_id = ?::uuid""")
                    .params(ids.get(0), webhook).query(String.class).single();
            resultOf(WorkflowIds.delivery(SANDBOX, delivery), Object.class);

            JsonNode timeline = timelines.of(token, ids.get(0));
            Timelines.print(timeline);
            assertThat(Timelines.words(timeline, "NOTIFICATION")).containsExactly(
                    "webhook endpoint answered 500, retrying in 30 s", "webhook delivered (attempt 2)");
            JsonNode delivered = Timelines.step(timelines.of(TimeSkippingPlatform.operatorToken(http), ids.get(0)),
                    "webhook delivered");
            assertThat(delivered.get("operator").get("name").asString()).isEqualTo("payout.completed");
            assertThat(delivered.get("operator").get("workflowId").asString())
                    .isEqualTo(WorkflowIds.delivery(SANDBOX, delivery));
        } finally {
            timelines.deleteWebhook(token, webhook);
        }
    }

    @Test
    void givenAnExpressDeposit_itsTimelineShouldShowThePromptTheCallbackTheCreditAndTheCallbackDelivered() {
        List<String> ids = payments.deposit("254712000321", "75", RECEIVER + "deposit");
        payments.promptAnswered(ids.get(1), "0", "The service request is processed successfully.");
        resultOf(WorkflowIds.expressDeposit(SANDBOX, ids.get(0)), String.class);

        JsonNode timeline = timelines.delivered(token, ids.get(0));
        Timelines.print(timeline);
        Timelines.assertWorkflowSteps(timeline, "started the express deposit",
                "held the deposit's credit on the rail's settlement until the rail answers",
                "sent the payment prompt to the payer's phone: accepted", "closed the deposit: paid",
                "the workflow finished");
        // the payer's answer may reach the workflow before it records that the rail took the prompt
        assertThat(Timelines.words(timeline, "WORKFLOW"))
                .anyMatch(step -> step.startsWith("recorded that the rail sent the prompt"))
                .anyMatch(step -> step.startsWith("rail called back: paid (0: "));
        assertThat(Timelines.words(timeline, "LEDGER")).containsExactly(
                "held 75.00 KES on the rail's settlement account (75.00 KES for the utility account)",
                "posted 75.00 KES to the utility account");
        assertThat(Timelines.words(timeline, "NOTIFICATION")).contains("callback delivered (attempt 1)");
        assertThat(timeline.toString()).as("the payer's phone").doesNotContain("254712000321");
    }

    @Test
    void givenACheckoutPaidByPhone_itsTimelineShouldFollowItsChildDeposit_andShowTheCreditLessFee() {
        List<String> ids = payments.checkout("1200.00", RECEIVER + "checkout");
        payments.payCheckoutByPhone(checkout, ids.get(1), "0712 000 331");
        assertThat(resultOf(WorkflowIds.checkout(SANDBOX, ids.get(0)), CheckoutStatus.class))
                .isEqualTo(CheckoutStatus.COMPLETED);

        JsonNode timeline = timelines.delivered(token, ids.get(1));
        Timelines.print(timeline);
        assertThat(timeline.get("product").asString()).isEqualTo("checkout");
        assertThat(timeline.get("workflowIds")).hasSize(2);
        Timelines.assertWorkflowSteps(timeline, "started the checkout order", "the payer chose to pay by phone",
                "started the express deposit as a child", "sent the payment prompt", "rail called back: paid");
        assertThat(Timelines.words(timeline, "LEDGER")).as("held while the prompt was out, then the order's").containsExactly(
                "held 1,200.00 KES on the rail's settlement account (1,200.00 KES for the account of checkout payments"
                        + " waiting for their order)",
                "posted 1,200.00 KES to the account of checkout payments waiting for their order",
                "credited 1,182.00 KES to the utility account, 18.00 KES fee");
        assertThat(Timelines.words(timeline, "NOTIFICATION")).contains("callback delivered (attempt 1)");
        assertThat(timeline.toString()).doesNotContain("712000331").doesNotContain("Otieno");
    }

    @Test
    void givenACardPaymentCapturedAndRefunded_itsTimelineShouldShowTheUpdatesAndTheLedger_byAnyOfItsIds() {
        List<String> ids = payments.cardPaymentCapturedAndRefunded("100.00", "100.00", "40.00");

        JsonNode timeline = timelines.of(token, ids.get(0));
        Timelines.print(timeline);
        assertThat(timeline.get("product").asString()).isEqualTo("card-payment");
        assertThat(timeline.get("paywireId").asString()).isEqualTo(ids.get(1));
        Timelines.assertWorkflowSteps(timeline, "started the card payment", "asked the card processor to authorise",
                "the client asked to capture", "the client asked to refund");
        assertThat(Timelines.words(timeline, "LEDGER")).as("the capture's credit and the refund, each held then posted")
                .containsExactly(
                        "held 100.00 KES on the rail's settlement account (97.50 KES for the utility account, 2.50 KES fee)",
                        "posted 97.50 KES to the utility account, 2.50 KES fee",
                        "held 39.00 KES on the utility account", "held 1.00 KES on the fee revenue",
                        "posted 39.00 KES to the rail", "posted 1.00 KES to the rail");
        for (String id : ids.subList(1, 3)) {
            assertThat(timelines.of(token, id).get("paywireId").asString()).isEqualTo(ids.get(1));
        }
        assertThat(timeline.toString()).doesNotContain("4111111111111111").doesNotContain("411111");
    }

    @Test
    void givenAKycRequest_itsTimelineShouldShowTheRegistryAndTheRetention_withoutItsPersonalData() {
        String stan = payments.kyc("10000001", RECEIVER + "kyc");

        JsonNode timeline = timelines.delivered(token, stan);
        Timelines.print(timeline);
        Timelines.assertWorkflowSteps(timeline, "started the KYC request", "asked the national identity registry",
                "recorded the verdict and called the client back", "waits at most 30 d");
        assertThat(Timelines.words(timeline, "NOTIFICATION")).contains("callback delivered (attempt 1)");
        assertThat(timeline.toString()).doesNotContain("10000001").doesNotContain("Mwangi").doesNotContain("John");
    }

    @Test
    void givenAnAirtimePurchase_itsTimelineShouldShowTheTopUpItsHoldAndPosting() {
        String ocid = payments.airtime("254712000341", "100", RECEIVER + "airtime");
        resultOf(WorkflowIds.airtime(SANDBOX, ocid), String.class);

        JsonNode timeline = timelines.delivered(token, ocid);
        Timelines.print(timeline);
        Timelines.assertWorkflowSteps(timeline, "started the airtime purchase", "held the top-up's amount and fee",
                "asked the network to top up the number", "closed the top-up", "recorded the purchase's outcome");
        assertThat(Timelines.words(timeline, "LEDGER")).containsExactly(
                "held 100.00 KES on the working account", "posted 100.00 KES to the rail");
        assertThat(timeline.toString()).doesNotContain("712000341");
    }

    @Test
    void givenABillPayment_itsTimelineShouldShowTheBillerItsHoldAndPosting() {
        String ocid = payments.billPayment("1500", RECEIVER + "bill");
        resultOf(WorkflowIds.billPayment(SANDBOX, ocid), String.class);

        JsonNode timeline = timelines.delivered(token, ocid);
        Timelines.print(timeline);
        Timelines.assertWorkflowSteps(timeline, "started the bill payment", "asked the biller about the account",
                "held the amount and fee", "asked the biller to take the payment", "closed the payment");
        assertThat(Timelines.words(timeline, "LEDGER")).containsExactly(
                "held 1,530.00 KES on the working account (1,500.00 KES for the rail, 30.00 KES fee)",
                "posted 1,500.00 KES to the rail, 30.00 KES fee");
        assertThat(Timelines.words(timeline, "NOTIFICATION")).contains("callback delivered (attempt 1)");
    }

    @Test
    void givenAPaybillDeposit_itsTimelineShouldShowItsCreditLessFee_byItsReceiptOrReference_toItsClientAlone() {
        String receipt = payments.paybillDeposit("PWTL-C2B", "150.00", "254712000361");
        String suspended = payments.paybillDeposit("XXTL-C2B", "80.00", "254712000362");
        assertThat(resultOf(WorkflowIds.paybillDeposit(receipt), String.class)).isEqualTo("CREDITED");
        assertThat(resultOf(WorkflowIds.paybillDeposit(suspended), String.class)).isEqualTo("SUSPENDED");

        JsonNode timeline = timelines.of(token, receipt);
        Timelines.print(timeline);
        assertThat(timeline.get("product").asString()).isEqualTo("paybill-deposit");
        assertThat(timeline.get("clientReference").asString()).isEqualTo("TL-C2B");
        assertThat(timeline.get("workflowIds").get(0).asString()).isEqualTo(WorkflowIds.paybillDeposit(receipt));
        Timelines.assertWorkflowSteps(timeline, "started the paybill deposit",
                "credited the paybill deposit, or held it in suspense", "told the client of the paybill deposit");
        assertThat(Timelines.words(timeline, "LEDGER")).containsExactly(
                "credited 149.17 KES to the utility account, 0.83 KES fee");
        assertThat(timeline.toString()).as("the payer's phone").doesNotContain("712000361");
        assertThat(timelines.of(token, "TL-C2B").get("paywireId").asString()).as("by the client's reference")
                .isEqualTo(timeline.get("paywireId").asString());

        clients.registerWithAllRoutes(new ApiClient("timeline-c2b-other", "Other", ClientSecretHasher.hash("other"),
                Set.of("collections")));
        assertThat(timelines.status(TimeSkippingPlatform.token(http, "timeline-c2b-other", "other"), receipt))
                .as("another client's deposit").isEqualTo(404);
        assertThat(timelines.status(token, suspended)).as("a deposit in suspense").isEqualTo(404);
        assertThat(timelines.status(TimeSkippingPlatform.operatorToken(http), suspended))
                .as("a deposit in suspense is no client's, not even for operators").isEqualTo(404);
    }

    @Test
    void givenAnotherClientsId_itShouldAnswer404_butAnOperationsTokenShouldSeeIt() {
        clients.registerWithAllRoutes(new ApiClient("timeline-other", "Other", ClientSecretHasher.hash("other-secret"),
                Set.of("payouts")));
        ledger.transfer("timeline-other-float", new Leg(LedgerAccounts.FUNDING,
                LedgerAccounts.working("timeline-other"), new BigDecimal("5000.00")), "float");
        String other = TimeSkippingPlatform.token(http, "timeline-other", "other-secret");
        List<String> theirs = payments.payout(other, "+254712000351", "100");
        List<String> mine = payments.payout(token, "+254712000352", "100");

        assertThat(timelines.status(other, mine.get(0))).isEqualTo(404);
        assertThat(timelines.status(other, mine.get(1))).isEqualTo(404);
        assertThat(timelines.of(other, theirs.get(0)).get("clientId").asString()).isEqualTo("timeline-other");
        String operations = TimeSkippingPlatform.operatorToken(http);
        JsonNode seen = timelines.of(operations, theirs.get(1));
        assertThat(seen.get("clientId").asString()).isEqualTo("timeline-other");
        assertThat(seen.get("product").asString()).isEqualTo("payout-line");
        String billsOnly = TimeSkippingPlatform.token(http, SANDBOX, "sandbox-secret", "bills");
        assertThat(timelines.status(billsOnly, mine.get(0))).as("a payout needs the payouts scope").isEqualTo(403);
    }
}
