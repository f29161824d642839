package com.paywire.vocabulary.rules.routes;

/**
 * A channel type a route offers.
 *
 * @param replacedBy null for a current code; for a deprecated code, the live code that replaced it. A deprecated
 *                   code is still accepted in requests but no longer listed.
 */
public record RouteChannelType(int channelType, String channelDescription, Integer replacedBy) {

    public boolean deprecated() {
        return replacedBy != null;
    }
}
