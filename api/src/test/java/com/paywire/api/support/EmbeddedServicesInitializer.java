package com.paywire.api.support;

import com.paywire.persistence.TestDatabase;
import java.util.Map;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.MutablePropertySources;

/**
 * Points each test context at its own fresh database and at the shared Temporal test service. Runs before
 * any bean exists (the servlet filters are built early, with their configuration), yet below a test's own
 * inlined properties and {@code @DynamicPropertySource}, so a test can still point somewhere else.
 */
public class EmbeddedServicesInitializer implements ApplicationContextInitializer<ConfigurableApplicationContext> {

    private static final String INLINED = "Inlined Test Properties";

    @Override
    public void initialize(ConfigurableApplicationContext context) {
        MapPropertySource services = new MapPropertySource("embedded test services", Map.of(
                "spring.datasource.url", TestDatabase.newDatabaseUrl(),
                "spring.datasource.username", "postgres",
                "spring.datasource.password", "postgres",
                "paywire.temporal.address", TestTemporalService.address()));
        MutablePropertySources sources = context.getEnvironment().getPropertySources();
        if (sources.contains(INLINED)) {
            sources.addAfter(INLINED, services);
        } else {
            sources.addFirst(services);
        }
    }
}
