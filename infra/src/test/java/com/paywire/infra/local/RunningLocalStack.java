package com.paywire.infra.local;

import com.paywire.infra.support.ApiHttp;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import org.springframework.http.MediaType;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.web.client.RestClient;
import tools.jackson.databind.JsonNode;

/**
 * One local stack for every test in this JVM, started as the README's run command starts it, on free ports,
 * with a short rail answer window and one line in flight per order, so that timeouts and queued lines happen
 * within a test. Stopped when the JVM ends.
 */
final class RunningLocalStack {

    private static LocalStack stack;

    private RunningLocalStack() {
    }

    static synchronized LocalStack get() {
        if (stack == null) {
            int temporalPort;
            try (ServerSocket socket = new ServerSocket(0)) {
                temporalPort = socket.getLocalPort();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            stack = new LocalStack();
            stack.start(new LocalStackSettings(null, temporalPort, null, null, 0), "--server.port=0",
                    "--paywire.worker.management-port=0",
                    "--paywire.payouts.rail-answer-window=6s", "--paywire.payouts.status-query-interval=2s",
                    "--paywire.payouts.max-lines-in-flight=1");
            Runtime.getRuntime().addShutdownHook(new Thread(stack::close));
        }
        return stack;
    }

    /** A client of the API that returns every answer, errors included, instead of throwing. */
    static RestClient http() {
        return ApiHttp.client(get().apiBaseUrl());
    }

    /** A token for the sandbox client, asked for as a first-time user would. */
    static String sandboxToken(RestClient http) {
        return sandboxToken(get(), http);
    }

    /** A token for the sandbox client of this stack. */
    static String sandboxToken(LocalStack stack, RestClient http) {
        return tokenOf(stack, http, "paywire.sandbox");
    }

    /** A token for the local operator client, which holds the admin and operations scopes. */
    static String operatorToken(RestClient http) {
        return tokenOf(get(), http, "paywire.operator");
    }

    /** @param client where the client's id and secret are configured, as client-id and client-secret */
    private static String tokenOf(LocalStack stack, RestClient http, String client) {
        var form = new LinkedMultiValueMap<String, String>();
        form.add("grant_type", "client_credentials");
        form.add("client_id", stack.apiEnvironment().getProperty(client + ".client-id"));
        form.add("client_secret", stack.apiEnvironment().getProperty(client + ".client-secret"));
        return http.post().uri("/connect/token").contentType(MediaType.APPLICATION_FORM_URLENCODED).body(form)
                .retrieve().body(JsonNode.class).get("access_token").asString();
    }
}
