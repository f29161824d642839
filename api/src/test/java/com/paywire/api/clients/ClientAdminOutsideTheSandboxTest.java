package com.paywire.api.clients;

import static com.paywire.api.support.AdminApi.CLIENTS;
import static com.paywire.api.support.JsonAnswers.fields;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.AdminApi;
import com.paywire.api.support.ApiClientHelper;
import com.paywire.api.support.ApiTest;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/** A deployment that is not a sandbox: an operator creates clients there, but sets no float. */
@ApiTest
@TestPropertySource(properties = "paywire.sandbox.enabled=false")
class ClientAdminOutsideTheSandboxTest {

    @LocalServerPort
    int port;
    @Autowired
    JdbcClient jdbc;
    AdminApi admin;

    @BeforeEach
    void asTheOperator() {
        admin = new AdminApi(ApiClientHelper.client(port));
    }

    @Test
    void givenAFloat_theNewClientShouldBeRefusedNamingIt_andWithoutOneCreated() {
        long before = jdbc.sql("select count(*) from clients").query(Long.class).single();

        ResponseEntity<JsonNode> refused = admin.post(CLIENTS, Map.of("name", "Live shop", "float", "100"));

        assertThat(fields(refused)).containsExactly("float");
        assertThat(refused.getBody().get("errors").get(0).get("message").asString()).contains("sandbox only");
        assertThat(jdbc.sql("select count(*) from clients").query(Long.class).single()).isEqualTo(before);
        assertThat(admin.post(CLIENTS, Map.of("name", "Live shop")).getStatusCode().value()).isEqualTo(201);
    }

    @Test
    void givenAFloatForAClient_itShouldBeRefused409_andNothingMoved() {
        String clientId = admin.create("Live shop", null).clientId();
        long transfers = jdbc.sql("select count(*) from ledger_transfers").query(Long.class).single();

        ResponseEntity<JsonNode> refused = admin.post(CLIENTS + "/" + clientId + "/float", Map.of("amount", "100"));

        assertThat(refused.getStatusCode().value()).isEqualTo(409);
        assertThat(refused.getBody().get("reason").asString()).contains("sandbox only");
        assertThat(jdbc.sql("select count(*) from ledger_transfers").query(Long.class).single()).isEqualTo(transfers);
    }
}
