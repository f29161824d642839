package com.paywire.persistence.collections;

import com.paywire.vocabulary.collections.PaymentLink;
import com.paywire.vocabulary.collections.PaymentLinkStatus;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

@Repository
public class PaymentLinkStore {

    private final JdbcClient jdbc;

    public PaymentLinkStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public void save(PaymentLink l) {
        jdbc.sql("""
                insert into payment_links (id, client_id, short_code, first_name, last_name, email_address, phone_number,
                    account_reference, payment_type, description, is_amount_specified, amount, currency,
                    redirection_site, status, created_date, callback_url)
                values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                on conflict (id) do update set short_code = excluded.short_code, first_name = excluded.first_name,
                    last_name = excluded.last_name, email_address = excluded.email_address,
                    phone_number = excluded.phone_number, account_reference = excluded.account_reference,
                    payment_type = excluded.payment_type, description = excluded.description,
                    is_amount_specified = excluded.is_amount_specified, amount = excluded.amount,
                    currency = excluded.currency, redirection_site = excluded.redirection_site, status = excluded.status,
                    callback_url = excluded.callback_url
                """).params(l.id(), l.clientId(), l.shortCode(), l.firstName(), l.lastName(), l.emailAddress(),
                l.phoneNumber(), l.accountReference(), l.paymentType(), l.description(), l.isAmountSpecified(),
                l.amount(), l.currency(), l.redirectionSite(), l.status().name(), l.createdDate(), l.callbackUrl()).update();
    }

    public Optional<PaymentLink> find(UUID id) {
        return jdbc.sql("select * from payment_links where id = ?").param(id).query(PaymentLinkStore::link).optional();
    }

    public Optional<PaymentLink> find(String clientId, UUID id) {
        return find(id).filter(l -> l.clientId().equals(clientId));
    }

    private static PaymentLink link(ResultSet rs, int row) throws SQLException {
        return new PaymentLink(rs.getObject("id", UUID.class), rs.getString("client_id"), rs.getString("short_code"),
                rs.getString("first_name"), rs.getString("last_name"), rs.getString("email_address"),
                rs.getString("phone_number"), rs.getString("account_reference"), rs.getString("payment_type"),
                rs.getString("description"), rs.getBoolean("is_amount_specified"), rs.getBigDecimal("amount"),
                rs.getString("currency"), rs.getString("redirection_site"),
                PaymentLinkStatus.valueOf(rs.getString("status")),
                rs.getObject("created_date", OffsetDateTime.class), rs.getString("callback_url"));
    }
}
