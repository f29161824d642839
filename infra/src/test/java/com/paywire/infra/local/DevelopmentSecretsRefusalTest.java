package com.paywire.infra.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.paywire.api.ApiApplication;
import com.paywire.persistence.secrets.DevelopmentSecrets;
import com.paywire.worker.WorkerApplication;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;

/**
 * Outside the local profile each role refuses to start on the keys and secrets published in this repository,
 * before it connects to anything (no database or Temporal is running here).
 */
class DevelopmentSecretsRefusalTest {

    private static final String PUBLISHED_SECRETS_KEY = "cGF5d2lyZS1sb2NhbC1zZWNyZXRzLWtleS0zMmJ5dGU=";
    private static final String PUBLISHED_TOKEN_SIGNING_KEY =
            "cGF5d2lyZS1sb2NhbC1kZXZlbG9wbWVudC1rZXktY2hhbmdlLW1lLTIwMjY=";

    @Test
    void givenAProductionProfile_andThePackagedDefaults_theApiShouldRefuseToStart_namingEachVariableToSet() {
        DevelopmentSecrets.RefusedToStart refused = refusal(ApiApplication.builder());

        assertThat(String.join("\n", refused.problems())).contains("PAYWIRE_TOKEN_SIGNING_KEY", "PAYWIRE_SECRETS_KEY",
                "PAYWIRE_PAYLOAD_KEYS", "PAYWIRE_MOBILE_MONEY_CALLBACK_SECRET", "PAYWIRE_BANK_CALLBACK_SECRET",
                "PAYWIRE_CARD_PROCESSOR_CALLBACK_SECRET",
                "PAYWIRE_SANDBOX_CLIENT_SECRET");
    }

    @Test
    void givenAProductionProfile_andThePackagedDefaults_theWorkerShouldRefuseToStart_namingTheSecretsAndPayloadKeys() {
        DevelopmentSecrets.RefusedToStart refused = refusal(WorkerApplication.builder());

        assertThat(refused.problems()).hasSize(2);
        assertThat(String.join("\n", refused.problems())).contains("PAYWIRE_SECRETS_KEY", "PAYWIRE_PAYLOAD_KEYS");
    }

    @Test
    void givenThePublishedKeysKeptAsPreviousKeys_eachRoleShouldRefuseToStart_namingTheVariables() {
        String previousKeys = "--PAYWIRE_SECRETS_PREVIOUS_KEYS=b3duLWtleS1vZi0zMi1ieXRlcy1mb3ItdGhpcy10ZXN0,"
                + PUBLISHED_SECRETS_KEY;

        DevelopmentSecrets.RefusedToStart api = refusal(ApiApplication.builder(), previousKeys,
                "--PAYWIRE_TOKEN_SIGNING_PREVIOUS_KEY=" + PUBLISHED_TOKEN_SIGNING_KEY);
        DevelopmentSecrets.RefusedToStart worker = refusal(WorkerApplication.builder(), previousKeys);

        assertThat(String.join("\n", api.problems())).contains("PAYWIRE_TOKEN_SIGNING_PREVIOUS_KEY",
                "PAYWIRE_SECRETS_PREVIOUS_KEYS");
        assertThat(worker.problems()).hasSize(3);
        assertThat(worker.problems().getLast()).contains("PAYWIRE_SECRETS_PREVIOUS_KEYS");
    }

    private static DevelopmentSecrets.RefusedToStart refusal(SpringApplicationBuilder role, String... more) {
        List<String> args = new ArrayList<>(List.of("--spring.profiles.active=production", "--server.port=0"));
        args.addAll(List.of(more));
        Throwable failure = catchThrowable(() -> role.properties("spring.main.banner-mode=off")
                .run(args.toArray(String[]::new)));
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof DevelopmentSecrets.RefusedToStart refused) {
                return refused;
            }
        }
        throw new AssertionError("the role did not refuse its development secrets", failure);
    }
}
