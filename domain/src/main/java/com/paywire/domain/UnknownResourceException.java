package com.paywire.domain;

/** Nothing of that id for this client (another client's looks the same); the API answers 404 with the message. */
public class UnknownResourceException extends RuntimeException {

    public UnknownResourceException(String message) {
        super(message);
    }
}
