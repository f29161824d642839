package com.paywire.api.errors;

import org.springframework.http.HttpStatus;

/** A refusal explained in one sentence: answered in the reason shape {appDomainName, timestamp, reason}. */
public class ReasonException extends RuntimeException {

    private final HttpStatus status;

    public ReasonException(HttpStatus status, String reason) {
        super(reason);
        this.status = status;
    }

    public HttpStatus status() {
        return status;
    }
}
