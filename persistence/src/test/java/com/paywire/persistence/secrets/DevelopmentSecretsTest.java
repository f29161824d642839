package com.paywire.persistence.secrets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.junit.jupiter.api.Test;
import org.springframework.mock.env.MockEnvironment;

class DevelopmentSecretsTest {

    private static MockEnvironment withEveryPublishedValue() {
        MockEnvironment environment = new MockEnvironment().withProperty("paywire.sandbox.enabled", "true");
        DevelopmentSecrets.PUBLISHED.forEach(p -> environment.setProperty(p.property(), p.value()));
        DevelopmentSecrets.PUBLISHED_SANDBOX.forEach(p -> environment.setProperty(p.property(), p.value()));
        return environment;
    }

    @Test
    void givenTheLocalProfile_thePublishedValuesShouldBeAccepted() {
        MockEnvironment environment = withEveryPublishedValue();
        environment.setActiveProfiles("local");

        assertThatCode(() -> DevelopmentSecrets.refuseOutsideLocal(environment)).doesNotThrowAnyException();
    }

    @Test
    void givenAnyOtherProfile_eachPublishedValueShouldBeRefusedNamingTheVariableToSet() {
        MockEnvironment environment = withEveryPublishedValue();
        environment.setActiveProfiles("production");

        var refused = catchThrowableOfType(DevelopmentSecrets.RefusedToStart.class,
                () -> DevelopmentSecrets.refuseOutsideLocal(environment));

        assertThat(refused.problems()).hasSize(8);
        assertThat(String.join("\n", refused.problems())).contains("PAYWIRE_TOKEN_SIGNING_KEY", "PAYWIRE_SECRETS_KEY",
                "PAYWIRE_PAYLOAD_KEYS", "PAYWIRE_MOBILE_MONEY_CALLBACK_SECRET", "PAYWIRE_BANK_CALLBACK_SECRET",
                "PAYWIRE_CARD_PROCESSOR_CALLBACK_SECRET", "PAYWIRE_SANDBOX_CLIENT_SECRET",
                "PAYWIRE_SANDBOX_CALLBACK_SECRET");
    }

    @Test
    void givenTheLocalOperatorsSecretOutsideTheLocalProfile_itShouldBeRefused_sandboxOrNot() {
        MockEnvironment environment = new MockEnvironment().withProperty("paywire.sandbox.enabled", "false")
                .withProperty(DevelopmentSecrets.PUBLISHED_OPERATOR.property(), DevelopmentSecrets.PUBLISHED_OPERATOR.value());
        environment.setActiveProfiles("production");

        var refused = catchThrowableOfType(DevelopmentSecrets.RefusedToStart.class,
                () -> DevelopmentSecrets.refuseOutsideLocal(environment));

        assertThat(refused.problems()).singleElement().asString().contains("PAYWIRE_OPERATOR_CLIENT_SECRET");
        environment.setActiveProfiles("local");
        assertThatCode(() -> DevelopmentSecrets.refuseOutsideLocal(environment)).doesNotThrowAnyException();
        MockEnvironment own = new MockEnvironment().withProperty(DevelopmentSecrets.PUBLISHED_OPERATOR.property(),
                "an-operators-own-secret");
        own.setActiveProfiles("production");
        assertThatCode(() -> DevelopmentSecrets.refuseOutsideLocal(own)).doesNotThrowAnyException();
    }

    @Test
    void givenAPublishedKeyAmongThePreviousKeys_itShouldBeRefusedOutsideLocal_namingTheVariable() {
        MockEnvironment environment = new MockEnvironment();
        DevelopmentSecrets.PUBLISHED.forEach(p -> environment.setProperty(p.property(), "own-" + p.value()));
        DevelopmentSecrets.PUBLISHED_AS_PREVIOUS.forEach(p -> environment.setProperty(p.property(),
                "b3duLWtleS1vZi0zMi1ieXRlcy1mb3ItdGhpcy10ZXN0," + p.value()));
        environment.setActiveProfiles("production");

        var refused = catchThrowableOfType(DevelopmentSecrets.RefusedToStart.class,
                () -> DevelopmentSecrets.refuseOutsideLocal(environment));

        assertThat(refused.problems()).hasSize(2);
        assertThat(String.join("\n", refused.problems())).contains("PAYWIRE_TOKEN_SIGNING_PREVIOUS_KEY",
                "PAYWIRE_SECRETS_PREVIOUS_KEYS");

        environment.setActiveProfiles("local");
        assertThatCode(() -> DevelopmentSecrets.refuseOutsideLocal(environment)).doesNotThrowAnyException();
        environment.setActiveProfiles("production");
        DevelopmentSecrets.PUBLISHED_AS_PREVIOUS.forEach(p -> environment.setProperty(p.property(), "own-" + p.value()));
        assertThatCode(() -> DevelopmentSecrets.refuseOutsideLocal(environment)).doesNotThrowAnyException();
    }

    @Test
    void givenOwnValues_orTheSandboxOff_itShouldStart() {
        MockEnvironment own = new MockEnvironment().withProperty("paywire.sandbox.enabled", "true");
        DevelopmentSecrets.PUBLISHED.forEach(p -> own.setProperty(p.property(), "own-" + p.value()));
        DevelopmentSecrets.PUBLISHED_SANDBOX.forEach(p -> own.setProperty(p.property(), "own-" + p.value()));
        assertThatCode(() -> DevelopmentSecrets.refuseOutsideLocal(own)).doesNotThrowAnyException();

        MockEnvironment sandboxOff = withEveryPublishedValue().withProperty("paywire.sandbox.enabled", "false");
        DevelopmentSecrets.PUBLISHED.forEach(p -> sandboxOff.setProperty(p.property(), "own-" + p.value()));
        assertThatCode(() -> DevelopmentSecrets.refuseOutsideLocal(sandboxOff)).doesNotThrowAnyException();
    }
}
