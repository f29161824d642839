package com.paywire.bench.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ledger benchmark, run small: both sides measured, the keys the issue names written, the books balanced. */
class LedgerBenchmarkTest {

    @Test
    void aShortRun_shouldWriteEachSidesFigures_andBalanceTheBooks(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("ledger.json");

        Map<String, Object> results = new LedgerBenchmark(new LedgerBenchmark.Settings(20, 1, List.of(1, 16), 100, 40, json))
                .run();

        assertThat(Files.readString(json)).contains("\"ledger.postingsPerSecond.c16\"", "\"before.ledger.scaling16\"");
        assertThat((double) results.get("ledger.postingsPerSecond.c1")).isPositive();
        assertThat((double) results.get("before.ledger.postingsPerSecond.c16")).isPositive();
        assertThat(results.get("ledger.busyMerchant.batched.holdTransactions")).as("100 lines in batches of 40").isEqualTo(3);
        assertThat(results.get("ledger.busyMerchant.perLine.holdTransactions")).isEqualTo(100);
        assertThat(results).containsKeys("ledger.scaling16", "ledger.p99Ms.c16", "durability", "targets");
    }
}
