package com.paywire.api.auth;

import com.paywire.api.platform.PaywireProperties;
import com.paywire.persistence.clients.ApiClient;
import com.paywire.persistence.clients.ApiClientStore;
import java.util.LinkedHashSet;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.stereotype.Component;

/** Creates (or refreshes) the sandbox client from configuration at start, with every route assigned. */
@Component
@ConditionalOnProperty(name = "paywire.sandbox.enabled", havingValue = "true")
class SandboxClientSeeder implements ApplicationRunner {

    /** Every scope the platform knows; the sandbox client may use them all. */
    static final List<String> ALL_SCOPES = List.of("payouts", "collections", "cards", "checkout", "kyc", "bills");

    private static final Logger log = LoggerFactory.getLogger(SandboxClientSeeder.class);

    private final ApiClientStore clients;
    private final PaywireProperties.Sandbox sandbox;

    SandboxClientSeeder(ApiClientStore clients, PaywireProperties properties) {
        this.clients = clients;
        this.sandbox = properties.sandbox();
    }

    @Override
    public void run(ApplicationArguments args) {
        clients.registerWithAllRoutes(new ApiClient(sandbox.clientId(), sandbox.name(),
                ClientSecretHasher.hash(sandbox.clientSecret()), new LinkedHashSet<>(ALL_SCOPES)));
        log.info("Sandbox client '{}' is ready with every route assigned", sandbox.clientId());
    }
}
