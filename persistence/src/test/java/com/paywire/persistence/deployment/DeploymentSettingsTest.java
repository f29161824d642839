package com.paywire.persistence.deployment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.junit.jupiter.api.Test;
import org.springframework.mock.env.MockEnvironment;

class DeploymentSettingsTest {

    /** Every address at its local default, as the role ymls leave them when nothing is set. */
    private static MockEnvironment withTheLocalDefaults(String profile) {
        MockEnvironment environment = new MockEnvironment();
        environment.setActiveProfiles(profile);
        DeploymentSettings.ADDRESSES.forEach(a -> environment.setProperty(a.property(), "http://127.0.0.1:8089"));
        environment.setProperty("paywire.rails.callback-base-url", "http://localhost:8080");
        environment.setProperty("paywire.collections.public-base-url", "");
        environment.setProperty(DeploymentSettings.DATABASE_PASSWORD, "");
        return environment;
    }

    @Test
    void givenTheLocalProfile_theLocalDefaultsShouldBeAccepted() {
        assertThatCode(() -> DeploymentSettings.refuseOutsideLocal(withTheLocalDefaults("local")))
                .doesNotThrowAnyException();
    }

    @Test
    void givenAnyOtherProfile_everyAddressLeftAtItsDefault_andTheDatabasePassword_shouldBeNamedAtOnce() {
        var refused = catchThrowableOfType(DeploymentSettings.RefusedToStart.class,
                () -> DeploymentSettings.refuseOutsideLocal(withTheLocalDefaults("production")));

        assertThat(refused.problems()).hasSize(9);
        assertThat(String.join("\n", refused.problems())).contains("PAYWIRE_RAILS_MOBILE_MONEY_URL (or PAYWIRE_RAILS_BASE_URL)",
                "PAYWIRE_RAILS_BANK_URL", "PAYWIRE_RAILS_CARD_PROCESSOR_URL", "PAYWIRE_RAILS_IDENTITY_REGISTRY_URL",
                "PAYWIRE_RAILS_AIRTIME_URL", "PAYWIRE_RAILS_BILLER_URL", "PAYWIRE_RAILS_CALLBACK_BASE_URL is unset or the local default",
                "PAYWIRE_PUBLIC_BASE_URL is not set", "DATABASE_PASSWORD is not set");
    }

    @Test
    void givenOwnHttpsAddresses_andAPassword_itShouldStart_checkingOnlyTheSettingsTheRoleHas() {
        MockEnvironment own = new MockEnvironment();
        own.setActiveProfiles("production");
        DeploymentSettings.ADDRESSES.forEach(a -> own.setProperty(a.property(), "https://rails.example.com/v1"));
        own.setProperty(DeploymentSettings.DATABASE_PASSWORD, "own");
        assertThatCode(() -> DeploymentSettings.refuseOutsideLocal(own)).doesNotThrowAnyException();

        MockEnvironment nothing = new MockEnvironment();
        nothing.setActiveProfiles("production");
        assertThatCode(() -> DeploymentSettings.refuseOutsideLocal(nothing)).doesNotThrowAnyException();
    }

    @Test
    void givenTheTestClock_itShouldBeRefusedOutsideTheLocalProfile_only() {
        MockEnvironment production = new MockEnvironment();
        production.setActiveProfiles("production");
        production.setProperty(DeploymentSettings.TEST_CLOCK_ENABLED, "true");
        var refused = catchThrowableOfType(DeploymentSettings.RefusedToStart.class,
                () -> DeploymentSettings.refuseOutsideLocal(production));
        assertThat(refused.problems()).singleElement().asString()
                .startsWith("PAYWIRE_TEST_CLOCK_ENABLED (paywire.test-clock.enabled) is true");

        MockEnvironment local = withTheLocalDefaults("local");
        local.setProperty(DeploymentSettings.TEST_CLOCK_ENABLED, "true");
        assertThatCode(() -> DeploymentSettings.refuseOutsideLocal(local)).doesNotThrowAnyException();
    }

    @Test
    void givenTheLoopbackLoginThrottle_itShouldBeRefusedOutsideTheLocalProfile_only() {
        MockEnvironment production = new MockEnvironment();
        production.setActiveProfiles("production");
        production.setProperty(DeploymentSettings.LOOPBACK_PER_CLIENT, "true");
        var refused = catchThrowableOfType(DeploymentSettings.RefusedToStart.class,
                () -> DeploymentSettings.refuseOutsideLocal(production));
        assertThat(refused.problems()).singleElement().asString()
                .startsWith("paywire.security.loopback-per-client-only is true");

        production.setProperty(DeploymentSettings.LOOPBACK_PER_CLIENT, "false");
        assertThatCode(() -> DeploymentSettings.refuseOutsideLocal(production)).doesNotThrowAnyException();
        MockEnvironment local = withTheLocalDefaults("local");
        local.setProperty(DeploymentSettings.LOOPBACK_PER_CLIENT, "true");
        assertThatCode(() -> DeploymentSettings.refuseOutsideLocal(local)).doesNotThrowAnyException();
    }

    /** Judged as written: no name is looked up, but this machine's names and addresses, and the simulator's port, are refused. */
    @Test
    void givenAnAddress_itShouldBeHttps_offThisMachine_andNotTheSimulator() {
        assertThat(DeploymentSettings.refusal("https://b2c.mpesa.example.com")).isEmpty();
        assertThat(DeploymentSettings.refusal("https://93.184.216.34:8443/rails")).isEmpty();
        assertThat(DeploymentSettings.refusal("https://[2606:4700:4700::1111]/rails")).isEmpty();
        // a rail reached over a private link is a deployment's choice
        assertThat(DeploymentSettings.refusal("https://10.0.0.7/bank")).isEmpty();

        assertThat(DeploymentSettings.refusal(" ")).contains("is not set");
        assertThat(DeploymentSettings.refusal("http://127.0.0.1:8089")).get().asString()
                .startsWith("is unset or the local default");
        assertThat(DeploymentSettings.refusal("http://b2c.mpesa.example.com")).contains("must use HTTPS");
        assertThat(DeploymentSettings.refusal("https://u:p@b2c.mpesa.example.com"))
                .contains("must not carry a user name or password");
        assertThat(DeploymentSettings.refusal("b2c.mpesa.example.com")).contains("must be an absolute http(s) URL");
        assertThat(DeploymentSettings.refusal("https://LocalHost:8443")).contains("names this machine (localhost)");
        assertThat(DeploymentSettings.refusal("https://rails.localhost")).contains("names this machine (localhost)");
        assertThat(DeploymentSettings.refusal("https://rails.example.com:8089")).contains("uses the rails simulator's port (8089)");
        for (String thisMachine : new String[] {"127.0.0.1", "127.1.2.3", "0.0.0.0", "169.254.169.254", "[::1]", "[::]",
                "[fe80::1]", "[::ffff:127.0.0.1]"}) {
            assertThat(DeploymentSettings.refusal("https://" + thisMachine + ":8443")).as(thisMachine)
                    .contains("is a loopback, link-local or unspecified address");
        }
    }
}
