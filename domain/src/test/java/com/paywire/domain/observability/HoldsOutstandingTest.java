package com.paywire.domain.observability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import com.paywire.persistence.ledger.Ledger;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The holds gauges read the ledger when scraped, at most once per {@link HoldsOutstanding#FRESH_FOR}. */
class HoldsOutstandingTest {

    final AtomicInteger queries = new AtomicInteger();
    Ledger.Holds held = new Ledger.Holds(3, new BigDecimal("3030.00"));
    Instant now = Instant.parse("2026-03-01T12:00:00Z");

    final Ledger ledger = new Ledger(null) {
        @Override
        public Holds pendingHolds() {
            queries.incrementAndGet();
            return held;
        }
    };
    final Clock clock = mock(Clock.class);
    final SimpleMeterRegistry meters = new SimpleMeterRegistry();

    @BeforeEach
    void aClockThatReadsNow() {
        when(clock.instant()).thenAnswer(call -> now);
    }

    @Test
    void givenHoldsInTheLedger_theGaugesShouldShowThem_andReadTheLedgerAgainOnlyWhenTheirFigureIsStale() {
        new HoldsOutstanding(ledger, meters, clock);

        assertThat(count()).isEqualTo(3.0);
        assertThat(meters.get(PaywireMeters.HOLDS_OUTSTANDING_AMOUNT).gauge().value()).isEqualTo(3030.0);
        assertThat(queries).as("two gauges, one query").hasValue(1);

        held = new Ledger.Holds(4, new BigDecimal("4040.00"));
        assertThat(count()).as("still fresh").isEqualTo(3.0);
        now = now.plus(HoldsOutstanding.FRESH_FOR);
        assertThat(count()).isEqualTo(4.0);
        assertThat(queries).hasValue(2);
    }

    private double count() {
        return meters.get(PaywireMeters.HOLDS_OUTSTANDING).gauge().value();
    }
}
