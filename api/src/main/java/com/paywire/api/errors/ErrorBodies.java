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
    }

    public record ValidationProblem(Map<String, List<String>> errors, String type, String title, int status,
                                    String traceId) {
    }
}
