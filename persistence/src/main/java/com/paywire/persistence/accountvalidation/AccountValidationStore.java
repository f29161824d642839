package com.paywire.persistence.accountvalidation;

import com.paywire.persistence.InvariantViolationException;
import com.paywire.persistence.secrets.PersonalDataSeal;
import com.paywire.vocabulary.lookups.LookupStatus;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Account validations; the account number and its holder's name are sealed at rest. */
@Repository
public class AccountValidationStore {

    private final JdbcClient jdbc;
    private final PersonalDataSeal seal;

    public AccountValidationStore(JdbcClient jdbc, PersonalDataSeal seal) {
        this.jdbc = jdbc;
        this.seal = seal;
    }

    /** @throws org.springframework.dao.DuplicateKeyException when the client already used the systemTraceAuditNumber */
    public void insert(AccountValidation v) {
        jdbc.sql("""
                insert into account_validations (id, client_id, system_trace_audit_number, validation_type,
                    institution_code, country_code, currency, callback_url, callback_format, account_hint,
                    personal_data, status, created_at)
                values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """).params(v.id(), v.clientId(), v.systemTraceAuditNumber(), v.validationType(), v.institutionCode(),
                v.countryCode(), v.currency(), v.callbackUrl(), v.callbackFormat(), v.accountHint(),
                seal.seal(v.holder()), v.status().code(), v.createdAt()).update();
    }

    public Optional<AccountValidation> find(UUID id) {
        return jdbc.sql("select * from account_validations where id = ?").param(id).query(this::validation).optional();
    }

    public Optional<AccountValidation> find(String clientId, String systemTraceAuditNumber) {
        return jdbc.sql("select * from account_validations where client_id = ? and system_trace_audit_number = ?")
                .params(clientId, systemTraceAuditNumber).query(this::validation).optional();
    }

    /** The validation, locked until the caller's transaction ends. */
    public AccountValidation lock(UUID id) {
        return jdbc.sql("select * from account_validations where id = ? for update").param(id)
                .query(this::validation).optional()
                .orElseThrow(() -> new InvariantViolationException("no account validation " + id));
    }

    public List<AccountValidation> findUnstarted(OffsetDateTime acceptedBefore, int limit) {
        return jdbc.sql("select * from account_validations where not workflow_started and created_at < ? order by created_at limit ?")
                .params(acceptedBefore, limit).query(this::validation).list();
    }

    public void markWorkflowStarted(UUID id) {
        jdbc.sql("update account_validations set workflow_started = true where id = ?").param(id).update();
    }

    /** Keeps the holder's name the institution gave, with the account number, while the validation is pending. */
    public void recordHolder(UUID id, AccountHolder holder) {
        jdbc.sql("update account_validations set personal_data = ? where id = ? and status = ?")
                .params(seal.seal(holder), id, LookupStatus.PENDING.code()).update();
    }

    public void recordOutcome(UUID id, LookupStatus status, String resultCode, String resultDesc, String transactionId,
                              OffsetDateTime completedAt) {
        jdbc.sql("""
                update account_validations set status = ?, result_code = ?, result_desc = ?, transaction_id = ?,
                    completed_at = ? where id = ?
                """).params(status.code(), resultCode, resultDesc, transactionId, completedAt, id).update();
    }

    public void erasePersonalData(UUID id, OffsetDateTime erasedAt) {
        jdbc.sql("""
                update account_validations set personal_data = null,
                    personal_data_erased_at = coalesce(personal_data_erased_at, ?) where id = ?
                """).params(erasedAt, id).update();
    }

    private AccountValidation validation(ResultSet rs, int row) throws SQLException {
        return new AccountValidation(rs.getObject("id", UUID.class), rs.getString("client_id"),
                rs.getString("system_trace_audit_number"), rs.getInt("validation_type"),
                rs.getString("institution_code"), rs.getString("country_code"), rs.getString("currency"),
                rs.getString("callback_url"), rs.getString("callback_format"), rs.getString("account_hint"),
                seal.unseal(rs.getString("personal_data"), AccountHolder.class), LookupStatus.of(rs.getInt("status")),
                rs.getString("result_code"), rs.getString("result_desc"), rs.getString("transaction_id"),
                rs.getObject("completed_at", OffsetDateTime.class),
                rs.getObject("personal_data_erased_at", OffsetDateTime.class), rs.getBoolean("workflow_started"),
                rs.getObject("created_at", OffsetDateTime.class));
    }
}
