package com.paywire.domain.cards;

import java.util.List;

/**
 * A RequestId that already named an authorisation came again with a different body: answering the first
 * authorisation would tell the client its new request was done when it was not.
 */
public class RequestIdReusedException extends RuntimeException {

    private final String authorisationId;
    private final List<String> differingFields;

    public RequestIdReusedException(String requestId, String authorisationId, List<String> differingFields) {
        super("The RequestId " + requestId + " already named the authorisation " + authorisationId
                + ", made with a different " + String.join(", ", differingFields)
                + ": send a new RequestId for a new authorisation, or the same body to get the first answer again.");
        this.authorisationId = authorisationId;
        this.differingFields = List.copyOf(differingFields);
    }

    public String authorisationId() {
        return authorisationId;
    }

    /** The request's fields, by their names in the card API, whose values differ from the first request's. */
    public List<String> differingFields() {
        return differingFields;
    }
}
