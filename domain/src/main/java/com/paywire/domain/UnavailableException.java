package com.paywire.domain;

/** A party Paywire depends on is away; the API answers 503 with the message: the client may try again. */
public class UnavailableException extends RuntimeException {

    public UnavailableException(String message) {
        super(message);
    }
}
