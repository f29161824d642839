package com.paywire.bench;

import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.serviceclient.GrpcCompression;
import io.temporal.serviceclient.Version;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.jar.JarFile;

/**
 * Paywire's benchmark: what a payout line costs, by role, against the engine's floor of the same shape. Every role
 * runs in its own process so that its CPU time can be read apart: PostgreSQL (embedded), Temporal's Java dev
 * service, the rails simulator, the API, the worker, the floor's worker, and this process as the load generator.
 * <ol>
 *   <li>closed loop: N one-line orders through the REST API by C clients, the rail answering at once: accept
 *       latency and rate, end-to-end lines per second; CPU per line of each role; the Temporal cost per line
 *       and per order from the histories; then N check-status queries by C clients;</li>
 *   <li>the floor: N workflows of a line's shape (a client start, the same activities of the same kinds, each a
 *       no-op, one signal from outside for the callback) by C clients: workflows per second, CPU per workflow of
 *       its worker, Temporal and the load generator, and its Temporal cost;</li>
 *   <li>open loop: orders at half the closed loop's end-to-end rate: accept and submit-to-final latency;</li>
 *   <li>express deposits: N phone prompts through the REST API by C clients, the phone paying at once: accept
 *       latency and rate, end-to-end deposits per second, CPU per deposit of each role.</li>
 * </ol>
 * Before each measured phase the JVMs taking part are warmed up until their JIT compilers settle ({@link SteadyState});
 * every Java role's CPU is printed with the part its JIT compiler and its garbage collector used.
 * Run from the repository root: {@code ./paywire bench [N] [C]}. Results: a table, and bench/target/bench-results.json.
 */
public final class PaywireBenchmark {

    /** Enough senders that the open loop's rate never waits for an answer. */
    private static final int OPEN_LOOP_SENDERS = 32;

