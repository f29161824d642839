package com.paywire.bench;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The CPU time of a JVM's JIT compiler threads and of its garbage collector's threads, read thread by thread from
 * /proc/PID/task: HotSpot names its threads, and Linux keeps the first 15 characters of the name as the thread's
 * comm. "VM Thread" (safepoints, including a GC pause's coordination) is counted in neither.
 */
final class JvmThreadCpu {

    enum Kind { JIT, GC }

    /** Clock ticks so far of each live thread of the kinds counted, by kind and thread id. */
    record Threads(Map<Long, Long> jit, Map<Long, Long> gc) {

        static final Threads NONE = new Threads(Map.of(), Map.of());

        Map<Long, Long> of(Kind kind) {
            return kind == Kind.JIT ? jit : gc;
        }

        /**
         * CPU milliseconds the threads of that kind used since {@code before}. Counted per thread: a thread that
         * started since counts from zero, and one that ended takes what it used with it (HotSpot may stop a compiler
         * thread it no longer needs), so that the figure never goes below zero.
         */
        long millisSince(Threads before, Kind kind) {
            Map<Long, Long> earlier = before.of(kind);
            long ticks = 0;
            for (Map.Entry<Long, Long> thread : of(kind).entrySet()) {
                ticks += Math.max(0, thread.getValue() - earlier.getOrDefault(thread.getKey(), 0L));
            }
            return ticks * ProcessCpu.MILLIS_PER_TICK;
        }
    }

    private JvmThreadCpu() {
    }

    /** The JVM's compiler and GC threads now; none where /proc does not tell (not Linux, or the process is gone). */
    static Threads read(long pid) {
        Map<Long, Long> jit = new HashMap<>();
        Map<Long, Long> gc = new HashMap<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "task"))) {
            for (Path task : tasks) {
                Kind kind = kindOf(comm(task));
                if (kind != null) {
                    (kind == Kind.JIT ? jit : gc).put(Long.parseLong(task.getFileName().toString()),
                            ProcessCpu.ticks(task.resolve("stat"), false));
                }
            }
        } catch (IOException | RuntimeException gone) {
            return Threads.NONE;
        }
        return new Threads(jit, gc);
    }

    /** The kind of a HotSpot thread by its name as /proc shows it, or null for any other thread. */
    static Kind kindOf(String comm) {
        if (comm.startsWith("C1 CompilerThre") || comm.startsWith("C2 CompilerThre")) {
            return Kind.JIT;
        }
        if (comm.startsWith("GC Thread") || comm.startsWith("G1 ")) {
            return Kind.GC;
        }
        return null;
    }

    private static String comm(Path task) {
        try {
            return Files.readString(task.resolve("comm")).strip();
        } catch (IOException ended) {
            return ""; // the thread ended between listing and reading
        }
    }
}
