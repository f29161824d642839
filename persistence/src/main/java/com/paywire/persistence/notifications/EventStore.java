package com.paywire.persistence.notifications;

import com.paywire.persistence.secrets.PersonalDataSeal;
import com.paywire.vocabulary.notifications.Delivery;
import com.paywire.vocabulary.notifications.DeliveryAttempt;
import com.paywire.vocabulary.notifications.DeliveryStatus;
import com.paywire.vocabulary.notifications.Event;
import com.paywire.vocabulary.notifications.WebhookEndpoint;
import com.paywire.vocabulary.notifications.WebhookStatus;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;
import tools.jackson.databind.json.JsonMapper;

/** Events, their deliveries to webhook endpoints and callback URLs, and every delivery attempt. */
@Repository
public class EventStore {

    /** What a sealed event's data becomes when its personal data's retention ends. */
    static final String ERASED = "{\"erased\":\"personal data past its retention\"}";

    private static final JsonMapper JSON_STRING = JsonMapper.builder().build();

    private final JdbcClient jdbc;
    private final WebhookStore webhooks;
    private final PersonalDataSeal seal;
    /** When a delivery was planned and finished: the platform's time (the test clock's in the local stack). */
    private final Clock clock;

    /** On the system clock, for a test that builds one around its own database. */
    public EventStore(JdbcClient jdbc, WebhookStore webhooks, PersonalDataSeal seal) {
        this(jdbc, webhooks, seal, Clock.systemUTC());
    }

    /** On the platform's clock, where the application has one (every role has); else the system's. */
    @Autowired
    public EventStore(JdbcClient jdbc, WebhookStore webhooks, PersonalDataSeal seal, ObjectProvider<Clock> clock) {
        this(jdbc, webhooks, seal, clock.getIfAvailable(Clock::systemUTC));
    }

    private EventStore(JdbcClient jdbc, WebhookStore webhooks, PersonalDataSeal seal, Clock clock) {
        this.jdbc = jdbc;
        this.webhooks = webhooks;
        this.seal = seal;
        this.clock = clock;
    }

    /**
     * Records the event and plans its deliveries: one to each subscribed endpoint (suspended while the endpoint
     * is inactive) and one to its callback URL. Each delivery follows the previous one of the same payment to
     * the same target. Recording the same event again answers the deliveries planned the first time. Joins the
     * caller's transaction when there is one: its deliveries are then to be started once it commits.
     */
    @Transactional
    public List<Delivery> recordAndPlan(Event event) {
        int inserted = jdbc.sql("""
                insert into events (id, client_id, type, ordering_key, data, callback_url, created_at, sealed,
                    callback_xml_root)
                values (?, ?, ?, ?, cast(? as json), ?, ?, ?, ?) on conflict (id) do nothing
                """).params(event.id(), event.clientId(), event.type(), event.orderingKey(), stored(event),
                event.callbackUrl(), event.createdAt(), event.personal(), event.callbackXmlRoot()).update();
        if (inserted == 0) {
            return deliveriesOf(event.id());
        }
        List<WebhookEndpoint> subscribed = webhooks.subscribedTo(event.clientId(), event.type());
        if (subscribed.isEmpty() && event.callbackUrl() == null) {
            return List.of(); // no delivery, so no predecessor to choose: nothing for the lock below to order
        }
        if (event.orderingKey() != null) {
            // one payment's deliveries are planned one at a time: two planned at once (two lines of an order closing
            // together) both read the same last delivery and each made it its predecessor, a fork in which the
            // predecessor wakes one successor and the other waits for ever (found by the chaos run)
            jdbc.sql("select pg_advisory_xact_lock(hashtextextended(?, 0))").param(event.orderingKey())
                    .query(Object.class).single();
        }
        List<Delivery> planned = new ArrayList<>();
        for (WebhookEndpoint endpoint : subscribed) {
            DeliveryStatus status = endpoint.status() == WebhookStatus.ACTIVE ? DeliveryStatus.PENDING
                    : DeliveryStatus.SUSPENDED;
            planned.add(insertDelivery(event, endpoint.id(), endpoint.url(), status,
                    predecessor(event.orderingKey(), endpoint.id(), endpoint.url())));
        }
        if (event.callbackUrl() != null) {
            planned.add(insertDelivery(event, null, event.callbackUrl(), DeliveryStatus.PENDING,
                    predecessor(event.orderingKey(), null, event.callbackUrl())));
        }
        return planned;
    }

