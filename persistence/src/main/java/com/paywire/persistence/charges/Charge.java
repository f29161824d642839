package com.paywire.persistence.charges;

import com.paywire.vocabulary.money.Cents;
import java.math.BigDecimal;
import java.util.UUID;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/** A fee band of a transaction type. */
@Table("charges")
public record Charge(@Id UUID id, int transactionTypeId, BigDecimal minAmount, BigDecimal maxAmount,
                     BigDecimal feeAmount, String feeType, int ccy) {

    /** The fee type whose feeAmount is a percentage of the amount; the other, FLAT, is the fee itself. */
    public static final String PERCENT = "PERCENT";

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
