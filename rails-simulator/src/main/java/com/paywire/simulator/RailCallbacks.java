package com.paywire.simulator;

import com.github.tomakehurst.wiremock.common.Notifier;
import com.github.tomakehurst.wiremock.extension.Parameters;
import com.github.tomakehurst.wiremock.extension.ServeEventListener;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The {@value #NAME} serve-event listener: the rail's callback, as WireMock's {@code webhook} listener sends it
 * (the same parameters: {@code method}, {@code url}, {@code headers}, {@code body}, a fixed {@code delay}), but
 * with {@link FastTemplate}s (each text compiled once), sent by a few threads of its own on kept-alive HTTP/1.1
 * connections. The webhook listener sent each callback on a connection of its own and then reset it, which the
 * API logged twice per callback; the JDK's asynchronous client that replaced it handed every callback between
 * three threads, which cost the simulator more than answering the request that caused it.
 */
final class RailCallbacks implements ServeEventListener, AutoCloseable {

    static final String NAME = "rail-callback";
    /**
     * As many senders as the JDK keeps idle connections to one host (its {@code http.maxConnections} default), so
     * that every sender finds its connection open again; a slow receiver makes later callbacks wait, not fail.
     */
    private static final int SENDERS = 5;
    private static final int CONNECT_TIMEOUT_MILLIS = 5_000;
    private static final int ANSWER_TIMEOUT_MILLIS = 30_000;

    private final ExecutorService senders = Executors.newFixedThreadPool(SENDERS,
            Thread.ofPlatform().daemon().name("rail-callback-sender-", 1).factory());
    private final ScheduledExecutorService delays = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("rail-callback-delays").factory());
    private final Notifier notifier;

    RailCallbacks(Notifier notifier) {
        this.notifier = notifier;
    }

    @Override
    public String getName() {
        return NAME;
    }

    @Override
    public boolean applyGlobally() {
        return false;
    }

    @Override
    public void afterComplete(ServeEvent serveEvent, Parameters parameters) {
        Callback callback = callback(parameters);
        Map<String, String> fields = RequestFields.read(serveEvent.getRequest().getBody(), callback.fieldNames());
        Request request = new Request(callback.method(), callback.url().render(fields), callback.headers(),
                callback.body().render(fields).getBytes(StandardCharsets.UTF_8));
        if (callback.delayMillis() == 0) {
            senders.execute(() -> send(request));
        } else {
            delays.schedule(() -> senders.execute(() -> send(request)), callback.delayMillis(), TimeUnit.MILLISECONDS);
        }
    }

    /**
     * One callback, on this thread; the answer's body is read to its end so that the connection stays open. The body
     * is not streamed: buffered, it can be sent again when a kept-alive connection turns out to have been closed by
     * the receiver (the JDK retries a POST once then), as after the API restarted. The API takes a callback twice
     * as once.
     */
    private void send(Request request) {
        try {
            HttpURLConnection connection = (HttpURLConnection) URI.create(request.url()).toURL().openConnection();
            connection.setConnectTimeout(CONNECT_TIMEOUT_MILLIS);
            connection.setReadTimeout(ANSWER_TIMEOUT_MILLIS);
            connection.setRequestMethod(request.method());
            request.headers().forEach(connection::setRequestProperty);
            connection.setDoOutput(true);
            try (OutputStream out = connection.getOutputStream()) {
                out.write(request.body());
            }
            int status = connection.getResponseCode();
            try (InputStream answer = status >= 400 ? connection.getErrorStream() : connection.getInputStream()) {
                if (answer != null) {
                    answer.transferTo(OutputStream.nullOutputStream());
                }
            }
            if (status >= 300) {
                notifier.info("the rail's callback to " + request.url() + " was answered " + status);
            }
        } catch (IOException | RuntimeException failure) {
            notifier.error("the rail's callback to " + request.url() + " failed", failure);
        }
    }

    /** Checks a mapping's callback parameters when the simulator loads it, so a wrong one stops the start. */
    void compile(Parameters parameters) {
        callback(parameters);
    }

    private static Callback callback(Parameters parameters) {
        FastTemplate url = FastTemplate.of(parameters.getString("url"));
        FastTemplate body = FastTemplate.of(parameters.getString("body"));
        @SuppressWarnings("unchecked")
        Map<String, String> headers = (Map<String, String>) parameters.getOrDefault("headers", Map.of());
        @SuppressWarnings("unchecked")
        Map<String, Object> delay = (Map<String, Object>) parameters.getOrDefault("delay", Map.of());
        if (!delay.isEmpty() && !"fixed".equals(delay.get("type"))) {
            throw new IllegalArgumentException("a rail callback's delay is fixed, not " + delay.get("type"));
        }
        int delayMillis = ((Number) delay.getOrDefault("milliseconds", 0)).intValue();
        List<String> fieldNames = Stream.concat(url.fieldNames().stream(), body.fieldNames().stream()).distinct()
                .toList();
        return new Callback(parameters.getString("method", "POST"), url, headers, body, delayMillis, fieldNames);
    }

    /** @param fieldNames the request's fields that the url and the body read */
    private record Callback(String method, FastTemplate url, Map<String, String> headers, FastTemplate body,
            int delayMillis, List<String> fieldNames) {
    }

    private record Request(String method, String url, Map<String, String> headers, byte[] body) {
    }

    @Override
    public void close() {
        delays.shutdownNow();
        senders.shutdownNow();
    }
}
