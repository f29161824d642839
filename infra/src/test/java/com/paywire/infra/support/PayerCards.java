package com.paywire.infra.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.domain.checkout.BillTo;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.client.RestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A payer typing a card on a merchant's page at {@link #ORIGIN}, as the system tests of cards and checkout need it:
 * the merchant's server asks for a capture context, the payer's browser turns the card into a transient token.
 */
public final class PayerCards {

    public static final String ORIGIN = "https://shop.example";
    public static final String CARDS = "/apps/graph/api/v1/cards";
    public static final BillTo JANE = new BillTo("Jane", "Wanjiku", "1 Moi Avenue", "Nairobi", "Nairobi County",
            "00100", "ke", "jane@example.com", "+254712345678");

    private PayerCards() {
    }

    /** The transient-token endpoint's answer to a card typed on the merchant's page (expiry 12/2031, CVV 123). */
    public static ResponseEntity<JsonNode> typeCard(RestClient http, JsonMapper json, String token, String number) {
        String context = http.post().uri(CARDS + "/capture-context").header(HttpHeaders.AUTHORIZATION, "Bearer " + token)
                .contentType(MediaType.APPLICATION_JSON).body(json.writeValueAsString(Map.of("TargetOrigins", List.of(ORIGIN))))
                .retrieve().body(JsonNode.class).get("CaptureContext").asString();
        return http.post().uri(CARDS + "/transient-tokens").header(HttpHeaders.ORIGIN, ORIGIN)
                .contentType(MediaType.APPLICATION_JSON).body(json.writeValueAsString(Map.of("CaptureContext", context,
                        "Number", number, "ExpiryMonth", "12", "ExpiryYear", "2031", "SecurityCode", "123")))
                .retrieve().toEntity(JsonNode.class);
    }

    /** The transient token of a card the endpoint took. */
    public static String tokenise(RestClient http, JsonMapper json, String token, String number) {
        ResponseEntity<JsonNode> response = typeCard(http, json, token, number);
        assertThat(response.getStatusCode().value()).as("%s", response.getBody()).isEqualTo(201);
        return response.getBody().get("TransientToken").asString();
    }
}
