package com.paywire.persistence.collections;

import com.paywire.vocabulary.collections.ShortCode;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Short codes issued to clients, with the AccountNo prefix of each. A prefix names its short code, and so its client,
 * by itself: prefixes are unique whatever their case (V34), and no prefix begins another, so an AccountNo starts with
 * at most one.
 */
@Repository
public class ShortCodeStore {

    private final JdbcClient jdbc;

    public ShortCodeStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Issues the code to its client, taking it over from any client that held it (the seeded sandbox client's). */
    public void issue(ShortCode code) {
        jdbc.sql("""
                insert into client_short_codes (short_code, client_id, account_prefix) values (?, ?, ?)
                on conflict (short_code) do update set client_id = excluded.client_id, account_prefix = excluded.account_prefix
                """).params(code.shortCode(), code.clientId(), code.accountPrefix()).update();
    }

    /**
     * Issues the code unless it or its prefix is issued already, to anyone: never takes either over.
     *
     * @return false when the code or the prefix was taken, and nothing changed
     */
    public boolean issueIfFree(ShortCode code) {
        return jdbc.sql("""
                insert into client_short_codes (short_code, client_id, account_prefix) values (?, ?, ?)
                on conflict do nothing
                """).params(code.shortCode(), code.clientId(), code.accountPrefix()).update() == 1;
    }

    /**
     * The highest code issued between these two of the same length, compared as text (so as numbers for digits).
     */
    public Optional<String> highestBetween(String first, String last) {
        return jdbc.sql("""
                select short_code from client_short_codes
                 where short_code between ? and ? and length(short_code) = length(?)
                 order by short_code desc limit 1
                """).params(first, last, first).query(String.class).optional();
    }

    /** The short code if it was issued to this client. */
    public Optional<ShortCode> find(String clientId, String shortCode) {
        return jdbc.sql("select * from client_short_codes where short_code = ? and client_id = ?")
                .params(shortCode, clientId).query(ShortCodeStore::shortCode).optional();
    }

    /** The short code whoever holds it: what a rail names when it announces a payment to it. */
    public Optional<ShortCode> find(String shortCode) {
        return jdbc.sql("select * from client_short_codes where short_code = ?")
                .param(shortCode).query(ShortCodeStore::shortCode).optional();
    }

    /** One short code of the client's (the first in order), if it holds any. */
    public Optional<ShortCode> anyOf(String clientId) {
        return jdbc.sql("select * from client_short_codes where client_id = ? order by short_code limit 1")
                .param(clientId).query(ShortCodeStore::shortCode).optional();
    }

    /**
     * The short codes whose prefix begins this AccountNo, in either case: one at most while the prefixes stay
     * prefix-free.
     */
    public List<ShortCode> findByAccountNo(String accountNo) {
        return jdbc.sql("select * from client_short_codes where upper(account_prefix) = any(?) order by short_code")
                .param(leadingParts(accountNo.toUpperCase(Locale.ROOT))).query(ShortCodeStore::shortCode).list();
    }

    /** Whether this prefix could be issued without breaking the rule: none issued begins it, and it begins none. */
    public boolean prefixFree(String accountPrefix) {
        String upper = accountPrefix.toUpperCase(Locale.ROOT);
        return !jdbc.sql("""
                select exists (select 1 from client_short_codes
                               where upper(account_prefix) = any(?) or starts_with(upper(account_prefix), ?))
                """).params(leadingParts(upper), upper).query(Boolean.class).single();
    }

    /** The highest prefix issued of this many letters, if any is. */
    public Optional<String> highestPrefixOfLetters(int length) {
        return jdbc.sql("""
                select upper(account_prefix) from client_short_codes where upper(account_prefix) ~ ?
                order by upper(account_prefix) collate "C" desc limit 1
                """).param("^[A-Z]{" + length + "}$").query(String.class).optional();
    }

    /** Every start of the text, itself included: the prefixes that would begin it. */
    private static String[] leadingParts(String text) {
        String[] parts = new String[text.length()];
        for (int length = 1; length <= text.length(); length++) {
            parts[length - 1] = text.substring(0, length);
        }
        return parts;
    }

    private static ShortCode shortCode(ResultSet rs, int row) throws SQLException {
        return new ShortCode(rs.getString("short_code"), rs.getString("client_id"), rs.getString("account_prefix"));
    }
}
