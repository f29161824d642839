package com.paywire.persistence.charges;

import com.paywire.persistence.InvariantViolationException;
import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.data.jdbc.repository.query.Query;
import org.springframework.data.repository.Repository;
import org.springframework.data.repository.query.Param;
import org.springframework.transaction.annotation.Transactional;

@Transactional(readOnly = true)
public interface ChargeRepository extends Repository<Charge, UUID> {

    @Query("select * from charges where transaction_type_id = :type order by min_amount")
    List<Charge> findByTransactionTypeId(@Param("type") int transactionTypeId);

    /** The lowest band of the transaction type that covers the amount (one row: every payout line asks). */
    @Query("""
            select * from charges where transaction_type_id = :type and :amount between min_amount and max_amount
            order by min_amount limit 1
            """)
    Optional<Charge> findBandCovering(@Param("type") int transactionTypeId, @Param("amount") BigDecimal amount);

    /**
     * The fee for this amount on this transaction type. Intake refuses amounts outside a route's limits, and the
     * bands are checked at start-up to cover those limits, so an amount no band covers is a bug, not a free payment.
     */
    default BigDecimal feeFor(int transactionTypeId, BigDecimal amount) {
        return findBandCovering(transactionTypeId, amount)
                .map(c -> c.feeFor(amount))
                .orElseThrow(() -> new InvariantViolationException("no charge band of transaction type "
                        + transactionTypeId + " covers " + amount.toPlainString()));
    }
}
