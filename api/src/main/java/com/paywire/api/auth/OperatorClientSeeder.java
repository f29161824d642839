package com.paywire.api.auth;

import com.paywire.api.platform.PaywireProperties;
import com.paywire.domain.clients.ClientAdministration;
import com.paywire.domain.clients.ClientSecretHasher;
import com.paywire.vocabulary.clients.ApiClient;
import java.util.LinkedHashSet;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.stereotype.Component;

/**
 * Creates (or refreshes) the operator client from configuration at start: the admin and operations scopes, no routes
 * (it manages clients and sees every client's payments, but makes none). Nothing
 * is seeded unless both its id and secret are set, which the local profile does ({@link PaywireProperties.Operator}).
 */
@Component
class OperatorClientSeeder implements ApplicationRunner {

    private static final Logger log = LoggerFactory.getLogger(OperatorClientSeeder.class);

    private final ClientAdministration administration;
    private final PaywireProperties.Operator operator;
    private final PaywireProperties.Sandbox sandbox;

    OperatorClientSeeder(ClientAdministration administration, PaywireProperties properties) {
        this.administration = administration;
        this.operator = properties.operator();
        this.sandbox = properties.sandbox();
    }

    @Override
    public void run(ApplicationArguments args) {
        if (!operator.configured()) {
            log.info("No operator client: PAYWIRE_OPERATOR_CLIENT_ID and PAYWIRE_OPERATOR_CLIENT_SECRET are not set");
            return;
        }
        if (sandbox.enabled() && sandbox.clientId().equals(operator.clientId())) {
            // seeding both would leave one client with the other's secret and scopes
            throw new IllegalStateException("PAYWIRE_OPERATOR_CLIENT_ID must differ from the sandbox client's id");
        }
        administration.seedOperatorClient(new ApiClient(operator.clientId(), "Paywire operator",
                ClientSecretHasher.hash(operator.clientSecret()),
                new LinkedHashSet<>(List.of(Scope.ADMIN.value(), Scope.OPERATIONS.value()))));
        log.info("Operator client '{}' is ready with the admin and operations scopes", operator.clientId());
    }
}
