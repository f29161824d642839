package com.paywire.infra.answers;

import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static com.paywire.infra.support.ClientRequests.accepted;
import static com.paywire.infra.support.ClientRequests.accountValidation;
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
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;

/**
 * Every API field that takes a Kenyan mobile number takes it as +2547…, 2547… and 07…, and hands the rail the one
 * form it took before; a number that is none of these is refused naming the three. Each case has numbers of its
 * own (07120006…): the rails' record of requests and the prompt caps are shared by every class in the run.
 */
class KenyanMobileFormsSystemTest extends EveryProductSystemTest {

    private static final String SANDBOX_SHORT_CODE = "174379";
    private static final String FORMS = "+254712345678, 254712345678 or 0712345678";

    /** The callbacks of these requests go to receivers of their own: other classes read every /twins/ callback. */
    private static final String OWN_RECEIVERS = "/mobile-forms/";

    @BeforeAll
    static void receiveTheCallbacks() {
        TimeSkippingPlatform.OUTSIDE.stubFor(post(urlPathMatching(OWN_RECEIVERS + ".+")).willReturn(okJson("{}")));
    }

    /** The form, as a format of the eight digits after 2547, and a digit that keeps each form's number its own. */
    static Stream<Arguments> forms() {
        return Stream.of(Arguments.of("+2547%s", 1), Arguments.of("2547%s", 2), Arguments.of("07%s", 3));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("forms")
    void givenAWalletInAnyForm_thePayoutRailShouldBeSentItWithAPlus_andTheRecordEchoItAsSent(String written,
                                                                                            int form) {
        String digits = "1200061" + form; // one wallet per form
        String wallet = written.formatted(digits);
        String ocid = UUID.randomUUID().toString();
        String stan = UUID.randomUUID().toString();

        accepted(api.send(token, "/v1/payment-order/new-order", payout(ocid, stan, wallet, "120")));

        api.payoutResult(api.sentPayoutReference("+2547" + digits), "0", "Processed");
        resultOf(WorkflowIds.payoutLine(SANDBOX, stan), String.class);
        JsonNode record = api.read(token, "/v1/payment-order/check-status?IdType=OriginatorConversationId&Id=" + ocid);
        assertThat(record.get("orderLines").get(0).get("recipient").get("primaryAccountNumber").asString())
                .isEqualTo(wallet);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("forms")
    void givenAPhoneInAnyForm_theExpressDepositShouldPromptIt_aLocalOneAs254(String written, int form) {
        String digits = "1200062" + form;
        String phone = written.formatted(digits);
        String prompted = phone.startsWith("0") ? "2547" + digits : phone; // an international form goes as sent
        String ocid = UUID.randomUUID().toString();

        ResponseEntity<JsonNode> answer = api.send(token, "/v1/express-deposit",
                ownReceivers(deposit(SANDBOX_SHORT_CODE, ocid, "130").replace("254712000404", phone)));
        accepted(answer);

        String depositId = systemConversationId(answer);
        assertThat(json.readTree(sentTo("/mobile-money/stk-push", "reference", depositId).getBodyAsString())
                .get("msisdn").asString()).isEqualTo(prompted);
        api.promptAnswered(depositId, "0", "The service request is processed successfully.");
        resultOf(WorkflowIds.expressDeposit(SANDBOX, ocid), String.class);
        assertThat(api.read(token, "/v1/express-deposit/check-status?OriginatorConversationId=" + ocid)
                .get("phoneNumber").asString()).isEqualTo(prompted);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("forms")
    void givenARecipientInAnyForm_theAirtimeShouldTopUpItAs254(String written, int form) {
        String digits = "1200063" + form;
        String ocid = UUID.randomUUID().toString();

        accepted(api.send(token, "/v1/airtime-purchase",
                ownReceivers(api.airtime(ocid, written.formatted(digits), "60"))));

        resultOf(WorkflowIds.airtime(SANDBOX, ocid), String.class);
        sentTo("/airtime/topups", "phoneNumber", "2547" + digits);
        assertThat(api.read(token, "/v1/airtime-purchase/check-status?OriginatorConversationId=" + ocid)
                .get("recipients").get(0).get("phoneNumber").asString()).isEqualTo("2547" + digits);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("forms")
    void givenAWalletInAnyForm_theAccountValidationShouldLookItUpAs254(String written, int form) {
        String digits = "1200064" + form;
        String stan = UUID.randomUUID().toString();

        accepted(api.send(token, "/v1/account/validate",
                ownReceivers(accountValidation(stan, written.formatted(digits)))));

        resultOf(WorkflowIds.accountValidation(SANDBOX, stan), String.class);
        sentTo("/mobile-money/accounts/lookup", "accountNumber", "2547" + digits);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("forms")
    void givenAPayerInAnyForm_theBillPaymentShouldKeepItAs254(String written, int form) {
        String digits = "1200065" + form;
        String ocid = UUID.randomUUID().toString();

        accepted(api.send(token, "/v1/bill-payments", ownReceivers(billPayment(ocid, SANDBOX_SHORT_CODE, "1000")
                .replace("254712345678", written.formatted(digits)))));

        resultOf(WorkflowIds.billPayment(SANDBOX, ocid), String.class);
        assertThat(api.read(token, "/v1/bill-payments?OriginatorConversationId=" + ocid).get("msisdn").asString())
                .isEqualTo("2547" + digits);
    }

    @Test
    void givenANumberOfNoKenyanMobileForm_everyEntryPointShouldRefuseIt_namingTheThreeForms() {
        String bad = "0812000660";
        assertRefused(api.send(token, "/v1/payment-order/new-order",
                payout(UUID.randomUUID().toString(), UUID.randomUUID().toString(), bad, "120")));
        assertRefused(api.send(token, "/v1/express-deposit", deposit(SANDBOX_SHORT_CODE,
                UUID.randomUUID().toString(), "130").replace("254712000404", bad)));
        assertRefused(api.send(token, "/v1/airtime-purchase", api.airtime(UUID.randomUUID().toString(), bad, "60")));
        assertRefused(api.send(token, "/v1/account/validate", accountValidation(UUID.randomUUID().toString(), bad)));
        assertRefused(api.send(token, "/v1/bill-payments", billPayment(UUID.randomUUID().toString(),
                SANDBOX_SHORT_CODE, "1000").replace("254712345678", bad)));
    }

    private static String ownReceivers(String body) {
        return body.replace("/twins/", OWN_RECEIVERS);
    }

    private static void assertRefused(ResponseEntity<JsonNode> answer) {
        assertThat(answer.getStatusCode().value()).as("%s", answer.getBody()).isEqualTo(400);
        assertThat(answer.getBody().toString()).contains(FORMS).doesNotContain("Exception");
    }

    /** The request the rail at this path got whose field has this value. */
    private LoggedRequest sentTo(String path, String field, String value) {
        return await(() -> TimeSkippingPlatform.OUTSIDE.findAll(postRequestedFor(urlPathEqualTo(path))).stream()
                .filter(r -> Optional.ofNullable(json.readTree(r.getBodyAsString()).get(field))
                        .map(JsonNode::asString).filter(value::equals).isPresent())
                .findFirst());
    }
}
