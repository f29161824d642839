package com.paywire.bench.chaos;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The rails as the chaos run's workers and API meet them: the rails simulator behind a proxy that behaves as a
 * real rail does where the simulator is stateless, and misbehaves on the {@link FaultSchedule}'s command.
 * <ul>
 *   <li>It keeps the rails' record ({@link Instruction}): every write (a POST with an {@code Idempotency-Key}),
 *       the answer given, and the result the rail called back with. A write repeated under a key already
 *       answered gets the first answer again without reaching the simulator, as the rails' protocols promise.</li>
 *   <li>Status questions ({@code GET .../{reference}}) of payouts (settlements too: the bank rail's payouts),
 *       phone prompts, biller payments, top-ups and the mobile-money rail's reversals (a paybill deposit returned
 *       from suspense) are
 *       answered from that record: the result once the rail has one, pending while it has none, 404 for a
 *       reference it never took. The simulator alone answers "pending" for ever, which no real rail does.</li>
 *   <li>Rail callbacks come through it ({@code PAYWIRE_RAILS_CALLBACK_BASE_URL} is its {@code /relay}): it
 *       records the result and passes the callback on to the API, retrying while the API is down, as a rail
 *       retries its callbacks.</li>
 * </ul>
 * Faults ({@link Fault}) apply to the writes to their rails that arrive while one is switched on. A fault that
 * outlasts the product's window keeps the write's answer, and the callback, back until then ({@link
 * Instruction#heldUntil}); repeats of the write meanwhile get the same treatment.
 */
final class RailFaultProxy implements AutoCloseable {

    static final String RELAY = "/relay";
    /** The airtime networks' status query: a POST of the top-up's own body, without an idempotency key. */
    private static final String AIRTIME_STATUS = "/airtime/topups/status";
    /** The card processor's lookup of the answer it gave to a reference (a write Paywire never heard back from). */
    private static final String REQUEST_LOOKUP = "/card-processor/requests/";
    /** The card processor's status of a dispute (its decision, when a callback of it went missing). */
    private static final String DISPUTE_STATUS = "/card-processor/disputes/[^/]+";
    /** Longer than the rail clients' read timeout (5 s), so that a slow answer is one they never see. */
    private static final Duration SLOW_ANSWER = Duration.ofSeconds(7);
    /** How long a rail keeps trying to deliver a callback to Paywire. */
    private static final Duration CALLBACK_PERSISTENCE = Duration.ofMinutes(3);
    /** How long the card processor keeps answering a capture too late. */
    private static final Duration CAPTURE_TIMING_OUT = Duration.ofSeconds(20);

    /** One write the rail was asked to do, under one idempotency key. */
    static final class Instruction {
        final String path;
        final String key;
        final JsonNode request;
        final int answerStatus;
        final String answerBody;
        final Fault fault;
        final AtomicInteger repeats = new AtomicInteger();
        final AtomicInteger callbacksForwarded = new AtomicInteger();
        final CountDownLatch callbackRelayed = new CountDownLatch(1);
        /** Until when (System.nanoTime) the write's answer and its callback are kept back; 0: not at all. */
        final long heldUntil;
        volatile JsonNode result;

        Instruction(String path, String key, JsonNode request, int answerStatus, String answerBody, Fault fault) {
            this.path = path;
            this.key = key;
            this.request = request;
            this.answerStatus = answerStatus;
            this.answerBody = answerBody;
            this.fault = fault;
            this.heldUntil = fault == null ? 0 : System.nanoTime() + held(fault, Rail.of(path)).toNanos();
        }

        private static Duration held(Fault fault, Rail rail) {
            return switch (fault) {
                case DONE_BUT_5XX_PAST_WINDOW, DONE_BUT_SILENT_PAST_WINDOW, PROMPT_PAID_AFTER_WINDOW,
                     CARD_PROCESSOR_AWAY_AFTER_EFFECT -> rail.window.plus(Rail.PAST_WINDOW);
                case PAYOUT_PAID_PAST_RECONCILIATION ->
                        rail.window.plus(Rail.PAYOUT_RECONCILIATION).plus(Rail.PAST_WINDOW);
                case CARD_CAPTURED_BUT_TIMED_OUT, CARD_REFUNDED_BUT_TIMED_OUT -> CAPTURE_TIMING_OUT;
                default -> Duration.ZERO;
            };
        }

        /** Whether the rail says nothing of its result while held: its status is pending, its callback withheld. */
        boolean resultWithheld() {
            return fault == Fault.PROMPT_PAID_AFTER_WINDOW || fault == Fault.PAYOUT_PAID_PAST_RECONCILIATION;
        }

        boolean held() {
            return heldUntil != 0 && System.nanoTime() < heldUntil;
        }

        /** The reference the request body names, or the key when it names none. */
        String reference() {
            JsonNode reference = request == null ? null : request.get("reference");
            return reference == null || reference.isNull() ? key : reference.asString();
        }

        boolean accepted() {
            return answerStatus >= 200 && answerStatus < 300;
        }
    }

    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
        Thread thread = new Thread(r, "rail-proxy");
        thread.setDaemon(true);
        return thread;
    });
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2)).build();
    private final JsonMapper json = JsonMapper.builder().build();
    private final String simulator;
    private final String paywire;
    private final FaultSchedule faults;
    private final Map<String, Instruction> byKey = new ConcurrentHashMap<>();
    private final Map<String, Object> keyLocks = new ConcurrentHashMap<>();
    private final Map<String, Instruction> byReference = new ConcurrentHashMap<>();
    private final Map<Fault, AtomicInteger> injected = new ConcurrentHashMap<>();
    private final AtomicInteger callbacksLost = new AtomicInteger();
    private final AtomicInteger unknownCallbacks = new AtomicInteger();
    /** Callbacks the rails have not delivered yet (held back, or Paywire not answering). */
    private final AtomicInteger callbacksUnderWay = new AtomicInteger();
    /** What to do the moment a payout rail or the card processor next takes a write, before it answers. */
    private final AtomicReference<Runnable> afterAcceptedWrite = new AtomicReference<>();

    RailFaultProxy(String simulatorBaseUrl, String paywireBaseUrl, FaultSchedule faults) throws IOException {
        this.simulator = simulatorBaseUrl;
        this.paywire = paywireBaseUrl;
        this.faults = faults;
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 200);
        server.setExecutor(threads);
        server.createContext("/", this::handle);
        server.start();
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    Collection<Instruction> instructions() {
        return byKey.values();
    }

    /** How many rail requests {@code fault} changed. */
    int affectedBy(Fault fault) {
        AtomicInteger count = injected.get(fault);
        return count == null ? 0 : count.get();
    }

    /**
     * Runs {@code hook} once, the moment a payout rail or the card processor next takes a capture or refund, before
     * the write's answer is sent; null disarms it.
     */
    void afterNextAcceptedWrite(Runnable hook) {
        afterAcceptedWrite.set(hook);
    }

    int callbacksLost() {
        return callbacksLost.get();
    }

    /** What the rails still owe Paywire: answers and callbacks held back, callbacks being delivered. */
    int owed() {
        return callbacksUnderWay.get() + (int) byKey.values().stream().filter(Instruction::held).count();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            byte[] body = exchange.getRequestBody().readAllBytes();
            if (path.startsWith(RELAY)) {
                relayCallback(exchange, path.substring(RELAY.length()), body);
            } else if ("POST".equals(exchange.getRequestMethod())
                    && exchange.getRequestHeaders().getFirst("Idempotency-Key") != null) {
                write(exchange, path, exchange.getRequestHeaders().getFirst("Idempotency-Key"), body);
            } else if ("GET".equals(exchange.getRequestMethod()) && path.startsWith(REQUEST_LOOKUP)) {
                requestLookup(exchange, path.substring(REQUEST_LOOKUP.length()));
            } else if ("GET".equals(exchange.getRequestMethod()) && path.matches(DISPUTE_STATUS)) {
                disputeStatus(exchange, path.substring(path.lastIndexOf('/') + 1));
            } else if ("GET".equals(exchange.getRequestMethod()) && answersStatus(path)) {
                status(exchange, path, path.substring(path.lastIndexOf('/') + 1));
            } else if ("POST".equals(exchange.getRequestMethod()) && AIRTIME_STATUS.equals(path)) {
                // the networks are asked with the top-up's own body, which names its reference
                JsonNode question = parse(body);
                status(exchange, path, question == null || question.get("reference") == null ? ""
                        : question.get("reference").asString());
            } else {
                if (answeredAsOutage(exchange, faultOn(path))) {
                    return;
                }
                HttpResponse<String> answer = forward(exchange, path, body);
                answer(exchange, answer.statusCode(), answer.body());
            }
        } catch (Exception e) {
            // the client sees a dropped connection, which is what a rail that fell over looks like
        }
    }

    private void write(HttpExchange exchange, String path, String key, byte[] body) throws Exception {
        String recordKey = path + " " + key;
        Instruction instruction;
        boolean repeat;
        synchronized (keyLocks.computeIfAbsent(recordKey, k -> new Object())) { // two sends of one key: one is done
            instruction = byKey.get(recordKey);
            repeat = instruction != null;
            if (!repeat) {
                Fault fault = faultOn(path);
                if (answeredAsOutage(exchange, fault)) {
                    return;
                }
                HttpResponse<String> forwarded = forward(exchange, path, body);
                instruction = new Instruction(path, key, parse(body), forwarded.statusCode(), forwarded.body(), fault);
                byKey.put(recordKey, instruction);
                byReference.put(instruction.reference(), instruction);
            }
        }
        if (repeat) {
            instruction.repeats.incrementAndGet();
        } else if (instruction.accepted() && killsWorkers(path)) {
            Runnable hook = afterAcceptedWrite.getAndSet(null);
            if (hook != null) {
                hook.run(); // the worker that asked is dead before it hears the rail took it
                count(Fault.WORKER_KILLED_AFTER_RAIL_ACCEPTED);
            }
        }
        if (!repeat && instruction.fault != null) {
            count(instruction.fault);
            if (instruction.fault == Fault.RAIL_SLOWER_THAN_TIMEOUT) {
                Thread.sleep(SLOW_ANSWER.toMillis());
            } else if (instruction.fault == Fault.CALLBACK_BEFORE_ACK && instruction.accepted()) {
                instruction.callbackRelayed.await(15, TimeUnit.SECONDS);
            }
        }
        if (instruction.held()) {
            switch (instruction.fault) {
                case DONE_BUT_5XX_PAST_WINDOW -> {
                    answer(exchange, 503, "{\"error\":\"rail unavailable (chaos)\"}");
                    return;
                }
                case DONE_BUT_SILENT_PAST_WINDOW, PAYOUT_PAID_PAST_RECONCILIATION -> {
                    Thread.sleep(SLOW_ANSWER.toMillis()); // past the client's read timeout; then nothing at all
                    return;
                }
                case CARD_PROCESSOR_AWAY_AFTER_EFFECT -> {
                    return; // the connection is dropped without an answer, as a processor that fell over drops it
                }
                case CARD_CAPTURED_BUT_TIMED_OUT, CARD_REFUNDED_BUT_TIMED_OUT -> Thread.sleep(SLOW_ANSWER.toMillis());
                default -> {
                    // the prompt was taken at once; it is the payer who answers late
                }
            }
        }
        answer(exchange, instruction.answerStatus, instruction.answerBody);
    }

    /** The writes whose acceptance {@code WORKER_KILLED_AFTER_RAIL_ACCEPTED} kills the workers at. */
    private static boolean killsWorkers(String path) {
        Rail rail = Rail.of(path);
        return rail == Rail.PAYOUT
                || rail == Rail.CARD_PROCESSOR && (path.endsWith("/captures") || path.endsWith("/refunds"));
    }

    /**
     * The card processor's answer to a reference it was given, from the record, as a processor that keeps its
     * requests answers: 404 for one it never took; nothing at all while it is away.
     */
    private void requestLookup(HttpExchange exchange, String reference) throws IOException {
        Instruction instruction = byReference.get(reference);
        if (instruction != null && instruction.fault == Fault.CARD_PROCESSOR_AWAY_AFTER_EFFECT && instruction.held()) {
            return;
        }
        if (instruction == null) {
            answer(exchange, 404, "{\"message\":\"unknown reference\"}");
            return;
        }
        answer(exchange, 200, instruction.answerBody); // the lookup answers 200 with the first answer's body
    }

    private static boolean answersStatus(String path) {
        return path.matches("/mobile-money/b2c/payments/[^/]+|/bank/transfers/[^/]+|/mobile-money/stk-push/[^/]+"
                + "|/biller/payments/[^/]+|/mobile-money/reversals/[^/]+");
    }

    /**
     * A dispute's status, as a processor that keeps its decisions answers it: the decision its callback brought (held
     * back or not), under review until then.
     */
    private void disputeStatus(HttpExchange exchange, String disputeId) throws IOException {
        Instruction evidence = byReference.get(disputeId);
        JsonNode result = evidence == null ? null : evidence.result;
        String status = result == null || result.get("status") == null ? "UNDER_REVIEW" : result.get("status").asString();
        answer(exchange, 200, "{\"id\":\"" + disputeId + "\",\"status\":\"" + status + "\"}");
    }

    private void status(HttpExchange exchange, String path, String reference) throws IOException {
        Instruction instruction = byReference.get(reference);
        if (instruction == null || !instruction.accepted()) {
            answer(exchange, 404, "{\"error\":\"no such request\"}");
            return;
        }
        if (path.startsWith("/biller/") || path.startsWith("/airtime/")) {
            // rails that answer the write with its outcome answer the question the same way
            answer(exchange, 200, instruction.answerBody);
            return;
        }
        JsonNode result = instruction.result;
        if (result == null) {
            answer(exchange, 200, "{\"reference\":\"" + reference + "\",\"status\":\"PENDING\"}");
            return;
        }
        ObjectNode status = (ObjectNode) result.deepCopy();
        if (path.startsWith("/mobile-money/reversals/")) { // the reversal's result: reversed (0) or refused
            JsonNode code = result.get("resultCode");
            status.put("status", code != null && "0".equals(code.asString()) ? "COMPLETED" : "FAILED");
        } else {
            status.put("status", path.startsWith("/mobile-money/stk-push/") ? "ANSWERED" : "COMPLETED");
        }
        answer(exchange, 200, json.writeValueAsString(status));
    }

    /** The simulator's callback for a write: recorded, then passed on to Paywire unless the fault withholds it. */
    private void relayCallback(HttpExchange exchange, String paywirePath, byte[] body) throws IOException {
        JsonNode callback = parse(body);
        // the card processor's dispute decision names the dispute ({@code id}), the key its evidence was sent under
        String reference = callback == null ? null : callback.get("reference") != null
                ? callback.get("reference").asString() : callback.get("id") != null ? callback.get("id").asString() : null;
        Instruction instruction = reference == null ? null : byReference.get(reference);
        answer(exchange, 200, "{}");
        if (instruction == null) {
            unknownCallbacks.incrementAndGet();
            return;
        }
        Fault fault = instruction.fault;
        if (!instruction.resultWithheld()) {
            instruction.result = callback; // a payer who has not answered yet has no result to ask about
        }
        int copies = fault == Fault.NO_CALLBACK ? 0 : fault == Fault.CALLBACK_TWICE ? 2 : 1;
        String secret = exchange.getRequestHeaders().getFirst("X-Rail-Secret");
        callbacksUnderWay.incrementAndGet();
        threads.execute(() -> {
            try {
                long wait = instruction.heldUntil - System.nanoTime();
                if (instruction.heldUntil != 0 && wait > 0) {
                    TimeUnit.NANOSECONDS.sleep(wait);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            instruction.result = callback;
            for (int i = 0; i < copies; i++) {
                if (deliver(paywirePath, secret, body)) {
                    instruction.callbacksForwarded.incrementAndGet();
                } else {
                    callbacksLost.incrementAndGet();
                }
            }
            instruction.callbackRelayed.countDown();
            callbacksUnderWay.decrementAndGet();
        });
    }

    private boolean deliver(String path, String secret, byte[] body) {
        long deadline = System.nanoTime() + CALLBACK_PERSISTENCE.toNanos();
        while (System.nanoTime() < deadline) {
            try {
                HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(paywire + path))
                        .timeout(Duration.ofSeconds(10)).header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofByteArray(body));
                if (secret != null) {
                    request.header("X-Rail-Secret", secret);
                }
                if (http.send(request.build(), HttpResponse.BodyHandlers.discarding()).statusCode() / 100 == 2) {
                    return true;
                }
            } catch (IOException e) {
                // Paywire is down or restarting: a rail tries again
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return false;
    }

    private HttpResponse<String> forward(HttpExchange exchange, String path, byte[] body) throws Exception {
        String query = exchange.getRequestURI().getRawQuery();
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(simulator + path + (query == null ? "" : "?" + query)))
                .timeout(Duration.ofSeconds(60))
                .method(exchange.getRequestMethod(), body.length == 0 ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(body));
        for (String header : new String[] {"Content-Type", "Idempotency-Key", "Authorization"}) {
            String value = exchange.getRequestHeaders().getFirst(header);
            if (value != null) {
                request.header(header, value);
            }
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static void answer(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
    }

    private JsonNode parse(byte[] body) {
        try {
            return body.length == 0 ? null : json.readTree(body);
        } catch (RuntimeException notJson) {
            return null;
        }
    }

    /** The rail fault switched on now that applies to a request to {@code path}, or null. */
    private Fault faultOn(String path) {
        return faults.on(path);
    }

    /** When this call drew the outage fault, answers 503 without passing it on, as a rail that is down does. */
    private boolean answeredAsOutage(HttpExchange exchange, Fault fault) throws IOException {
        if (fault != Fault.RAIL_5XX) {
            return false;
        }
        count(fault);
        answer(exchange, 503, "{\"error\":\"rail unavailable (chaos)\"}");
        return true;
    }

    private void count(Fault fault) {
        injected.computeIfAbsent(fault, f -> new AtomicInteger()).incrementAndGet();
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
