package com.paywire.persistence.charges;

import java.util.List;
import java.util.UUID;
import org.springframework.data.jdbc.repository.query.Query;
import org.springframework.data.repository.Repository;
import org.springframework.transaction.annotation.Transactional;

@Transactional(readOnly = true)
public interface ChargeRepository extends Repository<Charge, UUID> {

    /** Every band of every transaction type, each type's lowest amounts first ({@link ChargeBands} keeps them). */
    @Query("select * from charges order by transaction_type_id, min_amount")
    List<Charge> findAllByLowestAmount();
}
