package com.paywire.persistence.collections;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.persistence.TestDatabase;
import com.paywire.vocabulary.collections.ShortCode;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * V34 on a database whose clients of one's own share the sandbox client's prefix: the sandbox client keeps it, each
 * other gets three letters of its own that no prefix kept begins or is begun by, and from then on a prefix is
 * unique whatever its case and finds its short code.
 */
class AccountPrefixMigrationTest {

    @Test
    void givenOwnClientsSharingTheSandboxPrefix_eachShouldGetItsOwn_andThePrefixesStayUniqueAndPrefixFree() {
        DataSource db = TestDatabase.newDatabaseAt("33");
        JdbcClient jdbc = JdbcClient.create(db);
        jdbc.sql("insert into clients (client_id, name, secret_hash, scopes) values ('sandbox', 'S', 'x', 'c'),"
                + " ('own-1', 'O1', 'x', 'c'), ('own-2', 'O2', 'x', 'c'), ('other', 'Ot', 'x', 'c')").update();
        jdbc.sql("""
                insert into client_short_codes (short_code, client_id, account_prefix) values
                  ('600001', 'own-2', 'PW'), ('174379', 'sandbox', 'PW'), ('600000', 'own-1', 'pw'),
                  ('555555', 'other', 'AA')
                """).update();

        TestDatabase.migrate(db);

        assertThat(prefixOf(jdbc, "174379")).as("the sandbox client's, outside the own clients' range").isEqualTo("PW");
        assertThat(prefixOf(jdbc, "555555")).isEqualTo("AA");
        assertThat(prefixOf(jdbc, "600000")).as("the first three letters AA does not begin").isEqualTo("ABA");
        assertThat(prefixOf(jdbc, "600001")).isEqualTo("ABB");
        ShortCodeStore store = new ShortCodeStore(jdbc);
        assertThat(store.findByAccountNo("abbINV-1")).containsExactly(new ShortCode("600001", "own-2", "ABB"));
        assertThat(store.findByAccountNo("PWINV-1")).extracting(ShortCode::clientId).containsExactly("sandbox");
        assertThat(store.findByAccountNo("XYZINV-1")).isEmpty();
        assertThat(store.prefixFree("AB")).as("begins ABA").isFalse();
        assertThat(store.prefixFree("PWA")).as("begins with PW").isFalse();
        assertThat(store.prefixFree("ACA")).isTrue();
        assertThat(store.highestPrefixOfLetters(3)).contains("ABB");
        assertThat(store.issueIfFree(new ShortCode("600002", "own-1", "abb"))).as("its prefix taken").isFalse();
        assertThatThrownBy(() -> store.issue(new ShortCode("600003", "own-1", "Abb")))
                .isInstanceOf(DuplicateKeyException.class).hasMessageContaining("client_short_codes_account_prefix");
    }

    private static String prefixOf(JdbcClient jdbc, String shortCode) {
        return jdbc.sql("select account_prefix from client_short_codes where short_code = ?").param(shortCode)
                .query(String.class).single();
    }
}
