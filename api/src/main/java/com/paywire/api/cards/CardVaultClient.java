package com.paywire.api.cards;

import com.paywire.api.errors.ReasonException;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The processor's card vault: the one place a card number goes. Called from the tokenisation endpoint only,
 * synchronously (a workflow would keep the number in Temporal's history). Nothing here logs the request.
 * Protocol: {@code POST /card-processor/instruments {number, expiryMonth, expiryYear, securityCode}} →
 * 201 {@code {instrumentId}}.
 */
@Component
class CardVaultClient {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private final URI instruments;
    private final JsonMapper json;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();

    CardVaultClient(@Value("${paywire.cards.processor-base-url}") String processorBaseUrl, JsonMapper json) {
        this.instruments = URI.create(processorBaseUrl + "/card-processor/instruments");
        this.json = json;
    }

    String vault(String number, String expiryMonth, String expiryYear, String securityCode) {
        String body = json.writeValueAsString(Map.of("number", number, "expiryMonth", expiryMonth,
                "expiryYear", expiryYear, "securityCode", securityCode));
        try {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(instruments).timeout(TIMEOUT)
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body))
                    .build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() / 100 != 2) {
                throw unavailable();
            }
            JsonNode answer = json.readTree(response.body());
            return answer.get("instrumentId").asString();
        } catch (IOException | RuntimeException e) {
            if (e instanceof ReasonException reason) {
                throw reason;
            }
            throw unavailable();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw unavailable();
        }
    }

    private static ReasonException unavailable() {
        return new ReasonException(HttpStatus.SERVICE_UNAVAILABLE, "The card vault is not available; try again");
    }
}
