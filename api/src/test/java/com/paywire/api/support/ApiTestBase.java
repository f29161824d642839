package com.paywire.api.support;

import static com.paywire.api.support.ApiClientHelper.SANDBOX_ID;
import static com.paywire.api.support.ApiClientHelper.SANDBOX_SECRET;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.web.client.RestClient;

/**
 * Where an {@link ApiTest} starts from: a client of the server on its random port, a token of the sandbox
 * client (every scope), and the test clock put back after each test.
 */
public abstract class ApiTestBase {

    @LocalServerPort
    protected int port;
    @Autowired
    protected MutableClock clock;
    protected RestClient http;
    protected String token;

    @BeforeEach
    void connectAsTheSandboxClient() {
        http = ApiClientHelper.client(port);
        token = ApiClientHelper.token(http, SANDBOX_ID, SANDBOX_SECRET);
    }

    @AfterEach
    void putTheClockBack() {
        clock.reset();
    }
}
