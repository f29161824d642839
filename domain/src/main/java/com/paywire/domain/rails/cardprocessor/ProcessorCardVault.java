package com.paywire.domain.rails.cardprocessor;

import com.paywire.domain.UnavailableException;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * The processor's vault over HTTP ({@code POST /card-processor/instruments}). Called synchronously from the
 * tokenisation endpoint (a workflow would keep the number in Temporal's history). Nothing here logs the request.
 */
public class ProcessorCardVault implements CardVault {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final URI instruments;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();

    public ProcessorCardVault(String processorBaseUrl) {
        this.instruments = URI.create(processorBaseUrl + CardProcessorProtocol.instruments());
    }

    @Override
    public String vault(CardDetails card) {
        String body = JSON.writeValueAsString(new CardProcessorProtocol.InstrumentRequest(card.number(),
                card.expiryMonth(), card.expiryYear(), card.securityCode()));
        try {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(instruments).timeout(TIMEOUT)
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body))
                    .build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() / 100 != 2) {
                throw unavailable();
            }
            String instrumentId = JSON.readValue(response.body(), CardProcessorProtocol.InstrumentAnswer.class)
                    .instrumentId();
            if (instrumentId == null) {
                throw unavailable();
            }
            return instrumentId;
        } catch (IOException | JacksonException e) {
            throw unavailable();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw unavailable();
        }
    }

    private static UnavailableException unavailable() {
        return new UnavailableException("The card vault is not available; try again");
    }
}
