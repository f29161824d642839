package com.paywire.domain;

import com.paywire.vocabulary.rules.FieldProblem;
import java.util.List;

/**
 * Input that breaks a business rule, named by field; the API answers it in the operation's input-error shape.
 * Messages name the field, never the value sent (it could be a card number).
 *
 * @param reference the client's identifier of the request, echoed in the answer, or null
 */
public class InvalidInputException extends RuntimeException {

    private final String reference;
    private final List<FieldProblem> problems;

    public InvalidInputException(String reference, List<FieldProblem> problems) {
        super(problems.toString());
        this.reference = reference;
        this.problems = List.copyOf(problems);
    }

    public static InvalidInputException of(String reference, String field, String message) {
        return new InvalidInputException(reference, List.of(new FieldProblem(field, message)));
    }

    /** The same problems with the fields named as the request nests them ("Transaction." + field). */
    public InvalidInputException within(String fieldPrefix) {
        return new InvalidInputException(reference, problems.stream()
                .map(p -> new FieldProblem(fieldPrefix + p.field(), p.message())).toList());
    }

    public String reference() {
        return reference;
    }

    public List<FieldProblem> problems() {
        return problems;
    }
}
