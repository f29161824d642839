package com.paywire.persistence.charges;

import java.math.BigDecimal;
import java.util.List;
import java.util.UUID;
import org.springframework.data.jdbc.repository.query.Query;
import org.springframework.data.repository.Repository;
import org.springframework.data.repository.query.Param;
import org.springframework.transaction.annotation.Transactional;

@Transactional(readOnly = true)
public interface ChargeRepository extends Repository<Charge, UUID> {

    @Query("select * from charges where transaction_type_id = :type order by min_amount")
    List<Charge> findByTransactionTypeId(@Param("type") int transactionTypeId);

    /** The fee for this amount on this transaction type: zero where no band covers it. */
    default BigDecimal feeFor(int transactionTypeId, BigDecimal amount) {
        return findByTransactionTypeId(transactionTypeId).stream()
                .filter(c -> c.covers(amount))
                .findFirst()
                .map(c -> c.feeFor(amount))
                .orElse(BigDecimal.ZERO.setScale(2));
    }
}
