package com.paywire.infra.support;

import com.paywire.api.ApiApplication;
import io.temporal.testing.TestWorkflowEnvironment;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.web.client.RestClient;
import tools.jackson.databind.json.JsonMapper;

/**
 * Where a system test on the {@link TimeSkippingPlatform} starts from: the real API on a random port over its own
 * database, every workflow on the time-skipping service, a client of the API and the sandbox client's token.
 * The tests that extend it share one Spring context.
 */
@SpringBootTest(classes = {ApiApplication.class, TimeSkippingPlatform.class},
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"spring.config.name=" + ApiApplication.CONFIG_NAME, "spring.profiles.active=local"})
@ContextConfiguration(initializers = TimeSkippingPlatform.FreshDatabase.class)
public abstract class TimeSkippingSystemTest {

    @LocalServerPort
    protected int port;
    @Autowired
    protected TestWorkflowEnvironment env;
    @Autowired
    protected JdbcClient jdbc;
    @Autowired
    protected JsonMapper json;
    protected RestClient http;
    protected String token;

    @BeforeEach
    void connectAsTheSandboxClient() {
        http = TimeSkippingPlatform.http(port);
        token = TimeSkippingPlatform.sandboxToken(http);
    }
}