    /** A sealed event's data is a JSON string: the sealed text of the data. */
    private String stored(Event event) {
        return event.personal() ? JSON_STRING.writeValueAsString(seal.sealText(event.dataJson())) : event.dataJson();
    }

    /**
     * Replaces the data of the sealed events of one request (by ordering key) when the request's personal data
     * is erased; deliveries still pending then send the erased form.
     */
    public void erasePersonalData(String orderingKey) {
        jdbc.sql("update events set data = cast(? as json) where ordering_key = ? and sealed")
                .params(ERASED, orderingKey).update();
    }

    /** A fresh delivery of an old event to an endpoint or URL (redelivery, or reactivation of an endpoint). */
    public Delivery redeliver(UUID eventId, UUID webhookId, String url, UUID predecessorId) {
        Event event = findEvent(eventId).orElseThrow();
        return insertDelivery(event, webhookId, url, DeliveryStatus.PENDING, predecessorId);
    }

    private Delivery insertDelivery(Event event, UUID webhookId, String url, DeliveryStatus status,
                                    UUID predecessorId) {
        Delivery delivery = new Delivery(UUID.randomUUID(), event.id(), event.clientId(), webhookId, url, status,
                predecessorId, OffsetDateTime.now(clock), null);
        jdbc.sql("""
                insert into deliveries (id, event_id, client_id, webhook_id, url, status, predecessor_id, created_at)
                values (?, ?, ?, ?, ?, ?, ?, ?)
                """).params(delivery.id(), delivery.eventId(), delivery.clientId(), webhookId, url, status.name(),
                predecessorId, delivery.createdAt()).update();
        return delivery;
    }

    private UUID predecessor(String orderingKey, UUID webhookId, String url) {
        if (orderingKey == null) {
            return null;
        }
        return jdbc.sql("""
                select d.id from deliveries d join events e on e.id = d.event_id
                where e.ordering_key = :key
                  and ((cast(:webhook as uuid) is not null and d.webhook_id = :webhook)
                       or (cast(:webhook as uuid) is null and d.webhook_id is null and d.url = :url))
                  and not exists (select 1 from deliveries s where s.predecessor_id = d.id)
                order by e.created_at desc, d.created_at desc limit 1
                """).param("key", orderingKey).param("webhook", webhookId).param("url", url)
                .query(UUID.class).optional().orElse(null);
    }

    /** Records one attempt; recording the same attempt again (a retried activity) keeps the first record. */
    public void recordAttempt(UUID deliveryId, int attemptNumber, OffsetDateTime attemptedAt, Integer statusCode,
                              String error, int latencyMs) {
        jdbc.sql("""
                insert into delivery_attempts (delivery_id, attempt_number, attempted_at, status_code, error, latency_ms)
                values (?, ?, ?, ?, ?, ?) on conflict (delivery_id, attempt_number) do nothing
                """).params(deliveryId, attemptNumber, attemptedAt, statusCode, error, latencyMs).update();
    }

    public void finish(UUID deliveryId, DeliveryStatus status) {
        jdbc.sql("update deliveries set status = ?, finished_at = ? where id = ?")
                .params(status.name(), OffsetDateTime.now(clock), deliveryId).update();
    }

    public boolean isSettled(UUID deliveryId) {
        return jdbc.sql("select status <> ? from deliveries where id = ?")
                .params(DeliveryStatus.PENDING.name(), deliveryId).query(Boolean.class).optional().orElse(true);
    }

    /** The pending delivery waiting for this one, if any. */
    public Optional<UUID> successorOf(UUID deliveryId) {
        return jdbc.sql("select id from deliveries where predecessor_id = ? and status = ?")
                .params(deliveryId, DeliveryStatus.PENDING.name()).query(UUID.class).optional();
    }

