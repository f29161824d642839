package com.paywire.persistence.clients;

import com.paywire.persistence.ledger.Ledger;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.vocabulary.clients.ClientDetails;
import com.paywire.vocabulary.money.Currencies;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/** Clients and their route assignments. Plain SQL because registration is an upsert, which repositories do not express. */
@Repository
public class ApiClientStore {

    /**
     * What joins a client's id to its own identifiers in ids that must be unique across the platform (workflow ids,
     * card transaction ids): a client id holding one could make another client's ids.
     */
    private static final String SEPARATORS = ":|";

    /**
     * A client with its routes, in their order of transaction type, and its first short code; the previous secret
     * shows only while valid.
     */
    private static final String SELECT_DETAILS = """
            select c.client_id, c.name, c.display_name, c.scopes, c.enabled, c.created_at, c.secret_rotated_at,
                   case when c.previous_secret_expires_at > :now then c.previous_secret_expires_at end
                       as previous_secret_expires_at,
                   coalesce(r.ids, '{}') as route_ids, coalesce(r.categories, '{}') as route_categories,
                   sc.short_code, sc.account_prefix
            from clients c
            cross join lateral (
                select array_agg(rt.id order by rt.transaction_type_id) as ids,
                       array_agg(rt.category order by rt.transaction_type_id) as categories
                from client_routes cr join routes rt on rt.id = cr.route_id
                where cr.client_id = c.client_id) r
            left join lateral (
                select s.short_code, s.account_prefix from client_short_codes s
                where s.client_id = c.client_id order by s.short_code limit 1) sc on true
            """;

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
        refuseSeparators(client.clientId());
        jdbc.sql("""
                insert into clients (client_id, name, secret_hash, scopes) values (?, ?, ?, ?)
                on conflict (client_id) do update
                  set name = excluded.name, secret_hash = excluded.secret_hash, scopes = excluded.scopes
                """)
                .params(client.clientId(), client.name(), client.secretHash(), String.join(" ", client.scopes()))
                .update();
        ledger.openClientAccounts(client.clientId(), Currencies.KES);
    }

    /**
     * Creates a client with these routes, its ledger accounts opened; nothing is written when the id is taken.
     *
     * @return false when a client with this id exists already
     * @throws IllegalArgumentException when the client id holds ':' or '|'
     */
    @Transactional
    public boolean create(ApiClient client, Collection<UUID> routeIds) {
        refuseSeparators(client.clientId());
        int created = jdbc.sql("""
                insert into clients (client_id, name, secret_hash, scopes) values (?, ?, ?, ?)
                on conflict (client_id) do nothing
                """)
                .params(client.clientId(), client.name(), client.secretHash(), String.join(" ", client.scopes()))
                .update();
        if (created == 0) {
            return false;
        }
        assignRoutes(client.clientId(), routeIds);
        ledger.openClientAccounts(client.clientId(), Currencies.KES);
        return true;
    }

    /** Replaces the client's routes with these. @return false when there is no such client */
    @Transactional
    public boolean replaceRoutes(String clientId, Collection<UUID> routeIds) {
        if (jdbc.sql("select 1 from clients where client_id = ? for update").param(clientId).query(Integer.class)
                .optional().isEmpty()) {
            return false;
        }
        jdbc.sql("delete from client_routes where client_id = ?").param(clientId).update();
        assignRoutes(clientId, routeIds);
        return true;
    }

    private void assignRoutes(String clientId, Collection<UUID> routeIds) {
        if (routeIds.isEmpty()) {
            return;
        }
        jdbc.sql("""
                insert into client_routes (client_id, route_id)
                select :clientId, id from routes where id in (:routeIds)
                on conflict do nothing
                """)
                .param("clientId", clientId).param("routeIds", routeIds)
                .update();
    }

    /** The client as operators see it at {@code now}, enabled or not. */
    public Optional<ClientDetails> details(String clientId, Instant now) {
        return jdbc.sql(SELECT_DETAILS + " where c.client_id = :clientId").param("clientId", clientId)
                .param("now", at(now)).query(ApiClientStore::details).optional();
    }

    /** A page of every client as operators see them at {@code now}, the oldest first. @param page from 1 */
    public ClientDetails.Page list(int page, int pageSize, Instant now) {
        List<ClientDetails> clients = jdbc.sql(SELECT_DETAILS + " order by c.created_at, c.client_id"
                        + " limit :limit offset :offset")
                .param("now", at(now)).param("limit", pageSize).param("offset", (long) (page - 1) * pageSize)
                .query(ApiClientStore::details).list();
        long total = jdbc.sql("select count(*) from clients").query(Long.class).single();
        return new ClientDetails.Page(clients, total);
    }

    /**
     * Gives the client a new secret. The one it replaces stays valid until {@code previousValidUntil}; null revokes
     * it at once, and with it every token issued before this second.
     *
     * @return false when there is no such client
     */
    public boolean rotateSecret(String clientId, String newSecretHash, Instant previousValidUntil, Instant now) {
        return jdbc.sql("""
                update clients set
                  previous_secret_hash = case when cast(:until as timestamptz) is null then null else secret_hash end,
                  previous_secret_expires_at = cast(:until as timestamptz),
                  secret_hash = :hash,
                  secret_rotated_at = :now,
                  tokens_not_before = case when cast(:until as timestamptz) is null then :notBefore
                                           else tokens_not_before end
                where client_id = :clientId
                """)
                .param("until", at(previousValidUntil)).param("hash", newSecretHash).param("now", at(now))
                .param("notBefore", at(now.truncatedTo(ChronoUnit.SECONDS))).param("clientId", clientId)
                .update() == 1;
    }

    /** The hash of the client's previous secret while its grace lasts at {@code at}. */
    public Optional<String> previousSecretHash(String clientId, Instant at) {
        return jdbc.sql("""
                select previous_secret_hash from clients
                where client_id = ? and enabled and previous_secret_expires_at > ?
                """).params(clientId, at(at)).query(String.class).optional();
    }

    /** Whether the client may call, and since when its tokens count: empty when there is no such client. */
    public Optional<Access> access(String clientId) {
        return jdbc.sql("select enabled, tokens_not_before from clients where client_id = ?").param(clientId)
                .query((rs, n) -> new Access(rs.getBoolean("enabled"),
                        instant(rs.getObject("tokens_not_before", OffsetDateTime.class))))
                .optional();
    }

    /** @param tokensNotBefore tokens issued before it are refused; null: none is */
    public record Access(boolean enabled, Instant tokensNotBefore) {
    }

    /**
     * Switches the client on or off; off, its tokens are refused and it cannot get new ones.
     *
     * @return false when there is no such client
     */
    public boolean setEnabled(String clientId, boolean enabled) {
        return jdbc.sql("update clients set enabled = ? where client_id = ?").params(enabled, clientId).update() == 1;
    }

    /** The name payers see for the client: its display name, or its name when it has none; empty when disabled. */
    public Optional<String> displayName(String clientId) {
        return jdbc.sql("select coalesce(display_name, name) from clients where client_id = ? and enabled")
                .param(clientId).query(String.class).optional();
    }

    /**
     * Sets the name payers see for the client; null or blank shows its name.
     *
     * @return false when there is no such client
     */
    public boolean setDisplayName(String clientId, String displayName) {
        return jdbc.sql("update clients set display_name = ? where client_id = ?")
                .params(displayName == null || displayName.isBlank() ? null : displayName.strip(), clientId)
                .update() == 1;
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

    private static void refuseSeparators(String clientId) {
        if (clientId.chars().anyMatch(c -> SEPARATORS.indexOf(c) >= 0)) {
            throw new IllegalArgumentException("A client id may not contain ':' or '|'");
        }
    }

    private static ClientDetails details(ResultSet rs, int row) throws SQLException {
        UUID[] routeIds = (UUID[]) rs.getArray("route_ids").getArray();
        String[] categories = (String[]) rs.getArray("route_categories").getArray();
        List<ClientDetails.AssignedRoute> routes = new ArrayList<>();
        for (int i = 0; i < routeIds.length; i++) {
            routes.add(new ClientDetails.AssignedRoute(routeIds[i], categories[i]));
        }
        return new ClientDetails(rs.getString("client_id"), rs.getString("name"), rs.getString("display_name"),
                parseScopes(rs.getString("scopes")),
                rs.getBoolean("enabled"), rs.getObject("created_at", OffsetDateTime.class), routes,
                rs.getObject("secret_rotated_at", OffsetDateTime.class),
                rs.getObject("previous_secret_expires_at", OffsetDateTime.class), rs.getString("short_code"),
                rs.getString("account_prefix"));
    }

    private static OffsetDateTime at(Instant instant) {
        return instant == null ? null : instant.atOffset(ZoneOffset.UTC);
    }

    private static Instant instant(OffsetDateTime time) {
        return time == null ? null : time.toInstant();
    }

    private static Set<String> parseScopes(String scopes) {
        return new LinkedHashSet<>(Arrays.asList(scopes.trim().split("\\s+")));
    }
}
