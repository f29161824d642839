package com.paywire.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** The benchmark's load clients: C threads, each running the same work as client number 0..C-1. */
public final class ClientThreads {

    @FunctionalInterface
    public interface Client {
        void run(int client) throws Exception;
    }

    private ClientThreads() {
    }

    /** Runs the work on C threads of its own and waits for all of them; the first failure is thrown. */
    public static void run(int clients, Client work) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try {
            List<Future<?>> running = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                int client = c;
                running.add(pool.submit(() -> {
                    work.run(client);
                    return null;
                }));
            }
            for (Future<?> one : running) {
                one.get();
            }
        } finally {
            pool.shutdown();
        }
    }
}
