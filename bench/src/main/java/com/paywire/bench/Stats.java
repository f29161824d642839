package com.paywire.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Latency samples in milliseconds and their percentiles. */
public final class Stats {

    private final List<Double> samples = Collections.synchronizedList(new ArrayList<>());

    public void add(double millis) {
        samples.add(millis);
    }

    public int count() {
        return samples.size();
    }

    /** @param p a percentile, 0 to 100 */
    public double percentile(double p) {
        List<Double> sorted;
        synchronized (samples) {
            sorted = new ArrayList<>(samples);
        }
        if (sorted.isEmpty()) {
            return Double.NaN;
        }
        Collections.sort(sorted);
        int index = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(index, sorted.size() - 1)));
    }

    double max() {
        return percentile(100);
    }
}
