package com.paywire.bench.chaos;

import com.paywire.bench.RoleProcess;
import com.paywire.bench.StackParts;
import com.paywire.devtemporal.DevTemporalService;
import com.paywire.simulator.RailsSimulator;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.json.JsonMapper;

/**
 * The chaos run: the whole platform in separate processes under a mixed load, with processes killed, rails
 * misbehaving and the database dropping its connections on a seeded schedule; then, once everything settled, an
 * audit of every request, every rail instruction, every ledger entry and every notification.
 * Run from the repository root: {@code ./paywire chaos [seconds of load] [seed] [faults]} (faults: a comma
 * separated list of {@link Fault} names, to reproduce some in a short run; default all). Results: a table, and
 * bench/target/chaos-results.json; the exit status is 1 when any invariant was violated.
 */
public final class ChaosRun {

    private static final int CLIENTS = 4;
    private static final Duration DEFAULT_LOAD = Duration.ofSeconds(240);
    private static final Duration PAUSE = Duration.ofMillis(500);
    private static final Duration WORKER_DOWN = Duration.ofSeconds(5);
    private static final Duration SETTLE_LIMIT = Duration.ofMinutes(10);
    /**
     * Nothing changed for this long: what is still open will stay so (the audit says why). Longer than the longest
     * answer a fault holds back (a payout paid past its reconciliation window: 5 min 20 s after the write).
     */
    private static final Duration STALL_LIMIT = Duration.ofMinutes(6);

    private final Path root = Path.of("").toAbsolutePath();
    private final Path apiJar = root.resolve("api/target/paywire-api-0.1.0-SNAPSHOT-exec.jar");
    private final Path workerJar = root.resolve("worker/target/paywire-worker-0.1.0-SNAPSHOT-exec.jar");
    private final List<AutoCloseable> started = new ArrayList<>();
    private final List<Path> logs = new ArrayList<>();
    private Map<String, String> env;
    private int apiPort;
    private RoleProcess api;
    private final RoleProcess[] workers = new RoleProcess[2];
    /** The load, once it runs: {@code API_KILLED} has a payer pay through it while the API is down. */
    private volatile ChaosLoad load;
    /** The rails' proxy, once it runs: {@code WORKER_KILLED_AFTER_RAIL_ACCEPTED} kills the workers through it. */
    private volatile RailFaultProxy rails;
    private final List<Thread> paybillsWhileApiDown = new CopyOnWriteArrayList<>();
    /** Each worker's management port, kept across its restarts. */
    private final int[] workerManagementPorts = new int[workers.length];
    private final AtomicInteger killCount = new AtomicInteger();
    private String jdbcUrl;

    public static void main(String[] args) throws Exception {
        long seed = args.length > 1 ? Long.parseLong(args[1]) : 17;
        Set<Fault> kinds = EnumSet.allOf(Fault.class);
        if (args.length > 2) {
            kinds = EnumSet.noneOf(Fault.class);
            for (String name : args[2].split(",")) {
                kinds.add(Fault.valueOf(name.trim()));
            }
        }
        // by default, room for every kind once (and never less than the four minutes the run was first sized for)
        Duration load = args.length > 0 ? Duration.ofSeconds(Long.parseLong(args[0]))
                : max(DEFAULT_LOAD, FaultSchedule.lengthFor(kinds));
        int violations = new ChaosRun().run(load, seed, kinds);
        System.exit(violations == 0 ? 0 : 1);
    }

