package com.paywire.infra.deployment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.paywire.api.ApiApplication;
import com.paywire.persistence.TestDatabase;
import com.paywire.persistence.deployment.SecretsRewrapMode;
import com.paywire.persistence.secrets.DevelopmentSecrets;
import com.paywire.persistence.secrets.SealedRows;
import com.paywire.persistence.secrets.SecretCipher;
import com.paywire.vocabulary.secrets.MalformedKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

/**
 * The API's jar run once after a secrets key rotation has rolled out, as a deployment runs it: every sealed column
 * moved from the old key to the new one, so that the new key alone reads it all, and the process done.
 */
@ExtendWith(OutputCaptureExtension.class)
class SecretsRewrapModeTest {

    private static final String OLD_KEY = "b2xkLXNlY3JldHMta2V5LW9mLXRoaXMtdGVzdC0zMmI=";
    private static final String NEW_KEY = "bmV3LXNlY3JldHMta2V5LW9mLXRoaXMtdGVzdC0zMmI=";
    private static final String PUBLISHED_SECRETS_KEY = "cGF5d2lyZS1sb2NhbC1zZWNyZXRzLWtleS0zMmJ5dGU=";

    @Test
    void givenRewrapSecrets_everySealedColumnShouldMoveToTheNewKey_andTheRunShouldEnd(CapturedOutput output) {
        String url = migratedDatabase();
        SingleConnectionDataSource database = new SingleConnectionDataSource(url, "postgres", "postgres", true);
        JdbcClient jdbc = JdbcClient.create(database);
        SealedRows rows = SealedRows.seal(jdbc, new SecretCipher(OLD_KEY, ""));

        int exitCode = SecretsRewrapMode.run(ApiApplication.CONFIG_NAME, arguments(url, OLD_KEY));

        assertThat(exitCode).isZero();
        rows.assertReadableWith(jdbc, new SecretCipher(NEW_KEY, ""));
        assertThat(output).contains("webhook_endpoints.signing_secret: 1 re-encrypted under the current key, 0 unreadable",
                "clients.callback_secret: 1 re-encrypted", "kyc_requests.personal_data: 1 re-encrypted",
                "account_validations.personal_data: 1 re-encrypted", "events.data: 1 re-encrypted",
                "Secrets rewrap done: every sealed value is under PAYWIRE_SECRETS_KEY");
        database.destroy();
    }

    @Test
    void givenThePublishedKeyAsAPreviousKey_orAMalformedOne_theRunShouldRefuse_namingTheVariable() {
        String url = migratedDatabase();

        assertThat(refusal(DevelopmentSecrets.RefusedToStart.class, url, OLD_KEY + "," + PUBLISHED_SECRETS_KEY))
                .hasMessageContaining("paywire.secrets.previous-encryption-keys holds the published development key")
                .hasMessageContaining("PAYWIRE_SECRETS_PREVIOUS_KEYS");
        assertThat(refusal(MalformedKey.class, url, OLD_KEY + ",c2hvcnQ="))
                .hasMessage("key 2 of PAYWIRE_SECRETS_PREVIOUS_KEYS must be 32 bytes, base64; it is 5");
    }

    private static <T extends Throwable> T refusal(Class<T> type, String url, String previousKeys) {
        Throwable failure = catchThrowable(() -> SecretsRewrapMode.run(ApiApplication.CONFIG_NAME,
                arguments(url, previousKeys)));
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
        }
        throw new AssertionError("the run did not refuse with " + type.getSimpleName(), failure);
    }

    @Test
    void rewrapSecretsShouldBeAskedForOnTheCommandLine_orInTheEnvironment() {
        assertThat(SecretsRewrapMode.requested(new String[] {"--paywire.rewrap-secrets=true"}, Map.of())).isTrue();
        assertThat(SecretsRewrapMode.requested(new String[0], Map.of("PAYWIRE_REWRAP_SECRETS", "true"))).isTrue();

        assertThat(SecretsRewrapMode.requested(new String[] {"--paywire.migrate-only=true"}, Map.of())).isFalse();
        assertThat(SecretsRewrapMode.requested(new String[0], Map.of("PAYWIRE_REWRAP_SECRETS", "false"))).isFalse();
    }

    private static String migratedDatabase() {
        String url = TestDatabase.newDatabaseUrl().replaceFirst("\\?.*", ""); // without its ?user=postgres
        Flyway.configure().dataSource(url, "postgres", "postgres").load().migrate();
        return url;
    }

    /** A deployment's own keys and secrets (none published), outside the local profile. */
    private static String[] arguments(String url, String previousKeys) {
        List<String> args = new ArrayList<>(List.of("--spring.profiles.active=production",
                "--spring.main.banner-mode=off", "--paywire.rewrap-secrets=true",
                "--PAYWIRE_SECRETS_KEY=" + NEW_KEY, "--PAYWIRE_SECRETS_PREVIOUS_KEYS=" + previousKeys,
                "--PAYWIRE_TOKEN_SIGNING_KEY=dGVzdC1vbmx5LXNpZ25pbmcta2V5LW9mLTMyLWJ5dGVzISE=",
                "--PAYWIRE_PAYLOAD_KEY_ID=test", "--PAYWIRE_PAYLOAD_KEYS=test=dGVzdC1vbmx5LXBheWxvYWQta2V5LTMyLWJ5dGVzISE=",
                "--PAYWIRE_MOBILE_MONEY_CALLBACK_SECRET=test-only-mobile-money-secret",
                "--PAYWIRE_BANK_CALLBACK_SECRET=test-only-bank-secret",
                "--PAYWIRE_CARD_PROCESSOR_CALLBACK_SECRET=test-only-card-processor-secret", "--PAYWIRE_SANDBOX_ENABLED=false",
                "--DATABASE_URL=" + url, "--DATABASE_USERNAME=postgres", "--DATABASE_PASSWORD=postgres",
                // nothing listens there: the rewrap must not try
                "--TEMPORAL_ADDRESS=127.0.0.1:1", "--server.port=1"));
        return args.toArray(String[]::new);
    }
}
