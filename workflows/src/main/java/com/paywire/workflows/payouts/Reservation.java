package com.paywire.workflows.payouts;

import java.math.BigDecimal;

/** The answer to "hold amount plus fee for this line". */
public record Reservation(Outcome outcome, BigDecimal fee) {

    public enum Outcome {
        RESERVED,
        INSUFFICIENT_FUNDS,
        /** the client rejected the line before funds were held */
        REJECTED
    }
}
