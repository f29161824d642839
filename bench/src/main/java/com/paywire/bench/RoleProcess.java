package com.paywire.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A role of the stack as a process of its own, started from a runnable jar: the API and the worker from theirs, as
 * production runs them, the benchmark's other roles from the bench jar ({@link StackRole}).
 */
public final class RoleProcess implements AutoCloseable {

    private final String name;
    private final Process process;
    private final Path log;

    private RoleProcess(String name, Process process, Path log) {
        this.name = name;
        this.process = process;
        this.log = log;
    }

    public static RoleProcess start(String name, Path jar, Map<String, String> env, String... args) throws IOException {
        Path log = Files.createTempFile("paywire-bench-" + name, ".log");
        // the JVM's defaults, as ./paywire api and ./paywire worker run them
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        String jfr = System.getenv("PAYWIRE_BENCH_JFR"); // a folder: record each role with JFR, to see where time goes
        if (jfr != null && !jfr.isBlank()) {
            command.add("-XX:StartFlightRecording=settings=profile,filename=" + Path.of(jfr, name + ".jfr"));
        }
        String options = System.getenv("PAYWIRE_BENCH_JVM_OPTIONS");
        if (options != null && !options.isBlank()) {
            command.addAll(List.of(options.trim().split("\\s+")));
        }
        command.addAll(List.of("-jar", jar.toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().putAll(env);
        return new RoleProcess(name, builder.start(), log);
    }

    /** Waits until the process logged that its Spring application started. */
    public void awaitStarted(Duration limit) throws Exception {
        Instant deadline = Instant.now().plus(limit);
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IllegalStateException(name + " exited: see " + log);
            }
            if (Files.readString(log).contains("Started ")) {
                return;
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException(name + " did not start in " + limit + ": see " + log);
    }

    /** The process's peak resident set (VmHWM), in MiB, or -1 where /proc does not tell. */
    public long peakRssMiB() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(process.pid()), "status"))) {
                if (line.startsWith("VmHWM:")) {
                    return Long.parseLong(line.replaceAll("\\D", "")) / 1024;
                }
            }
        } catch (IOException | NumberFormatException e) {
            // not Linux, or the process is gone
        }
        return -1;
    }

    /** kill -9: the process gets no chance to finish anything. */
    public void kill() throws InterruptedException {
        process.destroyForcibly(); // SIGKILL on Linux
        process.waitFor();
    }

    public long pid() {
        return process.pid();
    }

    /** The process's log so far. */
    public Path log() {
        return log;
    }

    @Override
    public void close() throws Exception {
        process.destroy();
        if (!process.waitFor(20, java.util.concurrent.TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }
}
