package com.paywire.workflows.logging;

import io.temporal.api.common.v1.Payload;
import io.temporal.common.context.ContextPropagator;
import io.temporal.common.converter.DefaultDataConverter;
import java.util.Map;

/**
 * Carries the {@link PaymentContext} in the headers of what a process asks Temporal (a workflow's start, a child's,
 * an activity's), so that the workflow and its activities log with the payment's ids. The SDK sets it in every
 * workflow thread from the workflow's start, and in an activity's thread before the activity runs.
 *
 * <p>The header is written even when the context is empty: an activity then clears what an activity before it on
 * the same thread left in the logging context.
 */
public final class PaymentContextPropagator implements ContextPropagator {

    /** The header's name. */
    static final String HEADER = "paywire-payment";

    @Override
    public String getName() {
        return HEADER;
    }

    @Override
    public Map<String, Payload> serializeContext(Object context) {
        Map<String, String> values = context instanceof PaymentContext payment ? payment.values() : Map.of();
        return Map.of(HEADER, DefaultDataConverter.STANDARD_INSTANCE.toPayload(values).orElseThrow());
    }

    @Override
    public Object deserializeContext(Map<String, Payload> header) {
        Payload payload = header.get(HEADER);
        if (payload == null) {
            return new PaymentContext(null, null, null);
        }
        @SuppressWarnings("unchecked")
        Map<String, String> values = DefaultDataConverter.STANDARD_INSTANCE.fromPayload(payload, Map.class, Map.class);
        return PaymentContext.of(values);
    }

    @Override
    public Object getCurrentContext() {
        return PaymentContext.current();
    }

    @Override
    public void setCurrentContext(Object context) {
        PaymentContext.replaceWith(context instanceof PaymentContext payment ? payment.values() : Map.of());
    }
}
