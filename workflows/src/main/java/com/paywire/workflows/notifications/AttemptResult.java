package com.paywire.workflows.notifications;

/** One attempt: delivered, failed (with the status code or the error), or not made because the endpoint is inactive. */
public record AttemptResult(Outcome outcome, Integer statusCode, String error) {

    public enum Outcome {
        DELIVERED,
        FAILED,
        ENDPOINT_INACTIVE
    }
}
