package com.paywire.bench;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/** The CPU time of each role of the stack, each in its own process(es), over one measured phase. */
final class CpuByRole {

    private final Map<String, LongSupplier> roles = new LinkedHashMap<>();

    CpuByRole role(String name, long pid) {
        return role(name, () -> ProcessCpu.millis(pid));
    }

    CpuByRole role(String name, LongSupplier cpuMillis) {
        roles.put(name, cpuMillis);
        return this;
    }

    /** Each role's CPU milliseconds so far. */
    Map<String, Long> read() {
        Map<String, Long> now = new LinkedHashMap<>();
        roles.forEach((name, millis) -> now.put(name, millis.getAsLong()));
        return now;
    }

    /** CPU milliseconds per unit of work (a line, a workflow) of each role since {@code before}, and their total. */
    Map<String, Double> perUnit(Map<String, Long> before, int units) {
        Map<String, Long> after = read();
        Map<String, Double> per = new LinkedHashMap<>();
        double total = 0;
        for (String name : roles.keySet()) {
            double millis = (after.get(name) - before.get(name)) / (double) units;
            per.put(name, Math.round(millis * 100) / 100.0);
            total += millis;
        }
        per.put("total", Math.round(total * 100) / 100.0);
        return per;
    }
}
