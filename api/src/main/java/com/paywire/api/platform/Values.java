package com.paywire.api.platform;

import java.util.Optional;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/** Reading loosely typed input: a JSON field that may be absent or null, an id that may not be a UUID. */
public final class Values {

    private Values() {
    }

    public static String text(JsonNode node, String field) {
        JsonNode value = node == null ? null : node.get(field);
        return value == null || value.isNull() ? null : value.asString();
    }

    public static Optional<UUID> uuid(String text) {
        try {
            return Optional.of(UUID.fromString(text));
        } catch (IllegalArgumentException | NullPointerException notAUuid) {
            return Optional.empty();
        }
    }
}
