package com.paywire.api.auth;

import com.paywire.api.platform.PaywireProperties;
import com.paywire.domain.clients.ClientAdministration;
import com.paywire.domain.clients.ClientSecretHasher;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.vocabulary.collections.ShortCode;
import java.math.BigDecimal;
import java.util.LinkedHashSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.stereotype.Component;

/**
 * Creates (or refreshes) the sandbox client from configuration at start, with every route assigned and every product's
 * scope: its credentials are published, so it holds no scope that sees other clients' payments.
 */
@Component
@ConditionalOnProperty(name = "paywire.sandbox.enabled", havingValue = "true")
class SandboxClientSeeder implements ApplicationRunner {

    private static final Logger log = LoggerFactory.getLogger(SandboxClientSeeder.class);

    private final ClientAdministration administration;
    private final PaywireProperties.Sandbox sandbox;

    SandboxClientSeeder(ClientAdministration administration, PaywireProperties properties) {
        this.administration = administration;
        this.sandbox = properties.sandbox();
    }

    @Override
    public void run(ApplicationArguments args) {
        BigDecimal available = administration.seedSandboxClient(new ApiClient(sandbox.clientId(), sandbox.name(),
                        ClientSecretHasher.hash(sandbox.clientSecret()), new LinkedHashSet<>(Scope.merchantValues())),
                sandbox.callbackSecret(), sandbox.displayName(),
                new ShortCode(sandbox.shortCode(), sandbox.clientId(), sandbox.accountPrefix()),
                sandbox.openingFloat());
        log.info("Sandbox client '{}' is ready with every route assigned and {} KES available for payouts",
                sandbox.clientId(), available);
    }
}
