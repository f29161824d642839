package com.paywire.worker;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.domain.money.LedgerCheck;
import com.paywire.domain.observability.PaywireMeters;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.OffsetDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The worker's daily ledger check exports one gauge per rule: NaN before its first run, then each rule's count. */
class DailyLedgerCheckTest {

    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();

    @Test
    void givenARunThatFindsAStaleHold_itsGaugeShouldSayOne_andTheOthersZero() {
        LedgerCheck finding = new LedgerCheck(null, null, null) {
            @Override
            public Report run() {
                return new Report(OffsetDateTime.now(), LedgerCheck.CHECKS.stream().map(name -> new Result(name, name,
                        name.equals(LedgerCheck.NO_STALE_HOLDS) ? 1 : 0,
                        name.equals(LedgerCheck.NO_STALE_HOLDS) ? List.of("payout:old") : List.of())).toList());
            }
        };
        DailyLedgerCheck daily = new DailyLedgerCheck(finding, meters);
        assertThat(gauge(LedgerCheck.NO_STALE_HOLDS)).as("no figure before the first run").isNaN();

        daily.run();

        assertThat(gauge(LedgerCheck.NO_STALE_HOLDS)).isEqualTo(1.0);
        assertThat(gauge(LedgerCheck.ENTRIES_SUM_TO_ZERO)).isZero();
        assertThat(meters.find(PaywireMeters.LEDGER_CHECK_VIOLATIONS).gauges()).hasSize(LedgerCheck.CHECKS.size());
    }

    @Test
    void givenADatabaseAway_theRunShouldKeepTheLastFigures() {
        LedgerCheck away = new LedgerCheck(null, null, null) {
            @Override
            public Report run() {
                throw new IllegalStateException("connection refused");
            }
        };
        DailyLedgerCheck daily = new DailyLedgerCheck(away, meters);

        daily.run();

        assertThat(gauge(LedgerCheck.BALANCES_EQUAL_ENTRIES)).isNaN();
    }

    private double gauge(String check) {
        return meters.get(PaywireMeters.LEDGER_CHECK_VIOLATIONS).tag(PaywireMeters.CHECK, check).gauge().value();
    }
}
