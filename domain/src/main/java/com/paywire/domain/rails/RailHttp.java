package com.paywire.domain.rails;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** What every rail adapter does the same way: send, read JSON, and turn transport trouble into a retry. */
public final class RailHttp {

    public static final JsonMapper JSON = JsonMapper.builder().build();

    private final String rail;
    private final HttpClient http;

    public RailHttp(String rail, Duration connectTimeout) {
        this.rail = rail;
        this.http = HttpClient.newBuilder().connectTimeout(connectTimeout).build();
    }

    public HttpResponse<String> exchange(HttpRequest request) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new RailUnavailableException(rail + " did not answer " + request.method() + " " + request.uri()
                    + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RailUnavailableException("interrupted while calling " + rail, e);
        }
    }

    public JsonNode parse(HttpResponse<String> response) {
        try {
            return JSON.readTree(response.body());
        } catch (JacksonException e) {
            // a garbled answer tells us nothing: retry; the idempotency key keeps it one payment
            throw new RailUnavailableException(rail + " answered HTTP " + response.statusCode()
                    + " with a body that is not JSON", e);
        }
    }

    /** 4xx but timeouts and throttling: the rail refused, and asking again would not change its mind. */
    public static boolean isRefusal(int status) {
        return status >= 400 && status < 500 && status != 408 && status != 429;
    }
}
