package com.paywire.bench.chaos;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/** The client's side of webhooks and callbacks: answers 200 to everything and remembers what came, in order. */
final class NotificationReceiver implements AutoCloseable {

    /** One POST received; {@code sequence} orders arrivals. */
    record Received(long sequence, String path, String eventId, String body) {
    }

    private final HttpServer server;
    private final AtomicLong sequence = new AtomicLong();
    private final List<Received> received = new CopyOnWriteArrayList<>();

    NotificationReceiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 200);
        server.setExecutor(Executors.newFixedThreadPool(8));
        server.createContext("/", this::handle);
        server.start();
    }

    String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    List<Received> received() {
        return received;
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String body = new String(exchange.getRequestBody().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            received.add(new Received(sequence.incrementAndGet(), exchange.getRequestURI().getPath(),
                    exchange.getRequestHeaders().getFirst("Paywire-Event-Id"), body));
            byte[] answer = "{}".getBytes();
            exchange.sendResponseHeaders(200, answer.length);
            exchange.getResponseBody().write(answer);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
