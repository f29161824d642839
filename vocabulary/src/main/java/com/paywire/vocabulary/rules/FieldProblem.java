package com.paywire.vocabulary.rules;

/**
 * What a rule found wrong with one field of a request: the field as the request names it and a message that names
 * the field, never the value sent. The domain's {@code InvalidInputException} carries them to the API's answer.
 */
public record FieldProblem(String field, String message) {
}
