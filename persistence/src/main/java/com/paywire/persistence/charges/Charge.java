package com.paywire.persistence.charges;

import com.paywire.vocabulary.rules.charges.FeeBand;
import java.math.BigDecimal;
import java.util.UUID;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/** A fee band of a transaction type, as the charges table keeps it; its arithmetic is {@link FeeBand}'s. */
@Table("charges")
public record Charge(@Id UUID id, int transactionTypeId, BigDecimal minAmount, BigDecimal maxAmount,
                     BigDecimal feeAmount, String feeType, int ccy) {

    public FeeBand band() {
        return new FeeBand(minAmount, maxAmount, feeAmount, feeType);
    }
}
