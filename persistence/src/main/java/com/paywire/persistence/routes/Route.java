package com.paywire.persistence.routes;

import java.util.Set;
import java.util.UUID;

/** A transaction route: a kind of money movement a client may be assigned, with the channel types it supports. */
public record Route(
        UUID id,
        String category,
        String categoryDescription,
        int transactionTypeId,
        boolean categoryIsEnabled,
        String routeIntegration,
        String country,
        boolean routeIsActive,
        Set<RouteChannelType> channelTypes) {

    public boolean supportsChannelType(int channelType) {
        return channelTypes.stream().anyMatch(c -> c.channelType() == channelType);
    }
}
