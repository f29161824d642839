package com.paywire.bench;

import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import io.temporal.testserver.TestServer;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * One part of the stack as a process of its own, so that the benchmark can read each part's CPU time apart:
 * {@code role temporal PORT}, {@code role rails PORT} (with the benchmark's instant phone,
 * {@link DepositLoad#INSTANT_PHONE}), {@code role floor-worker TEMPORAL_ADDRESS}. Each prints
 * "Started" when it is ready (what {@link RoleProcess#awaitStarted} waits for) and runs until it is stopped.
 */
final class StackRole {

    private StackRole() {
    }

    static void main(String[] args) throws Exception {
        String role = args[0];
        switch (role) {
            case "temporal" -> TestServer.createPortBoundServer(Integer.parseInt(args[1]));
            case "rails" -> StackParts.railsSimulator(Path.of("").toAbsolutePath(), Integer.parseInt(args[1]))
                    .addStubMapping(StubMapping.buildFrom(instantPhonePrompt()));
            case "floor-worker" -> BareWorkflow.startWorker(WorkflowServiceStubs.newServiceStubs(
                    WorkflowServiceStubsOptions.newBuilder().setTarget(args[1]).build()));
            default -> throw new IllegalArgumentException("unknown role " + role);
        }
        System.out.println("Started " + role);
        Thread.currentThread().join(); // the parts above run on their own threads until the process is stopped
    }

    /**
     * The benchmark's own phone for express deposits, which pays the prompt at once: the local stack's phones pay
     * after 2 s, which would make the deposits' end-to-end rate the simulator's delay rather than Paywire's cost.
     */
    private static String instantPhonePrompt() throws IOException {
        try (InputStream mapping = StackRole.class.getResourceAsStream("/rails-simulator/stk-push-instant.json")) {
            return new String(mapping.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
