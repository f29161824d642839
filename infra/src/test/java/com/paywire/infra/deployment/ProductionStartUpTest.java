package com.paywire.infra.deployment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.paywire.api.ApiApplication;
import com.paywire.persistence.TestDatabase;
import com.paywire.persistence.deployment.DeploymentSettings;
import com.paywire.vocabulary.secrets.MalformedKey;
import com.paywire.worker.WorkerApplication;
import io.temporal.testserver.TestServer;
import java.io.IOException;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Each role as a deployment starts it, outside the local profile, with its own keys and secrets: refused while a
 * rail or Paywire's public address is left to the simulator or this machine, started with real-looking addresses.
 */
class ProductionStartUpTest {

    /** Test-only values, none of them published as a default: the secrets check passes, the addresses are judged. */
    private static final List<String> OWN_SECRETS = List.of(
            "--spring.profiles.active=production",
            "--PAYWIRE_TOKEN_SIGNING_KEY=dGVzdC1vbmx5LXNpZ25pbmcta2V5LW9mLTMyLWJ5dGVzISE=",
            "--PAYWIRE_SECRETS_KEY=dGVzdC1vbmx5LXNlY3JldHMta2V5LTMyLWJ5dGVzISE=",
            "--PAYWIRE_PAYLOAD_KEY_ID=test",
            "--PAYWIRE_PAYLOAD_KEYS=test=dGVzdC1vbmx5LXBheWxvYWQta2V5LTMyLWJ5dGVzISE=",
            "--PAYWIRE_MOBILE_MONEY_CALLBACK_SECRET=test-only-mobile-money-secret",
            "--PAYWIRE_BANK_CALLBACK_SECRET=test-only-bank-secret",
            "--PAYWIRE_CARD_PROCESSOR_CALLBACK_SECRET=test-only-card-processor-secret",
            "--PAYWIRE_SANDBOX_ENABLED=false",
            "--DATABASE_USERNAME=postgres", "--DATABASE_PASSWORD=test-only-password",
            "--server.port=0", "--paywire.worker.management-port=0");

    private static final List<String> REAL_LOOKING_ADDRESSES = List.of(
            "--PAYWIRE_RAILS_MOBILE_MONEY_URL=https://b2c.mobile-money.example.com",
            "--PAYWIRE_RAILS_BANK_URL=https://transfers.bank.example.com/api",
            "--PAYWIRE_RAILS_CARD_PROCESSOR_URL=https://cards.processor.example.com",
            "--PAYWIRE_RAILS_IDENTITY_REGISTRY_URL=https://registry.example.go.ke",
            "--PAYWIRE_RAILS_AIRTIME_URL=https://airtime.example.com",
            "--PAYWIRE_RAILS_BILLER_URL=https://bills.example.com",
            "--PAYWIRE_RAILS_CALLBACK_BASE_URL=https://api.paywire.example.com",
            "--PAYWIRE_PUBLIC_BASE_URL=https://pay.paywire.example.com");

    private static TestServer.PortBoundTestServer temporal;
    private static int temporalPort;

