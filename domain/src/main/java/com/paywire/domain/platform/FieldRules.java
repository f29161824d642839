package com.paywire.domain.platform;

import com.paywire.domain.InvalidInputException;
import com.paywire.persistence.notifications.UrlPolicy;
import com.paywire.vocabulary.rules.FieldProblem;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;

/** Collects what is wrong with a request, field by field, to refuse it all at once. Messages never quote values. */
public final class FieldRules {

    /** A GUID in either letter case, as clients write ids. */
    public static final Pattern GUID =
            Pattern.compile("\\p{XDigit}{8}-\\p{XDigit}{4}-\\p{XDigit}{4}-\\p{XDigit}{4}-\\p{XDigit}{12}");
    /** An integer id as clients write it beside a GUID: digits only, few enough to fit an int. */
    public static final Pattern INTEGER_ID = Pattern.compile("\\d{1,9}");
    private static final Pattern CONTROL = Pattern.compile("\\p{Cntrl}");

    private final List<FieldProblem> problems = new ArrayList<>();

    /**
     * A text field: blank counts as absent; present, it must fit {@code maxLength} and hold no control characters.
     *
     * @return the text, trimmed, or null when absent (a required field absent is a problem)
     */
    public String text(String field, String value, boolean required, int maxLength) {
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
    public String matching(String field, String value, boolean required, int maxLength, Pattern format, String rule) {
        String text = text(field, value, required, maxLength);
        if (text != null && text.length() <= maxLength && !format.matcher(text).matches()) {
            add(field, "The field " + field + " " + rule + ".");
        }
        return text;
    }

    /** A GUID field. */
    public String guid(String field, String value, boolean required) {
        return matching(field, value, required, 36, GUID,
                "must be a GUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6");
    }

    /** A URL Paywire will call (a callback): at most {@code maxLength}, and one the URL policy allows. */
    public String url(String field, String value, boolean required, int maxLength, UrlPolicy policy) {
        return url(field, value, required, maxLength, policy::refusal);
    }

    /** A URL the payer's browser is sent to (Paywire never calls it): at most {@code maxLength}, policy-allowed. */
    public String browserUrl(String field, String value, boolean required, int maxLength) {
        return url(field, value, required, maxLength, UrlPolicy::browserRefusal);
    }

    private String url(String field, String value, boolean required, int maxLength,
                       Function<String, Optional<String>> refusal) {
        String url = text(field, value, required, maxLength);
        if (url != null && !has(field)) {
            refusal.apply(url).ifPresent(why -> add(field, "The " + field + " " + why + "."));
        }
        return url;
    }

    public void required(String field) {
        add(field, "The " + field + " field is required.");
    }

    public void add(String field, String message) {
        problems.add(new FieldProblem(field, message));
    }

    public boolean has(String field) {
        return problems.stream().anyMatch(p -> p.field().equals(field));
    }

    /** @param reference the client's id of the request, echoed in the answer, or null */
    public void refuseIfAny(String reference) {
        if (!problems.isEmpty()) {
            throw new InvalidInputException(reference, problems);
        }
    }
}
