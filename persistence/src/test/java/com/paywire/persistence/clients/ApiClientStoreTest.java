package com.paywire.persistence.clients;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.persistence.PersistenceTestApplication;
import com.paywire.persistence.TestDatabase;
import com.paywire.vocabulary.clients.ApiClient;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

@SpringBootTest(classes = PersistenceTestApplication.class)
class ApiClientStoreTest {

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        TestDatabase.register(registry);
    }

    @Autowired
    ApiClientStore clients;
    @Autowired
    JdbcClient jdbc;

    /**
     * Workflow ids join a client's id and the client's own identifier with ':' (card transaction ids with '|'): were
     * "acme:x" a client, its express deposit "1" and the deposit "x:1" of the client "acme" would be one workflow.
     */
    @ParameterizedTest
    @ValueSource(strings = {"acme:x", "acme|x"})
    void givenAClientIdHoldingASeparatorOfDerivedIds_itShouldBeRefused_andNothingWritten(String clientId) {
        assertThatThrownBy(() -> clients.registerWithAllRoutes(new ApiClient(clientId, "Acme", "x", Set.of("payouts"))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("may not contain");

        assertThat(jdbc.sql("select count(*) from clients where client_id = ?").param(clientId).query(Integer.class)
                .single()).isZero();
        assertThat(jdbc.sql("select count(*) from ledger_accounts where client_id = ?").param(clientId)
                .query(Integer.class).single()).isZero();
    }
}
