package com.paywire.bench;

import com.paywire.devtemporal.DevTemporalService;
import com.paywire.simulator.RailsSimulator;
import io.temporal.serviceclient.GrpcCompression;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;

/**
 * One part of the stack as a process of its own, so that the benchmark can read each part's CPU time apart:
 * {@code role temporal PORT}, {@code role rails PORT}, {@code role floor-worker TEMPORAL_ADDRESS}. Each prints
 * "Started" when it is ready (what {@link RoleProcess#awaitStarted} waits for) and runs until it is stopped.
 */
final class StackRole {

    private StackRole() {
    }

    static void main(String[] args) throws Exception {
        String role = args[0];
        switch (role) {
            case "temporal" -> DevTemporalService.start(Integer.parseInt(args[1]));
            case "rails" -> RailsSimulator.start(Integer.parseInt(args[1]));
            case "floor-worker" -> BareWorkflow.startWorker(WorkflowServiceStubs.newServiceStubs(
                    WorkflowServiceStubsOptions.newBuilder().setTarget(args[1])
                            .setGrpcCompression(GrpcCompression.NONE).build())); // as Paywire's worker connects
            default -> throw new IllegalArgumentException("unknown role " + role);
        }
        System.out.println("Started " + role);
        Thread.currentThread().join(); // the parts above run on their own threads until the process is stopped
    }
}
