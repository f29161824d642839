package com.paywire.domain.rails;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A rail for the HTTP clients' unit tests: answers each path with the status and body it was given (404 when none)
 * and remembers what it was sent. Runs on a free local port; close it after the test.
 */
public final class StubRail implements AutoCloseable {

    /** What a client sent, with its content type and the client's port (one port a connection). */
    public record Received(String method, String path, String idempotencyKey, String body, String contentType,
            int clientPort) {
    }

    private record Answer(int status, String body) {
    }

    private final HttpServer server;
    private final Map<String, Answer> answers = new ConcurrentHashMap<>();
    private final List<Received> received = new CopyOnWriteArrayList<>();

    public StubRail() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/", exchange -> {
            String path = exchange.getRequestURI().getRawPath();
            received.add(new Received(exchange.getRequestMethod(), path,
                    exchange.getRequestHeaders().getFirst("Idempotency-Key"),
                    new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8),
                    exchange.getRequestHeaders().getFirst("Content-Type"), exchange.getRemoteAddress().getPort()));
            Answer answer = answers.getOrDefault(path, new Answer(404, "{}"));
            byte[] body = answer.body().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(answer.status(), body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** From now on, {@code path} is answered with this status and body. */
    public StubRail answer(String path, int status, String body) {
        answers.put(path, new Answer(status, body));
        return this;
    }

    public List<Received> received() {
        return List.copyOf(received);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
