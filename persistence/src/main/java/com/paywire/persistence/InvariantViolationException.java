package com.paywire.persistence;

/**
 * Paywire's stored state contradicts itself (a row that must exist does not, a reservation posted and voided).
 * Trying again cannot help: the activities report it as a non-retryable failure.
 */
public class InvariantViolationException extends RuntimeException {

    public InvariantViolationException(String message) {
        super(message);
    }
}
