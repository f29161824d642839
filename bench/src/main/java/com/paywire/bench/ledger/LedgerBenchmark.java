package com.paywire.bench.ledger;

import com.paywire.bench.ClientThreads;
import com.paywire.bench.Stats;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.vocabulary.rules.money.Leg;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;
import org.flywaydb.core.Flyway;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code ./paywire bench ledger [seconds]}: the {@link Ledger} alone (no HTTP, no Temporal) on an embedded
 * PostgreSQL of its own that commits as production does (fsync and synchronous_commit on), before and after
 * issue 46 in one run: "before" locks every account a posting touches (every account's {@code striped} set false,
 * as all were before V48), "after" leaves the shared accounts striped as the migration sets them. Each side runs on
 * a fresh database of its own. A posting is one ledger transaction: a payout line's hold (amount to the rail's
 * settlement, fee to fee revenue, on the client's working account) or its post.
 */
public final class LedgerBenchmark {

    private static final String SETTLEMENT = LedgerAccounts.railSettlement(Rail.MOBILE_MONEY);
    private static final BigDecimal AMOUNT = new BigDecimal("100.00");
    private static final BigDecimal FEE = new BigDecimal("10.00");

    /**
     * @param clients      how many clients the spread load picks from at random
     * @param seconds      how long each measured phase runs (after a warm-up of a third of it)
     * @param connections  the concurrencies measured
     * @param payrollLines the busy merchant's payroll
     * @param batch        how many lines one of its batched holds takes (as PayoutActivitiesImpl does)
     */
    public record Settings(int clients, int seconds, List<Integer> connections, int payrollLines, int batch, Path json) {

        static Settings of(String[] args) {
            int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
            return new Settings(1_000, seconds, List.of(1, 4, 16, 64), 10_000, 500,
                    Path.of("bench/target/ledger-bench-results.json"));
        }
    }

    private final Settings settings;

    public LedgerBenchmark(Settings settings) {
        this.settings = settings;
    }

    public static void main(String[] args) throws Exception {
        new LedgerBenchmark(Settings.of(args)).run();
    }

    /** Runs both sides, prints the table and writes the JSON; answers what it wrote. */
    public Map<String, Object> run() throws Exception {
        Map<String, Object> results = new LinkedHashMap<>();
        try (EmbeddedPostgres postgres = EmbeddedPostgres.builder()
                .setServerConfig("fsync", "on").setServerConfig("synchronous_commit", "on")
                .setServerConfig("full_page_writes", "on").setServerConfig("max_connections", "200")
                .setServerConfig("log_error_verbosity", "terse").start()) {
            Map<String, String> durability = new LinkedHashMap<>();
            JdbcClient server = JdbcClient.create(postgres.getPostgresDatabase());
            for (String setting : List.of("fsync", "synchronous_commit", "full_page_writes", "wal_sync_method",
                    "server_version")) {
                durability.put(setting, server.sql("select current_setting(?)").param(setting).query(String.class).single());
            }
            progress("Ledger benchmark: %d clients, %d s a phase, connections %s, payroll %d lines; %d cores; PostgreSQL %s",
                    settings.clients(), settings.seconds(), settings.connections(), settings.payrollLines(),
                    Runtime.getRuntime().availableProcessors(), durability);
            Map<String, Object> before = side(postgres, "before", false);
            Map<String, Object> after = side(postgres, "after", true);
            results.put("cores", Runtime.getRuntime().availableProcessors());
            results.put("durability", durability);
            results.putAll(after);
            before.forEach((key, value) -> results.put("before." + key, value));
            double scaling = (double) after.get("ledger.scaling16");
            double gain = (double) after.get("ledger.postingsPerSecond.c16")
                    / (double) before.get("ledger.postingsPerSecond.c16");
            results.put("targets", Map.of("ledger.scaling16 >= 3", scaling >= 3,
                    "after.c16 >= 3 x before.c16", gain >= 3, "c16 after / before", round(gain)));
            print(before, after, scaling, gain);
        }
        Files.createDirectories(settings.json().toAbsolutePath().getParent());
        Files.writeString(settings.json(), JsonMapper.builder().build().writerWithDefaultPrettyPrinter()
                .writeValueAsString(results));
        progress("Written to %s", settings.json());
        return results;
    }

