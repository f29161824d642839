package com.paywire.infra.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.paywire.api.ApiApplication;
import com.paywire.persistence.secrets.DevelopmentSecrets;
import com.paywire.worker.WorkerApplication;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;

/**
 * Outside the local profile each role refuses to start on the keys and secrets published in this repository,
 * before it connects to anything (no database or Temporal is running here).
 */
class DevelopmentSecretsRefusalTest {

    @Test
    void givenAProductionProfile_andThePackagedDefaults_theApiShouldRefuseToStart_namingEachVariableToSet() {
        DevelopmentSecrets.RefusedToStart refused = refusal(ApiApplication.builder());

        assertThat(String.join("\n", refused.problems())).contains("PAYWIRE_TOKEN_SIGNING_KEY", "PAYWIRE_SECRETS_KEY",
                "PAYWIRE_PAYLOAD_KEYS", "PAYWIRE_MOBILE_MONEY_CALLBACK_SECRET", "PAYWIRE_BANK_CALLBACK_SECRET",
                "PAYWIRE_SANDBOX_CLIENT_SECRET");
    }

    @Test
    void givenAProductionProfile_andThePackagedDefaults_theWorkerShouldRefuseToStart_namingTheSecretsAndPayloadKeys() {
        DevelopmentSecrets.RefusedToStart refused = refusal(WorkerApplication.builder());

        assertThat(refused.problems()).hasSize(2);
        assertThat(String.join("\n", refused.problems())).contains("PAYWIRE_SECRETS_KEY", "PAYWIRE_PAYLOAD_KEYS");
    }

    private static DevelopmentSecrets.RefusedToStart refusal(SpringApplicationBuilder role) {
        Throwable failure = catchThrowable(() -> role.properties("spring.main.banner-mode=off")
                .run("--spring.profiles.active=production", "--server.port=0"));
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof DevelopmentSecrets.RefusedToStart refused) {
                return refused;
            }
        }
        throw new AssertionError("the role did not refuse its development secrets", failure);
    }
}
