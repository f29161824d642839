package com.paywire.persistence.funding;

import com.paywire.vocabulary.funding.BankEntryOutcome;
import com.paywire.vocabulary.funding.FundingEntry;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The clients' funding references and the bank statement entries that moved money (V43). A bank entry is recorded
 * once by its bank reference ({@link #insertOnce}), in the transaction that moves its money.
 */
@Repository
public class FundingStore {

    private static final String COLUMNS = """
            entry_reference, statement_key, statement_run, account, statement_id, amount, currency, remittance,
            booking_date, funding_reference, outcome, client_id, suspense_reason, assigned_client_id, assigned_at,
            recorded_at""";

    private final JdbcClient jdbc;

    public FundingStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public Optional<String> referenceOf(String clientId) {
        return jdbc.sql("select reference from client_funding_references where client_id = ?").param(clientId)
                .query(String.class).optional();
    }

    /** The client whose reference this is, if any. */
    public Optional<String> clientOf(String reference) {
        return jdbc.sql("select client_id from client_funding_references where reference = ?").param(reference)
                .query(String.class).optional();
    }

    /**
     * Gives the client this reference unless it has one, or the reference is another client's. Answers the client's
     * reference after it: this one, its earlier one, or empty when the reference was taken (try another).
     */
    public Optional<String> assign(String clientId, String reference, OffsetDateTime at) {
        jdbc.sql("""
                insert into client_funding_references (client_id, reference, created_at) values (?, ?, ?)
                on conflict do nothing""").params(clientId, reference, at).update();
        return referenceOf(clientId);
    }

    /**
     * Records the entry unless its bank reference was recorded before (by this statement or another, committed or
     * committing: a concurrent insert of the same reference waits for the other transaction). True when this call
     * recorded it, and so is the one to move its money in the same transaction.
     */
    public boolean insertOnce(FundingEntry entry) {
        return !jdbc.sql("""
                        insert into bank_statement_entries (entry_reference, statement_key, statement_run, account,
                            statement_id, amount, currency, remittance, booking_date, funding_reference, outcome,
                            client_id, suspense_reason, recorded_at)
                        values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        on conflict (entry_reference) do nothing
                        returning entry_reference""")
                .params(entry.entryReference(), entry.statementKey(), entry.statementRun(), entry.account(),
                        entry.statementId(), entry.amount(), entry.currency(), entry.remittance(), entry.bookingDate(),
                        entry.fundingReference(), entry.outcome().name(), entry.clientId(), entry.suspenseReason(),
                        entry.recordedAt())
                .query(String.class).list().isEmpty();
    }

    public Optional<FundingEntry> find(String entryReference) {
        return jdbc.sql("select " + COLUMNS + " from bank_statement_entries where entry_reference = ?")
                .param(entryReference).query(FundingStore::row).optional();
    }

    /** The entry, locked until the caller's transaction ends. */
    public Optional<FundingEntry> lock(String entryReference) {
        return jdbc.sql("select " + COLUMNS + " from bank_statement_entries where entry_reference = ? for update")
                .param(entryReference).query(FundingStore::row).optional();
    }

    /** Records to whom an operator assigned a suspended entry. */
    public void markAssigned(String entryReference, String clientId, OffsetDateTime at) {
        jdbc.sql("""
                update bank_statement_entries set assigned_client_id = ?, assigned_at = ?
                where entry_reference = ? and outcome = 'SUSPENDED' and assigned_client_id is null""")
                .params(clientId, at, entryReference).update();
    }

    /** The entries held in funding suspense, assigned or not, newest first. */
    public List<FundingEntry> suspended(boolean includeAssigned, int limit) {
        return jdbc.sql("select " + COLUMNS + " from bank_statement_entries where outcome = 'SUSPENDED'"
                        + (includeAssigned ? "" : " and assigned_client_id is null")
                        + " order by recorded_at desc, entry_reference limit ?")
                .param(limit).query(FundingStore::row).list();
    }

    private static FundingEntry row(ResultSet rs, int n) throws SQLException {
        return new FundingEntry(rs.getString("entry_reference"), rs.getString("statement_key"),
                rs.getString("statement_run"), rs.getString("account"), rs.getString("statement_id"),
                rs.getBigDecimal("amount"), rs.getString("currency"), rs.getString("remittance"),
                rs.getObject("booking_date", LocalDate.class), rs.getString("funding_reference"),
                BankEntryOutcome.valueOf(rs.getString("outcome")), rs.getString("client_id"),
                rs.getString("suspense_reason"), rs.getString("assigned_client_id"),
                rs.getObject("assigned_at", OffsetDateTime.class), rs.getObject("recorded_at", OffsetDateTime.class));
    }
}
