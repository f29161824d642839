package com.paywire.infra.answers;

import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static com.paywire.infra.support.ClientRequests.accepted;
import static com.paywire.infra.support.ClientRequests.await;
import static com.paywire.infra.support.ClientRequests.billPayment;
import static com.paywire.infra.support.ClientRequests.deposit;
import static com.paywire.infra.support.ClientRequests.payout;
import static com.paywire.infra.support.ClientRequests.systemConversationId;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import com.paywire.infra.support.EveryProductSystemTest;
import com.paywire.infra.support.TimeSkippingPlatform;
import com.paywire.workflows.WorkflowIds;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.http.ResponseEntity;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.JsonNode;

/**
 * Money in every JSON a client reads, callbacks and answers alike, is written as plain digits: clients of the live
 * API parse 100 and 100.5, and some choke on 1E+2. Round amounts are the ones that would come out in exponent
 * notation, so every product here is paid a round 100.
 */
class PlainNumbersSystemTest extends EveryProductSystemTest {

    static final String SANDBOX_SHORT_CODE = "174379";

    @Test
    void givenRoundAmountsInEveryProduct_everyCallbackAndAnswerShouldWriteNumbersAsPlainDigits() {
        List<String> answers = new ArrayList<>();
        String depositOcid = UUID.randomUUID().toString();
        ResponseEntity<JsonNode> depositAnswer = api.send(token, "/v1/express-deposit",
                deposit(SANDBOX_SHORT_CODE, depositOcid, "100"));
        answers.add(depositAnswer.getBody().toString());
        api.promptAnswered(systemConversationId(depositAnswer), "0", "The service request is processed successfully.");
        resultOf(WorkflowIds.expressDeposit(SANDBOX, depositOcid), String.class);
        answers.add(api.read(token, "/v1/express-deposit/check-status?OriginatorConversationId=" + depositOcid).toString());

        // a wallet of its own: the outside world's record of payouts is shared by every class in the run
        String payoutOcid = UUID.randomUUID().toString();
        String stan = UUID.randomUUID().toString();
        answers.add(accepted(api.send(token, "/v1/payment-order/new-order",
                payout(payoutOcid, stan, "+254712000919", "100"))).toString());
        api.payoutResult(api.sentPayoutReference("+254712000919"), "0", "Processed");
        resultOf(WorkflowIds.payoutLine(SANDBOX, stan), String.class);
        answers.add(api.read(token, "/v1/payment-order/check-status?IdType=OriginatorConversationId&Id="
                + payoutOcid).toString());

        String airtimeOcid = UUID.randomUUID().toString();
        answers.add(accepted(api.send(token, "/v1/airtime-purchase",
                api.airtime(airtimeOcid, "254712000505", "100"))).toString());
        resultOf(WorkflowIds.airtime(SANDBOX, airtimeOcid), String.class);
        answers.add(api.read(token, "/v1/airtime-purchase/check-status?OriginatorConversationId=" + airtimeOcid)
                .toString());

        String billOcid = UUID.randomUUID().toString();
        answers.add(accepted(api.send(token, "/v1/bill-payments",
                billPayment(billOcid, SANDBOX_SHORT_CODE, "1000"))).toString());
        resultOf(WorkflowIds.billPayment(SANDBOX, billOcid), String.class);
        answers.add(api.read(token, "/v1/bill-payments?OriginatorConversationId=" + billOcid).toString());

        List<String> callbacks = await(() -> receivedCallbacks("/twins/deposit", "/twins/airtime", "/twins/bill"));
        for (String body : callbacks) {
            assertThat(exponentNumbers(body)).as("callback %s", body).isEmpty();
        }
        for (String body : answers) {
            assertThat(exponentNumbers(body)).as("answer %s", body).isEmpty();
        }
        assertThat(callbacks.stream().filter(body -> body.contains("StkCallback")).findFirst().orElseThrow())
                .contains("{\"Name\":\"Amount\",\"Value\":100}");
    }

    /** Every callback body the receivers got, once each of these paths got at least one. */
    private Optional<List<String>> receivedCallbacks(String... paths) {
        for (String path : paths) {
            if (TimeSkippingPlatform.OUTSIDE.findAll(postRequestedFor(urlPathEqualTo(path))).isEmpty()) {
                return Optional.empty();
            }
        }
        return Optional.of(TimeSkippingPlatform.OUTSIDE.findAll(postRequestedFor(urlPathMatching("/twins/.+")))
                .stream().map(LoggedRequest::getBodyAsString).toList());
    }

    /** The numbers in the JSON written with an exponent, as its text spells them (ids in strings do not count). */
    private List<String> exponentNumbers(String body) {
        List<String> found = new ArrayList<>();
        try (JsonParser parser = json.createParser(body)) {
            for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
                if (token.isNumeric() && parser.getString().toLowerCase().contains("e")) {
                    found.add(parser.getString());
                }
            }
        }
        return found;
    }
}
