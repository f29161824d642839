package com.paywire.persistence.routes;

import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.data.jdbc.repository.query.Query;
import org.springframework.data.repository.Repository;
import org.springframework.data.repository.query.Param;
import org.springframework.transaction.annotation.Transactional;

/**
 * Read-only: routes are seeded by migration and assigned to clients by {@code ApiClientStore}.
 * Transactional so that loading a route's channel types reuses the connection of the outer query: without a
 * transaction each nested load takes a second pooled connection, and a burst of requests starves the pool.
 */
@Transactional(readOnly = true)
public interface RouteRepository extends Repository<Route, UUID> {

    @Query("""
            select r.* from routes r
            join client_routes cr on cr.route_id = r.id
            where cr.client_id = :clientId
            order by r.transaction_type_id
            """)
    List<Route> findAssignedTo(@Param("clientId") String clientId);

    @Query("""
            select r.* from routes r
            join client_routes cr on cr.route_id = r.id
            where cr.client_id = :clientId and r.id = :routeId
            """)
    Optional<Route> findAssigned(@Param("clientId") String clientId, @Param("routeId") UUID routeId);
}
