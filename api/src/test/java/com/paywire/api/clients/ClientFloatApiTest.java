package com.paywire.api.clients;

import static com.paywire.api.support.AdminApi.CLIENTS;
import static com.paywire.api.support.JsonAnswers.fields;
import static com.paywire.api.support.JsonAnswers.names;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.AdminApi;
import com.paywire.api.support.ApiTest;
import com.paywire.api.support.ApiTestBase;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.rules.money.Leg;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/** An operator adding to a client's float in the sandbox: double entry from FUNDING, once per reference. */
@ApiTest
class ClientFloatApiTest extends ApiTestBase {

    @Autowired
    Ledger ledger;
    @Autowired
    JdbcClient jdbc;
    AdminApi admin;
    AdminApi.Created client;
    String path;

    @BeforeEach
    void aClientWithAnOpeningFloat() {
        admin = new AdminApi(http);
        client = admin.create("Float " + System.nanoTime(), "100.00");
        path = CLIENTS + "/" + client.clientId() + "/float";
    }

    @Test
    void givenAReference_theFloatShouldBeCreditedOnce_fromFunding_andAnotherAmountRefused() {
        ResponseEntity<JsonNode> credited = admin.post(path, Map.of("amount", "250.25", "reference", "top-up-1"));

        assertThat(credited.getStatusCode().value()).isEqualTo(201);
        assertThat(names(credited.getBody())).containsExactly("clientId", "amount", "reference", "credited",
                "available");
        assertThat(credited.getBody().get("credited").asBoolean()).isTrue();
        assertThat(credited.getBody().get("available").decimalValue()).isEqualByComparingTo("350.25");
        assertThat(ledger.posted(Ledger.OPENING_FLOAT + client.clientId() + ":top-up-1")).hasValue(new Leg(
                LedgerAccounts.FUNDING, LedgerAccounts.working(client.clientId()), new java.math.BigDecimal("250.25")));

        ResponseEntity<JsonNode> repeated = admin.post(path, Map.of("amount", 250.25, "reference", "top-up-1"));

        assertThat(repeated.getStatusCode().value()).isEqualTo(200);
        assertThat(repeated.getBody().get("credited").asBoolean()).isFalse();
        assertThat(ledger.available(LedgerAccounts.working(client.clientId()))).isEqualByComparingTo("350.25");

        ResponseEntity<JsonNode> other = admin.post(path, Map.of("amount", "9", "reference", "top-up-1"));

        assertThat(other.getStatusCode().value()).isEqualTo(409);
        assertThat(other.getBody().get("reason").asString()).contains("another amount");
        assertThat(ledger.available(LedgerAccounts.working(client.clientId()))).isEqualByComparingTo("350.25");
    }

    @Test
    void givenNoReference_eachCallShouldCredit_underAReferenceItAnswers() {
        ResponseEntity<JsonNode> first = admin.post(path, Map.of("amount", "10"));
        ResponseEntity<JsonNode> second = admin.post(path, Map.of("amount", "10"));

        assertThat(first.getStatusCode().value()).isEqualTo(201);
        assertThat(second.getStatusCode().value()).isEqualTo(201);
        assertThat(first.getBody().get("reference").asString()).isNotEqualTo(second.getBody().get("reference")
                .asString());
        assertThat(ledger.available(LedgerAccounts.working(client.clientId()))).isEqualByComparingTo("120.00");
    }

    @Test
    void givenABadAmountOrReference_itShouldBeNamed_andNothingMoved() {
        long transfers = jdbc.sql("select count(*) from ledger_transfers").query(Long.class).single();

        assertThat(fields(admin.post(path, Map.of()))).containsExactly("amount");
        assertThat(fields(admin.post(path, Map.of("amount", "0")))).containsExactly("amount");
        assertThat(fields(admin.post(path, Map.of("amount", "1.001")))).containsExactly("amount");
        assertThat(fields(admin.post(path, Map.of("amount", "10", "reference", "has:colon")))).containsExactly(
                "reference");
        assertThat(fields(admin.post(path, Map.of("amount", "10", "reference", "r".repeat(65))))).containsExactly(
                "reference");
        assertThat(jdbc.sql("select count(*) from ledger_transfers").query(Long.class).single()).isEqualTo(transfers);
    }
}
