package com.paywire.infra.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.infra.support.ClientRequests;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.web.client.RestClient;
import tools.jackson.databind.JsonNode;

/** The timeline operation as a client calls it, and what its tests read in an answer. */
final class Timelines {

    private final RestClient http;

    Timelines(RestClient http) {
        this.http = http;
    }

    /** The payment's timeline, which must be found. */
    JsonNode of(String token, String id) {
        ResponseEntity<JsonNode> response = get(token, id);
        assertThat(response.getStatusCode().value()).as("%s", response.getBody()).isEqualTo(200);
        return response.getBody();
    }

    /**
     * The payment's timeline once a notification of it was delivered: deliveries run beside the workflows, in
     * real time, and may end after them.
     */
    JsonNode delivered(String token, String id) {
        return ClientRequests.await(() -> Optional.of(of(token, id))
                .filter(timeline -> words(timeline, "NOTIFICATION").stream().anyMatch(w -> w.contains("delivered"))));
    }

    int status(String token, String id) {
        return get(token, id).getStatusCode().value();
    }

    private ResponseEntity<JsonNode> get(String token, String id) {
        return http.get().uri("/v1/payments/timeline?id={id}", id).header(HttpHeaders.AUTHORIZATION, "Bearer " + token)
                .retrieve().toEntity(JsonNode.class);
    }

    void deleteWebhook(String token, String webhookId) {
        http.delete().uri("/apps/graph/api/v1/cards/webhooks/" + webhookId)
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().toBodilessEntity();
    }

    /** The words of the steps read from one source (WORKFLOW, LEDGER, NOTIFICATION), in the timeline's order. */
    static List<String> words(JsonNode timeline, String source) {
        List<String> words = new ArrayList<>();
        timeline.get("steps").forEach(step -> {
            if (source.equals(step.get("source").asString())) {
                words.add(step.get("words").asString());
            }
        });
        return words;
    }

    /**
     * The workflow steps whose words begin with these, in this order (others may come between). Only the workflow
     * steps: the time-skipping service's clock runs ahead of the database's, so steps of different sources are
     * in order only where both clocks are one (a real Temporal, the dev service).
     */
    static void assertWorkflowSteps(JsonNode timeline, String... beginnings) {
        List<String> steps = words(timeline, "WORKFLOW");
        int from = 0;
        for (String beginning : beginnings) {
            int found = -1;
            for (int i = from; i < steps.size() && found < 0; i++) {
                if (steps.get(i).startsWith(beginning)) {
                    found = i;
                }
            }
            assertThat(found).as("a step \"%s...\" after step %d of %s", beginning, from, steps).isNotNegative();
            from = found + 1;
        }
    }

    /** The first step whose words begin with these; the test fails when there is none. */
    static JsonNode step(JsonNode timeline, String beginning) {
        JsonNode step = stepOrNull(timeline, beginning);
        assertThat(step).as("a step \"%s...\" in %s", beginning, words(timeline, "WORKFLOW")).isNotNull();
        return step;
    }

    static JsonNode stepOrNull(JsonNode timeline, String beginning) {
        for (JsonNode step : timeline.get("steps")) {
            if (step.get("words").asString().startsWith(beginning)) {
                return step;
            }
        }
        return null;
    }

    /** The timeline as an operator would skim it, one line per step, into the test's output. */
    static void print(JsonNode timeline) {
        StringBuilder out = new StringBuilder(timeline.get("product").asString()).append(' ')
                .append(timeline.get("workflowIds")).append('\n');
        timeline.get("steps").forEach(step -> out.append(String.format("  %s %-12s %-9s a%-4s %-12s %s%s%n",
                step.get("time").asString(), step.get("source").asString(), step.get("outcome").asString(),
                step.get("attempt").isNull() ? "" : step.get("attempt").asString(),
                step.get("duration").isNull() ? "" : step.get("duration").asString(), step.get("words").asString(),
                step.get("failure").isNull() ? "" : " [" + step.get("failure").asString() + "]")));
        System.out.print(out);
    }
}
