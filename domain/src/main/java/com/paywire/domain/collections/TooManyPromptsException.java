package com.paywire.domain.collections;

import java.time.Duration;

/**
 * A hosted page may not prompt this phone now: a cap of {@link PromptCaps} is reached. The message is a sentence
 * for the payer; nothing was sent.
 */
public class TooManyPromptsException extends RuntimeException {

    private final Duration retryAfter;

    TooManyPromptsException(String message, Duration retryAfter) {
        super(message);
        this.retryAfter = retryAfter;
    }

    /** How long until the cap lets another prompt through. */
    public Duration retryAfter() {
        return retryAfter;
    }
}