    private final Path root = Path.of("").toAbsolutePath();
    private final Path apiJar = root.resolve("api/target/paywire-api-0.1.0-SNAPSHOT-exec.jar");
    private final Path workerJar = root.resolve("worker/target/paywire-worker-0.1.0-SNAPSHOT-exec.jar");
    private final Path benchJar = root.resolve("bench/target/paywire-bench.jar");
    private final List<AutoCloseable> started = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        int orders = args.length > 0 ? Integer.parseInt(args[0]) : 400;
        int clients = args.length > 1 ? Integer.parseInt(args[1]) : 16;
        new PaywireBenchmark().run(orders, clients);
        System.exit(0);
    }

    private void run(int orders, int clients) throws Exception {
        for (Path jar : List.of(apiJar, workerJar, benchJar)) {
            if (!Files.exists(jar)) {
                throw new IllegalStateException("missing " + jar + ": build first (./mvnw -DskipTests install)");
            }
        }
        int cores = Runtime.getRuntime().availableProcessors();
        progress("Benchmark: N=%d orders, C=%d clients, %d cores", orders, clients, cores);
        Map<String, Object> results = new LinkedHashMap<>();
        try {
            EmbeddedPostgres postgres = EmbeddedPostgres.builder()
                    // a refused statement's DETAIL quotes the row's values (payer numbers, ids): keep them out of the log
                    .setServerConfig("log_error_verbosity", "terse").start();
            started.add(postgres);
            String jdbcUrl = postgres.getJdbcUrl("postgres", "postgres");
            long postmaster;
            String postgresVersion;
            try (Connection db = postgres.getPostgresDatabase().getConnection(); Statement sql = db.createStatement();
                 ResultSet rs = sql.executeQuery("select pg_backend_pid(), current_setting('server_version')")) {
                rs.next();
                // a connection's server process is a child of the postmaster, whose tree is PostgreSQL's CPU
                postmaster = ProcessHandle.of(rs.getLong(1)).flatMap(ProcessHandle::parent).orElseThrow().pid();
                postgresVersion = rs.getString(2);
            }
            int temporalPort = StackParts.freePort();
            String temporal = "127.0.0.1:" + temporalPort;
            RoleProcess temporalService = role("temporal", "temporal", Integer.toString(temporalPort));
            int railsPort = StackParts.freePort();
            RoleProcess rails = role("rails", "rails", Integer.toString(railsPort));
            int apiPort = StackParts.freePort();
            String api = "http://127.0.0.1:" + apiPort;
            Map<String, String> env = Map.of("TEMPORAL_ADDRESS", temporal, "DATABASE_URL", jdbcUrl,
                    "DATABASE_USERNAME", "postgres", "DATABASE_PASSWORD", "postgres",
                    "PAYWIRE_RAILS_BASE_URL", "http://127.0.0.1:" + railsPort, "PAYWIRE_RAILS_CALLBACK_BASE_URL", api,
                    "SPRING_PROFILES_ACTIVE", "local");
            progress("Starting the API and a worker (separate processes)...");
            RoleProcess apiProcess = start(RoleProcess.start("api", apiJar, env, "--server.port=" + apiPort));
            RoleProcess worker = start(RoleProcess.start("worker", workerJar, env,
                    "--paywire.worker.management-port=" + StackParts.freePort()));
            StackParts.awaitHealthy(api);
            WorkflowServiceStubs service = WorkflowServiceStubs.newServiceStubs(
                    WorkflowServiceStubsOptions.newBuilder().setTarget(temporal)
                            // as Paywire's roles connect by default: the floor compares like for like
                            .setGrpcCompression(GrpcCompression.NONE).build());
            started.add(0, service::shutdownNow);

            BenchApi client = new BenchApi(api);
            PayoutLoad load = new PayoutLoad(client, jdbcUrl);
            CpuByRole stackJvms = new CpuByRole().jvm("api", apiProcess.pid()).jvm("worker", worker.pid())
                    .jvm("temporal", temporalService.pid()).jvm("rails", rails.pid());
            CpuByRole payoutRoles = new CpuByRole().jvm("api", apiProcess.pid()).jvm("worker", worker.pid())
                    .jvm("temporal", temporalService.pid()).jvm("rails", rails.pid())
                    .role("postgres", postmaster).self("loadGenerator");
            int round = Math.max(10, orders / 4);
            Map<String, SteadyState.Result> warmUps = new LinkedHashMap<>();
            progress("Warming up until the JIT compilers settle (rounds of %d orders)...", round);
            warmUps.put("payouts", SteadyState.warmUp(round + " orders", stackJvms,
                    r -> load.run("warmup-" + r, round, clients)));

            progress("1. Closed loop: %d one-line orders through the API by %d clients...", orders, clients);
            DatabaseWork database = new DatabaseWork(jdbcUrl);
            Map<String, Long> databaseBefore = database.read();
            CpuByRole.Reading before = payoutRoles.read();
            ClosedLoop.Result closed = load.run("closed-loop", orders, clients);
            CpuByRole.PerUnit perLine = payoutRoles.perUnit(before, orders);
            Map<String, Double> databasePerLine = database.perUnit(databaseBefore, orders);
            progress("   %.1f lines/s end to end; CPU ms per line %s; PostgreSQL per line %s",
                    closed.endToEndPerSecond(), perLine.describe(), databasePerLine);
            Map<String, Object> payoutCost = payoutCost(service, load.workflowsOf("closed-loop"));
            PayoutLoad.StatusResult status = load.checkStatus("closed-loop", orders, orders, clients);
            progress("   check-status: %.1f queries/s, p99 %.1f ms", status.queriesPerSecond(), status.latency().percentile(99));

            progress("2. The floor: %d workflows of a line's shape, on a dev service of their own...", orders);
            // the dev service keeps every workflow in memory and slows as they add up (docs/benchmark.md): the
            // floor gets a fresh one, so that each side is measured after its own warm-up and nothing else
            int floorTemporalPort = StackParts.freePort();
            RoleProcess floorTemporal = role("floor-temporal", "temporal", Integer.toString(floorTemporalPort));
            WorkflowServiceStubs floorService = WorkflowServiceStubs.newServiceStubs(
                    WorkflowServiceStubsOptions.newBuilder().setTarget("127.0.0.1:" + floorTemporalPort)
                            .setGrpcCompression(GrpcCompression.NONE).build());
            started.add(0, floorService::shutdownNow);
            RoleProcess floorWorker = role("floor-worker", "floor-worker", "127.0.0.1:" + floorTemporalPort);
            CpuByRole floorJvms = new CpuByRole().jvm("floor-worker", floorWorker.pid())
                    .jvm("temporal", floorTemporal.pid());
            warmUps.put("floor", SteadyState.warmUp(round + " workflows", floorJvms,
                    r -> runFloor(floorService, "warmup-" + r, round, clients)));
            CpuByRole floorRoles = new CpuByRole().jvm("worker", floorWorker.pid())
                    .jvm("temporal", floorTemporal.pid()).self("loadGenerator");
            before = floorRoles.read();
            double floor = runFloor(floorService, "measured", orders, clients);
            CpuByRole.PerUnit perFloorWorkflow = floorRoles.perUnit(before, orders);
            floorWorker.close();
            progress("   %.1f workflows/s; CPU ms per workflow %s", floor, perFloorWorkflow.describe());
            List<TemporalCost> floorCosts = new ArrayList<>();
            for (int n = 0; n < orders; n++) {
                floorCosts.add(TemporalCost.of(Histories.of(floorService, floorWorkflowId("measured", n)).orElseThrow()));
            }
            floorService.shutdownNow();
            floorTemporal.close();

            double rate = closed.endToEndPerSecond() / 2;
            progress("3. Open loop: %d orders at %.1f/s (half the closed loop's end-to-end rate)...", orders, rate);
            PayoutLoad.OpenLoopResult open = load.runOpenLoop("open-loop", rate, orders, OPEN_LOOP_SENDERS);
            progress("   accept p99 %.1f ms, submit-to-final p99 %.1f ms", open.accept().percentile(99),
                    open.submitToFinal().percentile(99));

            progress("4. Express deposits: %d phone prompts through the API by %d clients...", orders, clients);
            DepositLoad deposits = new DepositLoad(client, jdbcUrl);
            warmUps.put("deposits", SteadyState.warmUp(round + " deposits", stackJvms,
                    r -> deposits.run("warmup-" + r, round, clients)));
            before = payoutRoles.read();
            ClosedLoop.Result depositLoop = deposits.run("measured", orders, clients);
            CpuByRole.PerUnit perDeposit = payoutRoles.perUnit(before, orders);
            progress("   %.1f deposits/s end to end; CPU ms per deposit %s", depositLoop.endToEndPerSecond(),
                    perDeposit.describe());

            results.put("machine", Map.of("cores", cores, "java", System.getProperty("java.version"),
                    "os", System.getProperty("os.name") + " " + System.getProperty("os.version")));
            results.put("versions", Map.of("paywire", "0.1.0-SNAPSHOT", "temporalSdk", Version.LIBRARY_VERSION,
                    "springBoot", springBootVersion(), "postgresql", postgresVersion,
                    "temporalService", "Java dev service (temporal-test-server " + Version.LIBRARY_VERSION + ")"));
            results.put("N", orders);
            results.put("C", clients);
            Map<String, Object> warmUpResults = new LinkedHashMap<>();
            warmUps.forEach((phase, w) -> warmUpResults.put(phase, w.toJson()));
            results.put("warmUp", warmUpResults);
            results.put("closedLoop", BenchReport.closedLoop(closed, "Lines"));
            results.put("checkStatus", Map.of("queries", orders, "clients", clients,
                    "perSecond", BenchReport.round(status.queriesPerSecond()),
                    "latencyMs", BenchReport.percentiles(status.latency())));
            results.putAll(BenchReport.cpu(perLine, "Line"));
            results.put("apiCpuMsPerHttpExchange", BenchReport.round(BenchReport.apiPerHttpExchange(perLine)));
            results.put("postgresPerLine", databasePerLine);
            results.put("temporalPerPayment", payoutCost);
            Map<String, Object> floorResults = new LinkedHashMap<>();
            floorResults.put("shape", "client start; reserveFunds, claimForSending (local); sendPayout; one signal "
                    + "from outside; closeLine, publishOutcome (local); each activity a no-op");
            floorResults.put("workflowsPerSecond", BenchReport.round(floor));
            floorResults.putAll(BenchReport.cpu(perFloorWorkflow, "Workflow"));
            floorResults.put("temporalPerWorkflow", TemporalCost.summary(floorCosts));
            results.put("floor", floorResults);
            results.put("ratio", BenchReport.round(closed.endToEndPerSecond() / floor));
            results.put("openLoop", BenchReport.openLoop(open));
            Map<String, Object> depositResults = new LinkedHashMap<>();
            depositResults.put("deposits", orders);
            depositResults.put("clients", clients);
            depositResults.putAll(BenchReport.closedLoop(depositLoop, "Deposits"));
            depositResults.putAll(BenchReport.cpu(perDeposit, "Deposit"));
            depositResults.put("apiCpuMsPerHttpExchange", BenchReport.round(BenchReport.apiPerHttpExchange(perDeposit)));
            results.put("expressDeposits", depositResults);
            results.put("peakRssMiB", Map.of("api", apiProcess.peakRssMiB(), "worker", worker.peakRssMiB(),
                    "temporal", temporalService.peakRssMiB()));
            results.put("targets", BenchReport.targets(payoutCost, floorCosts, perLine, perFloorWorkflow,
                    closed.endToEndPerSecond() / floor, open));
            results.put("finishedAt", Instant.now().toString());
            BenchReport.print(new BenchReport.Run(results, closed, status, open, floor, perLine, perFloorWorkflow,
                    depositLoop, perDeposit, warmUps));
            Path out = root.resolve("bench/target/bench-results.json");
            StackParts.writeResults(out, results);
            progress("Results written to %s", out);
        } finally {
            StackParts.stopAll(started, message -> progress("%s", message));
        }
    }

    /** A part of the stack run from this jar as a process of its own ({@link StackRole}). */
    private RoleProcess role(String name, String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of("role"));
        all.addAll(List.of(args));
        return start(RoleProcess.start(name, benchJar, Map.of(), all.toArray(String[]::new)));
    }

    private RoleProcess start(RoleProcess process) throws Exception {
        started.add(0, process);
        process.awaitStarted(Duration.ofSeconds(90));
        return process;
    }

    /** Per payout line (its workflow) and per order (the order's workflow, if any, and its lines'). */
    private static Map<String, Object> payoutCost(WorkflowServiceStubs service, List<PayoutLoad.OrderWorkflows> orders) {
        List<TemporalCost> perLine = new ArrayList<>();
        List<TemporalCost> perOrder = new ArrayList<>();
        for (PayoutLoad.OrderWorkflows order : orders) {
            TemporalCost total = Histories.of(service, order.order()).map(TemporalCost::of).orElse(TemporalCost.NONE);
            for (String line : order.lines()) {
                TemporalCost cost = TemporalCost.of(Histories.of(service, line).orElseThrow());
                perLine.add(cost);
                total = total.plus(cost);
            }
            perOrder.add(total);
        }
        return Map.of("perLine", TemporalCost.summary(perLine), "perOrder", TemporalCost.summary(perOrder));
    }

    /** Workflows of the floor's shape, started and awaited by C clients; completed workflows per second. */
    private static double runFloor(WorkflowServiceStubs service, String phase, int workflows, int clients) throws Exception {
        WorkflowClient client = WorkflowClient.newInstance(service);
        AtomicInteger next = new AtomicInteger();
        long start = System.nanoTime();
        ClientThreads.run(clients, c -> {
            int n;
            while ((n = next.getAndIncrement()) < workflows) {
                BareWorkflow workflow = client.newWorkflowStub(BareWorkflow.class, WorkflowOptions.newBuilder()
                        .setTaskQueue(BareWorkflow.TASK_QUEUE).setWorkflowId(floorWorkflowId(phase, n)).build());
                WorkflowClient.start(workflow::run);
                WorkflowStub.fromTyped(workflow).getResult(Void.class);
            }
        });
        return workflows / ((System.nanoTime() - start) / 1e9);
    }

    private static String floorWorkflowId(String phase, int n) {
        return "bench-floor-" + phase + "-" + n;
    }

    private String springBootVersion() {
        try (JarFile jar = new JarFile(apiJar.toFile())) {
            return jar.getManifest().getMainAttributes().getValue("Spring-Boot-Version");
        } catch (Exception e) {
            return "unknown";
        }
    }

    static void progress(String format, Object... args) {
        System.out.printf("[bench] " + format + "%n", args);
    }
}
