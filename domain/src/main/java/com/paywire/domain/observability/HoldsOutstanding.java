package com.paywire.domain.observability;

import com.paywire.persistence.ledger.Ledger;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.function.ToDoubleFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The gauges of the holds outstanding in the ledger ({@link PaywireMeters#HOLDS_OUTSTANDING} and its amount): a count
 * that keeps growing means payments stop reaching their end. Read when scraped, from a query kept for
 * {@link #FRESH_FOR}, so that many scrapes cost one query; every replica of a role shows the same figure.
 */
@Component
class HoldsOutstanding {

    static final Duration FRESH_FOR = Duration.ofSeconds(10);
    private static final Logger log = LoggerFactory.getLogger(HoldsOutstanding.class);

    private final Ledger ledger;
    private final Clock clock;
    private Ledger.Holds last;
    private Instant readAt = Instant.MIN;

    HoldsOutstanding(Ledger ledger, MeterRegistry meters, Clock clock) {
        this.ledger = ledger;
        this.clock = clock;
        Gauge.builder(PaywireMeters.HOLDS_OUTSTANDING, this, h -> h.holds(Ledger.Holds::count))
                .description("holds in the ledger not yet posted or released").register(meters);
        Gauge.builder(PaywireMeters.HOLDS_OUTSTANDING_AMOUNT, this, h -> h.holds(held -> held.amount().doubleValue()))
                .description("the KES those holds keep, amounts and fees").register(meters);
    }

    private synchronized double holds(ToDoubleFunction<Ledger.Holds> figure) {
        Instant now = clock.instant();
        if (last == null || !now.isBefore(readAt.plus(FRESH_FOR))) {
            try {
                last = ledger.pendingHolds();
                readAt = now;
            } catch (RuntimeException databaseAway) {
                log.debug("Holds outstanding not read: {}", databaseAway.getMessage());
                return Double.NaN; // no figure rather than a stale one passed off as current
            }
        }
        return figure.applyAsDouble(last);
    }
}
