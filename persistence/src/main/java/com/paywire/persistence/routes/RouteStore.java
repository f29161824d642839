package com.paywire.persistence.routes;

import com.paywire.persistence.Remembered;
import com.paywire.vocabulary.rules.routes.Route;
import com.paywire.vocabulary.rules.routes.RouteChannelType;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Read-only: routes are seeded by migration and assigned to clients by {@code ApiClientStore}. A route and its
 * channel types come back in one query. Every payment looks its route up on the accept path, so a client's routes
 * are kept for {@link #REMEMBER}: a change of them made through this process ({@link #forget}) holds at once, one
 * made through another replica within that time, as for a client's access.
 */
@Repository
public class RouteStore {

    private static final String SELECT_ASSIGNED = """
            select r.id, r.category, r.category_description, r.transaction_type_id, r.transaction_type_guid,
                   r.live_category, r.live_category_description, r.category_is_enabled,
                   r.route_integration, r.country, r.route_is_active, c.channel_types, c.channel_descriptions,
                   c.replaced_by
            from routes r
            join client_routes cr on cr.route_id = r.id
            cross join lateral (
                select coalesce(array_agg(channel_type order by channel_type), '{}') as channel_types,
                       coalesce(array_agg(channel_description order by channel_type), '{}') as channel_descriptions,
                       coalesce(array_agg(replaced_by order by channel_type), '{}') as replaced_by
                from route_channel_types where route_id = r.id) c
            where cr.client_id = :clientId
            """;

    public static final Duration REMEMBER = Duration.ofSeconds(5);

    private final JdbcClient jdbc;
    /** Each client's routes, in transaction type order. */
    private final Remembered<String, List<Route>> assigned = new Remembered<>(REMEMBER, Clock.systemUTC());

    public RouteStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** The client's routes, in transaction type order. */
    public List<Route> findAssignedTo(String clientId) {
        return assigned.get(clientId, id -> Optional.of(List.copyOf(jdbc.sql(SELECT_ASSIGNED
                + " order by r.transaction_type_id").param("clientId", id).query(RouteStore::route).list())))
                .orElseThrow();
    }

    public Optional<Route> findAssigned(String clientId, UUID routeId) {
        return findAssignedTo(clientId).stream().filter(route -> route.id().equals(routeId)).findFirst();
    }

    /** The client's routes changed: the next look reads them. */
    public void forget(String clientId) {
        assigned.forget(clientId);
    }

    /** Every route the deployment offers, assigned to anyone or not: its category by its id, in transaction type order. */
    public Map<UUID, String> offered() {
        Map<UUID, String> offered = new LinkedHashMap<>();
        jdbc.sql("select id, category from routes order by transaction_type_id")
                .query((rs, n) -> Map.entry(rs.getObject("id", UUID.class), rs.getString("category"))).list()
                .forEach(route -> offered.put(route.getKey(), route.getValue()));
        return offered;
    }

    /** The transaction type of every route the deployment offers, by category, assigned to anyone or not. */
    public Map<String, Integer> transactionTypesByCategory() {
        return jdbc.sql("select category, transaction_type_id from routes")
                .query((rs, n) -> Map.entry(rs.getString("category"), rs.getInt("transaction_type_id"))).list()
                .stream().collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
    }

    private static Route route(ResultSet rs, int row) throws SQLException {
        Integer[] types = (Integer[]) array(rs.getArray("channel_types"));
        String[] descriptions = (String[]) array(rs.getArray("channel_descriptions"));
        Integer[] replacedBy = (Integer[]) array(rs.getArray("replaced_by"));
        Set<RouteChannelType> channelTypes = new LinkedHashSet<>();
        for (int i = 0; i < types.length; i++) {
            channelTypes.add(new RouteChannelType(types[i], descriptions[i], replacedBy[i]));
        }
        return new Route(rs.getObject("id", UUID.class), rs.getString("category"), rs.getString("category_description"),
                rs.getInt("transaction_type_id"), rs.getObject("transaction_type_guid", UUID.class),
                rs.getString("live_category"), rs.getString("live_category_description"), rs.getBoolean("category_is_enabled"), rs.getString("route_integration"),
                rs.getString("country"), rs.getBoolean("route_is_active"), channelTypes);
    }

    private static Object array(Array sqlArray) throws SQLException {
        try {
            return sqlArray.getArray();
        } finally {
            sqlArray.free();
        }
    }
}