    private int run(Duration loadLength, long seed, Set<Fault> kinds) throws Exception {
        FaultSchedule schedule = new FaultSchedule(seed, loadLength, kinds);
        progress("Chaos run: %ds of load by %d clients, seed %d, %d cores", loadLength.toSeconds(), CLIENTS, seed,
                Runtime.getRuntime().availableProcessors());
        for (FaultSchedule.Event event : schedule.events()) {
            progress("  at %3ds  %s", event.at().toSeconds(), event.fault());
        }
        try {
            EmbeddedPostgres postgres = EmbeddedPostgres.builder()
                    // a refused statement's DETAIL quotes the row's values (payer numbers, ids): keep them out of the log
                    .setServerConfig("log_error_verbosity", "terse").start();
            started.add(postgres);
            jdbcUrl = postgres.getJdbcUrl("postgres", "postgres");
            int temporalPort = StackParts.freePort();
            started.add(DevTemporalService.start(temporalPort));
            RailsSimulator simulator = RailsSimulator.start(0);
            started.add(simulator);
            NotificationReceiver receiver = new NotificationReceiver();
            started.add(receiver);
            apiPort = StackParts.freePort();
            String apiUrl = "http://127.0.0.1:" + apiPort;
            RailFaultProxy rails = new RailFaultProxy(simulator.baseUrl(), apiUrl, schedule);
            started.add(rails);
            env = new HashMap<>(Map.of("TEMPORAL_ADDRESS", "127.0.0.1:" + temporalPort, "DATABASE_URL", jdbcUrl,
                    "DATABASE_USERNAME", "postgres", "DATABASE_PASSWORD", "postgres",
                    "PAYWIRE_RAILS_BASE_URL", rails.baseUrl(),
                    "PAYWIRE_RAILS_CALLBACK_BASE_URL", rails.baseUrl() + RailFaultProxy.RELAY,
                    "PAYWIRE_SANDBOX_FLOAT", "100000000.00", "SPRING_PROFILES_ACTIVE", "local",
                    // the dev service never reclaims a killed worker's sticky queue (docs/chaos.md)
                    "PAYWIRE_WORKER_STICKY_EXECUTION", "false"));
            env.putAll(Rail.settings());
            // a settlement waits for the bank as a payout line does (their defaults: 5 min, then 24 h)
            env.putAll(Map.of("PAYWIRE_SETTLEMENT_RAILANSWERWINDOW", Rail.PAYOUT.window.toSeconds() + "s",
                    "PAYWIRE_SETTLEMENT_STATUSQUERYINTERVAL", "20s",
                    "PAYWIRE_SETTLEMENT_RECONCILIATIONWINDOW", Rail.PAYOUT_RECONCILIATION.toSeconds() + "s"));
            progress("Starting the API and two workers (separate processes)...");
            startApi();
            for (int w = 0; w < workers.length; w++) {
                workerManagementPorts[w] = StackParts.freePort();
                startWorker(w);
            }
            ChaosClient setup = new ChaosClient(apiUrl);
            ChaosClient.Submission webhook = setup.submit(ChaosLoad.CARDS + "/webhooks", """
                    {"Url":"%s","Events":["payment.authorised","payment.captured","payment.refund_initiated",
                     "payment.refund_failed","payout.completed","payout.failed","payout.timed_out","payout.rejected",
                     "payout.cancelled","payment_order.processed","c2b.received",
                     "dispute.created","dispute.won","dispute.lost","deposit.reversed","c2b.reversed","payout.reversed"],"Description":"chaos run",
                     "SigningSecret":"chaos-run-signing-secret"}""".formatted(receiver.url("/webhooks")), () -> false);
            if (!webhook.accepted()) {
                throw new IllegalStateException("could not register the webhook: " + webhook.answer().raw());
            }
            // the paybill deposits' own callback, beside the webhook's c2b.received: both are audited as delivered
            ChaosClient.Answer paybillSettings = setup.put("/v1/paybill-deposit/settings", """
                    {"callbackUrl":"%s","validationUrl":null}""".formatted(receiver.url(ChaosLoad.PAYBILL_CALLBACK)));
            if (!paybillSettings.ok()) {
                throw new IllegalStateException("could not set the paybill callback URL: " + paybillSettings.raw());
            }

            ChaosLoad load = new ChaosLoad(apiUrl, receiver, seed, schedule::isOn);
            TreasuryLoad treasury = new TreasuryLoad(apiUrl, seed, load.confirmations);
            MoneyBackLoad moneyBack = new MoneyBackLoad(apiUrl, jdbcUrl, seed, load);
            this.load = load;
            this.rails = rails;
            Instant runStart = Instant.now();
            long began = System.nanoTime();
            schedule.start(this::inject, fault -> fault.load ? load.affectedBy(fault) : rails.affectedBy(fault));
            treasury.start();
            moneyBack.start();
            progress("Load and faults for %ds...", loadLength.toSeconds());
            // past its length while a fault waits to fire, as it needs requests to change
            load.run(CLIENTS, loadLength, schedule::anyOn, FaultSchedule.FIRING_LIMIT, PAUSE);
            progress("Load done: %d accepted, %d refused; stopping the faults...", load.accepted.size(), load.refused.size());
            schedule.stop();
            treasury.stop();
            moneyBack.stop();
            for (Thread rail : paybillsWhileApiDown) {
                rail.join(); // each ends once the restarted API took its confirmation, or the rail gave up
            }
            double loadSeconds = (System.nanoTime() - began) / 1e9;

            WorkflowServiceStubs temporal = WorkflowServiceStubs.newServiceStubs(WorkflowServiceStubsOptions
                    .newBuilder().setTarget("127.0.0.1:" + temporalPort).build());
            started.add(temporal::shutdownNow);
            try (Connection db = DriverManager.getConnection(jdbcUrl, "postgres", "postgres")) {
                Audit audit = new Audit(db, setup, rails, receiver, load.accepted, load.confirmations,
                        load.capturesBelowSmallestBand, temporal, runStart);
                audit.treasury = treasury;
                audit.moneyBack = moneyBack;
                double settleSeconds = settle(audit);
                progress("Auditing %d requests, %d rail instructions, %d notifications received...",
                        load.accepted.size(), rails.instructions().size(), receiver.received().size());
                List<Check> checks = new ArrayList<>(audit.run());
                checks.add(everyFaultFired(kinds, schedule, rails, load));
                Map<String, Object> results = results(loadLength, seed, schedule, load, rails, receiver, audit, checks,
                        loadSeconds, settleSeconds);
                results.put("treasury", treasury(treasury));
                results.put("moneyBack", moneyBack(moneyBack));
                Path out = root.resolve("bench/target/chaos-results.json");
                Files.createDirectories(out.getParent());
                Files.writeString(out, JsonMapper.builder().build().writerWithDefaultPrettyPrinter().writeValueAsString(results));
                int violations = print(results, checks);
                progress("Results written to %s; the processes' logs: %s", out, logs);
                return violations + schedule.failures().size();
            }
        } finally {
            started.add(() -> api.close());
            for (RoleProcess worker : workers) {
                if (worker != null) {
                    started.add(worker);
                }
            }
            for (AutoCloseable part : started.reversed()) {
                try {
                    part.close();
                } catch (Exception e) {
                    progress("stopping: %s", e.getMessage());
                }
            }
        }
    }

