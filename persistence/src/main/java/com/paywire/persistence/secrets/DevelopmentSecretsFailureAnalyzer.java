package com.paywire.persistence.secrets;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Prints which published secrets a role refused to start with, and what to set, instead of a stack trace. */
class DevelopmentSecretsFailureAnalyzer extends AbstractFailureAnalyzer<DevelopmentSecrets.RefusedToStart> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, DevelopmentSecrets.RefusedToStart cause) {
        return new FailureAnalysis(
                "Paywire refuses to start outside the 'local' profile with keys or secrets published in its repository:\n  - "
                        + String.join("\n  - ", cause.problems()),
                "Set the variables named above, or run with SPRING_PROFILES_ACTIVE=local on a developer machine.",
                cause);
    }
}
