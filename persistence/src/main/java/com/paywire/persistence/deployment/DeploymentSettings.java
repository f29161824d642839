package com.paywire.persistence.deployment;

import com.paywire.persistence.notifications.UrlPolicy;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.context.EnvironmentAware;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;
import org.springframework.core.env.Profiles;

/**
 * What a deployment must set itself, because the local profile's defaults would pay or answer the wrong party: where
 * each rail is, Paywire's own public addresses, and the database password. Outside the {@code local} profile a
 * role refuses to start while one is unset, still a local default, not HTTPS, or on this machine (a loopback,
 * link-local or unspecified address, or {@code localhost}), or while the local stack's test clock or login throttle
 * for loopback sources is enabled, naming
 * every such variable at once. It checks before any other bean exists, after {@code DevelopmentSecrets}. Each role
 * imports it and checks the settings it has; tests that build a context of their own do not.
 */
public class DeploymentSettings implements BeanFactoryPostProcessor, EnvironmentAware, Ordered {

    /** The rails simulator's port, which a real rail has no reason to share. */
    static final int SIMULATOR_PORT = 8089;
    /** The defaults of paywire-api.yml and paywire-worker.yml: the simulator and the API on this machine. */
    static final Set<String> LOCAL_DEFAULTS = Set.of("http://127.0.0.1:" + SIMULATOR_PORT, "http://localhost:8080");

    private static final String RAILS_BASE_URL = "PAYWIRE_RAILS_BASE_URL";

    /** An address a role is configured with, the variable that sets it, and the one it falls back to (or null). */
    record Address(String property, String variable, String fallback) {

        String named() {
            return fallback == null ? variable : variable + " (or " + fallback + ")";
        }
    }

    static final List<Address> ADDRESSES = List.of(
            new Address("paywire.rails.mobile-money-base-url", "PAYWIRE_RAILS_MOBILE_MONEY_URL", RAILS_BASE_URL),
            new Address("paywire.rails.bank-base-url", "PAYWIRE_RAILS_BANK_URL", RAILS_BASE_URL),
            new Address("paywire.rails.card-processor-base-url", "PAYWIRE_RAILS_CARD_PROCESSOR_URL", RAILS_BASE_URL),
            new Address("paywire.rails.identity-registry-base-url", "PAYWIRE_RAILS_IDENTITY_REGISTRY_URL",
                    RAILS_BASE_URL),
            new Address("paywire.rails.airtime-base-url", "PAYWIRE_RAILS_AIRTIME_URL", RAILS_BASE_URL),
            new Address("paywire.rails.biller-base-url", "PAYWIRE_RAILS_BILLER_URL", RAILS_BASE_URL),
            new Address("paywire.rails.callback-base-url", "PAYWIRE_RAILS_CALLBACK_BASE_URL", null),
            new Address("paywire.collections.public-base-url", "PAYWIRE_PUBLIC_BASE_URL", null));

    static final String DATABASE_PASSWORD = "spring.datasource.password";

    /** The local stack's test clock (domain's TestClock), which moves the platform's time: never a deployment's. */
    public static final String TEST_CLOCK_ENABLED = "paywire.test-clock.enabled";

    /**
     * The API's login throttle counting wrong secrets from a loopback address per client id only (its
     * FailedAttempts): right where everyone is 127.0.0.1, wrong behind a proxy on the same machine, where every
     * caller would be.
     */
    public static final String LOOPBACK_PER_CLIENT = "paywire.security.loopback-per-client-only";

    private Environment environment;

    @Override
    public void setEnvironment(Environment environment) {
        this.environment = environment;
    }

    @Override
    public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
        refuseOutsideLocal(environment);
    }

    /** After {@code DevelopmentSecrets}, whose report comes first when both would refuse. */
    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE + 1;
    }

    /** @throws RefusedToStart naming every setting the role has that a deployment must set, and did not */
    static void refuseOutsideLocal(Environment environment) {
        if (environment.acceptsProfiles(Profiles.of("local"))) {
            return;
        }
        List<String> problems = new ArrayList<>();
        for (Address address : ADDRESSES) {
            if (environment.containsProperty(address.property())) {
                refusal(environment.getProperty(address.property()))
                        .ifPresent(why -> problems.add(address.named() + " " + why));
            }
        }
        if (environment.containsProperty(DATABASE_PASSWORD) && isBlank(environment.getProperty(DATABASE_PASSWORD))) {
            problems.add("DATABASE_PASSWORD is not set (the local profile's default is for the embedded database)");
        }
        if (environment.getProperty(TEST_CLOCK_ENABLED, Boolean.class, false)) {
            problems.add("PAYWIRE_TEST_CLOCK_ENABLED (" + TEST_CLOCK_ENABLED + ") is true: the test clock moves the"
                    + " platform's time and belongs to the local stack alone; unset it");
        }
        if (environment.getProperty(LOOPBACK_PER_CLIENT, Boolean.class, false)) {
            problems.add(LOOPBACK_PER_CLIENT + " is true: behind a proxy on this machine every caller is a loopback"
                    + " address, whose wrong secrets would then go uncounted over all client ids; it is the local"
                    + " profile's alone, unset it");
        }
        if (!problems.isEmpty()) {
            throw new RefusedToStart(problems);
        }
    }

    /**
     * An address judged as written, without DNS (a rail's name may resolve only once the network is up): set, not a
     * local default, an absolute https URL without a user name or password, not on this machine, not the simulator.
     *
     * @return why the address may not be used (never quoting it), or empty when it may
     */
    static Optional<String> refusal(String url) {
        if (isBlank(url)) {
            return Optional.of("is not set");
        }
        if (LOCAL_DEFAULTS.contains(url.strip())) {
            // unset and set to the default read alike: the yml writes the default in
            return Optional.of("is unset or the local default (the rails simulator, or the API on this machine)");
        }
        Optional<String> refusal = new UrlPolicy(false).refusalBeforeResolving(url.strip());
        if (refusal.isPresent()) {
            return refusal;
        }
        URI uri = URI.create(url.strip());
        String host = uri.getHost().toLowerCase(Locale.ROOT);
        if (host.equals("localhost") || host.endsWith(".localhost")) {
            return Optional.of("names this machine (localhost)");
        }
        if (host.startsWith("[") || host.chars().allMatch(c -> c == '.' || Character.isDigit(c))) {
            try { // a literal address: no lookup
                InetAddress address = InetAddress.getByName(host);
                if (address.isLoopbackAddress() || address.isAnyLocalAddress() || address.isLinkLocalAddress()) {
                    return Optional.of("is a loopback, link-local or unspecified address");
                }
            } catch (UnknownHostException notAnAddress) {
                return Optional.of("has a host that is not a valid address");
            }
        }
        if (uri.getPort() == SIMULATOR_PORT) {
            return Optional.of("uses the rails simulator's port (" + SIMULATOR_PORT + ")");
        }
        return Optional.empty();
    }

    private static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }

    /** Thrown at start-up; {@link DeploymentSettingsFailureAnalyzer} turns it into a short report. */
    public static class RefusedToStart extends IllegalStateException {

        private final List<String> problems;

        RefusedToStart(List<String> problems) {
            super("Refusing to start outside the local profile without the deployment's own settings: " + problems);
            this.problems = List.copyOf(problems);
        }

        public List<String> problems() {
            return problems;
        }
    }
}
