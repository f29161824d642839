package com.paywire.vocabulary.rules.routes;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

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

    /** Whether a request may name this channel type: a current code, or a deprecated one still accepted. */
    public boolean supportsChannelType(int channelType) {
        return channelType(channelType).isPresent();
    }

    public Optional<RouteChannelType> channelType(int channelType) {
        return channelTypes.stream().filter(c -> c.channelType() == channelType).findFirst();
    }

    /** The code a request's channel type stands for today: itself, or the live code that replaced it. */
    public Optional<Integer> currentChannelType(int channelType) {
        return channelType(channelType).map(c -> c.deprecated() ? c.replacedBy() : c.channelType());
    }

    /** The channel types clients are shown, in code order: deprecated codes are accepted but not listed. */
    public List<RouteChannelType> listedChannelTypes() {
        return channelTypes.stream().filter(c -> !c.deprecated())
                .sorted(Comparator.comparingInt(RouteChannelType::channelType)).toList();
    }

    /** Why the route refuses a channel type named in a request's {@code field}, naming the codes it lists; empty when it takes it. */
    public Optional<String> channelTypeRefusal(int channelType, String field) {
        if (supportsChannelType(channelType)) {
            return Optional.empty();
        }
        return Optional.of("The " + field + " " + channelType + " is not offered by this route; it offers "
                + listedChannelTypes().stream().map(c -> c.channelType() + " (" + c.channelDescription() + ")")
                .collect(Collectors.joining(", ")) + ".");
    }
}
