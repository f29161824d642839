package com.paywire.persistence.deployment;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Prints which addresses and settings a role refused to start without, instead of a stack trace. */
class DeploymentSettingsFailureAnalyzer extends AbstractFailureAnalyzer<DeploymentSettings.RefusedToStart> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, DeploymentSettings.RefusedToStart cause) {
        return new FailureAnalysis(
                "Paywire refuses to start outside the 'local' profile without these settings of its deployment:\n  - "
                        + String.join("\n  - ", cause.problems()),
                "Set each variable named above: every rail's and Paywire's public address as an https URL that is "
                        + "not on this machine, and the database password. SPRING_PROFILES_ACTIVE=local is for a "
                        + "developer machine only.",
                cause);
    }
}
