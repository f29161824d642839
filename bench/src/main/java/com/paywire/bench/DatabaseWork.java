package com.paywire.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What PostgreSQL did over a phase, from its own counters: transactions committed, rows written and WAL
 * bytes, per unit of work. These size a database better than its CPU on a shared machine.
 */
final class DatabaseWork {

    /** PostgreSQL publishes a backend's counters within a second of its transaction; wait that long before reading. */
    private static final long STATS_DELAY_MILLIS = 1_500;

    private final String jdbcUrl;

    DatabaseWork(String jdbcUrl) {
        this.jdbcUrl = jdbcUrl;
    }

    /** The counters now: commits, rows inserted, updated and deleted, and the WAL position in bytes. */
    Map<String, Long> read() throws Exception {
        Thread.sleep(STATS_DELAY_MILLIS);
        try (Connection db = DriverManager.getConnection(jdbcUrl, "postgres", "postgres");
             Statement sql = db.createStatement()) {
            sql.execute("select pg_stat_clear_snapshot()");
            try (ResultSet rs = sql.executeQuery("""
                    select xact_commit, tup_inserted, tup_updated, tup_deleted,
                           pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::bigint
                    from pg_stat_database where datname = current_database()
                    """)) {
                rs.next();
                Map<String, Long> now = new LinkedHashMap<>();
                now.put("commits", rs.getLong(1));
                now.put("rowsInserted", rs.getLong(2));
                now.put("rowsUpdated", rs.getLong(3));
                now.put("rowsDeleted", rs.getLong(4));
                now.put("walBytes", rs.getLong(5));
                return now;
            }
        }
    }

    /** Each counter's growth since {@code before}, per unit. */
    Map<String, Double> perUnit(Map<String, Long> before, int units) throws Exception {
        Map<String, Long> after = read();
        Map<String, Double> per = new LinkedHashMap<>();
        before.forEach((name, value) -> per.put(name, Math.round((after.get(name) - value) * 10.0 / units) / 10.0));
        return per;
    }
}
