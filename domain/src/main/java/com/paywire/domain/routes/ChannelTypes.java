package com.paywire.domain.routes;

import com.paywire.vocabulary.rules.routes.Route;
import com.paywire.vocabulary.rules.routes.RouteChannelType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A request that named a deprecated channel type its route still accepts (the rule itself is the kernel's
 * {@code Route.channelTypeRefusal}) is logged, so operators can tell clients before the codes go.
 */
public final class ChannelTypes {

    private static final Logger log = LoggerFactory.getLogger(ChannelTypes.class);

    private ChannelTypes() {
    }

    /** Logs a request that named a deprecated code; client ids and codes only, nothing about the payer. */
    public static void noteDeprecatedUse(String clientId, Route route, int channelType) {
        route.channelType(channelType).filter(RouteChannelType::deprecated).ifPresent(c -> log.warn(
                "Client {} used deprecated channel type {} on route {}; the current code is {}", clientId,
                channelType, route.category(), c.replacedBy()));
    }
}
