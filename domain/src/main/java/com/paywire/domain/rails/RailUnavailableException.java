package com.paywire.domain.rails;

/** The rail did not answer, or answered with a transport-level failure: Temporal retries the activity. */
public class RailUnavailableException extends RuntimeException {

    public RailUnavailableException(String message) {
        super(message);
    }

    public RailUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
