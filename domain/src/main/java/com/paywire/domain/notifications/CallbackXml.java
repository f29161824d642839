package com.paywire.domain.notifications;

import java.util.Map;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A callback's JSON written as XML, for clients that ask for XML callbacks: each field becomes an element of the
 * same name, in the same order; an object nests; an array repeats its field's element; null is an empty element.
 */
public final class CallbackXml {

    /** Decimals read as written: an amount stays 150.00, as the JSON callback has it, not a double's 150.0. */
    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();

    private CallbackXml() {
    }

    public static String render(String rootElement, String json) {
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>");
        element(xml, rootElement, JSON.readTree(json));
        return xml.toString();
    }

    private static void element(StringBuilder xml, String name, JsonNode value) {
        if (value.isArray()) {
            value.forEach(item -> element(xml, name, item));
            return;
        }
        if (value.isNull() || (value.isObject() && value.isEmpty())) {
            xml.append('<').append(name).append("/>");
            return;
        }
        xml.append('<').append(name).append('>');
        if (value.isObject()) {
            for (Map.Entry<String, JsonNode> field : value.properties()) {
                element(xml, field.getKey(), field.getValue());
            }
        } else {
            escape(xml, value.asString());
        }
        xml.append("</").append(name).append('>');
    }

    private static void escape(StringBuilder xml, String text) {
        for (char c : text.toCharArray()) {
            switch (c) {
                case '<' -> xml.append("&lt;");
                case '>' -> xml.append("&gt;");
                case '&' -> xml.append("&amp;");
                case '"' -> xml.append("&quot;");
                case '\'' -> xml.append("&apos;");
                default -> xml.append(c);
            }
        }
    }
}
