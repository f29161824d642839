package com.paywire.persistence.timeline;

import java.time.OffsetDateTime;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;

/** Paybill deposits written straight into their table, as the confirmation and the workflow leave them. */
final class PaybillDepositRows {

    private PaybillDepositRows() {
    }

    /**
     * @param clientId null for a deposit held in suspense
     * @param status   RECEIVED, CREDITED or SUSPENDED
     */
    static UUID insert(JdbcClient jdbc, String clientId, String receipt, String clientReference, String status,
                       OffsetDateTime createdAt) {
        UUID id = UUID.randomUUID();
        jdbc.sql("""
                insert into paybill_deposits (id, receipt_number, short_code, account_reference, amount, phone_number,
                    transaction_time, client_id, client_reference, status, created_at)
                values (?, ?, '174379', ?, 150, '254712345678', ?, ?, ?, ?, ?)
                """).params(id, receipt, "PW" + clientReference, createdAt, clientId, clientReference, status,
                createdAt).update();
        return id;
    }
}
