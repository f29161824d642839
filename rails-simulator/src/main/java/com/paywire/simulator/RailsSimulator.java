package com.paywire.simulator;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.common.Slf4jNotifier;
import com.github.tomakehurst.wiremock.common.Notifier;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import com.github.tomakehurst.wiremock.extension.ServeEventListenerDefinition;
import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

/**
 * The rails simulator: a WireMock server standing in for every outside rail, driven by the stub mappings
 * under {@code rails-simulator/src/main/resources/rails-simulator/mappings}. Magic values in those mappings choose
 * each outcome (docs/sandbox.md lists them). The local stack, the benchmark and the chaos run all start this one.
 */
public final class RailsSimulator implements AutoCloseable {

    private static final String MAPPINGS = "classpath*:rails-simulator/mappings/*.json";

    private final WireMockServer server;
    private final RailCallbacks callbacks;

    private RailsSimulator(WireMockServer server, RailCallbacks callbacks) {
        this.server = server;
        this.callbacks = callbacks;
    }

    /** @param port 0 for any free port */
    public static RailsSimulator start(int port) {
        Notifier notifier = new Slf4jNotifier(false); // WireMock's own default
        FastTemplating templating = new FastTemplating();
        RailCallbacks callbacks = new RailCallbacks(notifier);
        WireMockServer server = new WireMockServer(WireMockConfiguration.options()
                .bindAddress("127.0.0.1")
                .port(port)
                .notifier(notifier)
                .disableRequestJournal()
                // the notifier is not verbose, yet WireMock wrote every request and its stub to a string for it
                .stubRequestLoggingDisabled(true)
                // no client of the simulator asks for compressed answers (RailHttp disables it), so Jetty's gzip
                // handler only looked at every request's headers to find that out
                .gzipDisabled(true)
                .containerThreads(40)
                .asynchronousResponseEnabled(true)
                .extensions(templating, callbacks));
        server.start();
        // mappings are read through Spring's resolver so that they load from inside the packaged jar too
        try {
            for (Resource mapping : new PathMatchingResourcePatternResolver().getResources(MAPPINGS)) {
                StubMapping stub = StubMapping.buildFrom(mapping.getContentAsString(StandardCharsets.UTF_8));
                compileFastParts(stub, templating, callbacks);
                server.addStubMapping(stub);
            }
        } catch (IOException e) {
            stop(server, callbacks);
            throw new UncheckedIOException("could not read the rails simulator's mappings", e);
        } catch (RuntimeException e) {
            stop(server, callbacks);
            throw e;
        }
        return new RailsSimulator(server, callbacks);
    }

    /** A mapping's fast template that the simulator cannot render stops the start rather than its first request. */
    private static void compileFastParts(StubMapping stub, FastTemplating templating, RailCallbacks callbacks) {
        if (stub.getResponse().hasTransformer(templating)) {
            FastTemplate.of(stub.getResponse().getBody());
        }
        if (stub.getServeEventListeners() != null) {
            for (ServeEventListenerDefinition listener : stub.getServeEventListeners()) {
                if (RailCallbacks.NAME.equals(listener.getName())) {
                    callbacks.compile(listener.getParameters());
                }
            }
        }
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + server.port();
    }

    public int port() {
        return server.port();
    }

    public int mappingCount() {
        return server.getStubMappings().size();
    }

    @Override
    public void close() {
        stop(server, callbacks);
    }

    private static void stop(WireMockServer server, RailCallbacks callbacks) {
        server.stop();
        callbacks.close();
    }
}
