package com.paywire.bench;

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
import java.util.concurrent.atomic.AtomicLong;
import tools.jackson.databind.JsonNode;

/**
 * What the per-client rate limit costs a request: two API processes on one database, one limiting and one with
 * {@code PAYWIRE_RATE_LIMITS_ENABLED=false}, driven in turns by the same load (C threads of balance queries, a
 * request that reads one row) so that the machine's drift falls on both sides alike. Two shapes of load: every thread
 * as one client (all requests take from one bucket, the worst case), and each thread a client of its own. The limits
 * are set far above the load: what is measured is the check, never a refusal.
 * Run from the repository root: {@code ./paywire bench limits [SECONDS] [C]}; results in
 * bench/target/limits-bench-results.json.
 */
public final class RateLimitBenchmark {

    private static final String QUERY = "/v1/customer-accounts/get-wallet-balance";
    /** Turns per side and shape: each side measured twice, alternately. */
    private static final int TURNS = 2;

    private final Path root = Path.of("").toAbsolutePath();
    private final Path apiJar = root.resolve("api/target/paywire-api-0.1.0-SNAPSHOT-exec.jar");
    private final Path benchJar = root.resolve("bench/target/paywire-bench.jar");
    private final List<AutoCloseable> started = new ArrayList<>();

    record Side(String name, BenchApi api, CpuByRole cpu, List<String> oneClient, List<String> ownClients) {
    }

    public static void main(String[] args) throws Exception {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        int clients = args.length > 1 ? Integer.parseInt(args[1]) : 16;
        new RateLimitBenchmark().run(seconds, clients);
        System.exit(0);
    }

    private void run(int seconds, int clients) throws Exception {
        for (Path jar : List.of(apiJar, benchJar)) {
            if (!Files.exists(jar)) {
                throw new IllegalStateException("missing " + jar + ": build first (./mvnw -DskipTests install)");
            }
        }
        progress("Rate-limit benchmark: %d s per turn, C=%d, %d cores", seconds, clients,
                Runtime.getRuntime().availableProcessors());
        try {
            EmbeddedPostgres postgres = EmbeddedPostgres.builder().setServerConfig("log_error_verbosity", "terse").start();
            started.add(postgres);
            String jdbcUrl = postgres.getJdbcUrl("postgres", "postgres");
            long postmaster;
            try (Connection db = postgres.getPostgresDatabase().getConnection(); Statement sql = db.createStatement();
                 ResultSet rs = sql.executeQuery("select pg_backend_pid()")) {
                rs.next();
                postmaster = ProcessHandle.of(rs.getLong(1)).flatMap(ProcessHandle::parent).orElseThrow().pid();
            }
            int temporalPort = StackParts.freePort();
            start(RoleProcess.start("temporal", benchJar, Map.of(), "role", "temporal", Integer.toString(temporalPort)));
            Map<String, String> env = new LinkedHashMap<>(Map.of("TEMPORAL_ADDRESS", "127.0.0.1:" + temporalPort,
                    "DATABASE_URL", jdbcUrl, "DATABASE_USERNAME", "postgres", "DATABASE_PASSWORD", "postgres",
                    "SPRING_PROFILES_ACTIVE", "local",
                    // far above what the load sends: every request is checked, none refused
                    "PAYWIRE_RATE_LIMIT_STATUS_QUERIES", "1000000000", "PAYWIRE_RATE_LIMIT_TOKENS", "1000000",
                    "PAYWIRE_RATE_LIMIT_WRITES", "1000000"));
            List<Side> sides = new ArrayList<>();
            for (boolean limited : new boolean[] {true, false}) {
                String name = limited ? "limited" : "unlimited";
                Map<String, String> own = new LinkedHashMap<>(env);
                own.put("PAYWIRE_RATE_LIMITS_ENABLED", Boolean.toString(limited));
                int port = StackParts.freePort();
                progress("Starting the API (%s)...", name);
                RoleProcess api = start(RoleProcess.start("api-" + name, apiJar, own, "--server.port=" + port));
                String url = "http://127.0.0.1:" + port;
                StackParts.awaitHealthy(url); // one at a time: the first migrates the database
                BenchApi client = new BenchApi(url);
                sides.add(new Side(name, client, new CpuByRole().jvm("api", api.pid()).role("postgres", postmaster),
                        oneClient(client, clients), ownClients(client, clients, name)));
            }

            progress("Warming up both APIs (%d s each, both shapes)...", seconds);
            for (Side side : sides) {
                load(side.api(), side.oneClient(), seconds);
                load(side.api(), side.ownClients(), seconds);
            }
            Map<String, Object> results = new LinkedHashMap<>();
            for (String shape : List.of("oneClient", "ownClients")) {
                Map<String, List<Map<String, Object>>> turns = new LinkedHashMap<>();
                for (int turn = 1; turn <= TURNS; turn++) {
                    for (Side side : sides) {
                        List<String> tokens = shape.equals("oneClient") ? side.oneClient() : side.ownClients();
                        CpuByRole.Reading before = side.cpu().read();
                        Result result = load(side.api(), tokens, seconds);
                        // per thousand: a request costs well under a millisecond, which one decimal would blur
                        CpuByRole.PerUnit perThousand = side.cpu().perUnit(before, result.requests() / 1000.0);
                        Map<String, Object> figures = new LinkedHashMap<>();
                        figures.put("requestsPerSecond", BenchReport.round(result.perSecond()));
                        figures.put("latencyMs", BenchReport.percentiles(result.latency()));
                        figures.put("cpuMsPer1000Requests", perThousand.cpu());
                        figures.put("failures", result.failures());
                        turns.computeIfAbsent(side.name(), k -> new ArrayList<>()).add(figures);
                        progress("   %s, %s, turn %d: %.0f requests/s, p50 %.2f ms, p99 %.2f ms; CPU ms per 1000 requests %s%s",
                                shape, side.name(), turn, result.perSecond(), result.latency().percentile(50),
                                result.latency().percentile(99), perThousand.describe(),
                                result.failures() > 0 ? "; " + result.failures() + " not 200" : "");
                    }
                }
                Map<String, Object> summary = new LinkedHashMap<>(turns);
                summary.put("limitedLessUnlimited", cost(turns.get("limited"), turns.get("unlimited")));
                results.put(shape, summary);
                progress("%s: what the limit adds (mean of the turns, limited less unlimited): %s", shape,
                        summary.get("limitedLessUnlimited"));
            }
            results.put("secondsPerTurn", seconds);
            results.put("C", clients);
            results.put("cores", Runtime.getRuntime().availableProcessors());
            results.put("finishedAt", Instant.now().toString());
            Path out = root.resolve("bench/target/limits-bench-results.json");
            StackParts.writeResults(out, results);
            progress("Results written to %s", out);
        } finally {
            StackParts.stopAll(started, message -> progress("%s", message));
        }
    }

