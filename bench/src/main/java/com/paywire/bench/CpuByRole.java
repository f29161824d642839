package com.paywire.bench;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The CPU time of each role of the stack, each in its own process(es), over one measured phase; for a role that is a
 * JVM also the part its JIT compiler and its garbage collector used ({@link JvmThreadCpu}).
 */
final class CpuByRole {

    /** A role's CPU so far, and the JVM whose threads are split out (0: not a JVM). */
    private record Role(LongSupplier millis, long jvmPid) {
    }

    /** Every role's CPU milliseconds at one moment, and each JVM's compiler and GC threads. */
    record Reading(Map<String, Long> millis, Map<String, JvmThreadCpu.Threads> jvms) {
    }

    /** Per unit of work (a line, a workflow, a deposit): each role's CPU ms and their total; of it, JIT and GC. */
    record PerUnit(Map<String, Double> cpu, Map<String, Double> jit, Map<String, Double> gc) {

        /** "api 20.1 (JIT 0.3, GC 1.2), ..., total 81.7" */
        String describe() {
            StringBuilder text = new StringBuilder();
            cpu.forEach((role, ms) -> {
                text.append(text.isEmpty() ? "" : ", ").append(role).append(' ').append(String.format("%.1f", ms));
                if (jit.containsKey(role)) {
                    text.append(String.format(" (JIT %.1f, GC %.1f)", jit.get(role), gc.get(role)));
                }
            });
            return text.toString();
        }
    }

    private final Map<String, Role> roles = new LinkedHashMap<>();

    /** A role that is not a JVM (PostgreSQL: its postmaster and every backend). */
    CpuByRole role(String name, long pid) {
        roles.put(name, new Role(() -> ProcessCpu.millis(pid), 0));
        return this;
    }

    /** A role that is a JVM process of its own. */
    CpuByRole jvm(String name, long pid) {
        roles.put(name, new Role(() -> ProcessCpu.millis(pid), pid));
        return this;
    }

    /** This process, without the processes it started (they are roles of their own). */
    CpuByRole self(String name) {
        roles.put(name, new Role(ProcessCpu::ownMillis, ProcessHandle.current().pid()));
        return this;
    }

    Reading read() {
        Map<String, Long> millis = new LinkedHashMap<>();
        Map<String, JvmThreadCpu.Threads> jvms = new LinkedHashMap<>();
        roles.forEach((name, role) -> {
            millis.put(name, role.millis().getAsLong());
            if (role.jvmPid() != 0) {
                jvms.put(name, JvmThreadCpu.read(role.jvmPid()));
            }
        });
        return new Reading(millis, jvms);
    }

    /** CPU milliseconds per unit of work of each role since {@code before}, their total, and the JVMs' JIT and GC. */
    PerUnit perUnit(Reading before, double units) {
        Reading after = read();
        Map<String, Double> cpu = new LinkedHashMap<>();
        Map<String, Double> jit = new LinkedHashMap<>();
        Map<String, Double> gc = new LinkedHashMap<>();
        double total = 0;
        double totalJit = 0;
        double totalGc = 0;
        for (String name : roles.keySet()) {
            double millis = (after.millis().get(name) - before.millis().get(name)) / units;
            cpu.put(name, round(millis));
            total += millis;
            JvmThreadCpu.Threads threads = after.jvms().get(name);
            if (threads != null) {
                double jitMillis = threads.millisSince(before.jvms().get(name), JvmThreadCpu.Kind.JIT) / units;
                double gcMillis = threads.millisSince(before.jvms().get(name), JvmThreadCpu.Kind.GC) / units;
                jit.put(name, round(jitMillis));
                gc.put(name, round(gcMillis));
                totalJit += jitMillis;
                totalGc += gcMillis;
            }
        }
        cpu.put("total", round(total));
        jit.put("total", round(totalJit));
        gc.put("total", round(totalGc));
        return new PerUnit(cpu, jit, gc);
    }

    /** Each JVM's JIT compiler CPU since {@code before} as a share of all its CPU (0 where it used none). */
    Map<String, Double> jitShares(Reading before) {
        Reading after = read();
        Map<String, Double> shares = new LinkedHashMap<>();
        after.jvms().forEach((name, threads) -> {
            long all = after.millis().get(name) - before.millis().get(name);
            long jit = threads.millisSince(before.jvms().get(name), JvmThreadCpu.Kind.JIT);
            shares.put(name, all <= 0 ? 0 : Math.min(1, jit / (double) all));
        });
        return shares;
    }

    private static double round(double value) {
        return Math.round(value * 100) / 100.0;
    }
}
