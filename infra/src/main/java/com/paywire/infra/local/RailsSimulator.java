package com.paywire.infra.local;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

/**
 * The rails simulator: a WireMock server standing in for every outside rail, driven by the stub mappings
 * under {@code infra/src/main/resources/rails-simulator/mappings}. Magic values in those mappings choose
 * each outcome (docs/sandbox.md lists them).
 */
final class RailsSimulator implements AutoCloseable {

    private static final String MAPPINGS = "classpath*:rails-simulator/mappings/*.json";

    private final WireMockServer server;

    private RailsSimulator(WireMockServer server) {
        this.server = server;
    }

    /** @param port 0 for any free port */
    static RailsSimulator start(int port) {
        WireMockServer server = new WireMockServer(WireMockConfiguration.options()
                .bindAddress("127.0.0.1")
                .port(port)
                .disableRequestJournal()
                .containerThreads(40)
                .asynchronousResponseEnabled(true));
        server.start();
        // mappings are read through Spring's resolver so that they load from inside the packaged jar too
        try {
            for (Resource mapping : new PathMatchingResourcePatternResolver().getResources(MAPPINGS)) {
                server.addStubMapping(StubMapping.buildFrom(mapping.getContentAsString(StandardCharsets.UTF_8)));
            }
        } catch (IOException e) {
            server.stop();
            throw new UncheckedIOException("could not read the rails simulator's mappings", e);
        }
        return new RailsSimulator(server);
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.port();
    }

    int mappingCount() {
        return server.getStubMappings().size();
    }

    @Override
    public void close() {
        server.stop();
    }
}
