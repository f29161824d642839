package com.paywire.api.rails;

import com.paywire.api.errors.ReasonException;
import java.math.BigDecimal;
import java.util.regex.Pattern;
import org.springframework.http.HttpStatus;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A rail's callback body, read strictly: a JSON object whose fields have the types the rail protocol gives them.
 * Anything else is the rail's mistake (or not a rail at all) and answers 400 before anything is signalled or kept.
 */
final class RailCallbackBody {

    private static final Pattern PLAIN_AMOUNT = Pattern.compile("-?\\d{1,15}(\\.\\d{1,4})?");

    private final JsonNode body;

    private RailCallbackBody(JsonNode body) {
        this.body = body;
    }

    static RailCallbackBody parse(JsonMapper json, String raw) {
        JsonNode body;
        try {
            body = json.readTree(raw);
        } catch (JacksonException e) {
            throw refused("The callback body is not JSON");
        }
        if (body == null || !body.isObject()) {
            throw refused("The callback body must be a JSON object");
        }
        return new RailCallbackBody(body);
    }

    /** The rail's reference to the payment: required, a string. */
    String reference() {
        String reference = text("reference");
        if (reference == null || reference.isBlank()) {
            throw refused("The callback has no reference");
        }
        return reference;
    }

    /** A string field; a number is taken as its text (rails send result codes either way). */
    String text(String field) {
        JsonNode value = body.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (value.isString() || value.isIntegralNumber()) {
            return value.asString();
        }
        throw refused("The callback field " + field + " must be a string");
    }

    /** A money field: a plain decimal, as a JSON number or string. */
    BigDecimal amount(String field) {
        JsonNode value = body.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        // a number's own text: 1e400 reads as Infinity, which the pattern refuses like any other non-amount
        String text = value.isNumber() || value.isString() ? value.asString() : "";
        if (!PLAIN_AMOUNT.matcher(text).matches()) {
            throw refused("The callback field " + field + " must be an amount such as 1500.00");
        }
        return new BigDecimal(text);
    }

    /** The body as received (normalised JSON), for the record of callbacks. */
    String json() {
        return body.toString();
    }

    private static ReasonException refused(String reason) {
        return new ReasonException(HttpStatus.BAD_REQUEST, reason);
    }
}
