package com.paywire.vocabulary.rules.charges;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

class FeeBandsTest {

    /** The mobile wallet's shipped bands, 1.00 to 150,000.00. */
    private static final List<FeeBand> WALLET = List.of(
            new FeeBand(new BigDecimal("1.00"), new BigDecimal("1000.00"), new BigDecimal("10.00"), "FLAT"),
            new FeeBand(new BigDecimal("1000.01"), new BigDecimal("150000.00"), new BigDecimal("25.00"), "FLAT"));

    @Test
    void givenAnAmountABandCovers_theFeeShouldBeThatBands_edgesIncluded() {
        assertThat(FeeBands.feeFor(WALLET, new BigDecimal("1.00"))).contains(new BigDecimal("10.00"));
        assertThat(FeeBands.feeFor(WALLET, new BigDecimal("1000.00"))).contains(new BigDecimal("10.00"));
        assertThat(FeeBands.feeFor(WALLET, new BigDecimal("1000.01"))).contains(new BigDecimal("25.00"));
        assertThat(FeeBands.feeFor(WALLET, new BigDecimal("150000.00"))).contains(new BigDecimal("25.00"));
    }

    @Test
    void givenAnAmountNoBandCovers_thereShouldBeNoFee_notAZeroOne() {
        assertThat(FeeBands.feeFor(WALLET, new BigDecimal("0.99"))).isEmpty();
        assertThat(FeeBands.feeFor(WALLET, new BigDecimal("150000.01"))).isEmpty();
        assertThat(FeeBands.feeFor(List.of(), new BigDecimal("100.00"))).isEmpty();
    }

    @Test
    void overlappingBands_shouldPriceByTheFirst() {
        List<FeeBand> overlapping = List.of(WALLET.getFirst(),
                new FeeBand(new BigDecimal("500.00"), new BigDecimal("2000.00"), new BigDecimal("1.00"), "PERCENT"));

        assertThat(FeeBands.feeFor(overlapping, new BigDecimal("800.00"))).contains(new BigDecimal("10.00"));
        assertThat(FeeBands.feeFor(overlapping, new BigDecimal("1500.00"))).contains(new BigDecimal("15.00"));
    }
}
