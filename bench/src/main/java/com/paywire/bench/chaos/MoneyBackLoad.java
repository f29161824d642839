package com.paywire.bench.chaos;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;

/**
 * The money that comes back, under the same faults as the payments (docs/disputes-and-reversals.md): the card
 * processor's disputes of captured payments (the run plays the processor: each dispute notified once or twice at the
 * same moment, then answered by the merchant with winning or losing evidence, accepted, or left to expire), the
 * client's reversals of its collections, and the operator's reversals of completed mobile payouts. Some payments go
 * to or come from the simulator's magic wallets so that their reversals are refused (the money spent) or never
 * answered. The run's record of what it asked ({@link #disputes}, {@link #reversals}) is what the audit holds the
 * ledger to, beside the rail's own record of every reversal in the proxy.
 */
final class MoneyBackLoad {

    static final String PROCESSOR_DISPUTES = "/rails/card-processor/disputes";
    static final String COLLECTION_REVERSALS = "/v1/collections/reversals";
    static final String PAYOUT_REVERSALS = "/v1/operations/payout-reversals";
    /** The simulator refuses a reversal of money this wallet no longer holds (R000003). */
    static final String SPENT_WALLET = "254711000005";
    /** The simulator never answers a reversal of this wallet's money: it stays held. */
    static final String UNANSWERED_WALLET = "254711000006";
    private static final long ROUND_MILLIS = 5000;
    /** Long enough for the merchant's answer under the faults, short enough to expire within the run. */
    static final Duration EVIDENCE_WINDOW = Duration.ofSeconds(90);

    /** What the merchant does with a dispute: the magic evidence decides its outcome at the simulated processor. */
    enum Fate {
        WIN, LOSE, ACCEPT, UNANSWERED
    }

    /** A dispute the run notified as the processor, and Paywire's id of it once listed (null: never seen). */
    record DisputeOpened(String processorDisputeId, String captureId, String processorCaptureId, BigDecimal amount,
                         String currency, Fate fate, int notifications, String disputeId, String answer) {
        DisputeOpened seen(String id, String merchantAnswer) {
            return new DisputeOpened(processorDisputeId, captureId, processorCaptureId, amount, currency, fate,
                    notifications, id, merchantAnswer);
        }
    }

    /** A reversal the run asked for, of a collection or (by the operator) of a payout line; its id once made. */
    record ReversalAsked(boolean payout, String originatorConversationId, String subject, String collectionType,
                         int status, String reversalId, String answer) {
    }

    private final ChaosClient client;
    private final ChaosClient operator;
    private final ChaosLoad payments;
    private final String jdbcUrl;
    private final Random random;
    final Map<String, DisputeOpened> disputes = new ConcurrentHashMap<>();
    final List<ReversalAsked> reversals = new CopyOnWriteArrayList<>();
    final List<String> problems = new CopyOnWriteArrayList<>();
    final AtomicInteger magicPayments = new AtomicInteger();
    /** Each flow the API has (a 404 of its path switches it off, so the run still audits an API without it). */
    volatile boolean disputesOn = true;
    volatile boolean collectionReversalsOn = true;
    volatile boolean payoutReversalsOn = true;
    private final Set<String> used = ConcurrentHashMap.newKeySet();
    private volatile boolean stopped;
    private Thread thread;

    MoneyBackLoad(String api, String jdbcUrl, long seed, ChaosLoad payments) {
        this.client = new ChaosClient(api);
        this.operator = new ChaosClient(api, "paywire-operator", "operator-secret");
        this.payments = payments;
        this.jdbcUrl = jdbcUrl;
        this.random = new Random(seed ^ 0xBAC4L);
    }

    void start() {
        thread = Thread.ofPlatform().name("money-back-load").start(() -> {
            try {
                run();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException e) {
                problems.add("money-back load: " + e);
            }
        });
    }

    /** Stops after the round under way, then answers every dispute the load has not answered yet. */
    void stop() throws InterruptedException {
        stopped = true;
        if (thread != null) {
            thread.join();
        }
        for (DisputeOpened dispute : disputes.values()) {
            if (dispute.disputeId() == null) {
                answer(dispute);
            }
        }
    }

    /** A connection of its own each round: the run drops the database's connections (DATABASE_CONNECTIONS_DROPPED). */
    private void run() throws InterruptedException {
        int round = 0;
        while (!stopped) {
            Thread.sleep(ROUND_MILLIS);
            try (Connection db = DriverManager.getConnection(jdbcUrl, "postgres", "postgres")) {
                switch (round % 4) {
                    case 0 -> dispute(db);
                    case 1 -> collectionReversal(db);
                    case 2 -> payoutReversal(db);
                    default -> magicPayment();
                }
            } catch (SQLException dropped) {
                continue; // the same round again, on a new connection
            }
            round++;
            answerListed();
        }
    }

