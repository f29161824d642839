package com.paywire.api.errors;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Which of the error shapes of docs/interface.md#errors an operation uses for input errors (bad JSON, wrong types, missing
 * fields). Unannotated operations use {@link Kind#FIELD_ERROR_LIST}. A {@link ReasonException} always
 * answers in the reason shape.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
public @interface ErrorShape {

    Kind value();

    enum Kind {
        /** {appDomainName, status, timestamp, systemConversationId, originatorConversationId, errors:[{field, message}]} */
        FIELD_ERROR_LIST,
        /** {errors:{field:[messages]}, type, title, status, traceId} */
        VALIDATION_PROBLEM,
        /** RFC 6749 section 5.2, for the OAuth2 token endpoint: {error: "invalid_request", error_description} */
        OAUTH_ERROR
    }
}
