package com.paywire.persistence.notifications;

import com.paywire.vocabulary.notifications.EventType;
import com.paywire.vocabulary.notifications.WebhookEndpoint;
import com.paywire.vocabulary.notifications.WebhookStatus;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

@Repository
public class WebhookStore {

    /** What an endpoint subscribes with to every event type its client's payments publish. */
    public static final String EVERY_EVENT = "*";
    /** The event that tries one endpoint; no subscription reaches it, not even {@link #EVERY_EVENT}. */
    public static final String ENDPOINT_TEST_EVENT = EventType.WEBHOOK_TEST.wireName();

    private final JdbcClient jdbc;

    public WebhookStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public void insert(WebhookEndpoint endpoint) {
        jdbc.sql("""
                insert into webhook_endpoints (id, client_id, url, events, description, signing_secret, status, created_at)
                values (:id, :client, :url, cast(:events as text[]), :description, :secret, :status, :createdAt)
                """)
                .param("id", endpoint.id()).param("client", endpoint.clientId()).param("url", endpoint.url())
                .param("events", "{" + String.join(",", endpoint.events()) + "}")
                .param("description", endpoint.description()).param("secret", endpoint.encryptedSecret())
                .param("status", endpoint.status().name()).param("createdAt", endpoint.createdAt())
                .update();
    }

    /** The client's endpoints, deleted ones left out. */
    public List<WebhookEndpoint> list(String clientId) {
        return jdbc.sql("select * from webhook_endpoints where client_id = ? and status <> ? order by created_at")
                .params(clientId, WebhookStatus.DELETED.name()).query(WebhookStore::endpoint).list();
    }

    public Optional<WebhookEndpoint> find(String clientId, UUID id) {
        return jdbc.sql("select * from webhook_endpoints where client_id = ? and id = ? and status <> ?")
                .params(clientId, id, WebhookStatus.DELETED.name()).query(WebhookStore::endpoint).optional();
    }

    public Optional<WebhookEndpoint> find(UUID id) {
        return jdbc.sql("select * from webhook_endpoints where id = ?").param(id).query(WebhookStore::endpoint).optional();
    }

    /**
     * Endpoints (active or not) of the client that subscribed to this event type, by name or by
     * {@link #EVERY_EVENT}; the endpoint test event goes only to the endpoint it tests.
     */
    public List<WebhookEndpoint> subscribedTo(String clientId, String eventType) {
        return jdbc.sql("""
                select * from webhook_endpoints
                where client_id = ? and status in (?, ?) and (? = any(events) or (? = any(events) and ? <> ?))
                order by created_at
                """).params(clientId, WebhookStatus.ACTIVE.name(), WebhookStatus.INACTIVE.name(), eventType,
                        EVERY_EVENT, eventType, ENDPOINT_TEST_EVENT)
                .query(WebhookStore::endpoint).list();
    }

    /** @return true when the status changed */
    public boolean setStatus(UUID id, WebhookStatus from, WebhookStatus to) {
        return jdbc.sql("update webhook_endpoints set status = ?, status_changed_at = now() where id = ? and status = ?")
                .params(to.name(), id, from.name()).update() == 1;
    }

    private static WebhookEndpoint endpoint(ResultSet rs, int row) throws SQLException {
        Array events = rs.getArray("events");
        return new WebhookEndpoint(rs.getObject("id", UUID.class), rs.getString("client_id"), rs.getString("url"),
                Arrays.asList((String[]) events.getArray()), rs.getString("description"),
                rs.getString("signing_secret"), WebhookStatus.valueOf(rs.getString("status")),
                rs.getObject("created_at", OffsetDateTime.class));
    }
}
