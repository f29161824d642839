package com.paywire.api.errors;

/**
 * An unknown resource, or another client's (which must look the same). Each operation names its own 404 body,
 * e.g. {id, idType, message} for payment order status.
 */
public class NotFoundException extends RuntimeException {

    private final transient Object body;

    public NotFoundException(Object body) {
        super("not found");
        this.body = body;
    }

    public Object body() {
        return body;
    }
}