    /** Deliveries to this endpoint that never arrived and were not delivered since, oldest event first. */
    public List<Delivery> missedBy(UUID webhookId) {
        return jdbc.sql("""
                select d.* from deliveries d join events e on e.id = d.event_id
                where d.webhook_id = :webhook and d.status in (:missed)
                  and not exists (select 1 from deliveries later where later.event_id = d.event_id
                                  and later.webhook_id = :webhook and later.status in (:underway))
                order by e.created_at, d.created_at
                """).param("webhook", webhookId)
                .param("missed", names(DeliveryStatus.FAILED, DeliveryStatus.SUSPENDED))
                .param("underway", names(DeliveryStatus.PENDING, DeliveryStatus.DELIVERED))
                .query(EventStore::delivery).list();
    }

    public Optional<Delivery> findDelivery(UUID deliveryId) {
        return jdbc.sql("select * from deliveries where id = ?").param(deliveryId).query(EventStore::delivery).optional();
    }

    public Optional<Event> findEvent(UUID eventId) {
        return jdbc.sql("select " + EVENT_COLUMNS + " from events where id = ?")
                .param(eventId).query(this::event).optional();
    }

    public Optional<Event> findEvent(String clientId, UUID eventId) {
        return findEvent(eventId).filter(e -> e.clientId().equals(clientId));
    }

    public List<Event> listEvents(String clientId, String type, int limit) {
        return jdbc.sql("select " + EVENT_COLUMNS + " from events"
                        + " where client_id = :client and (cast(:type as text) is null or type = :type)"
                        + " order by created_at desc limit :limit").param("client", clientId).param("type", type).param("limit", limit)
                .query(this::event).list();
    }

    /** The client's events of these payments (by ordering key), oldest first. */
    public List<Event> eventsOf(String clientId, Collection<String> orderingKeys) {
        if (orderingKeys.isEmpty()) {
            return List.of();
        }
        return jdbc.sql("select " + EVENT_COLUMNS + " from events where client_id = :client and ordering_key in (:keys)"
                        + " order by created_at, id")
                .param("client", clientId).param("keys", orderingKeys).query(this::event).list();
    }

    public List<Delivery> deliveriesOf(UUID eventId) {
        return jdbc.sql("select * from deliveries where event_id = ? order by created_at").param(eventId)
                .query(EventStore::delivery).list();
    }

    public List<DeliveryAttempt> attemptsOf(UUID deliveryId) {
        return jdbc.sql("select * from delivery_attempts where delivery_id = ? order by attempt_number")
                .param(deliveryId)
                .query((rs, n) -> new DeliveryAttempt(rs.getInt("attempt_number"),
                        rs.getObject("attempted_at", OffsetDateTime.class), (Integer) rs.getObject("status_code"),
                        rs.getString("error"), rs.getInt("latency_ms")))
                .list();
    }

    private static List<String> names(DeliveryStatus... statuses) {
        return Arrays.stream(statuses).map(DeliveryStatus::name).toList();
    }

    private static final String EVENT_COLUMNS =
            "id, client_id, type, ordering_key, data::text as data, callback_url, created_at, sealed, callback_xml_root";

    private Event event(ResultSet rs, int row) throws SQLException {
        String data = rs.getString("data");
        boolean sealed = rs.getBoolean("sealed");
        if (sealed && data.startsWith("\"")) { // still sealed: not erased yet
            data = seal.unsealText(JSON_STRING.readValue(data, String.class));
        }
        return new Event(rs.getObject("id", UUID.class), rs.getString("client_id"), rs.getString("type"),
                rs.getString("ordering_key"), data, rs.getString("callback_url"),
                rs.getObject("created_at", OffsetDateTime.class), sealed, rs.getString("callback_xml_root"));
    }

    private static Delivery delivery(ResultSet rs, int row) throws SQLException {
        return new Delivery(rs.getObject("id", UUID.class), rs.getObject("event_id", UUID.class),
                rs.getString("client_id"), rs.getObject("webhook_id", UUID.class), rs.getString("url"),
                DeliveryStatus.valueOf(rs.getString("status")), rs.getObject("predecessor_id", UUID.class),
                rs.getObject("created_at", OffsetDateTime.class), rs.getObject("finished_at", OffsetDateTime.class));
    }
}
