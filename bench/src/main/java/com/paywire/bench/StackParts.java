package com.paywire.bench;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * Parts of the local stack that the chaos run starts in its own process and the benchmark each in a process of its
 * own ({@link StackRole}).
 */
public final class StackParts {

    private StackParts() {
    }

    /** The rails simulator, with the stub mappings the local stack uses, on a free port. */
    public static WireMockServer railsSimulator(Path root) throws IOException {
        return railsSimulator(root, 0);
    }

    /** The rails simulator on the port given (0: a free one). */
    public static WireMockServer railsSimulator(Path root, int port) throws IOException {
        WireMockServer rails = new WireMockServer(WireMockConfiguration.options().bindAddress("127.0.0.1")
                .port(port).disableRequestJournal().containerThreads(40).asynchronousResponseEnabled(true));
        rails.start();
        try (Stream<Path> mappings = Files.list(root.resolve("infra/src/main/resources/rails-simulator/mappings"))) {
            for (Path mapping : mappings.toList()) {
                rails.addStubMapping(StubMapping.buildFrom(Files.readString(mapping)));
            }
        }
        return rails;
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
