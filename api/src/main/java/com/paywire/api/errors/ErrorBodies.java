package com.paywire.api.errors;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;

/** The three error bodies of docs/interface.md#errors, field for field, and the OAuth2 token endpoint's. */
public final class ErrorBodies {

    private ErrorBodies() {
    }

    public record FieldError(String field, String message) {
    }

    public record FieldErrorList(String appDomainName, int status, OffsetDateTime timestamp,
                                 String systemConversationId, String originatorConversationId,
                                 List<FieldError> errors) {
    }

    public record ReasonError(String appDomainName, OffsetDateTime timestamp, String reason) {
    }

    public record OAuthError(String error,
                             @com.fasterxml.jackson.annotation.JsonProperty("error_description") String errorDescription) {

        /** The description keeps to the characters RFC 6749 allows there (printable ASCII but the quote and the backslash). */
        public static OAuthError of(String error, String description) {
            return new OAuthError(error, description.replaceAll("[^\\x20-\\x21\\x23-\\x5B\\x5D-\\x7E]", ""));
        }

        public static OAuthError invalidRequest(String description) {
            return of("invalid_request", description);
        }
    }

    public record ValidationProblem(Map<String, List<String>> errors, String type, String title, int status,
                                    String traceId) {
    }
}
