package com.paywire.api.auth;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.platform.PaywireProperties;
import com.paywire.api.support.ApiTest;
import com.paywire.domain.clients.ClientAdministration;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.rules.money.Leg;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.DefaultApplicationArguments;

/** The sandbox client is funded once per database: a restart finds its float, whatever the float configured now. */
@ApiTest
class SandboxClientSeederTest {

    @Autowired
    ClientAdministration administration;
    @Autowired
    Ledger ledger;
    @Autowired
    PaywireProperties properties;

    @Test
    void givenARestartWithAnotherOpeningFloat_itShouldStartAndLeaveTheFirstFloatAsItWas() {
        String key = Ledger.OPENING_FLOAT + properties.sandbox().clientId();
        Leg first = ledger.posted(key).orElseThrow();
        PaywireProperties.Sandbox sandbox = properties.sandbox();
        PaywireProperties restarted = new PaywireProperties(properties.appDomainName(), properties.security(),
                new PaywireProperties.Sandbox(sandbox.enabled(), sandbox.clientId(), sandbox.clientSecret(),
                        sandbox.callbackSecret(), sandbox.name(), sandbox.shortCode(), sandbox.accountPrefix(),
                        sandbox.openingFloat().add(new BigDecimal("1.00")), sandbox.displayName()),
                properties.cards(), properties.operator());

        new SandboxClientSeeder(administration, restarted).run(new DefaultApplicationArguments());

        assertThat(ledger.posted(key)).contains(first);
        assertThat(first.creditAccount()).isEqualTo(LedgerAccounts.working(sandbox.clientId()));
    }
}
