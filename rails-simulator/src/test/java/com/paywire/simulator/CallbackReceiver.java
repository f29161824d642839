package com.paywire.simulator;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** Stands in for the API's callback endpoint: keeps each callback and the client ports it came from. */
final class CallbackReceiver implements AutoCloseable {

    record Callback(String method, String contentType, String railSecret, String body, long receivedAt) {
    }

    private final HttpServer server;
    private final BlockingQueue<Callback> received = new LinkedBlockingQueue<>();
    private final Set<Integer> clientPorts = ConcurrentHashMap.newKeySet();

    CallbackReceiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            clientPorts.add(exchange.getRemoteAddress().getPort());
            Callback callback = new Callback(exchange.getRequestMethod(),
                    exchange.getRequestHeaders().getFirst("Content-Type"),
                    exchange.getRequestHeaders().getFirst("X-Rail-Secret"), body, System.nanoTime());
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
            received.add(callback);
        });
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/rails/mobile-money/callback";
    }

    Callback next() throws InterruptedException {
        Callback callback = received.poll(10, TimeUnit.SECONDS);
        if (callback == null) {
            throw new AssertionError("no callback within 10 s");
        }
        return callback;
    }

    void reset() {
        received.clear();
        clientPorts.clear();
    }

    int connectionsOpened() {
        return clientPorts.size();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