    /**
     * Each kind of fault of the run did something: the run's own were injected without failing, a rail's changed at
     * least one rail request, the load's made at least one request.
     */
    private static Check everyFaultFired(Set<Fault> kinds, FaultSchedule schedule, RailFaultProxy rails,
                                         ChaosLoad load) {
        Check check = new Check("every-fault-fired", "every kind of fault of the run was injected and affected at "
                + "least one request");
        Map<Fault, Integer> injected = schedule.injected();
        for (Fault fault : kinds) {
            int affected = !fault.switched() ? injected.getOrDefault(fault, 0)
                    : fault.load ? load.affectedBy(fault) : rails.affectedBy(fault);
            check.verify(affected > 0, fault + " was scheduled " + injected.getOrDefault(fault, 0)
                    + " times but affected no request");
        }
        return check;
    }

    /** What the money-back load did: disputes notified by fate, reversals asked and made, magic payments. */
    private static Map<String, Object> moneyBack(MoneyBackLoad moneyBack) {
        Map<String, Object> made = new LinkedHashMap<>();
        Map<String, Long> fates = new java.util.TreeMap<>();
        moneyBack.disputes.values().forEach(d -> fates.merge(d.fate().name(), 1L, Long::sum));
        made.put("disputes", moneyBack.disputes.size());
        made.put("disputesNotifiedTwice", moneyBack.disputes.values().stream().filter(d -> d.notifications() > 1).count());
        made.put("disputeFates", fates);
        made.put("collectionReversalsAsked", moneyBack.reversals.stream().filter(r -> !r.payout()).count());
        made.put("collectionReversalsMade", moneyBack.reversals.stream()
                .filter(r -> !r.payout() && r.reversalId() != null).count());
        made.put("payoutReversalsAsked", moneyBack.reversals.stream().filter(MoneyBackLoad.ReversalAsked::payout).count());
        made.put("payoutReversalsMade", moneyBack.reversals.stream()
                .filter(r -> r.payout() && r.reversalId() != null).count());
        made.put("magicPayments", moneyBack.magicPayments.get());
        made.put("flowsOff", java.util.stream.Stream.of(moneyBack.disputesOn ? null : "disputes",
                moneyBack.collectionReversalsOn ? null : "collection reversals",
                moneyBack.payoutReversalsOn ? null : "payout reversals").filter(java.util.Objects::nonNull).toList());
        made.put("problems", moneyBack.problems.stream().limit(10).toList());
        return made;
    }

