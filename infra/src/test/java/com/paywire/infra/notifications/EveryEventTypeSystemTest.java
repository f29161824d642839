package com.paywire.infra.notifications;

import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.paywire.infra.support.ClientRequests.accepted;
import static com.paywire.infra.support.ClientRequests.deposit;
import static com.paywire.infra.support.ClientRequests.systemConversationId;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.domain.notifications.WebhookEvents;
import com.paywire.infra.support.EveryProductSystemTest;
import com.paywire.infra.support.TimeSkippingPlatform;
import com.paywire.vocabulary.notifications.EventType;
import com.paywire.workflows.WorkflowIds;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A product's result callback is an event type like any other: an endpoint subscribes to it by name or with
 * {@code *}, and then receives the event besides the request's callback URL.
 */
class EveryEventTypeSystemTest extends EveryProductSystemTest {

    @Test
    void givenEndpointsSubscribedByNameAndByStar_anExpressDepositResultShouldReachBoth() {
        for (String path : new String[] {"/by-name-webhook", "/every-event-webhook"}) {
            TimeSkippingPlatform.OUTSIDE.stubFor(post(urlPathEqualTo(path)).willReturn(okJson("{}")));
        }
        register("/by-name-webhook", EventType.EXPRESS_DEPOSIT_RESULT.wireName());
        register("/every-event-webhook", WebhookEvents.EVERY);

        String ocid = UUID.randomUUID().toString();
        String depositId = systemConversationId(api.send(token, "/v1/express-deposit", deposit("174379", ocid, "100")));
        api.promptAnswered(depositId, "0", "The service request is processed successfully.");
        resultOf(WorkflowIds.expressDeposit(SANDBOX, ocid), String.class);

        for (String path : new String[] {"/by-name-webhook", "/every-event-webhook"}) {
            JsonNode event = json.readTree(TimeSkippingPlatform.awaitPostTo(path).getBodyAsString());
            assertThat(event.get("Type").asString()).as(path).isEqualTo("express_deposit.result");
        }
        assertThat(jdbc.sql("select distinct type from events").query(String.class).list())
                .allMatch(WebhookEvents::subscribable);
    }

    @Test
    void givenAnEventNameNoTypeHas_theRegistrationShouldBeRefusedNamingIt() {
        var refused = api.send(token, "/apps/graph/api/v1/cards/webhooks", """
                {"Url":"%s/refused","Events":["*","deposit.result"],"SigningSecret":"whsec_every_0123456789abcdef"}"""
                .formatted(TimeSkippingPlatform.OUTSIDE.baseUrl()));

        assertThat(refused.getStatusCode().value()).isEqualTo(400);
        assertThat(refused.getBody().toString()).contains("Events[1]").doesNotContain("Events[0]");
    }

    private void register(String path, String event) {
        accepted(api.send(token, "/apps/graph/api/v1/cards/webhooks", """
                {"Url":"%s%s","Events":["%s"],"SigningSecret":"whsec_every_0123456789abcdef"}"""
                .formatted(TimeSkippingPlatform.OUTSIDE.baseUrl(), path, event)), 201);
    }
}
