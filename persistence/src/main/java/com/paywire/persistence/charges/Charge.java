package com.paywire.persistence.charges;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.UUID;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/** A fee band of a transaction type. */
@Table("charges")
public record Charge(@Id UUID id, int transactionTypeId, BigDecimal minAmount, BigDecimal maxAmount,
                     BigDecimal feeAmount, String feeType, int ccy) {

    /** The fee on this amount, to the cent, half up. */
    public BigDecimal feeFor(BigDecimal amount) {
        BigDecimal fee = "PERCENT".equals(feeType)
                ? amount.multiply(feeAmount).divide(BigDecimal.valueOf(100))
                : feeAmount;
        return fee.setScale(2, RoundingMode.HALF_UP);
    }
}