    /** One side on a database of its own: the spread load at each concurrency, then the busy merchant. */
    private Map<String, Object> side(EmbeddedPostgres postgres, String name, boolean striped) throws Exception {
        String database = "ledger_" + name;
        try (Connection db = postgres.getPostgresDatabase().getConnection(); Statement sql = db.createStatement()) {
            sql.execute("create database " + database);
        }
        HikariConfig pool = new HikariConfig();
        pool.setJdbcUrl(postgres.getJdbcUrl("postgres", database));
        pool.setUsername("postgres");
        pool.setPassword("postgres");
        pool.setMaximumPoolSize(settings.connections().stream().max(Integer::compare).orElseThrow() + 2);
        Map<String, Object> results = new LinkedHashMap<>();
        try (HikariDataSource dataSource = new HikariDataSource(pool)) {
            Flyway.configure().dataSource(dataSource).locations("classpath:db/migration").load().migrate();
            JdbcClient jdbc = JdbcClient.create(dataSource);
            if (!striped) {
                jdbc.sql("update ledger_accounts set striped = false").update();
            }
            Ledger ledger = new Ledger(jdbc);
            TransactionTemplate transaction = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
            List<String> clients = IntStream.range(0, settings.clients()).mapToObj(i -> "bench-" + i).toList();
            progress("[%s] %d clients...", name, clients.size() + 1);
            for (String client : clients) {
                transaction.executeWithoutResult(tx -> openFunded(jdbc, ledger, client, new BigDecimal("1000000000.00")));
            }
            transaction.executeWithoutResult(tx -> openFunded(jdbc, ledger, "bench-payroll", new BigDecimal("2000000000.00")));
            for (int connections : settings.connections()) {
                Phase phase = spread(ledger, transaction, clients, connections, name);
                results.put("ledger.postingsPerSecond.c" + connections, round(phase.perSecond()));
                results.put("ledger.p50Ms.c" + connections, round(phase.percentile(50)));
                results.put("ledger.p99Ms.c" + connections, round(phase.percentile(99)));
                checkBooks(jdbc, name);
            }
            results.put("ledger.scaling16", round((double) results.get("ledger.postingsPerSecond.c16")
                    / (double) results.get("ledger.postingsPerSecond.c1")));
            results.putAll(busyMerchant(ledger, transaction, name));
            checkBooks(jdbc, name);
        }
        return results;
    }

    private static void openFunded(JdbcClient jdbc, Ledger ledger, String client, BigDecimal amount) {
        jdbc.sql("insert into clients (client_id, name, secret_hash, scopes) values (?, ?, 'unused', 'payouts')")
                .params(client, client).update();
        ledger.openClientAccounts(client, "KES");
        ledger.transferRequired("float:" + client, new Leg(LedgerAccounts.FUNDING, LedgerAccounts.working(client), amount),
                "bench float");
    }

    /** Payout lines of random clients: each worker holds one, then posts it, as a line's two steps do. */
    private Phase spread(Ledger ledger, TransactionTemplate transaction, List<String> clients, int connections,
                         String name) throws Exception {
        AtomicInteger sequence = new AtomicInteger();
        run(connections, Math.max(1, settings.seconds() / 3), latencies -> line(ledger, transaction,
                clients.get(ThreadLocalRandom.current().nextInt(clients.size())), name + ":warm" + connections + ":" + sequence.incrementAndGet(),
                latencies));
        Phase phase = run(connections, settings.seconds(), latencies -> line(ledger, transaction,
                clients.get(ThreadLocalRandom.current().nextInt(clients.size())), name + ":" + connections + ":"
                        + sequence.incrementAndGet(), latencies));
        progress("[%s] c%-2d %8.1f postings/s, p50 %6.1f ms, p99 %6.1f ms", name, connections, phase.perSecond(),
                phase.percentile(50), phase.percentile(99));
        return phase;
    }

