package com.paywire.api.console;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A browser as far as the console's tests need one, over plain HTTP: it keeps the cookies it is given (by name, as
 * a browser keeps those of one site and path), sends them back, follows no redirect, and reads a page's form token.
 */
final class ConsoleBrowser {

    /** One answer: its status, its headers and its page. */
    record Page(int status, HttpHeaders headers, String body) {

        String header(String name) {
            return headers.firstValue(name).orElse(null);
        }

        /** The Set-Cookie header of this cookie. */
        String setCookie(String name) {
            return headers.allValues("set-cookie").stream().filter(c -> c.startsWith(name + "=")).findFirst()
                    .orElseThrow(() -> new AssertionError("no cookie " + name + " set: " + headers.map()));
        }

        /** The value of the first hidden csrf field on the page. */
        String csrf() {
            Matcher field = Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"").matcher(body);
            if (!field.find()) {
                throw new AssertionError("no form token on the page: " + body);
            }
            return field.group(1);
        }
    }

    private final HttpClient http;
    private final String base;
    final Map<String, String> cookies = new LinkedHashMap<>();

    ConsoleBrowser(int port) {
        this(port, null);
    }

    /** @param sourceAddress the loopback address its connections come from (each source is throttled apart) */
    ConsoleBrowser(int port, String sourceAddress) {
        try {
            HttpClient.Builder builder = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER);
            if (sourceAddress != null) {
                builder.localAddress(InetAddress.getByName(sourceAddress));
            }
            this.http = builder.build();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        this.base = "http://127.0.0.1:" + port;
    }

    Page get(String path) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).GET());
    }

    /** Posts the fields form-encoded, in the order given. */
    Page post(String path, Map<String, String> fields) {
        String form = fields.entrySet().stream().map(f -> encode(f.getKey()) + "=" + encode(f.getValue()))
                .collect(Collectors.joining("&"));
        return send(HttpRequest.newBuilder(URI.create(base + path))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form)));
    }

    /** Signs in as a browser does: the form (for its token and cookie), then the post. */
    Page signIn(String clientId, String secret) {
        String csrf = get(ConsoleGuard.SIGN_IN).csrf();
        return post(ConsoleGuard.SIGN_IN, Map.of("csrf", csrf, "clientId", clientId, "clientSecret", secret));
    }

    private Page send(HttpRequest.Builder request) {
        if (!cookies.isEmpty()) {
            request.header("Cookie", cookies.entrySet().stream().map(c -> c.getKey() + "=" + c.getValue())
                    .collect(Collectors.joining("; ")));
        }
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            response.headers().allValues("set-cookie").forEach(this::keep);
            return new Page(response.statusCode(), response.headers(), response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Keeps the cookie, or forgets it when told to (Max-Age=0). */
    private void keep(String setCookie) {
        String pair = setCookie.split(";", 2)[0];
        String name = pair.substring(0, pair.indexOf('='));
        if (setCookie.contains("Max-Age=0")) {
            cookies.remove(name);
        } else {
            cookies.put(name, pair.substring(pair.indexOf('=') + 1));
        }
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
