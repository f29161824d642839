package com.paywire.vocabulary.lifecycle;

/** A status change its product's {@link Lifecycle} does not allow: a broken invariant, not a client's mistake. */
public class IllegalMoveException extends IllegalStateException {

    public IllegalMoveException(String message) {
        super(message);
    }
}
