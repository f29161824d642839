package com.paywire.persistence.secrets;

import com.paywire.vocabulary.secrets.MalformedKey;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Prints which configured key a role could not use, and how to make one, instead of a stack trace. */
class MalformedKeyFailureAnalyzer extends AbstractFailureAnalyzer<MalformedKey> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, MalformedKey cause) {
        return new FailureAnalysis("Paywire cannot use a configured key: " + cause.getMessage(),
                "Set " + cause.variable() + " to a key made with: openssl rand -base64 32", cause);
    }
}
