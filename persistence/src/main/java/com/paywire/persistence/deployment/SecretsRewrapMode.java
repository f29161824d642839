package com.paywire.persistence.deployment;

import com.paywire.persistence.secrets.DevelopmentSecrets;
import com.paywire.persistence.secrets.SecretCipher;
import com.paywire.persistence.secrets.SecretsRewrap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

/**
 * The one-shot re-encryption of a secrets key rotation (the API's jar with {@code --paywire.rewrap-secrets=true} or
 * {@code PAYWIRE_REWRAP_SECRETS=true}): once every role runs with the new {@code PAYWIRE_SECRETS_KEY} and the old
 * one in {@code PAYWIRE_SECRETS_PREVIOUS_KEYS}, it moves every sealed value to the new key ({@link SecretsRewrap}),
 * logs per column how many it re-encrypted and how many no key opens, and ends the process with 0. A one-shot run
 * rather than a task inside the roles: it runs once however many replicas there are, its end is the moment the
 * previous keys may be dropped, and its report is in one log. It connects as the runtime user, which may update
 * rows; no web server, no Temporal.
 */
public final class SecretsRewrapMode {

    private static final Logger log = LoggerFactory.getLogger(SecretsRewrapMode.class);

    static final String REWRAP_SECRETS = "paywire.rewrap-secrets";
    /** Rows read at once: a batch's values are held in memory, and each is written back on its own. */
    static final int BATCH_SIZE = 500;

    private SecretsRewrapMode() {
    }

    /** Whether the command line ({@code --paywire.rewrap-secrets[=true]}) or the environment asks for the rewrap. */
    public static boolean requested(String[] args, Map<String, String> environment) {
        return OneShotMode.requested(REWRAP_SECRETS, "PAYWIRE_REWRAP_SECRETS", args, environment);
    }

    /**
     * Re-encrypts with the role's configuration ({@code configName}.yml and {@code args}).
     *
     * @return the process's exit code: 0 once every column was read through (a failure is thrown, and reported like
     *         a refused start)
     */
    public static int run(String configName, String... args) {
        return OneShotMode.run(Rewrap.class, configName, args);
    }

    /** A context of this alone; not a {@code @Configuration}, for the reason {@link DatabaseMigration}'s is not. */
    static class Rewrap {

        /** The published keys are refused here as in the roles: a value sealed under one is as good as clear. */
        @Bean
        static DevelopmentSecrets developmentSecrets() {
            return new DevelopmentSecrets();
        }

        @Bean
        ApplicationRunner rewrapSecrets(Environment environment) {
            return arguments -> {
                SecretCipher cipher = new SecretCipher(environment.getRequiredProperty("paywire.secrets.encryption-key"),
                        environment.getProperty("paywire.secrets.previous-encryption-keys", ""));
                String password = OneShotMode.password(environment, "DATABASE_PASSWORD", "spring.datasource.password");
                SingleConnectionDataSource database = new SingleConnectionDataSource(
                        environment.getRequiredProperty("spring.datasource.url"),
                        environment.getProperty("spring.datasource.username"), password, true);
                List<SecretsRewrap.Outcome> outcomes;
                try {
                    outcomes = new SecretsRewrap(JdbcClient.create(database), cipher, BATCH_SIZE).rewrapAll();
                } finally {
                    database.destroy();
                }
                outcomes.forEach(outcome -> log.info("Secrets rewrap: {}", outcome));
                long left = outcomes.stream().mapToLong(o -> o.unreadable() + o.changedMeanwhile()).sum();
                if (left == 0) {
                    log.info("Secrets rewrap done: every sealed value is under PAYWIRE_SECRETS_KEY;"
                            + " PAYWIRE_SECRETS_PREVIOUS_KEYS may be emptied");
                } else {
                    log.warn("Secrets rewrap done with {} values left: those no key opens stay unreadable, those"
                            + " changed meanwhile were written by another role (run the rewrap again once every role"
                            + " runs with the new key)", left);
                }
            };
        }
    }
}
