package com.paywire.persistence.charges;

import com.paywire.persistence.InvariantViolationException;
import com.paywire.vocabulary.rules.charges.FeeBands;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;

/**
 * The charge table, read once per process. Every payment asks for its fee, and the table changes only with a
 * migration, which ships with a new release: a process reads it at its first use and keeps it for its life, so a
 * fee costs no round trip to the database.
 */
@Component
public class ChargeBands {

    private final ChargeRepository charges;
    /** By transaction type, each type's bands by lowest amount; null until the first use. */
    private volatile Map<Integer, List<Charge>> byType;

    public ChargeBands(ChargeRepository charges) {
        this.charges = charges;
    }

    /** A transaction type's bands, lowest amounts first; empty for a type without charges. */
    public List<Charge> of(int transactionTypeId) {
        return table().getOrDefault(transactionTypeId, List.of());
    }

    /**
     * The fee for this amount on this transaction type, from the lowest band that covers it. Intake refuses amounts
     * outside a route's limits, and the bands are checked at start-up to cover those limits, so an amount no band
     * covers is a bug, not a free payment.
     */
    public BigDecimal feeFor(int transactionTypeId, BigDecimal amount) {
        return FeeBands.feeFor(of(transactionTypeId).stream().map(Charge::band).toList(), amount)
                .orElseThrow(() -> new InvariantViolationException("no charge band of transaction type "
                        + transactionTypeId + " covers " + amount.toPlainString()));
    }

    private Map<Integer, List<Charge>> table() {
        Map<Integer, List<Charge>> table = byType;
        if (table == null) {
            // two first uses at once both read it: harmless, the table is the same
            table = Map.copyOf(charges.findAllByLowestAmount().stream()
                    .collect(Collectors.groupingBy(Charge::transactionTypeId, Collectors.toUnmodifiableList())));
            byType = table;
        }
        return table;
    }
}
