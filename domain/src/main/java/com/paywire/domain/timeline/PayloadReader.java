package com.paywire.domain.timeline;

import io.temporal.api.common.v1.Payload;
import io.temporal.api.common.v1.Payloads;
import io.temporal.common.converter.DataConverter;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the payloads of a history (inputs, results, signals) as plain values: maps, lists, strings, numbers and
 * booleans, through the workflow client's data converter, so that a payload codec installed there decodes them
 * here too. A payload it cannot read (another codec's, a binary one) reads as null.
 */
final class PayloadReader {

    private final DataConverter converter;

    PayloadReader(DataConverter converter) {
        this.converter = converter;
    }

    Object read(Payload payload) {
        try {
            return converter.fromPayload(payload, Object.class, Object.class);
        } catch (RuntimeException unreadable) {
            return null;
        }
    }

    /** Every payload of the list, in order; an unreadable one as null. */
    List<Object> readAll(Payloads payloads) {
        List<Object> values = new ArrayList<>();
        payloads.getPayloadsList().forEach(payload -> values.add(read(payload)));
        return values;
    }

    /** The first payload of the list, or null when there is none. */
    Object first(Payloads payloads) {
        return payloads.getPayloadsCount() == 0 ? null : read(payloads.getPayloads(0));
    }
}
