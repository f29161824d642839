package com.paywire.bench;

import com.paywire.workflows.WorkflowIds;
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

/**
 * Payment orders of one mobile line each through the REST API: a closed loop by C clients, check-status queries,
 * and an open loop at a set rate.
 */
final class PayoutLoad {

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

    private static final String NEW_ORDER = "/v1/payment-order/new-order";

    private final BenchApi api;
    private final String jdbcUrl;

    PayoutLoad(BenchApi api, String jdbcUrl) {
        this.api = api;
        this.jdbcUrl = jdbcUrl;
    }

    /** The closed loop ({@link ClosedLoop}) of N one-line orders by C clients, until every line is final. */
    ClosedLoop.Result run(String phase, int orders, int clients) throws Exception {
        return ClosedLoop.run(api, orders, clients, (token, n) -> api.post(NEW_ORDER, token, order(ocid(phase, n))),
                accepted -> awaitAllFinal(phase, accepted));
    }

    /** {@code queries} check-status queries by C clients, each on a random order of the phase given. */
    StatusResult checkStatus(String phase, int orders, int queries, int clients) throws Exception {
        Stats latency = new Stats();
        AtomicInteger next = new AtomicInteger();
        List<String> tokens = api.tokens(clients);
        long start = System.nanoTime();
        ClientThreads.run(clients, c -> {
            while (next.getAndIncrement() < queries) {
                String ocid = ocid(phase, ThreadLocalRandom.current().nextInt(orders));
                long t0 = System.nanoTime();
                api.get("/v1/payment-order/check-status?IdType=OriginatorConversationId&Id=" + ocid, tokens.get(c));
                latency.add((System.nanoTime() - t0) / 1e6);
            }
        });
        return new StatusResult(queries / ((System.nanoTime() - start) / 1e9), latency);
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
        List<String> tokens = api.tokens(senders);
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
                int answer = api.post(NEW_ORDER, tokens.get(c), order(ocid));
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
        ClosedLoop.awaitCount(jdbcUrl, """
                select count(*) from payout_lines l join payment_orders o on o.id = l.order_id
                where o.originator_conversation_id like ? and l.transaction_status not in (0, 1, 2)
                """, "bench-" + phase + "-%", lines);
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
