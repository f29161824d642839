package com.paywire.domain.platform;

import com.paywire.workflows.TemporalSecurity;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Prints which TEMPORAL_TLS_* or TEMPORAL_API_KEY setting cannot be used, instead of a stack trace. */
class TemporalSecurityFailureAnalyzer extends AbstractFailureAnalyzer<TemporalSecurity.Refused> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, TemporalSecurity.Refused cause) {
        return new FailureAnalysis(
                "Paywire refuses to start: the connection to Temporal cannot be set up as configured:\n  - "
                        + String.join("\n  - ", cause.problems()),
                "Correct the variables named above: TLS needs TEMPORAL_TLS_ENABLED=true; a client certificate needs "
                        + "its key; every file must be a readable PEM file.",
                cause);
    }
}
