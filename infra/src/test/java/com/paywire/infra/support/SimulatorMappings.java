package com.paywire.infra.support;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

/** The rails simulator's own stub mappings (the rails-simulator module's resources), loaded into a test's WireMock. */
public final class SimulatorMappings {

    private SimulatorMappings() {
    }

    /** @param prefix the mappings' file names start with it, e.g. "identity-registry-" */
    public static void load(WireMockServer server, String prefix) {
        try {
            Resource[] mappings = new PathMatchingResourcePatternResolver()
                    .getResources("classpath*:rails-simulator/mappings/" + prefix + "*.json");
            if (mappings.length == 0) {
                throw new IllegalStateException("no simulator mappings start with " + prefix);
            }
            for (Resource mapping : mappings) {
                server.addStubMapping(StubMapping.buildFrom(mapping.getContentAsString(StandardCharsets.UTF_8)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