    /** What the treasury load did: statements posted, entries sent, settlements and transfers asked. */
    private static Map<String, Object> treasury(TreasuryLoad treasury) {
        Map<String, Object> made = new LinkedHashMap<>();
        made.put("statements", treasury.statements.get());
        made.put("mt940", treasury.mt940.get());
        made.put("overlapping", treasury.overlapping.get());
        made.put("posts", treasury.posts.size());
        made.put("entries", treasury.entries.size());
        made.put("entriesToSuspense", treasury.entries.values().stream().filter(TreasuryLoad.BankEntry::suspense).count());
        made.put("settlementsAsked", treasury.settlements.size());
        made.put("settlementsMade", treasury.settlements.stream().filter(s -> s.settlementId() != null).count());
        made.put("transfersAsked", treasury.transfers.size());
        made.put("transfersMade", treasury.transfers.stream().filter(t -> t.transferId() != null).count());
        made.put("suspenseReturned", treasury.suspenseActions.values().stream().filter(a -> !a.assigned()).count());
        made.put("suspenseAssigned", treasury.suspenseActions.values().stream().filter(TreasuryLoad.SuspenseAction::assigned).count());
        made.put("refusals", java.util.stream.Stream.concat(
                treasury.settlements.stream().map(TreasuryLoad.SettlementAsked::refusal),
                treasury.transfers.stream().map(TreasuryLoad.TransferAsked::refusal))
                .filter(java.util.Objects::nonNull).limit(10).toList());
        return made;
    }

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    /** Waits until nothing is left to finish; the seconds it took. */
    private static double settle(Audit audit) throws Exception {
        long began = System.nanoTime();
        long deadline = began + SETTLE_LIMIT.toNanos();
        long lastReport = 0;
        int unsettled;
        int last = -1;
        long lastChange = began;
        while ((unsettled = audit.unsettled()) > 0 && System.nanoTime() < deadline
                && System.nanoTime() - lastChange < STALL_LIMIT.toNanos()) {
            if (unsettled != last) {
                last = unsettled;
                lastChange = System.nanoTime();
            }
            if (System.nanoTime() - lastReport > 15_000_000_000L) {
                progress("Settling: %d requests, holds or deliveries not final yet (%.0fs)", unsettled,
                        (System.nanoTime() - began) / 1e9);
                lastReport = System.nanoTime();
            }
            Thread.sleep(1000);
        }
        progress("Settled in %.0fs%s", (System.nanoTime() - began) / 1e9,
                unsettled > 0 ? " (NOT: " + unsettled + " still open at the limit)" : "");
        return (System.nanoTime() - began) / 1e9;
    }

