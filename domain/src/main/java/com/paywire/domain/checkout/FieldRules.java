package com.paywire.domain.checkout;

import com.paywire.domain.InvalidInputException;
import com.paywire.domain.InvalidInputException.FieldProblem;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** Collects what is wrong with a request, field by field, to refuse it all at once. Messages never quote values. */
final class FieldRules {

    private static final Pattern CONTROL = Pattern.compile("\\p{Cntrl}");

    private final List<FieldProblem> problems = new ArrayList<>();

    /**
     * A text field: blank counts as absent; present, it must fit {@code maxLength} and hold no control characters.
     *
     * @return the text, trimmed, or null when absent (a required field absent is a problem)
     */
    String text(String field, String value, boolean required, int maxLength) {
        String text = value == null || value.isBlank() ? null : value.strip();
        if (text == null) {
            if (required) {
                required(field);
            }
        } else if (text.length() > maxLength) {
            add(field, "The field " + field + " must be at most " + maxLength + " characters long.");
        } else if (CONTROL.matcher(text).find()) {
            add(field, "The field " + field + " must not hold control characters.");
        }
        return text;
    }

    /** A text field that must match {@code format}, described by {@code rule} ("must be ..."). */
    String matching(String field, String value, boolean required, int maxLength, Pattern format, String rule) {
        String text = text(field, value, required, maxLength);
        if (text != null && text.length() <= maxLength && !format.matcher(text).matches()) {
            add(field, "The field " + field + " " + rule + ".");
        }
        return text;
    }

    void required(String field) {
        add(field, "The " + field + " field is required.");
    }

    void add(String field, String message) {
        problems.add(new FieldProblem(field, message));
    }

    boolean has(String field) {
        return problems.stream().anyMatch(p -> p.field().equals(field));
    }

    /** @param reference the client's id of the request, echoed in the answer, or null */
    void refuseIfAny(String reference) {
        if (!problems.isEmpty()) {
            throw new InvalidInputException(reference, problems);
        }
    }
}
