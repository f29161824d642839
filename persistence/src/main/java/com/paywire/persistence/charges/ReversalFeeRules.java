package com.paywire.persistence.charges;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * The charge table's rule for reversals of collections (V51 {@code charge_reversal_rules}): whether a reversed
 * collection's fee goes back to the payer from revenue, or the client gives back the whole amount. Given back unless
 * a row says otherwise. Read at each reversal: they are rare, and an operator's change applies at once.
 */
@Component
public class ReversalFeeRules {

    private final JdbcClient jdbc;

    public ReversalFeeRules(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public boolean feeReturned(int transactionTypeId) {
        return jdbc.sql("select fee_returned from charge_reversal_rules where transaction_type_id = ?")
                .param(transactionTypeId).query(Boolean.class).optional().orElse(true);
    }
}