    private static void line(Ledger ledger, TransactionTemplate transaction, String client, String key, Stats latencies) {
        String reservation = "payout:" + key;
        timed(latencies, () -> transaction.execute(tx -> ledger.reserve(reservation, legs(client), "bench payout")));
        timed(latencies, () -> transaction.executeWithoutResult(tx -> ledger.post(reservation)));
    }

    private static List<Leg> legs(String client) {
        return List.of(new Leg(LedgerAccounts.working(client), SETTLEMENT, AMOUNT),
                new Leg(LedgerAccounts.working(client), LedgerAccounts.FEE_REVENUE, FEE));
    }

    /**
     * One merchant's payroll: held line by line at 16 connections, as every line held for itself before; then held
     * a batch at a time by {@link Ledger#reserveAll}, as a payroll's lines hold now; then the lines' posts at 16.
     */
    private Map<String, Object> busyMerchant(Ledger ledger, TransactionTemplate transaction, String name) throws Exception {
        Map<String, Object> results = new LinkedHashMap<>();
        int lines = settings.payrollLines();
        String client = "bench-payroll";
        for (boolean batched : new boolean[] {false, true}) {
            String prefix = "payout:" + name + ":payroll:" + (batched ? "batched:" : "lines:");
            String kind = batched ? "batched" : "perLine";
            long start = System.nanoTime();
            int transactions;
            if (batched) {
                List<Ledger.Hold> holds = IntStream.range(0, lines)
                        .mapToObj(i -> new Ledger.Hold(prefix + i, legs(client), "bench payroll")).toList();
                transactions = 0;
                for (int from = 0; from < lines; from += settings.batch()) {
                    List<Ledger.Hold> part = holds.subList(from, Math.min(lines, from + settings.batch()));
                    transaction.execute(tx -> ledger.reserveAll(part));
                    transactions++;
                }
            } else {
                each(16, lines, i -> transaction.execute(tx -> ledger.reserve(prefix + i, legs(client), "bench payroll")));
                transactions = lines;
            }
            double holdSeconds = (System.nanoTime() - start) / 1e9;
            results.put("ledger.busyMerchant." + kind + ".holdTransactions", transactions);
            results.put("ledger.busyMerchant." + kind + ".holdSeconds", round(holdSeconds));
            results.put("ledger.busyMerchant." + kind + ".linesHeldPerSecond", round(lines / holdSeconds));
            progress("[%s] payroll of %d lines, %s: held in %d transactions, %.1f s (%.0f lines/s)", name, lines,
                    batched ? "in batches of " + settings.batch() : "line by line at c16", transactions, holdSeconds,
                    lines / holdSeconds);
        }
        // the posts are the same whichever way the lines were held: measured once, each locking the client's account
        String posted = "payout:" + name + ":payroll:batched:";
        long posting = System.nanoTime();
        each(16, lines, i -> transaction.executeWithoutResult(tx -> ledger.post(posted + i)));
        double postSeconds = (System.nanoTime() - posting) / 1e9;
        results.put("ledger.busyMerchant.postsPerSecond.c16", round(lines / postSeconds));
        progress("[%s] payroll posted at c16 in %.1f s (%.0f posts/s)", name, postSeconds, lines / postSeconds);
        return results;
    }

