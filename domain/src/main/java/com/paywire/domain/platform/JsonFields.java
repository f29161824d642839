package com.paywire.domain.platform;

import tools.jackson.databind.JsonNode;

/** Reading loosely typed JSON: a field that may be absent or null. */
public final class JsonFields {

    private JsonFields() {
    }

    public static String text(JsonNode node, String field) {
        JsonNode value = node == null ? null : node.get(field);
        return value == null || value.isNull() ? null : value.asString();
    }
}
