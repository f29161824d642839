package com.paywire.vocabulary.rules.charges;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;

/** Which band of a transaction type prices an amount, and so its fee. */
public final class FeeBands {

    private FeeBands() {
    }

    /**
     * The fee for this amount from the first of the bands (lowest amounts first) that covers it; empty when none
     * does, which the caller decides the meaning of.
     */
    public static Optional<BigDecimal> feeFor(List<FeeBand> bands, BigDecimal amount) {
        return bands.stream().filter(band -> band.covers(amount)).findFirst().map(band -> band.feeFor(amount));
    }
}
