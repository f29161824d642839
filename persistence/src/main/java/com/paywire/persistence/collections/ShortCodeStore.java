package com.paywire.persistence.collections;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Short codes issued to clients, with the AccountNo prefix of each. */
@Repository
public class ShortCodeStore {

    public record ShortCode(String shortCode, String clientId, String accountPrefix) {
    }

    private final JdbcClient jdbc;

    public ShortCodeStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public void issue(ShortCode code) {
        jdbc.sql("""
                insert into client_short_codes (short_code, client_id, account_prefix) values (?, ?, ?)
                on conflict (short_code) do update set client_id = excluded.client_id, account_prefix = excluded.account_prefix
                """).params(code.shortCode(), code.clientId(), code.accountPrefix()).update();
    }

    /** The short code if it was issued to this client. */
    public Optional<ShortCode> find(String clientId, String shortCode) {
        return jdbc.sql("select * from client_short_codes where short_code = ? and client_id = ?")
                .params(shortCode, clientId).query(ShortCodeStore::shortCode).optional();
    }

    /** One short code of the client's (the first in order), if it holds any. */
    public Optional<ShortCode> anyOf(String clientId) {
        return jdbc.sql("select * from client_short_codes where client_id = ? order by short_code limit 1")
                .param(clientId).query(ShortCodeStore::shortCode).optional();
    }

    private static ShortCode shortCode(ResultSet rs, int row) throws SQLException {
        return new ShortCode(rs.getString("short_code"), rs.getString("client_id"), rs.getString("account_prefix"));
    }
}
