package com.paywire.domain.routes;

import com.paywire.vocabulary.rules.routes.Route;
import com.paywire.vocabulary.rules.routes.RouteChannelType;
import java.util.Optional;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one rule for a channel type named in a request: it must be one the route offers, either a current (live) code
 * or a deprecated code still accepted. Deprecated use is logged so operators can tell clients before the codes go.
 */
public final class ChannelTypes {

    private static final Logger log = LoggerFactory.getLogger(ChannelTypes.class);

    private ChannelTypes() {
    }

    /** Why the route refuses the code, naming the codes it lists; empty when it takes it. */
    public static Optional<String> refusal(Route route, int channelType, String field) {
        if (route.supportsChannelType(channelType)) {
            return Optional.empty();
        }
        return Optional.of("The " + field + " " + channelType + " is not offered by this route; it offers "
                + route.listedChannelTypes().stream().map(c -> c.channelType() + " (" + c.channelDescription() + ")")
                .collect(Collectors.joining(", ")) + ".");
    }

    /** Logs a request that named a deprecated code; client ids and codes only, nothing about the payer. */
    public static void noteDeprecatedUse(String clientId, Route route, int channelType) {
        route.channelType(channelType).filter(RouteChannelType::deprecated).ifPresent(c -> log.warn(
                "Client {} used deprecated channel type {} on route {}; the current code is {}", clientId,
                channelType, route.category(), c.replacedBy()));
    }
}
