package com.paywire.api.errors;

import java.util.List;

/** Input that parsed but breaks a rule: answered 400 in the operation's input-error shape. */
public class FieldErrorsException extends RuntimeException {

    private final String originatorConversationId;
    private final List<ErrorBodies.FieldError> errors;

    public FieldErrorsException(String originatorConversationId, List<ErrorBodies.FieldError> errors) {
        super(errors.toString());
        this.originatorConversationId = originatorConversationId;
        this.errors = List.copyOf(errors);
    }

    public static FieldErrorsException of(String originatorConversationId, String field, String message) {
        return new FieldErrorsException(originatorConversationId, List.of(new ErrorBodies.FieldError(field, message)));
    }

    public String originatorConversationId() {
        return originatorConversationId;
    }

    public List<ErrorBodies.FieldError> errors() {
        return errors;
    }
}
