package com.paywire.worker;

import com.paywire.domain.money.LedgerCheck;
import com.paywire.domain.observability.PaywireMeters;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.annotation.Scheduled;

/**
 * Runs the ledger check ({@link LedgerCheck}) in every worker, a while after it starts and then every day, logs what
 * it found and exports it as {@link PaywireMeters#LEDGER_CHECK_VIOLATIONS}, one gauge per rule, which an alert
 * watches. A Spring schedule rather than a Temporal workflow: the check is read-only and the next run repeats it,
 * so nothing needs to be durable, and the figure must be in this process's meters, which a workflow's activity
 * would set in whichever worker ran it. Each replica checks on its own; every one shows the same figures.
 */
@Configuration(proxyBeanMethods = false)
@EnableScheduling
class DailyLedgerCheck {

    private static final Logger log = LoggerFactory.getLogger(DailyLedgerCheck.class);

    private final LedgerCheck check;
    /** The last run's count per rule; NaN until the first run, so that no figure passes for a check not made. */
    private final Map<String, Double> violations = new ConcurrentHashMap<>();

    DailyLedgerCheck(LedgerCheck check, MeterRegistry meters) {
        this.check = check;
        for (String name : LedgerCheck.CHECKS) {
            violations.put(name, Double.NaN);
            Gauge.builder(PaywireMeters.LEDGER_CHECK_VIOLATIONS, violations, found -> found.get(name))
                    .tag(PaywireMeters.CHECK, name)
                    .description("what the last ledger check found breaking this rule; 0: it holds").register(meters);
        }
    }

    @Scheduled(initialDelayString = "${paywire.ledger-check.initial-delay:10m}",
            fixedDelayString = "${paywire.ledger-check.interval:24h}")
    void run() {
        LedgerCheck.Report report;
        try {
            report = check.run();
        } catch (RuntimeException databaseAway) {
            log.warn("Ledger check not run: {}", databaseAway.getMessage());
            return; // the figures of the last run stay: the next run tries again
        }
        report.checks().forEach(result -> violations.put(result.name(), (double) result.count()));
        if (report.ok()) {
            log.info("Ledger check at {}: every rule holds", report.checkedAt());
        } else {
            report.checks().stream().filter(result -> !result.ok()).forEach(result -> log.error(
                    "Ledger check at {}: {} {} ({}), first {}", report.checkedAt(), result.count(), result.name(),
                    result.description(), result.firstIds()));
        }
    }
}
