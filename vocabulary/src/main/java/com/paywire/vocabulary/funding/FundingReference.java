package com.paywire.vocabulary.funding;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A client's funding reference: what it writes in the remittance information of a bank transfer to Paywire's bank
 * account, so that the transfer credits its working account. {@code PW} and eight digits, the last a Damm check
 * digit over the seven before it ({@code PW12345671}: ten characters).
 *
 * <p>Why Damm: the reference is digits after a fixed prefix, and the Damm check digit (one digit, no extra
 * character such as ISO 7064 MOD 11-2's {@code X}) detects every single-digit error and every transposition of two
 * adjacent digits, which the Luhn digit does not (it misses 09/90). A typo in the prefix leaves no reference at all
 * ({@link #find} finds none), a typo in the digits one whose check digit fails: either way no client matches, and
 * the money goes to funding suspense for an operator rather than to another client.
 */
public final class FundingReference {

    public static final String PREFIX = "PW";
    /** The digits before the check digit. */
    public static final int PAYLOAD_DIGITS = 7;
    public static final int LENGTH = PREFIX.length() + PAYLOAD_DIGITS + 1;

    /** A token that looks like a reference: the prefix and eight digits, not inside a longer word or number. */
    private static final Pattern CANDIDATE = Pattern.compile("(?<![A-Z0-9])" + PREFIX + "([0-9]{" + (PAYLOAD_DIGITS + 1)
            + "})(?![A-Z0-9])");

    /** Damm's quasigroup of order 10 (totally anti-symmetric), as H. Michael Damm published it. */
    private static final int[][] DAMM = {
            {0, 3, 1, 7, 5, 9, 8, 6, 4, 2},
            {7, 0, 9, 2, 1, 5, 4, 8, 6, 3},
            {4, 2, 0, 6, 8, 7, 1, 3, 5, 9},
            {1, 7, 5, 0, 9, 8, 3, 4, 2, 6},
            {6, 1, 2, 3, 0, 4, 5, 9, 7, 8},
            {3, 6, 7, 4, 2, 0, 9, 5, 8, 1},
            {5, 8, 6, 9, 7, 2, 0, 1, 3, 4},
            {8, 9, 4, 5, 3, 6, 2, 0, 1, 7},
            {9, 4, 3, 8, 6, 1, 7, 2, 0, 5},
            {2, 5, 8, 1, 4, 3, 6, 7, 9, 0}};

    private FundingReference() {
    }

    /** The reference of a payload of {@link #PAYLOAD_DIGITS} digits (0 to 9999999): the prefix, the digits, the check digit. */
    public static String of(int payload) {
        if (payload < 0 || payload >= 10_000_000) {
            throw new IllegalArgumentException("a funding reference's payload is 0 to 9999999");
        }
        String digits = String.format(Locale.ROOT, "%07d", payload);
        return PREFIX + digits + checkDigit(digits);
    }

    /** Damm's check digit of a string of digits. */
    static int checkDigit(String digits) {
        int interim = 0;
        for (int i = 0; i < digits.length(); i++) {
            interim = DAMM[interim][digits.charAt(i) - '0'];
        }
        return interim;
    }

    /** Whether this is a reference exactly (upper case, no spaces) whose check digit holds. */
    public static boolean isValid(String reference) {
        if (reference == null || reference.length() != LENGTH || !reference.startsWith(PREFIX)) {
            return false;
        }
        String digits = reference.substring(PREFIX.length());
        for (int i = 0; i < digits.length(); i++) {
            if (digits.charAt(i) < '0' || digits.charAt(i) > '9') {
                return false;
            }
        }
        return checkDigit(digits) == 0;
    }

    /**
     * What a remittance text names: the first valid reference in it (upper-cased first: a bank may print it in
     * either case), else the first token that looks like one but fails its check digit, else nothing.
     */
    public static Found find(String remittance) {
        if (remittance == null || remittance.isBlank()) {
            return new None();
        }
        Matcher matcher = CANDIDATE.matcher(remittance.toUpperCase(Locale.ROOT));
        String invalid = null;
        String valid = null;
        while (matcher.find()) {
            String token = matcher.group();
            if (isValid(token)) {
                if (valid != null && !valid.equals(token)) {
                    return new Ambiguous(valid, token);
                }
                valid = token;
            } else if (invalid == null) {
                invalid = token;
            }
        }
        if (valid != null) {
            return new Valid(valid);
        }
        return invalid != null ? new BadCheckDigit(invalid) : new None();
    }

    /** What {@link #find} found in a remittance text. */
    public sealed interface Found permits Valid, BadCheckDigit, Ambiguous, None {
        /** Why no client can be credited from it; empty for a valid reference. */
        Optional<String> refusal();
    }

    public record Valid(String reference) implements Found {
        @Override
        public Optional<String> refusal() {
            return Optional.empty();
        }
    }

    public record BadCheckDigit(String token) implements Found {
        @Override
        public Optional<String> refusal() {
            return Optional.of("the funding reference " + token + " fails its check digit");
        }
    }

    public record Ambiguous(String first, String second) implements Found {
        @Override
        public Optional<String> refusal() {
            return Optional.of("the remittance names two funding references, " + first + " and " + second);
        }
    }

    public record None() implements Found {
        @Override
        public Optional<String> refusal() {
            return Optional.of("the remittance names no funding reference");
        }
    }
}
