package com.paywire.simulator;

import com.github.tomakehurst.wiremock.common.Notifier;
import com.github.tomakehurst.wiremock.extension.Parameters;
import com.github.tomakehurst.wiremock.extension.ServeEventListener;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The {@value #NAME} serve-event listener: the rail's callback, as WireMock's {@code webhook} listener sends it
 * (the same parameters: {@code method}, {@code url}, {@code headers}, {@code body}, a fixed {@code delay}), but
 * with {@link FastTemplate}s and on one shared HTTP/1.1 client whose connections stay open between callbacks. The
 * webhook listener sent each callback on a connection of its own and then reset it, which the API logged twice
 * per callback.
 */
final class RailCallbacks implements ServeEventListener, AutoCloseable {

    static final String NAME = "rail-callback";

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
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
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(callback.url().render(fields)))
                .timeout(Duration.ofSeconds(30))
                .method(callback.method(), HttpRequest.BodyPublishers.ofString(callback.body().render(fields)));
        callback.headers().forEach(request::header);
        HttpRequest built = request.build();
        if (callback.delayMillis() == 0) {
            send(built);
        } else {
            delays.schedule(() -> send(built), callback.delayMillis(), TimeUnit.MILLISECONDS);
        }
    }

    private void send(HttpRequest request) {
        http.sendAsync(request, HttpResponse.BodyHandlers.discarding()).whenComplete((answer, failure) -> {
            if (failure != null) {
                notifier.error("the rail's callback to " + request.uri() + " failed", failure);
            } else if (answer.statusCode() >= 300) {
                notifier.info("the rail's callback to " + request.uri() + " was answered " + answer.statusCode());
            }
        });
    }

    /** Checks a mapping's callback parameters when the simulator loads it, so a wrong one stops the start. */
    void compile(Parameters parameters) {
        callback(parameters);
    }

    private Callback callback(Parameters parameters) {
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
        return new Callback(parameters.getString("method", "POST"), url, headers, body, delayMillis);
    }

    private record Callback(String method, FastTemplate url, Map<String, String> headers, FastTemplate body,
            int delayMillis) {

        List<String> fieldNames() {
            return Stream.concat(url.fieldNames().stream(), body.fieldNames().stream())
                    .distinct().toList();
        }
    }

    @Override
    public void close() {
        delays.shutdownNow();
        http.close();
    }
}
