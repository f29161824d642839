package com.paywire.persistence.accounts;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Clients' transfers from their utility to their working account (V46), one row per originatorConversationId. */
@Repository
public class AccountTransferStore {

    private final JdbcClient jdbc;

    public AccountTransferStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public record AccountTransfer(UUID id, String clientId, String originatorConversationId, BigDecimal amount,
                                  OffsetDateTime createdAt) {
    }

    /** Inserts the transfer unless the client used its id before; answers whether this call inserted it. */
    public boolean insert(AccountTransfer transfer) {
        return jdbc.sql("""
                        insert into account_transfers (id, client_id, originator_conversation_id, amount, created_at)
                        values (?, ?, ?, ?, ?)
                        on conflict (client_id, originator_conversation_id) do nothing""")
                .params(transfer.id(), transfer.clientId(), transfer.originatorConversationId(), transfer.amount(),
                        transfer.createdAt())
                .update() == 1;
    }

    /** The client's transfer with this originatorConversationId. */
    public Optional<AccountTransfer> find(String clientId, String originatorConversationId) {
        return jdbc.sql("""
                        select id, client_id, originator_conversation_id, amount, created_at from account_transfers
                        where client_id = ? and originator_conversation_id = ?""")
                .params(clientId, originatorConversationId)
                .query((rs, n) -> new AccountTransfer(rs.getObject("id", UUID.class), rs.getString("client_id"),
                        rs.getString("originator_conversation_id"), rs.getBigDecimal("amount"),
                        rs.getObject("created_at", OffsetDateTime.class)))
                .optional();
    }
}
