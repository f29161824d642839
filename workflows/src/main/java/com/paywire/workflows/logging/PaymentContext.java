package com.paywire.workflows.logging;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.MDC;

/**
 * Which payment a log line is about, as the logging context (MDC) carries it: the client, the client's own id of
 * the payment (an originatorConversationId, a systemTraceAuditNumber, a RequestId, a checkout id) and Paywire's id
 * of it. The API opens it where a request is resolved to a payment; Temporal carries it from there to the workflow
 * and its activities ({@link PaymentContextPropagator}), so every line logged about the payment names it.
 *
 * @param clientId        the client whose payment it is
 * @param clientPaymentId the client's own id of the payment; null when it has none
 * @param paymentId       Paywire's id of the payment; null before it has one
 */
public record PaymentContext(String clientId, String clientPaymentId, String paymentId) {

    public static final String CLIENT_ID = "clientId";
    public static final String CLIENT_PAYMENT_ID = "clientPaymentId";
    public static final String PAYMENT_ID = "paymentId";
    /** Every key, in the order a log line shows them. */
    public static final List<String> KEYS = List.of(CLIENT_ID, CLIENT_PAYMENT_ID, PAYMENT_ID);

    /** What the logging context names now (keys it does not name are null). */
    public static PaymentContext current() {
        return new PaymentContext(MDC.get(CLIENT_ID), MDC.get(CLIENT_PAYMENT_ID), MDC.get(PAYMENT_ID));
    }

    /**
     * Names this payment in the logging context until the scope closes, which puts back what was there before (a
     * thread that serves many payments, as a request thread or a starter's, must not keep naming this one).
     */
    public Scope open() {
        Map<String, String> before = current().values();
        replaceWith(values());
        return () -> replaceWith(before);
    }

    /**
     * Names this payment in the logging context for the rest of the request this thread serves: the API clears it
     * when the request ends. Elsewhere use {@link #open()}.
     */
    public void putForTheRequest() {
        replaceWith(values());
    }

    /** Removes the payment's keys from this thread's logging context (the API does as each request ends). */
    public static void clear() {
        KEYS.forEach(MDC::remove);
    }

    /** The keys that have a value. */
    Map<String, String> values() {
        Map<String, String> values = new LinkedHashMap<>();
        putIfPresent(values, CLIENT_ID, clientId);
        putIfPresent(values, CLIENT_PAYMENT_ID, clientPaymentId);
        putIfPresent(values, PAYMENT_ID, paymentId);
        return values;
    }

    static PaymentContext of(Map<String, String> values) {
        return new PaymentContext(values.get(CLIENT_ID), values.get(CLIENT_PAYMENT_ID), values.get(PAYMENT_ID));
    }

    /** Makes the logging context name exactly these values: keys without a value are removed. */
    static void replaceWith(Map<String, String> values) {
        for (String key : KEYS) {
            String value = values.get(key);
            if (value == null) {
                MDC.remove(key);
            } else {
                MDC.put(key, value);
            }
        }
    }

    private static void putIfPresent(Map<String, String> values, String key, String value) {
        if (value != null) {
            values.put(key, value);
        }
    }

    /** An open payment context; closing it restores the one before. */
    @FunctionalInterface
    public interface Scope extends AutoCloseable {
        @Override
        void close();
    }
}
