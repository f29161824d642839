package com.paywire.api.support;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 over a plain socket, for requests that no well-behaved client sends: a malformed percent-encoding,
 * a NUL in a path, a body that grows past the limit in chunks, a header too large.
 */
public final class RawHttp {

    private RawHttp() {
    }

    public record Response(int status, Map<String, String> headers, String body) {

        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    /** Sends {@code method target} with the given extra header lines and body (Content-Length set when a body is given). */
    public static Response send(int port, String method, String target, Map<String, String> headers, byte[] body) {
        StringBuilder head = new StringBuilder(method).append(' ').append(target).append(" HTTP/1.1\r\n")
                .append("Host: localhost:").append(port).append("\r\nConnection: close\r\n");
        headers.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
        if (body != null) {
            head.append("Content-Length: ").append(body.length).append("\r\n");
        }
        head.append("\r\n");
        return exchange(port, head.toString().getBytes(StandardCharsets.ISO_8859_1), body);
    }

    /** Sends the body in chunks of {@code chunkSize} bytes, without a Content-Length. */
    public static Response sendChunked(int port, String method, String target, Map<String, String> headers,
                                       byte[] body, int chunkSize) {
        StringBuilder head = new StringBuilder(method).append(' ').append(target).append(" HTTP/1.1\r\n")
                .append("Host: localhost:").append(port).append("\r\nConnection: close\r\n")
                .append("Transfer-Encoding: chunked\r\n");
        headers.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
        head.append("\r\n");
        ByteArrayOutputStream chunks = new ByteArrayOutputStream();
        for (int at = 0; at < body.length; at += chunkSize) {
            int length = Math.min(chunkSize, body.length - at);
            chunks.writeBytes((Integer.toHexString(length) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
            chunks.write(body, at, length);
            chunks.writeBytes("\r\n".getBytes(StandardCharsets.ISO_8859_1));
        }
        chunks.writeBytes("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
        return exchange(port, head.toString().getBytes(StandardCharsets.ISO_8859_1), chunks.toByteArray());
    }

    private static Response exchange(int port, byte[] head, byte[] body) {
        try (Socket socket = new Socket("localhost", port)) {
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            out.write(head);
            if (body != null) {
                try {
                    out.write(body);
                } catch (IOException closedEarly) {
                    // the server may answer and close before reading an oversized body: read its answer
                }
            }
            out.flush();
            return parse(socket.getInputStream().readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Response parse(byte[] raw) {
        String text = new String(raw, StandardCharsets.ISO_8859_1);
        int end = text.indexOf("\r\n\r\n");
        if (end < 0) {
            throw new IllegalStateException("No HTTP response: " + text);
        }
        String[] lines = text.substring(0, end).split("\r\n");
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            headers.merge(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
                    lines[i].substring(colon + 1).trim(), (a, b) -> a + ", " + b);
        }
        byte[] rest = java.util.Arrays.copyOfRange(raw, end + 4, raw.length);
        if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            rest = dechunk(rest);
        }
        return new Response(status, headers, new String(rest, StandardCharsets.UTF_8));
    }

    private static byte[] dechunk(byte[] chunked) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int at = 0;
        while (at < chunked.length) {
            int lineEnd = indexOfCrLf(chunked, at);
            int size = Integer.parseInt(new String(chunked, at, lineEnd - at, StandardCharsets.ISO_8859_1)
                    .split(";")[0].trim(), 16);
            if (size == 0) {
                break;
            }
            out.write(chunked, lineEnd + 2, size);
            at = lineEnd + 2 + size + 2;
        }
        return out.toByteArray();
    }

    private static int indexOfCrLf(byte[] bytes, int from) {
        for (int i = from; i < bytes.length - 1; i++) {
            if (bytes[i] == '\r' && bytes[i + 1] == '\n') {
                return i;
            }
        }
        return bytes.length;
    }
}
