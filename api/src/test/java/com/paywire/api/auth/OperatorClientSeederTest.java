package com.paywire.api.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.api.platform.PaywireProperties;
import com.paywire.api.support.ApiTest;
import com.paywire.domain.clients.ClientAdministration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.DefaultApplicationArguments;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The operator client: seeded from configuration, admin alone, and nothing when it is not configured. */
@ApiTest
@ExtendWith(OutputCaptureExtension.class)
class OperatorClientSeederTest {

    @Autowired
    ClientAdministration administration;
    @Autowired
    PaywireProperties properties;
    @Autowired
    JdbcClient jdbc;

    @Test
    void givenTheLocalProfile_theOperatorShouldHoldTheAdminAndOperationsScopes_andNoRoute() {
        assertThat(jdbc.sql("select scopes from clients where client_id = 'paywire-operator'").query(String.class)
                .single()).isEqualTo("admin operations");
        assertThat(jdbc.sql("select count(*) from client_routes where client_id = 'paywire-operator'")
                .query(Long.class).single()).isZero();
        assertThat(jdbc.sql("select scopes from clients where client_id = 'paywire-sandbox'").query(String.class)
                .single()).doesNotContain("admin", "operations");
    }

    @Test
    void givenNoOperatorConfigured_nothingShouldBeSeeded(CapturedOutput output) {
        long before = jdbc.sql("select count(*) from clients").query(Long.class).single();

        seederWith(new PaywireProperties.Operator("", "")).run(new DefaultApplicationArguments());

        assertThat(jdbc.sql("select count(*) from clients").query(Long.class).single()).isEqualTo(before);
        assertThat(output.getAll()).contains("No operator client");
    }

    @Test
    void givenOnlyOneOfItsIdAndSecret_theConfigurationShouldBeRefusedNamingBoth() {
        assertThatThrownBy(() -> new PaywireProperties.Operator("operator", " "))
                .hasMessageContaining("PAYWIRE_OPERATOR_CLIENT_ID").hasMessageContaining("PAYWIRE_OPERATOR_CLIENT_SECRET");
        assertThatThrownBy(() -> new PaywireProperties.Operator(null, "secret"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void givenTheSandboxClientsId_theOperatorShouldBeRefused_andTheSandboxClientKeepItsScopes() {
        OperatorClientSeeder seeder = seederWith(new PaywireProperties.Operator("paywire-sandbox", "other-secret"));

        assertThatThrownBy(() -> seeder.run(new DefaultApplicationArguments()))
                .hasMessageContaining("must differ from the sandbox client's id");
        assertThat(jdbc.sql("select scopes from clients where client_id = 'paywire-sandbox'").query(String.class)
                .single()).contains("payouts");
    }

    private OperatorClientSeeder seederWith(PaywireProperties.Operator operator) {
        return new OperatorClientSeeder(administration, new PaywireProperties(properties.appDomainName(),
                properties.security(), properties.sandbox(), properties.cards(), operator));
    }
}