    /** C threads as the sandbox client: one bucket for every request. */
    private static List<String> oneClient(BenchApi api, int clients) throws Exception {
        return api.tokens(clients);
    }

    /** C clients created for the run, one thread each: each request takes from its own client's bucket. */
    private static List<String> ownClients(BenchApi api, int clients, String side) throws Exception {
        String operator = api.token("paywire-operator", "operator-secret");
        List<String> tokens = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            JsonNode created = api.postForJson("/v1/admin/clients", operator,
                    "{\"name\":\"limits-bench-" + side + "-" + c + "\",\"float\":\"1000.00\"}");
            tokens.add(api.token(created.get("clientId").asString(), created.get("clientSecret").asString()));
        }
        return tokens;
    }

    record Result(long requests, double perSecond, Stats latency, long failures) {
    }

    /** Each thread queries its token's balance back to back for the given time. */
    static Result load(BenchApi api, List<String> tokens, int seconds) throws Exception {
        Stats latency = new Stats();
        AtomicInteger requests = new AtomicInteger();
        AtomicLong failures = new AtomicLong();
        long begin = System.nanoTime();
        long end = begin + Duration.ofSeconds(seconds).toNanos();
        ClientThreads.run(tokens.size(), c -> {
            while (System.nanoTime() < end) {
                long sent = System.nanoTime();
                int status = api.get(QUERY, tokens.get(c));
                latency.add((System.nanoTime() - sent) / 1e6);
                requests.incrementAndGet();
                if (status != 200) {
                    failures.incrementAndGet();
                }
            }
        });
        double elapsed = (System.nanoTime() - begin) / 1e9;
        return new Result(requests.get(), requests.get() / elapsed, latency, failures.get());
    }

    /** Mean CPU ms per 1000 requests of each role (and p50 latency per request), limited less unlimited. */
    @SuppressWarnings("unchecked")
    static Map<String, Double> cost(List<Map<String, Object>> limited, List<Map<String, Object>> unlimited) {
        Map<String, Double> cost = new LinkedHashMap<>();
        for (String role : ((Map<String, Double>) limited.get(0).get("cpuMsPer1000Requests")).keySet()) {
            cost.put(role + "CpuMsPer1000", BenchReport.round(mean(limited, "cpuMsPer1000Requests", role)
                    - mean(unlimited, "cpuMsPer1000Requests", role)));
        }
        cost.put("p50LatencyMs", BenchReport.round(mean(limited, "latencyMs", "p50") - mean(unlimited, "latencyMs", "p50")));
        cost.put("requestsPerSecondRatio", BenchReport.round(mean(limited, "requestsPerSecond")
                / mean(unlimited, "requestsPerSecond")));
        return cost;
    }

    private static double mean(List<Map<String, Object>> turns, String figure) {
        return turns.stream().mapToDouble(t -> ((Number) t.get(figure)).doubleValue()).average().orElse(Double.NaN);
    }

    @SuppressWarnings("unchecked")
    private static double mean(List<Map<String, Object>> turns, String figure, String key) {
        return turns.stream().mapToDouble(t -> ((Number) ((Map<String, Object>) t.get(figure)).get(key)).doubleValue())
                .average().orElse(Double.NaN);
    }

    private RoleProcess start(RoleProcess process) throws Exception {
        started.add(0, process);
        process.awaitStarted(Duration.ofSeconds(90));
        return process;
    }

    static void progress(String format, Object... args) {
        System.out.printf("[bench limits] " + format + "%n", args);
    }
}
