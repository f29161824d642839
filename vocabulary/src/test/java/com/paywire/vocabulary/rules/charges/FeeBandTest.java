package com.paywire.vocabulary.rules.charges;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * A fee band's arithmetic, for any band of the shape the charges table holds (KES amounts to the cent, a flat fee
 * or a percentage) and any amount it covers. Which band covers an amount is {@link FeeBandsTest}'s; the bands
 * meeting to the cent is {@code ChargeCoverage}'s rule.
 */
class FeeBandTest {

    /** The largest payout amount any route allows (a bank payout). */
    static final BigDecimal LARGEST = new BigDecimal("9999999.99");

    static FeeBand band(String min, String max, String fee, String type) {
        return new FeeBand(new BigDecimal(min), new BigDecimal(max), new BigDecimal(fee), type);
    }

    @Provide
    Arbitrary<BigDecimal> amount() {
        return Arbitraries.bigDecimals().between(new BigDecimal("0.01"), LARGEST).ofScale(2);
    }

    @Provide
    Arbitrary<FeeBand> band() {
        Arbitrary<BigDecimal> edge = amount();
        Arbitrary<String> type = Arbitraries.of("FLAT", "PERCENT");
        Arbitrary<BigDecimal> flat = Arbitraries.bigDecimals().between(BigDecimal.ZERO, new BigDecimal("500.00"))
                .ofScale(2);
        Arbitrary<BigDecimal> percent = Arbitraries.bigDecimals().between(BigDecimal.ZERO, new BigDecimal("100.00"))
                .ofScale(2);
        return Combinators.combine(edge, edge, type, flat, percent).as((a, b, t, f, p) ->
                new FeeBand(a.min(b), a.max(b), "PERCENT".equals(t) ? p : f, t));
    }

    /** Any amount inside the band. */
    static BigDecimal inside(FeeBand band, BigDecimal any) {
        BigDecimal width = band.maxAmount().subtract(band.minAmount());
        return band.minAmount().add(any.remainder(width.add(new BigDecimal("0.01"))));
    }

    @Property
    void theFeeShouldNeverBeNegative_andAlwaysToTheCent(@ForAll("band") FeeBand band, @ForAll("amount") BigDecimal any) {
        BigDecimal fee = band.feeFor(inside(band, any));

        assertThat(fee.signum()).isNotNegative();
        assertThat(fee.scale()).isEqualTo(2);
    }

    @Property
    void aPercentageFee_shouldNeverBeAboveTheAmount(@ForAll("band") FeeBand band, @ForAll("amount") BigDecimal any) {
        Assume.that(band.feeType().equals("PERCENT"));
        BigDecimal amount = inside(band, any);

        assertThat(band.feeFor(amount)).isLessThanOrEqualTo(amount);
    }

    @Property
    void withinABand_aLargerAmountShouldNeverPayLess_andTheEdgesBoundEveryFee(@ForAll("band") FeeBand band,
                                                                           @ForAll("amount") BigDecimal x,
                                                                           @ForAll("amount") BigDecimal y) {
        BigDecimal smaller = inside(band, x).min(inside(band, y));
        BigDecimal larger = inside(band, x).max(inside(band, y));

        assertThat(band.feeFor(smaller)).isLessThanOrEqualTo(band.feeFor(larger));
        assertThat(band.feeFor(smaller)).isBetween(band.feeFor(band.minAmount()), band.feeFor(band.maxAmount()));
    }

    @Property
    void aFlatFee_shouldBeExactlyTheBandsFee_whateverTheAmount(@ForAll("band") FeeBand band,
                                                               @ForAll("amount") BigDecimal any) {
        Assume.that(band.feeType().equals("FLAT"));

        assertThat(band.feeFor(inside(band, any))).isEqualTo(band.feeAmount().setScale(2));
    }

    @Property
    void aPercentageFee_shouldBeTheExactShare_roundedHalfUpToTheCent(@ForAll("band") FeeBand band,
                                                                     @ForAll("amount") BigDecimal any) {
        Assume.that(band.feeType().equals("PERCENT"));
        BigDecimal amount = inside(band, any);
        BigDecimal exact = amount.multiply(band.feeAmount()).movePointLeft(2);
        BigDecimal halfCent = new BigDecimal("0.005");

        BigDecimal roundedUpBy = band.feeFor(amount).subtract(exact);
        // half up: at most half a cent up (exactly half goes up), less than half a cent down
        assertThat(roundedUpBy).isLessThanOrEqualTo(halfCent).isGreaterThan(halfCent.negate());
    }

    @Example
    void halfACentShouldRoundUp_andLessThanHalfDown() {
        assertThat(band("0.01", "10.00", "1.00", "PERCENT").feeFor(new BigDecimal("0.50"))).isEqualTo("0.01");
        assertThat(band("0.01", "10.00", "1.00", "PERCENT").feeFor(new BigDecimal("0.49"))).isEqualTo("0.00");
        assertThat(band("1.00", "1000000.00", "2.50", "PERCENT").feeFor(new BigDecimal("1.00"))).isEqualTo("0.03");
    }

    @Example
    void theBankTablesEdges_shouldPayTheirOwnBandsFee() {
        FeeBand flat = band("1.00", "100000.00", "50.00", "FLAT");
        FeeBand percent = band("100000.01", "9999999.99", "0.10", "PERCENT");

        assertThat(flat.feeFor(flat.minAmount())).isEqualTo("50.00");
        assertThat(flat.feeFor(flat.maxAmount())).isEqualTo("50.00");
        assertThat(percent.feeFor(percent.minAmount())).as("100.00001").isEqualTo("100.00");
        assertThat(percent.feeFor(percent.maxAmount())).as("9999.99999").isEqualTo("10000.00");
    }
}
