package com.paywire.infra.support;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;

/**
 * A {@link TimeSkippingSystemTest} that sends requests of any product as the sandbox client or another
 * ({@link ClientRequests}, as {@link #api}), the rails and receivers they reach stubbed in the outside world.
 */
public abstract class EveryProductSystemTest extends TimeSkippingSystemTest {

    protected static final String SANDBOX = "paywire-sandbox";
    protected ClientRequests api;

    @BeforeAll
    static void stubTheOutsideWorld() {
        ClientRequests.stubTheOutsideWorld();
    }

    @BeforeEach
    void clientRequests() {
        api = new ClientRequests(http, json);
    }
}
