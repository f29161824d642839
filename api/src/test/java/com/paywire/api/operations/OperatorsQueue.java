package com.paywire.api.operations;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.web.client.RestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * The operators' queue of unconfirmed payments as its API tests call it, with an operator's token: the list, a
 * resolution, and the resolutions recorded. One test client's entries are picked out of the list, as other tests'
 * payments may be pending too.
 */
record OperatorsQueue(RestClient http, JdbcClient jdbc, String operatorToken, String clientId) {

    static String path(String product, Object id) {
        return "/v1/operations/unconfirmed-payments/" + product + "/" + id + "/resolve";
    }

    ResponseEntity<JsonNode> resolve(String product, Object id, String outcome, String reference) {
        return http.post().uri(path(product, id)).header(HttpHeaders.AUTHORIZATION, "Bearer " + operatorToken)
                .contentType(MediaType.APPLICATION_JSON).body(Map.of("outcome", outcome, "reference", reference))
                .retrieve().toEntity(JsonNode.class);
    }

    JsonNode list() {
        ResponseEntity<JsonNode> answer = http.get().uri("/v1/operations/unconfirmed-payments?PageSize=100")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + operatorToken).retrieve().toEntity(JsonNode.class);
        assertThat(answer.getStatusCode().value()).isEqualTo(200);
        return answer.getBody();
    }

    /** The test client's entries of the list now. */
    JsonNode mine() {
        return mine(list());
    }

    /** The test client's entries of a list. */
    JsonNode mine(JsonNode list) {
        ArrayNode mine = JsonNodeFactory.instance.arrayNode();
        list.get("payments").forEach(p -> {
            if (clientId.equals(p.get("clientId").asString())) {
                mine.add(p);
            }
        });
        return mine;
    }

    /** "outcome reference resolvedBy" of each resolution recorded for the payment. */
    List<String> resolutions(Object paymentId) {
        return jdbc.sql("select outcome || ' ' || reference || ' ' || resolved_by from unconfirmed_payment_resolutions"
                + " where payment_id = ?").param(paymentId.toString()).query(String.class).list();
    }
}
