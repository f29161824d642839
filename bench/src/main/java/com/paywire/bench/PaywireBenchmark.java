package com.paywire.bench;

import com.github.tomakehurst.wiremock.WireMockServer;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import io.temporal.testserver.TestServer;
import io.temporal.worker.Worker;
import io.temporal.worker.WorkerFactory;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.json.JsonMapper;

/**
 * Paywire's benchmark, on the local stack's parts: embedded PostgreSQL, Temporal's Java dev service and the
 * rails simulator in this process; the API and one (then two) worker processes from their runnable jars.
 * <ol>
 *   <li>payouts: N one-line orders through the REST API by C clients, the rail answering at once; accept
 *       latency and rate, end-to-end lines per second, check-status throughput and latency meanwhile;</li>
 *   <li>the engine floor: N bare workflows of as many no-op activities as a payout line runs, started with
 *       the same concurrency on the same Temporal service;</li>
 *   <li>the ratio of the two, with one and with two worker processes; peak RSS of the API and the worker.</li>
 * </ol>
 * Run from the repository root: {@code ./paywire bench [N] [C]}. Results: a table, and bench/target/bench-results.json.
 */
public final class PaywireBenchmark {

    public static void main(String[] args) throws Exception {
        int orders = args.length > 0 ? Integer.parseInt(args[0]) : 400;
        int clients = args.length > 1 ? Integer.parseInt(args[1]) : 16;
        Path root = Path.of("").toAbsolutePath();
        Path apiJar = root.resolve("api/target/paywire-api-0.1.0-SNAPSHOT-exec.jar");
        Path workerJar = root.resolve("worker/target/paywire-worker-0.1.0-SNAPSHOT-exec.jar");
        for (Path jar : List.of(apiJar, workerJar)) {
            if (!Files.exists(jar)) {
                throw new IllegalStateException("missing " + jar + ": build first (./mvnw -DskipTests install)");
            }
        }
        progress("Benchmark: N=%d orders, C=%d clients, %d cores", orders, clients, Runtime.getRuntime().availableProcessors());

        List<AutoCloseable> started = new ArrayList<>();
        Map<String, Object> results = new LinkedHashMap<>();
        try {
            EmbeddedPostgres postgres = EmbeddedPostgres.builder().start();
            started.add(postgres);
            String jdbcUrl = postgres.getJdbcUrl("postgres", "postgres");
            int temporalPort = StackParts.freePort();
            started.add(TestServer.createPortBoundServer(temporalPort));
            WireMockServer rails = StackParts.railsSimulator(root);
            started.add(rails::stop);
            int apiPort = StackParts.freePort();
            String api = "http://127.0.0.1:" + apiPort;
            Map<String, String> env = Map.of("TEMPORAL_ADDRESS", "127.0.0.1:" + temporalPort, "DATABASE_URL", jdbcUrl,
                    "DATABASE_USERNAME", "postgres", "DATABASE_PASSWORD", "postgres",
                    "PAYWIRE_RAILS_BASE_URL", rails.baseUrl(), "PAYWIRE_RAILS_CALLBACK_BASE_URL", api,
                    "SPRING_PROFILES_ACTIVE", "local");

            progress("Starting the API and a worker (separate processes)...");
            RoleProcess apiProcess = RoleProcess.start("api", apiJar, env, "--server.port=" + apiPort);
            started.add(0, apiProcess);
            apiProcess.awaitStarted(Duration.ofSeconds(90));
            RoleProcess worker = RoleProcess.start("worker-1", workerJar, env);
            started.add(0, worker);
            worker.awaitStarted(Duration.ofSeconds(90));
            StackParts.awaitHealthy(api);

            PayoutLoad load = new PayoutLoad(api, jdbcUrl);
            progress("Warming up...");
            load.warmUp(Math.max(50, orders / 2), clients);

            progress("1. Payouts through the API, one worker...");
            PayoutLoad.Result one = load.run("one-worker", orders, clients);
            progress("   %d lines final; %.1f lines/s end to end", orders, one.endToEndLinesPerSecond());

            progress("2. The engine floor: %d bare workflows of a line's %d activities, each a no-op...", orders, BareWorkflow.ACTIVITIES_PER_PAYOUT_LINE);
            double floor = engineFloor("127.0.0.1:" + temporalPort, orders, clients);
            progress("   %.1f workflows/s", floor);

            progress("3. Payouts again with a second worker process...");
            RoleProcess secondWorker = RoleProcess.start("worker-2", workerJar, env);
            started.add(0, secondWorker);
            secondWorker.awaitStarted(Duration.ofSeconds(90));
            PayoutLoad.Result two = load.run("two-workers", orders, clients);
            progress("   %.1f lines/s end to end", two.endToEndLinesPerSecond());

            results.put("machine", Map.of("cores", Runtime.getRuntime().availableProcessors(),
                    "java", System.getProperty("java.version"), "os", System.getProperty("os.name")));
            results.put("versions", Map.of("paywire", "0.1.0-SNAPSHOT", "temporalSdk", "1.38.0", "springBoot", "4.1.1"));
            results.put("N", orders);
            results.put("C", clients);
            results.put("payouts", phase(one));
            results.put("payoutsTwoWorkers", phase(two));
            results.put("engineFloorWorkflowsPerSecond", round(floor));
            results.put("engineFloorActivities", "reserveFunds (local), claimForSending (local), sendPayout, "
                    + "closeLine (local): each a no-op");
            results.put("ratioOneWorker", round(one.endToEndLinesPerSecond() / floor));
            results.put("ratioTwoWorkers", round(two.endToEndLinesPerSecond() / floor));
            results.put("peakRssMiB", Map.of("api", apiProcess.peakRssMiB(), "worker", worker.peakRssMiB(),
                    "secondWorker", secondWorker.peakRssMiB()));
            results.put("finishedAt", Instant.now().toString());
            print(results, one, two, floor, apiProcess, worker);
            Path out = root.resolve("bench/target/bench-results.json");
            Files.createDirectories(out.getParent());
            Files.writeString(out, JsonMapper.builder().build().writerWithDefaultPrettyPrinter().writeValueAsString(results));
            progress("Results written to %s", out);
        } finally {
            for (AutoCloseable part : started) {
                try {
                    part.close();
                } catch (Exception e) {
                    progress("stopping: %s", e.getMessage());
                }
            }
        }
        System.exit(0);
    }

