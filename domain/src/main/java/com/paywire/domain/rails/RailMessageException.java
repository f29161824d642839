package com.paywire.domain.rails;

/** A rail's body that does not follow its protocol: the message says which field, never the value. */
public class RailMessageException extends RuntimeException {

    public RailMessageException(String message) {
        super(message);
    }
}
