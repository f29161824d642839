package com.paywire.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The API as the benchmark's clients call it: as the sandbox client, with tokens fetched once and kept. */
final class BenchApi {

    private final String api;
    private final JsonMapper json = JsonMapper.builder().build();
    private final List<String> tokens = new ArrayList<>();

    BenchApi(String api) {
        this.api = api;
    }

    /**
     * Tokens for n clients, fetched once and kept, as a real client keeps its token for its hour: the token
     * endpoint's deliberately slow secret check is no part of what a payment costs.
     */
    List<String> tokens(int n) throws Exception {
        synchronized (tokens) {
            while (tokens.size() < n) {
                tokens.add(token());
            }
            return List.copyOf(tokens.subList(0, n));
        }
    }

    private String token() throws Exception {
        return token("paywire-sandbox", "sandbox-secret");
    }

    /** A token of this client (ids and secrets here are Paywire's own, URL-safe). */
    String token(String clientId, String secret) throws Exception {
        HttpURLConnection connection = send("/connect/token", null, "application/x-www-form-urlencoded",
                "grant_type=client_credentials&client_id=" + clientId + "&client_secret=" + secret);
        try (InputStream in = connection.getInputStream()) {
            return json.readTree(in).get("access_token").asString();
        }
    }

    /** POSTs the JSON and reads the answer's JSON, which must be a 2xx. */
    JsonNode postForJson(String path, String token, String body) throws IOException {
        HttpURLConnection connection = send(path, token, "application/json", body);
        try (InputStream in = connection.getInputStream()) {
            return json.readTree(in);
        }
    }

    /*
     * Each client is a thread with its own kept-alive connection, doing blocking calls: the load generator adds
     * as little as it can to the latency it measures (the JDK's HttpClient, which hands every exchange to its
     * selector thread and back, added tens of milliseconds at the 99th percentile on 2 cores).
     */

    /** POSTs the JSON to the API's path; the answer's status. */
    int post(String path, String token, String body) throws IOException {
        return drain(send(path, token, "application/json", body));
    }

    int get(String path, String token) throws IOException {
        return drain(open(path, token));
    }

    /** POSTs the body; the answer is left to the caller. */
    private HttpURLConnection send(String path, String token, String contentType, String body) throws IOException {
        HttpURLConnection connection = open(path, token);
        connection.setRequestMethod("POST");
        connection.setRequestProperty("Content-Type", contentType);
        connection.setDoOutput(true);
        try (OutputStream out = connection.getOutputStream()) {
            out.write(body.getBytes(StandardCharsets.UTF_8));
        }
        return connection;
    }

    private HttpURLConnection open(String path, String token) throws IOException {
        HttpURLConnection connection = (HttpURLConnection) URI.create(api + path).toURL().openConnection();
        if (token != null) {
            connection.setRequestProperty("Authorization", "Bearer " + token);
        }
        return connection;
    }

    /** Reads the whole answer, so that the connection goes back to the keep-alive cache. */
    private static int drain(HttpURLConnection connection) throws IOException {
        int status = connection.getResponseCode();
        InputStream body = status < 400 ? connection.getInputStream() : connection.getErrorStream();
        if (body != null) {
            try (body) {
                body.readAllBytes();
            }
        }
        return status;
    }
}
