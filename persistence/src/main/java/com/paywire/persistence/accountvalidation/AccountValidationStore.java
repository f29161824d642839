package com.paywire.persistence.accountvalidation;

import com.paywire.persistence.PersonalDataTable;
import com.paywire.persistence.secrets.PersonalDataSeal;
import com.paywire.vocabulary.lookups.AccountHolder;
import com.paywire.vocabulary.lookups.AccountValidation;
import com.paywire.vocabulary.lookups.LookupStatus;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Account validations; the account number and its holder's name are sealed at rest. */
@Repository
public class AccountValidationStore extends PersonalDataTable<AccountValidation> {

    public AccountValidationStore(JdbcClient jdbc, PersonalDataSeal seal) {
        super(jdbc, seal, "account_validations", "system_trace_audit_number", "account validation",
                (rs, row) -> validation(rs, seal));
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

    private static AccountValidation validation(ResultSet rs, PersonalDataSeal seal) throws SQLException {
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
