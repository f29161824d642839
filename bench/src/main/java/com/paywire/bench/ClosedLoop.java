package com.paywire.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A closed loop through the API: C clients each send their next request as soon as their last was answered, until N
 * were sent; then the wait until every accepted one is final in the read model. Nothing else calls the API
 * meanwhile, so that the CPU the roles spend in the phase is what the payments cost.
 */
final class ClosedLoop {

    /** Accept latency and rate; end-to-end: accepted payments over the time from the first send until all were final. */
    record Result(int sent, Stats accept, double acceptedPerSecond, double endToEndPerSecond, int refused) {
    }

    /** Sends request number n with the sending client's token; the answer's HTTP status. */
    @FunctionalInterface
    interface Request {
        int send(String token, int n) throws Exception;
    }

    /** Waits until that many of the phase's payments are final. */
    @FunctionalInterface
    interface Finality {
        void awaitFinal(int accepted) throws Exception;
    }

    private ClosedLoop() {
    }

    static Result run(BenchApi api, int requests, int clients, Request request, Finality finality) throws Exception {
        Stats accept = new Stats();
        AtomicInteger accepted = new AtomicInteger();
        AtomicInteger next = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        List<String> tokens = api.tokens(clients);
        long start = System.nanoTime();
        ClientThreads.run(clients, c -> {
            int n;
            while ((n = next.getAndIncrement()) < requests) {
                long t0 = System.nanoTime();
                int answer = request.send(tokens.get(c), n);
                accept.add((System.nanoTime() - t0) / 1e6);
                (answer == 200 ? accepted : refused).incrementAndGet();
            }
        });
        double submitSeconds = (System.nanoTime() - start) / 1e9;
        finality.awaitFinal(accepted.get());
        double endToEndSeconds = (System.nanoTime() - start) / 1e9;
        return new Result(requests, accept, accepted.get() / submitSeconds, accepted.get() / endToEndSeconds,
                refused.get());
    }

    /**
     * Polls the read model until {@code finalCount}, a count query taking the phase's id pattern, reaches
     * {@code count}; at most 10 minutes.
     */
    static void awaitCount(String jdbcUrl, String finalCount, String idPattern, int count) throws Exception {
        try (Connection db = DriverManager.getConnection(jdbcUrl, "postgres", "postgres");
             PreparedStatement query = db.prepareStatement(finalCount)) {
            query.setString(1, idPattern);
            long deadline = System.nanoTime() + 600_000_000_000L;
            while (System.nanoTime() < deadline) {
                try (ResultSet rs = query.executeQuery()) {
                    rs.next();
                    if (rs.getInt(1) >= count) {
                        return;
                    }
                }
                Thread.sleep(50);
            }
            throw new IllegalStateException("payments " + idPattern + " were not all final after 10 minutes");
        }
    }
}
