package com.paywire.persistence;

import com.paywire.persistence.secrets.PersonalDataSeal;
import com.paywire.vocabulary.lookups.PersonalDataRequest;
import java.time.OffsetDateTime;
import java.util.UUID;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * A {@link RequestTable} whose rows carry personal data (KYC requests, account validations): sealed in the
 * {@code personal_data} column with {@link PersonalDataSeal}, and erased when the request's retention ends, which
 * {@code personal_data_erased_at} records. What each kind keeps, and until when it may change, is its store's.
 */
public class PersonalDataTable<T extends PersonalDataRequest> extends RequestTable<T> {

    protected final PersonalDataSeal seal;
    private final String erase;

    public PersonalDataTable(JdbcClient jdbc, PersonalDataSeal seal, String table, String clientKeyColumn, String noun,
                             RowMapper<T> rows) {
        super(jdbc, table, clientKeyColumn, noun, rows);
        this.seal = seal;
        this.erase = "update " + table + " set personal_data = null,"
                + " personal_data_erased_at = coalesce(personal_data_erased_at, ?) where id = ?";
    }

    /** Forgets the person behind the request; the outcome stays, and the first erasure's time with it. */
    public void erasePersonalData(UUID id, OffsetDateTime erasedAt) {
        jdbc.sql(erase).params(erasedAt, id).update();
    }
}
