package com.paywire.infra.support;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A merchant's server on 127.0.0.1, as a developer would run one: it keeps every request it gets (callbacks,
 * webhooks, a payer's browser coming back) and answers 200, with {@code {}} to machines and a small page to
 * browsers (paths under /shop/).
 */
public final class LoopbackReceiver implements AutoCloseable {

    /** One request as it arrived. */
    public record Received(String method, String path, String query, String signature, String body) {
    }

    private final HttpServer server;
    private final BlockingQueue<Received> received = new LinkedBlockingQueue<>();

    private LoopbackReceiver(HttpServer server) {
        this.server = server;
    }

    public static LoopbackReceiver start() {
        try {
            LoopbackReceiver receiver = new LoopbackReceiver(
                    HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0));
            receiver.server.createContext("/", exchange -> {
                String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
                String path = exchange.getRequestURI().getPath();
                receiver.received.add(new Received(exchange.getRequestMethod(), path,
                        exchange.getRequestURI().getRawQuery(),
                        exchange.getRequestHeaders().getFirst("Paywire-Signature"), body));
                boolean browser = path.startsWith("/shop/");
                byte[] answer = (browser ? "<!doctype html><title>Shop</title><h1>Back at the shop</h1>" : "{}")
                        .getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().set("Content-Type", browser ? "text/html" : "application/json");
                exchange.sendResponseHeaders(200, answer.length);
                exchange.getResponseBody().write(answer);
                exchange.close();
            });
            receiver.server.start();
            return receiver;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    /** The next request to {@code path}; others' requests are left for the tests that wait for them. */
    public Received awaitOn(String path) throws InterruptedException {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
        while (Instant.now().isBefore(deadline)) {
            Received next = received.poll(1, TimeUnit.SECONDS);
            if (next != null && next.path().equals(path)) {
                return next;
            }
            if (next != null) {
                received.add(next);
            }
        }
        throw new AssertionError("nothing reached the loopback receiver at " + path + " within 60 s");
    }

    /** Whether the Paywire-Signature header (t=..,v1=HMAC-SHA256 of "t.body") was made with {@code secret}. */
    public static boolean signedWith(Received received, String secret) {
        if (received.signature() == null) {
            return false;
        }
        String t = null;
        String v1 = null;
        for (String part : received.signature().split(",")) {
            if (part.startsWith("t=")) {
                t = part.substring(2);
            } else if (part.startsWith("v1=")) {
                v1 = part.substring(3);
            }
        }
        return hmacHex(secret, t + "." + received.body()).equals(v1);
    }

    public static String hmacHex(String secret, String message) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(message.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
