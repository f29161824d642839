package com.paywire.persistence.routes;

import java.util.Set;
import java.util.UUID;

/**
 * A transaction route: a kind of money movement a client may be assigned, with the channel types it supports.
 * {@code category} and {@code transactionTypeId} are Paywire's own names for the kind (workflows carry the integer);
 * clients see the kind as the live API names it: {@code transactionTypeGuid} and the live category code.
 */
public record Route(
        UUID id,
        String category,
        String categoryDescription,
        int transactionTypeId,
        UUID transactionTypeGuid,
        String liveCategory,
        String liveCategoryDescription,
        boolean categoryIsEnabled,
        String routeIntegration,
        String country,
        boolean routeIsActive,
        Set<RouteChannelType> channelTypes) {

    public boolean supportsChannelType(int channelType) {
        return channelTypes.stream().anyMatch(c -> c.channelType() == channelType);
    }
}
