package com.paywire.vocabulary.rules.charges;

import com.paywire.vocabulary.money.Cents;
import java.math.BigDecimal;

/**
 * A fee band: the amounts from {@code minAmount} to {@code maxAmount}, both included, pay {@code feeAmount}, which
 * is the fee itself ({@code FLAT}) or a percentage of the amount ({@link #PERCENT}).
 */
public record FeeBand(BigDecimal minAmount, BigDecimal maxAmount, BigDecimal feeAmount, String feeType) {

    /** The fee type whose feeAmount is a percentage of the amount; the other, FLAT, is the fee itself. */
    public static final String PERCENT = "PERCENT";

    public boolean covers(BigDecimal amount) {
        return minAmount.compareTo(amount) <= 0 && amount.compareTo(maxAmount) <= 0;
    }

    /** The fee on this amount, to the cent, half up. */
    public BigDecimal feeFor(BigDecimal amount) {
        BigDecimal fee = percent()
                ? amount.multiply(feeAmount).divide(BigDecimal.valueOf(100))
                : feeAmount;
        return Cents.rounded(fee);
    }

    public boolean percent() {
        return PERCENT.equals(feeType);
    }
}
