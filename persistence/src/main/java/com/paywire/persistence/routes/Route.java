package com.paywire.persistence.routes;

import java.util.Set;
import java.util.UUID;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.MappedCollection;
import org.springframework.data.relational.core.mapping.Table;

/** A transaction route: a kind of money movement a client may be assigned, with the channel types it supports. */
@Table("routes")
public record Route(
        @Id UUID id,
        String category,
        String categoryDescription,
        int transactionTypeId,
        boolean categoryIsEnabled,
        String routeIntegration,
        String country,
        boolean routeIsActive,
        @MappedCollection(idColumn = "route_id") Set<RouteChannelType> channelTypes) {

    public boolean supportsChannelType(int channelType) {
        return channelTypes.stream().anyMatch(c -> c.channelType() == channelType);
    }
}
