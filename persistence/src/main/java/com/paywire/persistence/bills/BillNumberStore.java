package com.paywire.persistence.bills;

import com.paywire.vocabulary.bills.BillNumber;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Saved bill numbers: one per client, service and account number; saving again updates it. */
@Repository
public class BillNumberStore {

    private final JdbcClient jdbc;

    public BillNumberStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Saves the number, or updates the one saved before under the same service and account number. */
    public BillNumber save(BillNumber n) {
        jdbc.sql("""
                insert into bill_numbers (id, client_id, service_id, account_number, customer_name, phone_number,
                    transaction_desc, enabled, verified, due_date, last_known_balance, remind_me_due_date)
                values (?, ?, ?, ?, ?, ?, ?, true, ?, ?, ?, ?)
                on conflict (client_id, service_id, account_number) do update set
                    customer_name = excluded.customer_name, phone_number = excluded.phone_number,
                    transaction_desc = excluded.transaction_desc, enabled = true, verified = excluded.verified,
                    due_date = excluded.due_date, last_known_balance = excluded.last_known_balance,
                    remind_me_due_date = excluded.remind_me_due_date, updated_at = now()
                """).params(n.id(), n.clientId(), n.serviceId(), n.accountNumber(), n.customerName(), n.phoneNumber(),
                n.transactionDesc(), n.verified(), n.dueDate(), n.lastKnownBalance(), n.remindMeDueDate()).update();
        return find(n.clientId(), n.serviceId(), n.accountNumber()).orElseThrow();
    }

    public Optional<BillNumber> find(String clientId, UUID serviceId, String accountNumber) {
        return jdbc.sql("select * from bill_numbers where client_id = ? and service_id = ? and account_number = ? and enabled")
                .params(clientId, serviceId, accountNumber).query(BillNumberStore::number).optional();
    }

    public Optional<BillNumber> find(UUID id) {
        return jdbc.sql("select * from bill_numbers where id = ?").param(id).query(BillNumberStore::number).optional();
    }

    /** Deletes the number: it stays for the record, disabled, and reminds no more. */
    public boolean disable(UUID id) {
        return jdbc.sql("update bill_numbers set enabled = false, remind_me_due_date = false, updated_at = now() where id = ?")
                .param(id).update() > 0;
    }

    /** What the biller said last about the account. */
    public void recordBill(UUID id, OffsetDateTime dueDate, BigDecimal balance) {
        jdbc.sql("update bill_numbers set due_date = ?, last_known_balance = ?, updated_at = now() where id = ?")
                .params(dueDate, balance, id).update();
    }

    private static BillNumber number(ResultSet rs, int row) throws SQLException {
        return new BillNumber(rs.getObject("id", UUID.class), rs.getString("client_id"),
                rs.getObject("service_id", UUID.class), rs.getString("account_number"), rs.getString("customer_name"),
                rs.getString("phone_number"), rs.getString("transaction_desc"), rs.getBoolean("enabled"),
                rs.getBoolean("verified"), rs.getObject("due_date", OffsetDateTime.class),
                rs.getBigDecimal("last_known_balance"), rs.getBoolean("remind_me_due_date"),
                rs.getObject("created_at", OffsetDateTime.class), rs.getObject("updated_at", OffsetDateTime.class));
    }
}
