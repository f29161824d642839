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

    /** A second API replica of the shared stack, started with these arguments; @return its base URL */
    public static String startAnotherApi(String... args) {
        return RunningLocalStack.get().startAnotherApi(args);
    }

    /** A bean of the shared stack's API, to arrange what a client could not. */
    public static <T> T apiBean(Class<T> type) {
        return RunningLocalStack.get().apiBean(type);
    }
}