    private Map<String, Object> results(Duration loadLength, long seed, FaultSchedule schedule, ChaosLoad load,
                                        RailFaultProxy rails, NotificationReceiver receiver, Audit audit,
                                        List<Check> checks, double loadSeconds, double settleSeconds) {
        Map<String, Object> results = new LinkedHashMap<>();
        results.put("machine", Map.of("cores", Runtime.getRuntime().availableProcessors(),
                "java", System.getProperty("java.version")));
        results.put("seed", seed);
        results.put("loadSeconds", loadLength.toSeconds());
        results.put("clients", CLIENTS);
        Map<String, Object> requests = new LinkedHashMap<>();
        for (ChaosLoad.Kind kind : ChaosLoad.Kind.values()) {
            requests.put(kind.name(), Map.of("submitted", load.submitted.get(kind).get(),
                    "accepted", load.accepted.stream().filter(a -> a.kind() == kind).count()));
        }
        results.put("requests", requests);
        results.put("refused", load.refused);
        results.put("clientRetries", load.clients.stream().mapToInt(c -> c.retries.get()).sum());
        List<ChaosLoad.Confirmation> confirmed = load.confirmations;
        results.put("paybillConfirmations", Map.of("receipts", confirmed.size(),
                "validatedFirst", confirmed.stream().filter(ChaosLoad.Confirmation::validated).count(),
                "confirmedTwice", confirmed.stream().filter(c -> c.confirmations() > 1).count(),
                "retriedWhileUnanswered", confirmed.stream().filter(ChaosLoad.Confirmation::retried).count(),
                "unknownAccountNo", confirmed.stream().filter(ChaosLoad.Confirmation::suspense).count()));
        Map<String, Object> faults = new LinkedHashMap<>();
        for (Fault fault : Fault.values()) {
            faults.put(fault.name(), Map.of("description", fault.description,
                    "times", schedule.injected().getOrDefault(fault, 0),
                    "railRequestsAffected", fault.load ? load.affectedBy(fault) : rails.affectedBy(fault)));
        }
        results.put("faults", faults);
        results.put("faultFailures", schedule.failures());
        results.put("railInstructions", rails.instructions().size());
        results.put("railRepeatsAnsweredFromRecord", rails.instructions().stream().mapToInt(i -> i.repeats.get()).sum());
        results.put("railCallbacksLost", rails.callbacksLost());
        results.put("notificationsReceived", receiver.received().size());
        results.put("finalStates", audit.finalStates);
        results.put("settleSeconds", Math.round(settleSeconds));
        results.put("loadWallSeconds", Math.round(loadSeconds));
        List<Map<String, Object>> invariants = new ArrayList<>();
        for (Check check : checks) {
            invariants.add(Map.of("name", check.name, "description", check.description, "checked", check.checked,
                    "violations", check.violations.size(),
                    "examples", check.violations.subList(0, Math.min(20, check.violations.size()))));
        }
        results.put("invariants", invariants);
        results.put("finishedAt", Instant.now().toString());
        return results;
    }

    @SuppressWarnings("unchecked")
    private static int print(Map<String, Object> results, List<Check> checks) {
        StringBuilder table = new StringBuilder("\n=====================================================================\n");
        table.append(String.format(" Paywire chaos run  (%ss of load, seed %s, %s clients)%n", results.get("loadSeconds"),
                results.get("seed"), results.get("clients")));
        table.append(" ---- load -------------------------------------- submitted accepted\n");
        ((Map<String, Map<String, Object>>) results.get("requests")).forEach((kind, counts) -> table.append(
                String.format("  %-46s %9s %8s%n", kind, counts.get("submitted"), counts.get("accepted"))));
        table.append(String.format("  client retries (no answer, 5xx, token refused) %9s%n", results.get("clientRetries")));
        Map<String, Object> paybill = (Map<String, Object>) results.get("paybillConfirmations");
        table.append(String.format("  C2B receipts confirmed %s: validated first %s, confirmed twice %s,%n"
                        + "    confirmed again after no answer %s, unknown AccountNo (suspense) %s%n",
                paybill.get("receipts"), paybill.get("validatedFirst"), paybill.get("confirmedTwice"),
                paybill.get("retriedWhileUnanswered"), paybill.get("unknownAccountNo")));
        Map<String, Object> treasury = (Map<String, Object>) results.get("treasury");
        if (treasury != null) {
            table.append(String.format("  bank statements %s (MT940 %s, overlapping %s), posted %s times: %s entries,"
                            + " %s to suspense%n  settlements %s asked, %s made; transfers to payouts %s asked, %s made%n"
                            + "  paybill deposits in suspense returned to their payers %s, assigned %s%n",
                    treasury.get("statements"), treasury.get("mt940"), treasury.get("overlapping"), treasury.get("posts"),
                    treasury.get("entries"), treasury.get("entriesToSuspense"), treasury.get("settlementsAsked"),
                    treasury.get("settlementsMade"), treasury.get("transfersAsked"), treasury.get("transfersMade"),
                    treasury.get("suspenseReturned"), treasury.get("suspenseAssigned")));
        }
        Map<String, Object> moneyBack = (Map<String, Object>) results.get("moneyBack");
        if (moneyBack != null) {
            table.append(String.format("  disputes %s (notified twice %s, fates %s); collection reversals %s asked, %s made;%n"
                            + "  payout reversals %s asked, %s made; magic-wallet payments %s; flows off %s%n",
                    moneyBack.get("disputes"), moneyBack.get("disputesNotifiedTwice"), moneyBack.get("disputeFates"),
                    moneyBack.get("collectionReversalsAsked"), moneyBack.get("collectionReversalsMade"),
                    moneyBack.get("payoutReversalsAsked"), moneyBack.get("payoutReversalsMade"),
                    moneyBack.get("magicPayments"), moneyBack.get("flowsOff")));
        }
        table.append(" ---- faults injected ------------------------------ times  rail writes\n");
        ((Map<String, Map<String, Object>>) results.get("faults")).forEach((fault, counts) -> table.append(
                String.format("  %-46s %9s %8s%n", fault, counts.get("times"), counts.get("railRequestsAffected"))));
        table.append(" ---- final states ------------------------------------------------\n");
        ((Map<String, Map<String, Integer>>) results.get("finalStates")).forEach((what, states) -> table.append(
                String.format("  %-22s %s%n", what, states)));
        table.append(" ---- invariants ------------------------------------ checked violations\n");
        int violations = 0;
        for (Check check : checks) {
            table.append(String.format("  %-46s %9d %8d%n", check.name, check.checked, check.violations.size()));
            violations += check.violations.size();
        }
        table.append(String.format(" settled in %ss after the load; %s%n", results.get("settleSeconds"),
                violations == 0 ? "NO VIOLATIONS" : violations + " VIOLATIONS"));
        table.append("=====================================================================\n");
        System.out.print(table);
        for (Check check : checks) {
            check.violations.stream().limit(10).forEach(v -> System.out.println("  violation (" + check.name + "): " + v));
        }
        ((List<String>) results.get("faultFailures")).forEach(f -> System.out.println("  fault not injected: " + f));
        ((List<String>) results.get("refused")).stream().limit(10).forEach(r -> System.out.println("  refused: " + r));
        return violations;
    }

