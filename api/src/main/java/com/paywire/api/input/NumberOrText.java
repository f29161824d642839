package com.paywire.api.input;

import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.ValueDeserializer;

/**
 * A text field the interface documents as taking a JSON string or a JSON number (an amount kept as the client
 * wrote it, a bill service's integer id or GUID), where every other string field refuses a number
 * ({@link JsonInputConfiguration}). A number becomes its own text, 100.50 as "100.50", so that the field's rule
 * reads it as it reads the string; true, an object or an array is refused as for any string field. The OpenAPI
 * document gives such a field both types.
 */
public final class NumberOrText extends ValueDeserializer<String> {

    @Override
    public String deserialize(JsonParser p, DeserializationContext ctxt) {
        JsonToken token = p.currentToken();
        if (token == JsonToken.VALUE_STRING || token == JsonToken.VALUE_NUMBER_INT
                || token == JsonToken.VALUE_NUMBER_FLOAT) {
            return p.getString();
        }
        return (String) ctxt.handleUnexpectedToken(String.class, p);
    }
}
