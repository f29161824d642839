package com.paywire.persistence.charges;

import com.paywire.persistence.InvariantViolationException;
import java.math.BigDecimal;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/** The charge table's dispute fee (V50): flat, per currency, one for each currency a card payment may be in. */
@Component
public class DisputeFees {

    private final JdbcClient jdbc;

    public DisputeFees(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** The fee of a dispute of a payment in this currency; a currency without one is a bug, not a free dispute. */
    public BigDecimal feeFor(String currency) {
        return jdbc.sql("select fee from dispute_fees where currency = ?").param(currency).query(BigDecimal.class)
                .optional().orElseThrow(() -> new InvariantViolationException("no dispute fee in " + currency));
    }
}
