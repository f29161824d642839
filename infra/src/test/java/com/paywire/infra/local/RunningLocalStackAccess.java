package com.paywire.infra.local;

import org.springframework.web.client.RestClient;

/** The shared running local stack, for tests in other packages. */
public final class RunningLocalStackAccess {

    private RunningLocalStackAccess() {
    }

    public static RestClient http() {
        return RunningLocalStack.http();
    }

    public static String sandboxToken(RestClient http) {
        return RunningLocalStack.sandboxToken(http);
    }

    public static String apiBaseUrl() {
        return RunningLocalStack.get().apiBaseUrl();
    }
}
