package com.paywire.domain.platform;

import com.paywire.persistence.deployment.DatabaseMigration;
import com.paywire.persistence.deployment.DeploymentSettings;
import com.paywire.persistence.deployment.SecretsRewrapMode;
import java.util.Map;
import java.util.OptionalInt;
import org.springframework.context.annotation.Import;

/**
 * How the API's jar runs in a deployment: as the API, which imports this to have the deployment's settings checked
 * before any bean exists ({@link DeploymentSettings}), or instead as one of its one-shot runs, the schema migration
 * ({@link DatabaseMigration}) and the re-encryption after a secrets key rotation ({@link SecretsRewrapMode}). Not a
 * {@code @Configuration}: the roles scan this package, and a context a test builds of its own checks no deployment.
 */
@Import(DeploymentSettings.class)
public class ApiDeployment {

    /**
     * Runs the one-shot run the command line or the environment asks for, if any.
     *
     * @return its exit code; empty when none is asked for, and the API should start
     */
    public static OptionalInt runOneShotIfRequested(String configName, String[] args, Map<String, String> environment) {
        if (DatabaseMigration.requested(args, environment)) {
            return OptionalInt.of(DatabaseMigration.run(configName, args));
        }
        if (SecretsRewrapMode.requested(args, environment)) {
            return OptionalInt.of(SecretsRewrapMode.run(configName, args));
        }
        return OptionalInt.empty();
    }
}