    @BeforeAll
    static void startTemporal() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            temporalPort = socket.getLocalPort();
        }
        temporal = TestServer.createPortBoundServer(temporalPort);
    }

    @AfterAll
    static void stopTemporal() {
        temporal.close();
    }

    @Test
    void givenTheSimulatorsAddresses_theApiShouldRefuseToStart_namingEachVariable() {
        DeploymentSettings.RefusedToStart refused = refusal(ApiApplication.builder(),
                "--PAYWIRE_RAILS_BASE_URL=http://127.0.0.1:8089");

        assertThat(refused.problems()).hasSize(3);
        assertThat(String.join("\n", refused.problems())).contains("PAYWIRE_RAILS_CARD_PROCESSOR_URL",
                "PAYWIRE_RAILS_BILLER_URL", "PAYWIRE_PUBLIC_BASE_URL");
    }

    @Test
    void givenTheSimulatorsAddresses_theWorkerShouldRefuseToStart_namingEachVariable() {
        DeploymentSettings.RefusedToStart refused = refusal(WorkerApplication.builder(),
                "--PAYWIRE_RAILS_BASE_URL=http://localhost:8089");

        assertThat(refused.problems()).hasSize(7);
        assertThat(String.join("\n", refused.problems())).contains("PAYWIRE_RAILS_MOBILE_MONEY_URL",
                "PAYWIRE_RAILS_BANK_URL", "PAYWIRE_RAILS_CARD_PROCESSOR_URL", "PAYWIRE_RAILS_IDENTITY_REGISTRY_URL",
                "PAYWIRE_RAILS_AIRTIME_URL", "PAYWIRE_RAILS_BILLER_URL", "PAYWIRE_RAILS_CALLBACK_BASE_URL");
    }

    @Test
    void givenTheTestClockEnabled_theApiShouldRefuseToStart_sayingItIsTheLocalStacks() {
        List<String> args = arguments();
        args.addAll(REAL_LOOKING_ADDRESSES);
        args.add("--paywire.test-clock.enabled=true");

        DeploymentSettings.RefusedToStart refused = refusal(ApiApplication.builder(), args);

        assertThat(refused.problems()).singleElement().asString()
                .contains("PAYWIRE_TEST_CLOCK_ENABLED", "belongs to the local stack alone");
    }

    @Test
    void givenRealLookingAddresses_theApiShouldStart() {
        try (ConfigurableApplicationContext api = start(ApiApplication.builder())) {
            assertThat(api.isRunning()).isTrue();
            assertThat(api.containsBean("migrate")).as("a running role leaves migrating to the one-shot run").isFalse();
            assertThat(api.getEnvironment().getProperty("paywire.rails.card-processor-base-url"))
                    .isEqualTo("https://cards.processor.example.com");
        }
    }

    @Test
    void givenRealLookingAddresses_theWorkerShouldStart_eachRailAtItsOwnAddress() {
        try (ConfigurableApplicationContext worker = start(WorkerApplication.builder())) {
            assertThat(worker.isRunning()).isTrue();
            assertThat(worker.containsBean("migrate")).as("a running role leaves migrating to the one-shot run").isFalse();
            assertThat(worker.getEnvironment().getProperty("paywire.rails.bank-base-url"))
                    .isEqualTo("https://transfers.bank.example.com/api");
            assertThat(worker.getEnvironment().getProperty("paywire.rails.airtime-base-url"))
                    .isEqualTo("https://airtime.example.com");
        }
    }

    @Test
    void givenAMalformedPreviousKey_eachRoleShouldRefuseToStart_namingItsVariable() {
        assertThat(malformedKey(ApiApplication.builder(), "--PAYWIRE_TOKEN_SIGNING_PREVIOUS_KEY=c2hvcnQ="))
                .hasMessage("PAYWIRE_TOKEN_SIGNING_PREVIOUS_KEY must be at least 32 bytes, base64; it is 5");
        assertThat(malformedKey(WorkerApplication.builder(), "--PAYWIRE_SECRETS_PREVIOUS_KEYS=not*base64"))
                .hasMessage("key 1 of PAYWIRE_SECRETS_PREVIOUS_KEYS is not base64");
    }

    private static MalformedKey malformedKey(SpringApplicationBuilder role, String previousKey) {
        List<String> args = arguments();
        args.addAll(REAL_LOOKING_ADDRESSES);
        args.add(previousKey);
        Throwable failure = catchThrowable(() -> role.properties("spring.main.banner-mode=off")
                .run(args.toArray(String[]::new)));
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof MalformedKey malformed) {
                return malformed;
            }
        }
        throw new AssertionError("the role did not refuse its malformed key", failure);
    }

    private static ConfigurableApplicationContext start(SpringApplicationBuilder role) {
        List<String> args = arguments();
        args.addAll(REAL_LOOKING_ADDRESSES);
        return role.properties("spring.main.banner-mode=off").run(args.toArray(String[]::new));
    }

    private static DeploymentSettings.RefusedToStart refusal(SpringApplicationBuilder role, String railsBaseUrl) {
        List<String> args = arguments();
        args.add(railsBaseUrl);
        return refusal(role, args);
    }

    private static DeploymentSettings.RefusedToStart refusal(SpringApplicationBuilder role, List<String> args) {
        Throwable failure = catchThrowable(() -> role.properties("spring.main.banner-mode=off")
                .run(args.toArray(String[]::new)));
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof DeploymentSettings.RefusedToStart refused) {
                return refused;
            }
        }
        throw new AssertionError("the role did not refuse its addresses", failure);
    }

    private static List<String> arguments() {
        List<String> args = new ArrayList<>(OWN_SECRETS);
        args.add("--DATABASE_URL=" + TestDatabase.newDatabaseUrl());
        args.add("--TEMPORAL_ADDRESS=127.0.0.1:" + temporalPort);
        return args;
    }
}
