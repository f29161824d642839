package com.paywire.bench;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

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

    public static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
