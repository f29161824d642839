package com.paywire.bench;

import com.paywire.workflows.WorkflowIds;
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
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.json.JsonMapper;

/**
 * N payment orders of one mobile line each, submitted through the REST API by C concurrent clients, while
 * status queries run beside them; then the wait until every line is final.
 */
final class PayoutLoad {

    record Result(int orders, Stats accept, double acceptedPerSecond, double endToEndLinesPerSecond, int refused) {
    }

    record StatusResult(double queriesPerSecond, Stats latency) {
    }

    /** An open-loop run: orders sent at a fixed rate whatever the answers' pace. */
    record OpenLoopResult(double ordersPerSecond, int orders, Stats accept, Stats submitToFinal, int refused) {
    }

    /** The workflows of one order: the order's own (absent where the order's line runs without one) and its lines'. */
    record OrderWorkflows(String order, List<String> lines) {
    }

    private static final String MOBILE_ROUTE = "4a3e1249-51a2-4c57-8b74-166d7f689460";
    /** The simulator's benchmark wallet: the rail answers at once. */
    private static final String INSTANT_WALLET = "+254799000000";

    private final String api;
    private final String jdbcUrl;
    private final JsonMapper json = JsonMapper.builder().build();
    private final List<String> tokens = new ArrayList<>();

    PayoutLoad(String api, String jdbcUrl) {
        this.api = api;
        this.jdbcUrl = jdbcUrl;
    }

    /**
     * The closed loop: C clients each send an order as soon as their previous one was answered, until N were
     * sent; then the wait until every line is final. Nothing else calls the API meanwhile, so that the CPU the
     * roles spend in this phase is what the payments cost.
     */
    Result run(String phase, int orders, int clients) throws Exception {
        Stats accept = new Stats();
        AtomicInteger accepted = new AtomicInteger();
        AtomicInteger next = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        List<String> tokens = tokens(clients);
        long start = System.nanoTime();
        ClientThreads.run(clients, c -> {
            int n;
            while ((n = next.getAndIncrement()) < orders) {
                long t0 = System.nanoTime();
                int answer = post(api + "/v1/payment-order/new-order", tokens.get(c), order(ocid(phase, n)));
                accept.add((System.nanoTime() - t0) / 1e6);
                (answer == 200 ? accepted : refused).incrementAndGet();
            }
        });
        double submitSeconds = (System.nanoTime() - start) / 1e9;
        awaitAllFinal(phase, accepted.get());
        double endToEndSeconds = (System.nanoTime() - start) / 1e9;
        return new Result(orders, accept, accepted.get() / submitSeconds, accepted.get() / endToEndSeconds,
                refused.get());
    }

    /** {@code queries} check-status queries by C clients, each on a random order of the phase given. */
    StatusResult checkStatus(String phase, int orders, int queries, int clients) throws Exception {
        Stats latency = new Stats();
        AtomicInteger next = new AtomicInteger();
        List<String> tokens = tokens(clients);
        long start = System.nanoTime();
        ClientThreads.run(clients, c -> {
            while (next.getAndIncrement() < queries) {
                String ocid = ocid(phase, ThreadLocalRandom.current().nextInt(orders));
                long t0 = System.nanoTime();
                get(api + "/v1/payment-order/check-status?IdType=OriginatorConversationId&Id=" + ocid, tokens.get(c));
                latency.add((System.nanoTime() - t0) / 1e6);
            }
        });
        return new StatusResult(queries / ((System.nanoTime() - start) / 1e9), latency);
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

    private static String ocid(String phase, int n) {
        return "bench-" + phase + "-" + n;
    }

    /**
     * Sends {@code orders} orders at {@code rate} per second, each at its set time however the earlier ones fare
     * (the senders share the sending; a late sender makes the next order late, and that counts). Accept latency
     * runs from the set time to the answer, so that a queue in front of the API shows; submit-to-final from the
     * set time to the moment the line's final status was written (its updated_at).
     */
    OpenLoopResult runOpenLoop(String phase, double rate, int orders, int senders) throws Exception {
        Stats accept = new Stats();
        Map<String, Long> submittedAtMillis = new ConcurrentHashMap<>();
        AtomicInteger next = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        List<String> tokens = tokens(senders);
        long startNanos = System.nanoTime() + 100_000_000L;
        long startMillis = System.currentTimeMillis() + 100;
        ClientThreads.run(senders, c -> {
            int n;
            while ((n = next.getAndIncrement()) < orders) {
                long offsetNanos = (long) (n * 1e9 / rate);
                long wait = startNanos + offsetNanos - System.nanoTime();
                if (wait > 0) {
                    Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                }
                String ocid = ocid(phase, n);
                int answer = post(api + "/v1/payment-order/new-order", tokens.get(c), order(ocid));
                accept.add((System.nanoTime() - startNanos - offsetNanos) / 1e6);
                if (answer == 200) {
                    submittedAtMillis.put(ocid, startMillis + offsetNanos / 1_000_000);
                } else {
                    refused.incrementAndGet();
                }
            }
        });
        awaitAllFinal(phase, submittedAtMillis.size());
        Stats submitToFinal = new Stats();
        try (Connection db = DriverManager.getConnection(jdbcUrl, "postgres", "postgres");
             PreparedStatement finals = db.prepareStatement("""
                     select o.originator_conversation_id, l.updated_at from payout_lines l
                     join payment_orders o on o.id = l.order_id where o.originator_conversation_id like ?
                     """)) {
            finals.setString(1, "bench-" + phase + "-%");
            try (ResultSet rs = finals.executeQuery()) {
                while (rs.next()) {
                    Long submitted = submittedAtMillis.get(rs.getString(1));
                    if (submitted != null) {
                        submitToFinal.add(rs.getTimestamp(2).getTime() - submitted);
                    }
                }
            }
        }
        return new OpenLoopResult(rate, orders, accept, submitToFinal, refused.get());
    }

    /** The workflow ids of the phase's orders, as the platform names them. */
    List<OrderWorkflows> workflowsOf(String phase) throws Exception {
        Map<String, OrderWorkflows> orders = new LinkedHashMap<>();
        try (Connection db = DriverManager.getConnection(jdbcUrl, "postgres", "postgres");
             PreparedStatement lines = db.prepareStatement("""
                     select o.client_id, o.originator_conversation_id, l.system_trace_audit_number from payout_lines l
                     join payment_orders o on o.id = l.order_id where o.originator_conversation_id like ?
                     order by o.originator_conversation_id, l.line_number
                     """)) {
            lines.setString(1, "bench-" + phase + "-%");
            try (ResultSet rs = lines.executeQuery()) {
                while (rs.next()) {
                    String client = rs.getString(1);
                    orders.computeIfAbsent(rs.getString(2), ocid -> new OrderWorkflows(
                                    WorkflowIds.paymentOrder(client, ocid), new ArrayList<>()))
                            .lines().add(WorkflowIds.payoutLine(client, rs.getString(3)));
                }
            }
        }
        return List.copyOf(orders.values());
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
                  "transaction":{"routeId":"%s","ChannelType":1,"amount":10,"reference":"bench",
                    "systemTraceAuditNumber":"%s"}}]}""".formatted(ocid, INSTANT_WALLET, MOBILE_ROUTE, UUID.randomUUID());
    }
}
