package com.paywire.domain.rails;

import java.math.BigDecimal;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A body a rail sent (a callback, an answer to a call), read strictly: a JSON object whose fields have the types
 * the protocol gives them. Anything else is refused with a {@link RailMessageException} before any field is used.
 */
public final class RailMessage {

    /** Decimals read as written, so that a number's decimals (150.0000) are the rail's, not a double's (150.0). */
    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();
    private static final Pattern PLAIN_AMOUNT = Pattern.compile("-?\\d{1,15}(\\.\\d{1,4})?");

    private final JsonNode body;

    private RailMessage(JsonNode body) {
        this.body = body;
    }

    public static RailMessage parse(String raw) {
        try {
            return of(JSON.readTree(raw));
        } catch (JacksonException e) {
            throw new RailMessageException("The body is not JSON");
        }
    }

    public static RailMessage of(JsonNode body) {
        if (body == null || !body.isObject()) {
            throw new RailMessageException("The body must be a JSON object");
        }
        return new RailMessage(body);
    }

    /** The rail's reference to the payment: required, a string. */
    public String reference() {
        String reference = text("reference");
        if (reference == null || reference.isBlank()) {
            throw new RailMessageException("The body has no reference");
        }
        return reference;
    }

    /** A string field; a whole number is taken as its text (rails send result codes either way). */
    public String text(String field) {
        JsonNode value = body.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (value.isString() || value.isIntegralNumber()) {
            return value.asString();
        }
        throw new RailMessageException("The field " + field + " must be a string");
    }

    /** A true/false field; null when absent. */
    public Boolean flag(String field) {
        JsonNode value = body.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isBoolean()) {
            throw new RailMessageException("The field " + field + " must be true or false");
        }
        return value.booleanValue();
    }

    /** A money field: a plain decimal, as a JSON number or string. */
    public BigDecimal amount(String field) {
        JsonNode value = body.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        // a number's own text: 1e400 reads as 1E+400, which the pattern refuses like any other non-amount
        String text = value.isNumber() || value.isString() ? value.asString() : "";
        if (!PLAIN_AMOUNT.matcher(text).matches()) {
            throw new RailMessageException("The field " + field + " must be an amount such as 1500.00");
        }
        return new BigDecimal(text);
    }

    /** The body as received (normalised JSON), for the record of callbacks. */
    public String json() {
        return body.toString();
    }
}
