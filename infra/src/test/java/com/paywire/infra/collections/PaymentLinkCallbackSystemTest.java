package com.paywire.infra.collections;

import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.paywire.infra.support.ClientRequests.accepted;
import static com.paywire.infra.support.ClientRequests.await;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import com.paywire.infra.support.EveryProductSystemTest;
import com.paywire.infra.support.LoopbackReceiver;
import com.paywire.infra.support.TimeSkippingPlatform;
import com.paywire.workflows.WorkflowIds;
import java.net.URI;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.util.LinkedMultiValueMap;
import tools.jackson.databind.JsonNode;

/**
 * A payment link with a callBackUrl: the outcome of a payment made on its page is POSTed there, signed, as an
 * express deposit's result naming the link.
 */
class PaymentLinkCallbackSystemTest extends EveryProductSystemTest {

    private static final String RECEIVER = "/link-receiver/paid";

    @BeforeAll
    static void receiveTheCallback() {
        TimeSkippingPlatform.OUTSIDE.stubFor(post(urlPathEqualTo(RECEIVER)).willReturn(okJson("{}")));
    }

    @Test
    void givenALinkWithACallbackUrl_aPaymentOnItsPageShouldBePostedThere_signed_namingTheLink() {
        String callBackUrl = TimeSkippingPlatform.OUTSIDE.baseUrl() + RECEIVER;
        JsonNode link = accepted(api.send(token, "/v1/payment-link/create-payment-link", """
                {"shortCode":"174379","description":"Order 77","isAmountSpecified":true,"amount":77,
                 "callBackUrl":"%s"}""".formatted(callBackUrl)));
        assertThat(link.get("callBackUrl").asString()).isEqualTo(callBackUrl);
        String linkId = link.get("id").asString();

        String depositId = payOnThePage(linkId, "0712000671");
        api.promptAnswered(depositId, "0", "The service request is processed successfully.");
        String ocid = api.read(token, "/v1/payment-link/get-payment-link?Id=" + linkId).get("payments").get(0)
                .get("originatorConversationId").asString();
        resultOf(WorkflowIds.expressDeposit(SANDBOX, ocid), String.class);

        LoggedRequest callback = await(() -> TimeSkippingPlatform.OUTSIDE
                .findAll(postRequestedFor(urlPathEqualTo(RECEIVER))).stream().findFirst());
        JsonNode result = json.readTree(callback.getBodyAsString()).get("Body").get("StkCallback");
        assertThat(result.get("PaymentLinkId").asString()).isEqualTo(linkId);
        assertThat(result.get("SystemConversationId").asString()).isEqualTo(depositId);
        assertThat(result.get("OriginatorConversationId").asString()).isEqualTo(ocid);
        assertThat(result.get("ResultCode").asInt()).isZero();
        assertThat(callback.getBodyAsString()).contains("{\"Name\":\"Amount\",\"Value\":77}")
                .contains("{\"Name\":\"PhoneNumber\",\"Value\":254712000671}");
        String[] signature = callback.getHeader("Paywire-Signature").split(",");
        assertThat(signature[1]).isEqualTo("v1=" + LoopbackReceiver.hmacHex("sandbox-callback-secret",
                signature[0].substring(2) + "." + callback.getBodyAsString()));
    }

    /** The payer's number posted on the link's page; the id of the deposit it started, from its progress page. */
    private String payOnThePage(String linkId, String phone) {
        LinkedMultiValueMap<String, String> form = new LinkedMultiValueMap<>();
        form.add("phoneNumber", phone);
        form.add("amount", "");
        ResponseEntity<String> started = http.post().uri("/pay/" + linkId)
                .contentType(MediaType.APPLICATION_FORM_URLENCODED).body(form).retrieve().toEntity(String.class);
        assertThat(started.getStatusCode().value()).as("%s", started.getBody()).isEqualTo(303);
        String path = URI.create(started.getHeaders().getLocation().toString()).getPath();
        return path.substring(path.lastIndexOf('/') + 1);
    }
}
