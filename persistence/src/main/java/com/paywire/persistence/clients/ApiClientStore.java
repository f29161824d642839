package com.paywire.persistence.clients;

import com.paywire.persistence.ledger.Ledger;
import com.paywire.vocabulary.money.Currencies;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/** Clients and their route assignments. Plain SQL because registration is an upsert, which repositories do not express. */
@Repository
public class ApiClientStore {

    /** Every client's ledger accounts are in this currency today. */
    /**
     * What joins a client's id to its own identifiers in ids that must be unique across the platform (workflow ids,
     * card transaction ids): a client id holding one could make another client's ids.
     */
    private static final String SEPARATORS = ":|";

    private final JdbcClient jdbc;
    private final Ledger ledger;

    public ApiClientStore(JdbcClient jdbc, Ledger ledger) {
        this.jdbc = jdbc;
        this.ledger = ledger;
    }

    /** The client, if it exists and is enabled: a disabled client is as good as gone to the API. */
    public Optional<ApiClient> find(String clientId) {
        return jdbc.sql("select client_id, name, secret_hash, scopes from clients where client_id = ? and enabled")
                .param(clientId)
                .query((rs, n) -> new ApiClient(rs.getString("client_id"), rs.getString("name"),
                        rs.getString("secret_hash"), parseScopes(rs.getString("scopes"))))
                .optional();
    }

    /**
     * Creates the client or replaces its name, secret and scopes, and assigns it every route the platform offers.
     *
     * @throws IllegalArgumentException when the client id holds ':' or '|'
     */
    @Transactional
    public void registerWithAllRoutes(ApiClient client) {
        register(client);
        jdbc.sql("insert into client_routes (client_id, route_id) select ?, id from routes on conflict do nothing")
                .param(client.clientId())
                .update();
    }

    /**
     * Creates the client or replaces its name, secret and scopes, and assigns it the routes of these categories.
     *
     * @throws IllegalArgumentException when the client id holds ':' or '|'
     */
    @Transactional
    public void register(ApiClient client, Collection<String> routeCategories) {
        register(client);
        if (routeCategories.isEmpty()) {
            return;
        }
        jdbc.sql("""
                insert into client_routes (client_id, route_id)
                select :clientId, id from routes where category in (:categories)
                on conflict do nothing
                """)
                .param("clientId", client.clientId())
                .param("categories", routeCategories)
                .update();
    }

    private void register(ApiClient client) {
        if (client.clientId().chars().anyMatch(c -> SEPARATORS.indexOf(c) >= 0)) {
            throw new IllegalArgumentException("A client id may not contain ':' or '|'");
        }
        jdbc.sql("""
                insert into clients (client_id, name, secret_hash, scopes) values (?, ?, ?, ?)
                on conflict (client_id) do update
                  set name = excluded.name, secret_hash = excluded.secret_hash, scopes = excluded.scopes
                """)
                .params(client.clientId(), client.name(), client.secretHash(), String.join(" ", client.scopes()))
                .update();
        ledger.openClientAccounts(client.clientId(), Currencies.KES);
    }

    public boolean isEnabled(String clientId) {
        return jdbc.sql("select enabled from clients where client_id = ?").param(clientId).query(Boolean.class)
                .optional().orElse(false);
    }

    /** Switches the client on or off; off, its tokens are refused and it cannot get new ones. */
    public void setEnabled(String clientId, boolean enabled) {
        jdbc.sql("update clients set enabled = ? where client_id = ?").params(enabled, clientId).update();
    }

    /** Stores the client's callback secret (already encrypted by SecretCipher). */
    public void setCallbackSecret(String clientId, String encryptedSecret) {
        jdbc.sql("update clients set callback_secret = ? where client_id = ?").params(encryptedSecret, clientId).update();
    }

    /** The client's callback secret, encrypted; empty when none was set. */
    public Optional<String> callbackSecret(String clientId) {
        return jdbc.sql("select callback_secret from clients where client_id = ?").param(clientId)
                .query(String.class).optional();
    }

    private static Set<String> parseScopes(String scopes) {
        return new LinkedHashSet<>(Arrays.asList(scopes.trim().split("\\s+")));
    }
}
