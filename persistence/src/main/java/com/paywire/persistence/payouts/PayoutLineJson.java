package com.paywire.persistence.payouts;

import com.paywire.vocabulary.payouts.PayoutRecipient;
import com.paywire.vocabulary.payouts.PayoutRemitter;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * The one place a payout line's remitter and recipient become the JSON of their columns and back, and the fields a
 * line record echoes them with.
 */
final class PayoutLineJson {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final TypeReference<Map<String, Object>> FIELDS = new TypeReference<>() { };
    /** How jsonb orders an object's keys (shorter first, then by their bytes): the order records echoed them in. */
    private static final Comparator<String> JSONB_KEY_ORDER = Comparator.comparingInt(String::length)
            .thenComparing(Comparator.naturalOrder());

    private PayoutLineJson() {
    }

    /** A line sent without a remitter keeps a JSON null, as it always has. */
    static String write(PayoutRemitter remitter) {
        return JSON.writeValueAsString(remitter);
    }

    static String write(PayoutRecipient recipient) {
        return JSON.writeValueAsString(recipient);
    }

    static PayoutRemitter remitter(String json) {
        return json == null ? null : JSON.readValue(json, PayoutRemitter.class);
    }

    static PayoutRecipient recipient(String json) {
        return JSON.readValue(json, PayoutRecipient.class);
    }

    /** The remitter's or recipient's fields as its column holds them; null for no remitter. */
    static Map<String, Object> fields(Object sent) {
        if (sent == null) {
            return null;
        }
        Map<String, Object> sorted = new TreeMap<>(JSONB_KEY_ORDER);
        sorted.putAll(JSON.convertValue(sent, FIELDS));
        return new LinkedHashMap<>(sorted);
    }
}
