package com.paywire.persistence.charges;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.persistence.InvariantViolationException;
import com.paywire.vocabulary.rules.charges.FeeBand;
import java.math.BigDecimal;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ChargeBandsTest {

    /** The mobile wallet's shipped bands, 1.00 to 150,000.00, and one band of another type. */
    private static final List<Charge> TABLE = List.of(
            new Charge(UUID.randomUUID(), 1, new BigDecimal("1.00"), new BigDecimal("1000.00"),
                    new BigDecimal("10.00"), "FLAT", 404),
            new Charge(UUID.randomUUID(), 1, new BigDecimal("1000.01"), new BigDecimal("150000.00"),
                    new BigDecimal("25.00"), "FLAT", 404),
            new Charge(UUID.randomUUID(), 12, new BigDecimal("1.00"), new BigDecimal("250000.00"),
                    new BigDecimal("0.55"), FeeBand.PERCENT, 404));

    private final AtomicInteger reads = new AtomicInteger();
    private final ChargeBands bands = new ChargeBands(() -> {
        reads.incrementAndGet();
        return TABLE;
    });

    @Test
    void givenAnAmountABandCovers_theFeeShouldBeThatBands() {
        assertThat(bands.feeFor(1, new BigDecimal("1000.00"))).isEqualByComparingTo("10.00");
        assertThat(bands.feeFor(1, new BigDecimal("1000.01"))).isEqualByComparingTo("25.00");
        assertThat(bands.feeFor(12, new BigDecimal("150.00"))).isEqualByComparingTo("0.83");
    }

    @Test
    void givenAnAmountNoBandCovers_itShouldBeABrokenInvariant_notAFreePayment() {
        assertThatThrownBy(() -> bands.feeFor(1, new BigDecimal("150000.01")))
                .isInstanceOf(InvariantViolationException.class)
                .hasMessageContaining("transaction type 1");
        assertThatThrownBy(() -> bands.feeFor(7, new BigDecimal("100.00")))
                .isInstanceOf(InvariantViolationException.class);
    }

    @Test
    void theTable_shouldBeReadOnce_andEachTypesBandsKeptInOrder() {
        bands.feeFor(1, new BigDecimal("5.00"));
        bands.feeFor(12, new BigDecimal("5.00"));

        assertThat(bands.of(1)).extracting(Charge::maxAmount).containsExactly(new BigDecimal("1000.00"),
                new BigDecimal("150000.00"));
        assertThat(bands.of(7)).isEmpty();
        assertThat(reads).hasValue(1);
    }
}