    /** The processor disputes a captured card payment whose refunds are final, once or twice at the same moment. */
    private void dispute(Connection db) throws InterruptedException, SQLException {
        if (!disputesOn) {
            return;
        }
        for (Map<String, Object> capture : rows(db, """
                select c.id, c.processor_transaction_id processor, c.currency,
                  c.amount - coalesce((select sum(r.amount) from card_transactions r where r.parent_id = c.id
                    and r.type = 'REFUND' and r.status = 'REFUNDED'), 0) disputable
                from card_transactions c where c.client_id = ? and c.type = 'CAPTURE' and c.status = 'CAPTURED'
                  and c.processor_transaction_id is not null
                  and not exists (select 1 from card_transactions r where r.parent_id = c.id and r.type = 'REFUND'
                    and r.status = 'REFUND_INITIATED')
                order by c.created_at""", Audit.CLIENT)) {
            String captureId = (String) capture.get("id");
            BigDecimal amount = (BigDecimal) capture.get("disputable");
            if (amount.signum() <= 0 || !used.add("capture " + captureId)) {
                continue;
            }
            Fate fate = Fate.values()[random.nextInt(Fate.values().length)];
            String id = "dp_chaos_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
            String body = """
                    {"id":"%s","captureId":"%s","amount":"%s","currency":"%s","reason":"fraudulent",
                     "evidenceDueBy":"%s","status":"NEEDS_RESPONSE"}""".formatted(id, capture.get("processor"),
                    amount.toPlainString(), capture.get("currency"), Instant.now().plus(EVIDENCE_WINDOW));
            int times = random.nextBoolean() ? 2 : 1;
            List<ChaosClient.Answer> answers = notifyAsProcessor(body, times);
            if (answers.stream().anyMatch(a -> a != null && a.status() == 404 && a.raw().contains("No static resource"))) {
                disputesOn = false;
                return;
            }
            if (answers.stream().noneMatch(a -> a != null && a.ok())) {
                problems.add("dispute " + id + " was never taken: " + answers.stream()
                        .map(a -> a == null ? "no answer" : a.status() + " " + a.raw()).toList());
            }
            disputes.put(id, new DisputeOpened(id, captureId, (String) capture.get("processor"), amount,
                    (String) capture.get("currency"), fate, times, null, null));
            return;
        }
    }