    /** The books after a phase: entries sum to zero, and every account's balance and holds are its entries'. */
    private static void checkBooks(JdbcClient jdbc, String name) {
        BigDecimal total = jdbc.sql("select coalesce(sum(amount), 0) from ledger_entries").query(BigDecimal.class).single();
        int off = jdbc.sql("""
                select count(*) from ledger_account_balances a
                where a.balance <> (select coalesce(sum(amount), 0) from ledger_entries e where e.account_id = a.id)
                   or a.reserved <> (select coalesce(sum(amount), 0) from ledger_open_holds h where h.debit_account = a.id)
                """).query(Integer.class).single();
        if (total.signum() != 0 || off != 0) {
            throw new IllegalStateException("[" + name + "] the books do not balance: entries sum to " + total + ", "
                    + off + " accounts differ from their entries or holds");
        }
    }

    /** The closed loop: each connection's thread posts again and again for {@code seconds}. */
    private static Phase run(int connections, int seconds, Consumer<Stats> work) throws Exception {
        Stats latencies = new Stats();
        long start = System.nanoTime();
        long end = start + TimeUnit.SECONDS.toNanos(seconds);
        ClientThreads.run(connections, connection -> {
            while (System.nanoTime() < end) {
                work.accept(latencies);
            }
        });
        return new Phase(latencies, (System.nanoTime() - start) / 1e9);
    }

    /** Runs {@code work} once for every index below {@code count}, on {@code connections} threads. */
    private static void each(int connections, int count, IntConsumer work) throws Exception {
        AtomicInteger next = new AtomicInteger();
        ClientThreads.run(connections, connection -> {
            for (int i = next.getAndIncrement(); i < count; i = next.getAndIncrement()) {
                work.accept(i);
            }
        });
    }

    private static void timed(Stats latencies, Runnable posting) {
        long start = System.nanoTime();
        posting.run();
        latencies.add((System.nanoTime() - start) / 1e6);
    }

    /** @param latencies of every posting, in ms */
    private record Phase(Stats latencies, double seconds) {

        double perSecond() {
            return latencies.count() / seconds;
        }

        /** @param p a percentile, 0 to 100 */
        double percentile(double p) {
            return latencies.percentile(p);
        }
    }

    private void print(Map<String, Object> before, Map<String, Object> after, double scaling, double gain) {
        StringBuilder table = new StringBuilder("\n| connections | before postings/s | before p99 ms | after postings/s | after p99 ms |\n|---|---|---|---|---|\n");
        for (int c : settings.connections()) {
            table.append(String.format(Locale.ROOT, "| %d | %s | %s | %s | %s |%n", c, before.get("ledger.postingsPerSecond.c" + c),
                    before.get("ledger.p99Ms.c" + c), after.get("ledger.postingsPerSecond.c" + c), after.get("ledger.p99Ms.c" + c)));
        }
        table.append(String.format(Locale.ROOT, "%nscaling16 (c16 / c1): before %s, after %s (target >= 3: %s)%n",
                before.get("ledger.scaling16"), after.get("ledger.scaling16"), scaling >= 3 ? "met" : "NOT met"));
        table.append(String.format(Locale.ROOT, "c16 after / before: %.2f (target >= 3: %s)%n", gain, gain >= 3 ? "met" : "NOT met"));
        for (String kind : List.of("perLine", "batched")) {
            String key = "ledger.busyMerchant." + kind + ".";
            table.append(String.format(Locale.ROOT, "busy merchant, %s holds: before %s transactions in %s s; after %s transactions in %s s%n",
                    kind, before.get(key + "holdTransactions"), before.get(key + "holdSeconds"),
                    after.get(key + "holdTransactions"), after.get(key + "holdSeconds")));
        }
        table.append(String.format(Locale.ROOT, "busy merchant, posts at c16: before %s/s, after %s/s%n",
                before.get("ledger.busyMerchant.postsPerSecond.c16"), after.get("ledger.busyMerchant.postsPerSecond.c16")));
        System.out.println(table);
    }

    private static double round(double value) {
        return Math.round(value * 10) / 10.0;
    }

    private static void progress(String format, Object... args) {
        System.out.printf(Locale.ROOT, format + "%n", args);
        System.out.flush();
    }
}
