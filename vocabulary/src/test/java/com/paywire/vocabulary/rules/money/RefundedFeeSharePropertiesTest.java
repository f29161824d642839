package com.paywire.vocabulary.rules.money;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Fee revenue is striped and never checked when a refund debits it (V48, issue 46): what keeps it from going below
 * zero is this bound, that a capture's refunds, however they split it, return between them no more than the fee the
 * capture paid, and that fee when they refund it all (less what a last refund smaller than the fee left cannot carry).
 */
class RefundedFeeSharePropertiesTest {

    @Property(tries = 500)
    void aCapturesRefunds_returnNoMoreThanItsFee_andAllOfItWhenRefundedInFull(
            @ForAll("cents") long capturedCents, @ForAll("cents") long feeCents, @ForAll("cuts") List<Integer> cuts) {
        BigDecimal captured = BigDecimal.valueOf(capturedCents, 2);
        BigDecimal fee = BigDecimal.valueOf(Math.min(feeCents, capturedCents), 2); // a fee is never above its payment
        BigDecimal refunded = BigDecimal.ZERO;
        BigDecimal returned = BigDecimal.ZERO;
        BigDecimal lastAmount = BigDecimal.ZERO;
        BigDecimal feeLeftBeforeLast = fee;
        // each cut refunds that many thousandths of what is left, at least a cent; the last refunds the rest
        for (int i = 0; i <= cuts.size() && refunded.compareTo(captured) < 0; i++) {
            BigDecimal left = captured.subtract(refunded);
            BigDecimal amount = i == cuts.size() ? left
                    : left.multiply(BigDecimal.valueOf(cuts.get(i), 3)).setScale(2, java.math.RoundingMode.DOWN)
                            .max(new BigDecimal("0.01")).min(left);
            BigDecimal share = MoneyRules.refundedFeeShare(captured, fee, refunded, returned, amount);
            lastAmount = amount;
            feeLeftBeforeLast = fee.subtract(returned);

            assertThat(share.signum()).as("a share is never negative").isGreaterThanOrEqualTo(0);
            assertThat(share.scale()).isLessThanOrEqualTo(2);
            refunded = refunded.add(amount);
            returned = returned.add(share);
            assertThat(returned).as("returned so far, of a fee of " + fee).isLessThanOrEqualTo(fee);
        }
        // the refund that completes the capture returns what is left of the fee, but never more than itself (its
        // fee share is part of what it pays back): so the whole fee, unless the last refund is smaller than that
        assertThat(returned).as("a capture refunded in full returns its whole fee, less what its last refund could not carry")
                .isEqualByComparingTo(fee.subtract(feeLeftBeforeLast.subtract(lastAmount).max(BigDecimal.ZERO)));
    }

    /** What jqwik found: 0.07 captured, fee 0.03, refunds of 0.01, 0.01, 0.01, 0.03 and a last one of 0.01. */
    @Example
    void aLastRefundSmallerThanTheFeeLeft_returnsItself_andNoMore() {
        aCapturesRefunds_returnNoMoreThanItsFee_andAllOfItWhenRefundedInFull(7, 3, List.of(1, 1, 1, 750));
        assertThat(MoneyRules.refundedFeeShare(new BigDecimal("0.07"), new BigDecimal("0.03"), new BigDecimal("0.06"),
                new BigDecimal("0.01"), new BigDecimal("0.01"))).isEqualByComparingTo("0.01");
    }

    @Provide
    Arbitrary<Long> cents() {
        return Arbitraries.longs().between(1, 10_000_000);
    }

    @Provide
    Arbitrary<List<Integer>> cuts() {
        return Arbitraries.integers().between(1, 999).list().ofMaxSize(8);
    }
}