    /** The faults the schedule does not leave to the rails. */
    private void inject(Fault fault) throws Exception {
        switch (fault) {
            case WORKER_KILLED -> {
                int w = killCount.getAndIncrement() % workers.length;
                workers[w].kill();
                Thread.sleep(WORKER_DOWN.toMillis());
                startWorker(w);
            }
            case API_KILLED -> {
                api.kill();
                ChaosLoad current = load;
                if (current != null) { // a payer pays meanwhile: the rail keeps confirming until the API is back
                    paybillsWhileApiDown.add(Thread.ofPlatform().name("paybill-while-api-down").start(() -> {
                        try {
                            current.paybillDepositWhileApiDown();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }));
                }
                startApi();
            }
            case WORKER_KILLED_AFTER_RAIL_ACCEPTED -> {
                // both workers, since the proxy cannot tell which one asked; each restarts as WORKER_KILLED's does
                CountDownLatch killed = new CountDownLatch(1);
                rails.afterNextAcceptedWrite(() -> {
                    try {
                        for (RoleProcess worker : workers) {
                            worker.kill();
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    killed.countDown();
                });
                if (!killed.await(FaultSchedule.FIRING_LIMIT.toSeconds(), TimeUnit.SECONDS)) {
                    rails.afterNextAcceptedWrite(null);
                    throw new IllegalStateException("no payout or card write was taken while it was armed");
                }
                Thread.sleep(WORKER_DOWN.toMillis());
                for (int w = 0; w < workers.length; w++) {
                    startWorker(w);
                }
            }
            case DATABASE_CONNECTIONS_DROPPED -> {
                try (Connection db = DriverManager.getConnection(jdbcUrl, "postgres", "postgres");
                     Statement statement = db.createStatement()) {
                    statement.execute("select pg_terminate_backend(pid) from pg_stat_activity "
                            + "where pid <> pg_backend_pid() and backend_type = 'client backend'");
                }
            }
            default -> throw new IllegalArgumentException(fault + " is the rails'");
        }
    }

    private void startApi() throws Exception {
        RoleProcess process = RoleProcess.start("api", apiJar, env, "--server.port=" + apiPort);
        logs.add(process.log());
        api = process;
        process.awaitStarted(Duration.ofSeconds(120));
        StackParts.awaitHealthy("http://127.0.0.1:" + apiPort);
    }

    private void startWorker(int w) throws Exception {
        RoleProcess process = RoleProcess.start("worker-" + (w + 1), workerJar, env,
                "--paywire.worker.management-port=" + workerManagementPorts[w]);
        logs.add(process.log());
        workers[w] = process;
        process.awaitStarted(Duration.ofSeconds(120));
    }

    static void progress(String format, Object... args) {
        System.out.printf("[chaos] " + format + "%n", args);
    }
}
