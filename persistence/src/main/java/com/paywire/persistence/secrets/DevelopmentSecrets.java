package com.paywire.persistence.secrets;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.context.EnvironmentAware;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;
import org.springframework.core.env.Profiles;
import org.springframework.stereotype.Component;

/**
 * The keys and secrets that ship in this repository so that {@code ./paywire} runs with no setup. Anyone can read
 * them, so outside the {@code local} profile a role that would use one refuses to start, naming the variable to
 * set. It checks before any other bean exists: nothing listens, connects or polls first.
 */
@Component
public class DevelopmentSecrets implements BeanFactoryPostProcessor, EnvironmentAware, Ordered {

    /** A published value, the property that may hold it, and what an operator sets instead. */
    record Published(String property, String value, String remedy) {
    }

    private static final String TOKEN_SIGNING_KEY = "cGF5d2lyZS1sb2NhbC1kZXZlbG9wbWVudC1rZXktY2hhbmdlLW1lLTIwMjY=";
    private static final String SECRETS_KEY = "cGF5d2lyZS1sb2NhbC1zZWNyZXRzLWtleS0zMmJ5dGU=";

    /** The defaults of paywire-api.yml and paywire-worker.yml; a role checks those of its own properties it has. */
    static final List<Published> PUBLISHED = List.of(
            new Published("paywire.security.token-signing-key", TOKEN_SIGNING_KEY,
                    "set PAYWIRE_TOKEN_SIGNING_KEY to a new base64 key of 32+ bytes (openssl rand -base64 32)"),
            new Published("paywire.secrets.encryption-key", SECRETS_KEY,
                    "set PAYWIRE_SECRETS_KEY to a new base64 AES-256 key (openssl rand -base64 32), the same on API and workers"),
            new Published("paywire.temporal.payload-keys",
                    "development=cGF5d2lyZS1sb2NhbC1wYXlsb2Fkcy1rZXktMzJieXQ=",
                    "set PAYWIRE_PAYLOAD_KEYS to id=key with a new base64 AES-256 key (openssl rand -base64 32) and "
                            + "PAYWIRE_PAYLOAD_KEY_ID to that id, the same on API and workers"),
            new Published("paywire.rails.callback.mobile-money-secret", "sandbox-mobile-money-secret",
                    "set PAYWIRE_MOBILE_MONEY_CALLBACK_SECRET to the secret agreed with the mobile-money rail"),
            new Published("paywire.rails.callback.bank-secret", "sandbox-bank-secret",
                    "set PAYWIRE_BANK_CALLBACK_SECRET to the secret agreed with the bank rail"),
            new Published("paywire.rails.callback.card-processor-secret", "sandbox-card-processor-secret",
                    "set PAYWIRE_CARD_PROCESSOR_CALLBACK_SECRET to the secret agreed with the card processor"));

    /** The sandbox client is seeded only when enabled, so its published secrets matter only then. */
    static final List<Published> PUBLISHED_SANDBOX = List.of(
            new Published("paywire.sandbox.client-secret", "sandbox-secret",
                    "set PAYWIRE_SANDBOX_CLIENT_SECRET, or PAYWIRE_SANDBOX_ENABLED=false"),
            new Published("paywire.sandbox.callback-secret", "sandbox-callback-secret",
                    "set PAYWIRE_SANDBOX_CALLBACK_SECRET, or PAYWIRE_SANDBOX_ENABLED=false"));

    /**
     * The local operator's secret, set by the local profile alone: elsewhere it is in use only when a deployment
     * copied it, so it is checked whatever else is configured.
     */
    static final Published PUBLISHED_OPERATOR = new Published("paywire.operator.client-secret", "operator-secret",
            "set PAYWIRE_OPERATOR_CLIENT_SECRET to a new secret (openssl rand -base64 32), or unset it and"
                    + " PAYWIRE_OPERATOR_CLIENT_ID to have no operator client");

    /**
     * The keys kept from before a rotation (comma-separated where there may be several): none may be a published
     * one, which would let anyone sign a token Paywire accepts, or seal a value Paywire reads as its own.
     */
    static final List<Published> PUBLISHED_AS_PREVIOUS = List.of(
            new Published("paywire.security.token-signing-previous-key", TOKEN_SIGNING_KEY,
                    "remove it from PAYWIRE_TOKEN_SIGNING_PREVIOUS_KEY"),
            new Published("paywire.secrets.previous-encryption-keys", SECRETS_KEY,
                    "remove it from PAYWIRE_SECRETS_PREVIOUS_KEYS"));

    private Environment environment;

    @Override
    public void setEnvironment(Environment environment) {
        this.environment = environment;
    }

    @Override
    public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
        refuseOutsideLocal(environment);
    }

    /** First of the start-up checks (the roles' {@code DeploymentSettings} comes next). */
    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }

    /** @throws RefusedToStart naming every published value in use and what to set instead */
    static void refuseOutsideLocal(Environment environment) {
        if (environment.acceptsProfiles(Profiles.of("local"))) {
            return;
        }
        List<Published> checked = new ArrayList<>(PUBLISHED);
        checked.add(PUBLISHED_OPERATOR);
        if (environment.getProperty("paywire.sandbox.enabled", Boolean.class, false)) {
            checked.addAll(PUBLISHED_SANDBOX);
        }
        List<String> problems = new ArrayList<>(checked.stream()
                .filter(p -> Objects.equals(environment.getProperty(p.property()), p.value()))
                .map(p -> p.property() + " is the published development value: " + p.remedy())
                .toList());
        PUBLISHED_AS_PREVIOUS.stream()
                .filter(p -> Arrays.stream(environment.getProperty(p.property(), "").split(","))
                        .anyMatch(key -> key.strip().equals(p.value())))
                .map(p -> p.property() + " holds the published development key: " + p.remedy())
                .forEach(problems::add);
        if (!problems.isEmpty()) {
            throw new RefusedToStart(problems);
        }
    }

    /** Thrown at start-up; {@link DevelopmentSecretsFailureAnalyzer} turns it into a short report. */
    public static class RefusedToStart extends IllegalStateException {

        private final List<String> problems;

        RefusedToStart(List<String> problems) {
            super("Refusing to start outside the local profile with published development secrets: " + problems);
            this.problems = List.copyOf(problems);
        }

        public List<String> problems() {
            return problems;
        }
    }
}
