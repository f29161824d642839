package com.paywire.bench;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import tools.jackson.databind.json.JsonMapper;

/**
 * Parts of the local stack that the chaos run starts in its own process and the benchmark each in a process of its
 * own ({@link StackRole}).
 */
public final class StackParts {

    private StackParts() {
    }

    public static void awaitHealthy(String api) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        for (int i = 0; i < 300; i++) {
            try {
                if (http.send(HttpRequest.newBuilder(URI.create(api + "/api_health_check")).build(),
                        HttpResponse.BodyHandlers.ofString()).statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // starting
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException("the API never became healthy");
    }

    /** Writes a benchmark's results as pretty JSON, creating the folder. */
    public static void writeResults(Path out, Map<String, Object> results) throws IOException {
        Files.createDirectories(out.getParent());
        Files.writeString(out, JsonMapper.builder().build().writerWithDefaultPrettyPrinter().writeValueAsString(results));
    }

    /** Stops every part started, in the order given (last started first), saying which could not be stopped. */
    public static void stopAll(List<AutoCloseable> started, Consumer<String> progress) {
        for (AutoCloseable part : started) {
            try {
                part.close();
            } catch (Exception e) {
                progress.accept("stopping: " + e.getMessage());
            }
        }
    }

    public static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
