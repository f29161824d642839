package com.paywire.simulator;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.json.JsonFactory;

/** The top-level fields of a request's JSON body that a fast template reads, in one streaming pass. */
final class RequestFields {

    private static final JsonFactory JSON = new JsonFactory();

    private RequestFields() {
    }

    /**
     * @return each wanted field present as a string or a number, by name, as its text; a body that is not a JSON
     *         object gives none (the template then renders them empty, as WireMock's jsonPath helper does)
     */
    static Map<String, String> read(byte[] body, List<String> wanted) {
        Map<String, String> fields = new HashMap<>(wanted.size() * 2);
        if (wanted.isEmpty()) {
            return fields;
        }
        try (JsonParser parser = JSON.createParser(ObjectReadContext.empty(), body)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return fields;
            }
            while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
                String name = parser.currentName();
                JsonToken value = parser.nextToken();
                if (value.isScalarValue() && value != JsonToken.VALUE_NULL && wanted.contains(name)) {
                    fields.put(name, parser.getString());
                } else {
                    parser.skipChildren();
                }
            }
        } catch (JacksonException notJson) {
            // what was read before the fault stands
        }
        return fields;
    }
}
