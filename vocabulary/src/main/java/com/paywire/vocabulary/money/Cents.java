package com.paywire.vocabulary.money;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Amounts are kept to the cent: two decimals, as the database keeps them (numeric(20,2)), the rails receive them
 * and the answers show them.
 */
public final class Cents {

    public static final int SCALE = 2;
    /** Nothing, written as an amount: 0.00. */
    public static final BigDecimal ZERO = BigDecimal.ZERO.setScale(SCALE);

    private Cents() {
    }

    /** Whether the amount has no decimals beyond the cent that are not zero: 1.00 and 1.0000 are, 1.001 is not. */
    public static boolean isExact(BigDecimal amount) {
        return amount.stripTrailingZeros().scale() <= SCALE;
    }

    /**
     * An amount that has at most two decimals, written with two: 100 is 100.00.
     *
     * @throws ArithmeticException when it has more (a bug: amounts are checked before they get here)
     */
    public static BigDecimal exact(BigDecimal amount) {
        return amount.setScale(SCALE, RoundingMode.UNNECESSARY);
    }

    /** A computed amount (a percentage fee, a share of one) to the cent, half up. */
    public static BigDecimal rounded(BigDecimal amount) {
        return amount.setScale(SCALE, RoundingMode.HALF_UP);
    }
}
