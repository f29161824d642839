package com.paywire.persistence.kyc;

import com.paywire.persistence.PersonalDataTable;
import com.paywire.persistence.secrets.PersonalDataSeal;
import com.paywire.vocabulary.lookups.KycPersonalData;
import com.paywire.vocabulary.lookups.KycRequest;
import com.paywire.vocabulary.lookups.KycResponseCode;
import com.paywire.vocabulary.lookups.LookupStatus;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** KYC requests; their personal data is sealed on the way in and unsealed on the way out. */
@Repository
public class KycStore extends PersonalDataTable<KycRequest> {

    public KycStore(JdbcClient jdbc, PersonalDataSeal seal) {
        super(jdbc, seal, "kyc_requests", "system_trace_audit_number", "KYC request", (rs, row) -> request(rs, seal));
    }

    /** @throws org.springframework.dao.DuplicateKeyException when the client already used the systemTraceAuditNumber */
    public void insert(KycRequest r) {
        jdbc.sql("""
                insert into kyc_requests (id, client_id, system_trace_audit_number, route_id, report_reason, country,
                    currency, callback_url, device_id, national_id_hint, personal_data, status, created_at)
                values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """).params(r.id(), r.clientId(), r.systemTraceAuditNumber(), r.routeId(), r.reportReason(),
                r.country(), r.currency(), r.callbackUrl(), r.deviceId(), r.nationalIdHint(), seal.seal(r.personal()),
                r.status().code(), r.createdAt()).update();
    }

    /** Records the answer and keeps of the personal data only {@code kept}. */
    public void recordOutcome(UUID id, LookupStatus status, KycResponseCode responseCode, String responseDesc,
                              String nameMatchJson, KycPersonalData kept, OffsetDateTime completedAt) {
        jdbc.sql("""
                update kyc_requests set status = ?, response_code = ?, response_desc = ?, name_match = ?,
                    personal_data = ?, completed_at = ? where id = ?
                """).params(status.code(), responseCode.code(), responseDesc, nameMatchJson, seal.seal(kept), completedAt,
                        id).update();
    }

    private static KycRequest request(ResultSet rs, PersonalDataSeal seal) throws SQLException {
        return new KycRequest(rs.getObject("id", UUID.class), rs.getString("client_id"),
                rs.getString("system_trace_audit_number"), rs.getObject("route_id", UUID.class),
                rs.getInt("report_reason"), rs.getString("country"), rs.getString("currency"),
                rs.getString("callback_url"), rs.getString("device_id"), rs.getString("national_id_hint"),
                seal.unseal(rs.getString("personal_data"), KycPersonalData.class), LookupStatus.of(rs.getInt("status")),
                responseCode(rs.getString("response_code")), rs.getString("response_desc"), rs.getString("name_match"),
                rs.getObject("completed_at", OffsetDateTime.class),
                rs.getObject("personal_data_erased_at", OffsetDateTime.class), rs.getBoolean("workflow_started"),
                rs.getObject("created_at", OffsetDateTime.class));
    }

    private static KycResponseCode responseCode(String code) {
        return code == null ? null : KycResponseCode.of(code);
    }
}
