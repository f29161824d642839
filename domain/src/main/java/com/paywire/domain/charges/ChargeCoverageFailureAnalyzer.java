package com.paywire.domain.charges;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Prints which amounts the charge table leaves without a fee band, or with two, instead of a stack trace. */
class ChargeCoverageFailureAnalyzer extends AbstractFailureAnalyzer<ChargeCoverage.Uncovered> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, ChargeCoverage.Uncovered cause) {
        return new FailureAnalysis(
                "Paywire refuses to start: every amount a route accepts must have exactly one fee band in the charges table:\n  - "
                        + String.join("\n  - ", cause.problems()),
                "Correct the bands named above in a new migration, so that they run from the route's smallest amount"
                        + " to its largest, a band ending at 1000.00 followed by one starting at 1000.01.",
                cause);
    }
}
