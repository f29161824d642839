package com.paywire.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.json.JsonMapper;

/**
 * N payment orders of one mobile line each, submitted through the REST API by C concurrent clients, while
 * status queries run beside them; then the wait until every line is final.
 */
final class PayoutLoad {

    record Result(int orders, Stats accept, double acceptedPerSecond, double endToEndLinesPerSecond,
                  int statusQueries, double statusQueriesPerSecond, Stats status, int refused) {
    }

    private static final String MOBILE_ROUTE = "4a3e1249-51a2-4c57-8b74-166d7f689460";
    /** The simulator's benchmark wallet: the rail answers at once. */
    private static final String INSTANT_WALLET = "+254799000000";
    private static final int STATUS_QUERY_CLIENTS = 2;

    private final String api;
    private final String jdbcUrl;
    private final JsonMapper json = JsonMapper.builder().build();

    PayoutLoad(String api, String jdbcUrl) {
        this.api = api;
        this.jdbcUrl = jdbcUrl;
    }

    Result run(String phase, int orders, int clients) throws Exception {
        Stats accept = new Stats();
        Stats status = new Stats();
        List<String> accepted = new CopyOnWriteArrayList<>();
        AtomicInteger next = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        AtomicBoolean submitting = new AtomicBoolean(true);
        ExecutorService pool = Executors.newFixedThreadPool(clients + STATUS_QUERY_CLIENTS);
        List<String> tokens = new CopyOnWriteArrayList<>();
        for (int i = 0; i < clients + STATUS_QUERY_CLIENTS; i++) {
            tokens.add(token());
        }
        long start = System.nanoTime();
        List<Future<?>> submitters = new java.util.ArrayList<>();
        for (int c = 0; c < clients; c++) {
            String token = tokens.get(c);
            submitters.add(pool.submit(() -> {
                int n;
                while ((n = next.getAndIncrement()) < orders) {
                    String ocid = "bench-" + phase + "-" + n;
                    long t0 = System.nanoTime();
                    int answer = post(api + "/v1/payment-order/new-order", token, order(ocid));
                    accept.add((System.nanoTime() - t0) / 1e6);
                    if (answer == 200) {
                        accepted.add(ocid);
                    } else {
                        refused.incrementAndGet();
                    }
                }
                return null;
            }));
        }
        AtomicInteger queries = new AtomicInteger();
        for (int q = 0; q < STATUS_QUERY_CLIENTS; q++) {
            String token = tokens.get(clients + q);
            pool.submit(() -> {
                while (submitting.get()) {
                    if (accepted.isEmpty()) {
                        Thread.sleep(5);
                        continue;
                    }
                    String ocid = accepted.get(ThreadLocalRandom.current().nextInt(accepted.size()));
                    long t0 = System.nanoTime();
                    get(api + "/v1/payment-order/check-status?IdType=OriginatorConversationId&Id=" + ocid, token);
                    status.add((System.nanoTime() - t0) / 1e6);
                    queries.incrementAndGet();
                }
                return null;
            });
        }
        for (Future<?> submitter : submitters) {
            submitter.get();
        }
        double submitSeconds = (System.nanoTime() - start) / 1e9;
        submitting.set(false);
        pool.shutdown();
        awaitAllFinal(phase, accepted.size());
        double endToEndSeconds = (System.nanoTime() - start) / 1e9;
        return new Result(orders, accept, accepted.size() / submitSeconds, accepted.size() / endToEndSeconds,
                queries.get(), queries.get() / submitSeconds, status, refused.get());
    }

    /** Every line of the phase is final in the read model that check-status answers from. */
    private void awaitAllFinal(String phase, int lines) throws Exception {
        try (Connection db = DriverManager.getConnection(jdbcUrl, "postgres", "postgres");
             PreparedStatement finalLines = db.prepareStatement("""
                     select count(*) from payout_lines l join payment_orders o on o.id = l.order_id
                     where o.originator_conversation_id like ? and l.transaction_status not in (0, 1, 2)
                     """)) {
            finalLines.setString(1, "bench-" + phase + "-%");
            long deadline = System.nanoTime() + 600_000_000_000L;
            while (System.nanoTime() < deadline) {
                try (ResultSet rs = finalLines.executeQuery()) {
                    rs.next();
                    if (rs.getInt(1) >= lines) {
                        return;
                    }
                }
                Thread.sleep(50);
            }
            throw new IllegalStateException("lines of phase " + phase + " were not all final after 10 minutes");
        }
    }

    /** The same load, unmeasured: the JIT compiles the hot paths of the API and the worker before the figures count. */
    void warmUp(int orders, int clients) throws Exception {
        run("warmup-" + UUID.randomUUID().toString().substring(0, 8), orders, clients);
    }

    private String token() throws Exception {
        HttpURLConnection connection = send(api + "/connect/token", null, "application/x-www-form-urlencoded",
                "grant_type=client_credentials&client_id=paywire-sandbox&client_secret=sandbox-secret");
        try (InputStream in = connection.getInputStream()) {
            return json.readTree(in).get("access_token").asString();
        }
    }

    /*
     * Each client is a thread with its own kept-alive connection, doing blocking calls: the load generator adds
     * as little as it can to the latency it measures (the JDK's HttpClient, which hands every exchange to its
     * selector thread and back, added tens of milliseconds at the 99th percentile on 2 cores).
     */
    private static int post(String url, String token, String json) throws IOException {
        return drain(send(url, token, "application/json", json));
    }

    /** POSTs the body; the answer is left to the caller. */
    private static HttpURLConnection send(String url, String token, String contentType, String body) throws IOException {
        HttpURLConnection connection = open(url, token);
        connection.setRequestMethod("POST");
        connection.setRequestProperty("Content-Type", contentType);
        connection.setDoOutput(true);
        try (OutputStream out = connection.getOutputStream()) {
            out.write(body.getBytes(StandardCharsets.UTF_8));
        }
        return connection;
    }

    private static int get(String url, String token) throws IOException {
        return drain(open(url, token));
    }

    private static HttpURLConnection open(String url, String token) throws IOException {
        HttpURLConnection connection = (HttpURLConnection) URI.create(url).toURL().openConnection();
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

    private static String order(String ocid) {
        return """
                {"originatorConversationId":"%s","paymentOrderLines":[{
                  "remitter":{"name":"Bench Ltd","phoneNumber":"+254700000000","country":"KE","ccy":404},
                  "recipient":{"name":"Bench","mccmnc":"63902","primaryAccountNumber":"%s","ccy":404,"country":"KE"},
                  "transaction":{"routeId":"%s","ChannelType":63902,"amount":10,"reference":"bench",
                    "systemTraceAuditNumber":"%s"}}]}""".formatted(ocid, INSTANT_WALLET, MOBILE_ROUTE, UUID.randomUUID());
    }
}
