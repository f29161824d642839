package com.paywire.workflows.payouts;

import io.temporal.testing.WorkflowReplayer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Replays recorded histories of every payout path against today's workflow code: a change that would make
 * running workflows non-deterministic fails here, not in production. The histories are recorded by the
 * activities module's PayoutLifecycleTest with -Dpaywire.recordHistories=&lt;this folder&gt;; record them again
 * (and keep the old ones) only when a change is meant to be incompatible and is versioned.
 */
class PayoutReplayTest {

    private static final Path HISTORIES = Path.of("src/test/resources/histories");

    static Stream<Path> histories() throws IOException {
        List<Path> files;
        try (Stream<Path> listing = Files.list(HISTORIES)) {
            files = listing.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        if (files.isEmpty()) {
            throw new IllegalStateException("no recorded histories under " + HISTORIES.toAbsolutePath());
        }
        return files.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("histories")
    void givenARecordedHistory_whenReplayedOnTodaysCode_itShouldBeDeterministic(Path history) throws Exception {
        Class<?> workflow = history.getFileName().toString().startsWith("payment-order-")
                ? PaymentOrderWorkflowImpl.class : PaymentOrderLineWorkflowImpl.class;
        WorkflowReplayer.replayWorkflowExecution(Files.readString(history), workflow);
    }
}
