package com.paywire.persistence.secrets;

import static com.paywire.persistence.secrets.SecretCipherTest.KEY_A;
import static com.paywire.persistence.secrets.SecretCipherTest.KEY_B;
import static com.paywire.persistence.secrets.SecretCipherTest.KEY_C;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.persistence.PersistenceTestApplication;
import com.paywire.persistence.TestDatabase;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** A secrets key rotation on a real PostgreSQL: every sealed column moved from key A to key B, and nothing else. */
@SpringBootTest(classes = PersistenceTestApplication.class)
class SecretsRewrapTest {

    static final SecretCipher UNDER_A = new SecretCipher(KEY_A, "");
    static final SecretCipher UNDER_B = new SecretCipher(KEY_B, "");
    /** The configuration of a rotation in progress: B is current, A still opens. */
    static final SecretCipher B_AFTER_A = new SecretCipher(KEY_B, KEY_A);

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        TestDatabase.register(registry);
    }

    @Autowired
    JdbcClient jdbc;

    /** Each test counts every sealed value of the database: the others' rows are gone first. */
    @BeforeEach
    void noSealedRows() {
        jdbc.sql("truncate events, webhook_endpoints, kyc_requests, account_validations cascade").update();
        jdbc.sql("update clients set callback_secret = null").update();
    }

    @Test
    void givenEverySealedColumnUnderKeyA_theRewrapShouldMoveEachToKeyB_soThatKeyBAloneReadsThemAll() {
        SealedRows first = SealedRows.seal(jdbc, UNDER_A);
        SealedRows second = SealedRows.seal(jdbc, UNDER_A);
        assertThatThrownBy(() -> first.assertReadableWith(jdbc, UNDER_B)).isInstanceOf(SecretCipher.Unreadable.class);

        List<SecretsRewrap.Outcome> outcomes = new SecretsRewrap(jdbc, B_AFTER_A, 1).rewrapAll();

        assertThat(outcomes).extracting(o -> o.column().toString()).containsExactly("webhook_endpoints.signing_secret",
                "clients.callback_secret", "kyc_requests.personal_data", "account_validations.personal_data",
                "events.data");
        assertThat(outcomes).allSatisfy(o -> {
            assertThat(o.checked()).as(o.column() + " read").isEqualTo(2);
            assertThat(o.rewrapped()).as(o.column() + " re-encrypted").isEqualTo(2);
            assertThat(o.unreadable()).isZero();
        });
        first.assertReadableWith(jdbc, UNDER_B);
        second.assertReadableWith(jdbc, UNDER_B);
    }

    @Test
    void runAgain_itShouldChangeNothing_andKeyBValuesAndErasedOnesShouldBeLeftAlone() {
        SealedRows underA = SealedRows.seal(jdbc, UNDER_A);
        SealedRows underB = SealedRows.seal(jdbc, UNDER_B);
        jdbc.sql("update events set data = cast('{\"erased\":\"personal data past its retention\"}' as json)"
                + " where id = ?").param(underB.eventId()).update();
        new SecretsRewrap(jdbc, B_AFTER_A, 500).rewrapAll();
        String before = everySealedValue();

        List<SecretsRewrap.Outcome> again = new SecretsRewrap(jdbc, B_AFTER_A, 500).rewrapAll();

        assertThat(again).allSatisfy(o -> assertThat(o.rewrapped()).as(o.column().toString()).isZero());
        assertThat(again.getLast().checked()).as("the erased event is not a sealed value").isEqualTo(1);
        assertThat(everySealedValue()).isEqualTo(before);
        underA.assertReadableWith(jdbc, UNDER_B);
    }

    @Test
    void aValueNoKeyOpens_shouldBeCountedUnreadable_andLeftAsItIs() {
        SealedRows underC = SealedRows.seal(jdbc, new SecretCipher(KEY_C, ""));
        SealedRows underA = SealedRows.seal(jdbc, UNDER_A);
        String sealedUnderC = jdbc.sql("select signing_secret from webhook_endpoints where id = ?")
                .param(underC.webhookId()).query(String.class).single();

        List<SecretsRewrap.Outcome> outcomes = new SecretsRewrap(jdbc, B_AFTER_A, 500).rewrapAll();

        assertThat(outcomes).allSatisfy(o -> {
            assertThat(o.unreadable()).as(o.column() + " unreadable").isEqualTo(1);
            assertThat(o.rewrapped()).as(o.column() + " re-encrypted").isEqualTo(1);
        });
        assertThat(jdbc.sql("select signing_secret from webhook_endpoints where id = ?").param(underC.webhookId())
                .query(String.class).single()).isEqualTo(sealedUnderC);
        underA.assertReadableWith(jdbc, UNDER_B);
    }

    /** Another writer (a role sealing under B) changes the row between the rewrap's read and its write. */
    @Test
    void aValueChangedMeanwhile_shouldKeepTheOtherWritersValue() {
        SealedRows rows = SealedRows.seal(jdbc, UNDER_A);
        String written = UNDER_B.encrypt("a secret set meanwhile");
        SecretCipher racing = new SecretCipher(KEY_B, KEY_A) {
            @Override
            public Optional<String> rewrapped(String stored) {
                jdbc.sql("update webhook_endpoints set signing_secret = ? where id = ?")
                        .params(written, rows.webhookId()).update();
                return super.rewrapped(stored);
            }
        };

        SecretsRewrap.Outcome outcome = new SecretsRewrap(jdbc, racing, 500).rewrapAll().getFirst();

        assertThat(outcome.changedMeanwhile()).isEqualTo(1);
        assertThat(outcome.rewrapped()).isZero();
        assertThat(jdbc.sql("select signing_secret from webhook_endpoints where id = ?").param(rows.webhookId())
                .query(String.class).single()).isEqualTo(written);
    }

    private String everySealedValue() {
        return String.join("\n", SealedColumn.ALL.stream()
                .flatMap(c -> jdbc.sql("select " + c.value() + " from " + c.table() + " where " + c.sealedRows()
                        + " order by " + c.key()).query(String.class).list().stream())
                .toList());
    }
}