    /** N bare workflows started by C concurrent starters; completed workflows per second. */
    static double engineFloor(String temporal, int workflows, int clients) throws Exception {
        WorkflowServiceStubs stubs = WorkflowServiceStubs.newServiceStubs(
                WorkflowServiceStubsOptions.newBuilder().setTarget(temporal).build());
        WorkflowClient client = WorkflowClient.newInstance(stubs);
        WorkerFactory factory = WorkerFactory.newInstance(client);
        Worker worker = factory.newWorker("bench-floor");
        worker.registerWorkflowImplementationTypes(BareWorkflow.Impl.class);
        worker.registerActivitiesImplementations(new BareWorkflow.NoopImpl());
        factory.start();
        try {
            ExecutorService pool = Executors.newFixedThreadPool(clients);
            AtomicInteger next = new AtomicInteger();
            long start = System.nanoTime();
            List<Future<?>> runners = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                runners.add(pool.submit(() -> {
                    int n;
                    while ((n = next.getAndIncrement()) < workflows) {
                        BareWorkflow workflow = client.newWorkflowStub(BareWorkflow.class, WorkflowOptions.newBuilder()
                                .setTaskQueue("bench-floor").setWorkflowId("bench-floor-" + n).build());
                        WorkflowClient.start(workflow::run);
                        WorkflowStub.fromTyped(workflow).getResult(Void.class);
                    }
                    return null;
                }));
            }
            for (Future<?> runner : runners) {
                runner.get();
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            pool.shutdown();
            return workflows / seconds;
        } finally {
            factory.shutdown(); // pollers stop before their channel closes, so they do not log its closing as a failure
            factory.awaitTermination(10, java.util.concurrent.TimeUnit.SECONDS);
            stubs.shutdownNow();
        }
    }

    private static Map<String, Object> phase(PayoutLoad.Result r) {
        Map<String, Object> phase = new LinkedHashMap<>();
        phase.put("acceptLatencyMs", Map.of("p50", round(r.accept().percentile(50)), "p95", round(r.accept().percentile(95)),
                "p99", round(r.accept().percentile(99)), "max", round(r.accept().max())));
        phase.put("acceptedPerSecond", round(r.acceptedPerSecond()));
        phase.put("endToEndLinesPerSecond", round(r.endToEndLinesPerSecond()));
        phase.put("refused", r.refused());
        phase.put("statusQueries", Map.of("count", r.statusQueries(), "perSecond", round(r.statusQueriesPerSecond()),
                "p99Ms", round(r.status().percentile(99))));
        return phase;
    }

    private static void print(Map<String, Object> results, PayoutLoad.Result one, PayoutLoad.Result two, double floor,
                              RoleProcess api, RoleProcess worker) {
        System.out.printf("""

                =====================================================================
                 Paywire benchmark  (N=%s orders of one line, C=%s clients, %d cores)
                ---------------------------------------------------------------------
                 accept latency ms        p50 %7.1f  p95 %7.1f  p99 %7.1f  max %7.1f
                 accepted orders/s        %7.1f
                 end-to-end lines/s       %7.1f   (two workers: %.1f)
                 engine floor workflows/s %7.1f   (%d no-op activities each, 3 local)
                 ratio payouts / floor    %7.2f   (two workers: %.2f)
                 check-status queries/s   %7.1f   p99 %.1f ms (while submitting)
                 peak RSS MiB             api %d, worker %d
                =====================================================================
                %n""", results.get("N"), results.get("C"), Runtime.getRuntime().availableProcessors(),
                one.accept().percentile(50), one.accept().percentile(95), one.accept().percentile(99), one.accept().max(),
                one.acceptedPerSecond(), one.endToEndLinesPerSecond(), two.endToEndLinesPerSecond(), floor,
                BareWorkflow.ACTIVITIES_PER_PAYOUT_LINE, one.endToEndLinesPerSecond() / floor,
                two.endToEndLinesPerSecond() / floor, one.statusQueriesPerSecond(), one.status().percentile(99),
                api.peakRssMiB(), worker.peakRssMiB());
    }

    private static double round(double value) {
        return Math.round(value * 100) / 100.0;
    }

    private static void progress(String format, Object... args) {
        System.out.printf("[bench] " + format + "%n", args);
    }
}