    /** The processor's notification, {@code times} at once (as a processor retrying a callback it thinks lost does). */
    private List<ChaosClient.Answer> notifyAsProcessor(String body, int times) throws InterruptedException {
        List<ChaosClient.Answer> answers = new CopyOnWriteArrayList<>();
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> senders = new ArrayList<>();
        for (int i = 0; i < times; i++) {
            senders.add(Thread.ofVirtual().start(() -> {
                try {
                    go.await();
                    answers.add(client.notifyAsProcessor(PROCESSOR_DISPUTES, body));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
        }
        go.countDown();
        for (Thread sender : senders) {
            sender.join();
        }
        return answers;
    }

    /** Answers, by its fate, each dispute the card API lists that the merchant has not answered yet. */
    private void answerListed() throws InterruptedException {
        for (DisputeOpened dispute : disputes.values()) {
            if (dispute.disputeId() == null) {
                answer(dispute);
            }
        }
    }

    private void answer(DisputeOpened dispute) throws InterruptedException {
        ChaosClient.Answer listed = client.get(ChaosLoad.CARDS + "/disputes?pageSize=100");
        if (!listed.ok() || listed.body() == null) {
            return;
        }
        String id = idOf(listed.body(), dispute.processorDisputeId());
        if (id == null) {
            return;
        }
        String path = ChaosLoad.CARDS + "/disputes/" + id;
        ChaosClient.Submission answered = switch (dispute.fate()) {
            case WIN -> client.submit(path + "/evidence", """
                    {"explanation":"winning_evidence: delivered and signed for","productDescription":"chaos goods"}""",
                    () -> false);
            case LOSE -> client.submit(path + "/evidence", """
                    {"explanation":"losing_evidence","productDescription":"chaos goods"}""", () -> false);
            case ACCEPT -> client.submit(path + "/accept", "{}", () -> false);
            case UNANSWERED -> null;
        };
        String said = answered == null ? null : answered.answer() == null ? "no answer"
                : answered.answer().status() + " " + answered.answer().raw();
        if (answered != null && !answered.accepted()) {
            problems.add("dispute " + id + " (" + dispute.fate() + ") was not answered: " + said);
        }
        disputes.put(dispute.processorDisputeId(), dispute.seen(id, said));
    }

    /** Paywire's id of the listed dispute the processor knows as {@code processorDisputeId}. */
    private static String idOf(JsonNode listed, String processorDisputeId) {
        for (JsonNode item : listed.path("Disputes")) {
            if (processorDisputeId.equals(item.path("ProcessorDisputeId").asString())) {
                return item.path("Id").asString();
            }
        }
        return null;
    }

    /** The client reverses one of its completed collections: an express deposit or a paybill deposit. */
    private void collectionReversal(Connection db) throws InterruptedException, SQLException {
        if (!collectionReversalsOn) {
            return;
        }
        boolean paybill = random.nextBoolean();
        List<Map<String, Object>> candidates = paybill
                ? rows(db, "select receipt_number subject from paybill_deposits where client_id = ? and status = 'CREDITED'"
                        + " order by created_at", Audit.CLIENT)
                // the magic wallets' deposits first: their reversals are the ones refused or never answered
                : rows(db, "select originator_conversation_id subject from express_deposits where client_id = ?"
                        + " and status = 'COMPLETED' and checkout_id is null"
                        + " order by right(phone_number, 9) in (?, ?) desc, created_at", Audit.CLIENT,
                        SPENT_WALLET.substring(3), UNANSWERED_WALLET.substring(3));
        for (Map<String, Object> candidate : candidates) {
            String subject = (String) candidate.get("subject");
            if (!used.add("collection " + subject)) {
                continue;
            }
            String type = paybill ? "PAYBILL_DEPOSIT" : "EXPRESS_DEPOSIT";
            String ocid = "chaos-reversal-" + UUID.randomUUID();
            ChaosClient.Submission asked = client.submit(COLLECTION_REVERSALS, """
                    {"originatorConversationId":"%s","collectionType":"%s","collectionId":"%s",
                     "reason":"paid the wrong merchant"}""".formatted(ocid, type, subject),
                    () -> client.get(COLLECTION_REVERSALS + "/check-status?OriginatorConversationId=" + ocid).ok());
            if (switchedOff(asked)) {
                collectionReversalsOn = false;
                return;
            }
            ChaosClient.Answer made = asked.accepted()
                    ? client.get(COLLECTION_REVERSALS + "/check-status?OriginatorConversationId=" + ocid) : asked.answer();
            reversals.add(new ReversalAsked(false, ocid, subject, type, made == null ? 0 : made.status(),
                    asked.accepted() && made != null ? made.text("reversalId") : null,
                    made == null ? "no answer" : made.raw()));
            return;
        }
    }

    /** The operator reverses a completed mobile line of one of the load's payment orders. */
    private void payoutReversal(Connection db) throws InterruptedException, SQLException {
        if (!payoutReversalsOn) {
            return;
        }
        for (Map<String, Object> line : rows(db, """
                select o.originator_conversation_id ocid, l.system_trace_audit_number stan
                from payout_lines l join payment_orders o on o.id = l.order_id
                where o.client_id = ? and l.route_id = ?::uuid and l.transaction_status = 4
                order by o.created_at, l.line_number""", Audit.CLIENT, ChaosLoad.MOBILE_ROUTE)) {
            String stan = (String) line.get("stan");
            if (!used.add("line " + stan)) {
                continue;
            }
            String ocid = (String) line.get("ocid");
            ChaosClient.Submission asked = operator.submit(PAYOUT_REVERSALS, """
                    {"clientId":"%s","originatorConversationId":"%s","systemTraceAuditNumber":"%s",
                     "reason":"sent to the wrong wallet"}""".formatted(Audit.CLIENT, ocid, stan), () -> false);
            if (switchedOff(asked)) {
                payoutReversalsOn = false;
                return;
            }
            ChaosClient.Answer made = asked.answer();
            reversals.add(new ReversalAsked(true, ocid, stan, null, made == null ? 0 : made.status(),
                    asked.accepted() && made != null ? made.text("reversalId") : null,
                    made == null ? "no answer" : made.raw()));
            return;
        }
    }

    /** A payment whose reversal the simulator refuses or never answers: a deposit from, or a payout to, a magic wallet. */
    private void magicPayment() throws InterruptedException {
        String wallet = random.nextBoolean() ? SPENT_WALLET : UNANSWERED_WALLET;
        if (random.nextBoolean()) {
            payments.expressDepositFrom(client, wallet, random);
        } else {
            payments.paymentOrderTo(client, "+" + wallet, random);
        }
        magicPayments.incrementAndGet();
    }

    private static boolean switchedOff(ChaosClient.Submission asked) {
        return !asked.accepted() && asked.answer() != null && asked.answer().status() == 404
                && asked.answer().raw().contains("No static resource");
    }

    private static List<Map<String, Object>> rows(Connection db, String sql, Object... parameters) throws SQLException {
        try (PreparedStatement statement = db.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            try (ResultSet rs = statement.executeQuery()) {
                List<Map<String, Object>> found = new ArrayList<>();
                while (rs.next()) {
                    Map<String, Object> row = new java.util.LinkedHashMap<>();
                    for (int c = 1; c <= rs.getMetaData().getColumnCount(); c++) {
                        row.put(rs.getMetaData().getColumnLabel(c), rs.getObject(c));
                    }
                    found.add(row);
                }
                return found;
            }
        }
    }
}
