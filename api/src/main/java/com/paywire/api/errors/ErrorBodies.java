package com.paywire.api.errors;

import io.swagger.v3.oas.annotations.media.Schema;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;

/** The three error bodies of docs/interface.md#errors, field for field, and the OAuth2 token endpoint's. */
public final class ErrorBodies {

    private ErrorBodies() {
    }

    public record FieldError(
            @Schema(description = "the field refused, as a JSON path ($ for the whole body)")
            String field,
            @Schema(description = "why, in words")
            String message) {
    }

    public record FieldErrorList(
            @Schema(description = "the Paywire service that answered")
            String appDomainName,
            @Schema(description = "the HTTP status (400)")
            int status,
            @Schema(description = "when the request was refused")
            OffsetDateTime timestamp,
            @Schema(description = "Paywire's id of the refusal")
            String systemConversationId,
            @Schema(description = "the request's originatorConversationId, when it had one")
            String originatorConversationId,
            @Schema(description = "each field refused, with why")
            List<FieldError> errors) {
    }

    public record ReasonError(
            @Schema(description = "the Paywire service that answered")
            String appDomainName,
            @Schema(description = "when the request was refused")
            OffsetDateTime timestamp,
            @Schema(description = "why, in words; a 500 gives a reference that is also in the log")
            String reason) {
    }

    public record OAuthError(
            @Schema(description = "the OAuth 2 error code (invalid_client, invalid_request, invalid_token, ...)")
            String error,
            @Schema(description = "what went wrong, in words")
            @com.fasterxml.jackson.annotation.JsonProperty("error_description") String errorDescription) {

        /** The description keeps to the characters RFC 6749 allows there (printable ASCII but the quote and the backslash). */
        public static OAuthError of(String error, String description) {
            return new OAuthError(error, description.replaceAll("[^\\x20-\\x21\\x23-\\x5B\\x5D-\\x7E]", ""));
        }

        public static OAuthError invalidRequest(String description) {
            return of("invalid_request", description);
        }
    }

    public record ValidationProblem(
            @Schema(description = "for each field refused, why")
            Map<String, List<String>> errors,
            @Schema(description = "a URI naming the kind of problem")
            String type,
            @Schema(description = "the problem in words")
            String title,
            @Schema(description = "the HTTP status (400)")
            int status,
            @Schema(description = "Paywire's id of the refusal, also in its log")
            String traceId) {
    }
}
