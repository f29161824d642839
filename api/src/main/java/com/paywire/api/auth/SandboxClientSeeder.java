package com.paywire.api.auth;

import com.paywire.api.platform.PaywireProperties;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.collections.ShortCodeStore;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.persistence.secrets.SecretCipher;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.rules.money.Leg;
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

    private final ApiClientStore clients;
    private final Ledger ledger;
    private final SecretCipher cipher;
    private final ShortCodeStore shortCodes;
    private final PaywireProperties.Sandbox sandbox;

    SandboxClientSeeder(ApiClientStore clients, Ledger ledger, SecretCipher cipher, ShortCodeStore shortCodes,
                        PaywireProperties properties) {
        this.clients = clients;
        this.shortCodes = shortCodes;
        this.cipher = cipher;
        this.ledger = ledger;
        this.sandbox = properties.sandbox();
    }

    @Override
    public void run(ApplicationArguments args) {
        clients.registerWithAllRoutes(new ApiClient(sandbox.clientId(), sandbox.name(),
                ClientSecretHasher.hash(sandbox.clientSecret()), new LinkedHashSet<>(Scope.merchantValues())));
        clients.setCallbackSecret(sandbox.clientId(), cipher.encrypt(sandbox.callbackSecret()));
        clients.setDisplayName(sandbox.clientId(), sandbox.displayName());
        shortCodes.issue(new ShortCodeStore.ShortCode(sandbox.shortCode(), sandbox.clientId(), sandbox.accountPrefix()));
        // funded once per database: a restart finds the float already there, even if PAYWIRE_SANDBOX_FLOAT changed
        // since (the key names the first float; asking it for another amount would be refused)
        String floatKey = Ledger.OPENING_FLOAT + sandbox.clientId();
        if (ledger.posted(floatKey).isEmpty()) {
            ledger.transferRequired(floatKey, new Leg(LedgerAccounts.FUNDING,
                    LedgerAccounts.working(sandbox.clientId()), sandbox.openingFloat()), "Sandbox opening float");
        }
        log.info("Sandbox client '{}' is ready with every route assigned and {} KES available for payouts",
                sandbox.clientId(), ledger.available(LedgerAccounts.working(sandbox.clientId())));
    }
}
