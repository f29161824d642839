package com.paywire.domain.timeline;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What a result, a signal or an input says happened, in a few words, read from a few known fields only (a state,
 * an outcome, a status, a result code and its description, an amount): the records that flow through the
 * workflows also carry names, phone numbers and accounts, and none of those is ever read here.
 */
final class OutcomeWords {

    /** The states rails report (a payout's, a prompt's, a bill's), in the words a client uses. */
    private static final Map<String, String> STATES = Map.of(
            "COMPLETED", "paid",
            "PAID", "paid",
            "FAILED", "failed",
            "REFUSED", "refused",
            "PENDING", "still pending",
            "UNKNOWN", "not known to the rail");
    /**
     * Where the workflows' records keep a result code, each with where they keep its description: Paywire's own codes
     * (the kernel's, and the products' lookups, top-ups, prompts and bills) before a rail's, which a payout's rail
     * result carries beside Paywire's.
     */
    private static final List<ResultField> RESULT_FIELDS = List.of(
            new ResultField("resultCode", "resultDescription", "resultDesc"),
            new ResultField("statusCode", "statusDescription"),
            new ResultField("responseCode", "responseDesc"),
            new ResultField("railResponseCode", "railResponseDescription"),
            new ResultField("railResultCode", "railResultDescription"));
    private static final List<String> CODES = RESULT_FIELDS.stream().map(ResultField::code).toList();
    private static final List<String> DESCRIPTIONS = RESULT_FIELDS.stream()
            .flatMap(field -> field.descriptions().stream()).toList();
    private static final List<String> WORDS = List.of("outcome", "status", "decision");
    /** An enum's name or a short code: a plain string result is shown only when it is one. */
    private static final Pattern CODE = Pattern.compile("[A-Z0-9_]{1,40}");
    private static final Pattern DIGITS = Pattern.compile("\\d+");
    /** What a prompt's result code 0 means; every other code is a reason it was not paid. */
    private static final String PROMPT_PAID = "0";

    private OutcomeWords() {
    }

    private record ResultField(String code, List<String> descriptions) {
        ResultField(String code, String... descriptions) {
            this(code, List.of(descriptions));
        }
    }

    /**
     * The value in a few words, or "" when it says nothing worth showing: "paid (0: Success)", "accepted,
     * authorized (00)", "captured 100.00 KES", "The number was topped up (0)", "result code 1032".
     */
    static String of(Object value) {
        if (value instanceof String text) {
            return !CODE.matcher(text).matches() ? "" : DIGITS.matcher(text).matches() ? "result code " + text
                    : PlainWords.enumWords(text);
        }
        if (!(value instanceof Map<?, ?> fields)) {
            return "";
        }
        List<String> states = new ArrayList<>();
        if (fields.get("accepted") instanceof Boolean accepted) {
            String refusal = accepted ? "" : of(fields.get("refusal"));
            states.add(accepted ? "accepted" : "refused" + (refusal.isEmpty() ? "" : ": " + refusal));
        }
        if (fields.get("state") instanceof String state) {
            states.add("ANSWERED".equals(state) ? (PROMPT_PAID.equals(text(fields, CODES)) ? "paid" : "not paid")
                    : STATES.getOrDefault(state, PlainWords.enumWords(state)));
        }
        if (fields.get("paid") instanceof Boolean paid) {
            states.add(paid ? "paid" : "not paid");
        }
        for (String key : WORDS) {
            if (fields.get(key) instanceof String word && CODE.matcher(word).matches()) {
                states.add(PlainWords.enumWords(word));
            }
        }
        StringBuilder words = new StringBuilder(String.join(", ", states));
        if (fields.get("amount") != null && fields.get("currency") instanceof String currency) {
            words.append(words.isEmpty() ? "" : " ")
                    .append(PlainWords.money(new BigDecimal(fields.get("amount").toString()), currency));
        }
        String code = text(fields, CODES);
        String description = PlainWords.masked(text(fields, DESCRIPTIONS));
        if (words.isEmpty()) {
            return description == null ? (code == null ? "" : "result code " + code)
                    : description + (code == null ? "" : " (" + code + ")");
        }
        if (code != null || description != null) {
            words.append(" (").append(code == null ? description : description == null ? code
                    : code + ": " + description).append(')');
        }
        return words.toString();
    }

    /** The first record among the inputs that says something, or "": ids and amounts passed alone say nothing. */
    static String ofFirstTelling(List<Object> values) {
        return values.stream().filter(value -> value instanceof Map<?, ?>).map(OutcomeWords::of)
                .filter(words -> !words.isEmpty()).findFirst().orElse("");
    }

    private static String text(Map<?, ?> fields, List<String> keys) {
        for (String key : keys) {
            Object value = fields.get(key);
            if (value != null && !value.toString().isBlank()) {
                return value.toString();
            }
        }
        return null;
    }
}
