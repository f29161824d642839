package com.paywire.bench.chaos;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** One invariant: how many things it checked, and the ones that broke it. */
final class Check {
    final String name;
    final String description;
    int checked;
    final List<String> violations = new ArrayList<>();

    Check(String name, String description) {
        this.name = name;
        this.description = description;
    }

    void verify(boolean holds, String violation) {
        checked++;
        if (!holds) {
            violations.add(violation);
        }
    }

    /** Counts one thing checked, broken when a rule answered what is wrong with it. */
    void verify(Optional<String> wrong) {
        checked++;
        wrong.ifPresent(violations::add);
    }
}
