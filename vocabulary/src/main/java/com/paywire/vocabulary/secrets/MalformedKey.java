package com.paywire.vocabulary.secrets;

import java.util.Base64;

/**
 * A configured key that cannot be used: not base64, or not as long as its algorithm needs. Thrown where the key is
 * read, as the role starts, naming the variable that sets it and never the key; the persistence module's
 * {@code MalformedKeyFailureAnalyzer} reports it without a stack trace.
 */
public class MalformedKey extends IllegalArgumentException {

    private final String variable;

    /**
     * @param position the key's place in a list the variable holds (1 for the first), or 0 for a single key
     * @param problem  what is wrong with it, never quoting it
     */
    public MalformedKey(String variable, int position, String problem) {
        super((position == 0 ? variable : "key " + position + " of " + variable) + " " + problem);
        this.variable = variable;
    }

    /** Says how long the key must be and is. */
    public static MalformedKey ofLength(String variable, int position, int length, boolean exactly, int actual) {
        return new MalformedKey(variable, position,
                "must be " + (exactly ? "" : "at least ") + length + " bytes, base64; it is " + actual);
    }

    /** The variable to set again. */
    public String variable() {
        return variable;
    }

    /**
     * @param variable the variable that sets the key
     * @param position the key's place in a list the variable holds (1 for the first), or 0 for a single key
     * @param length   the bytes the key must have; {@code exactly} false: at least that many
     * @return the key's bytes
     * @throws MalformedKey when the value is not base64 of that length
     */
    public static byte[] decode(String variable, int position, String base64, int length, boolean exactly) {
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(base64.strip());
        } catch (IllegalArgumentException notBase64) {
            throw new MalformedKey(variable, position, "is not base64");
        }
        if (exactly ? bytes.length != length : bytes.length < length) {
            throw ofLength(variable, position, length, exactly, bytes.length);
        }
        return bytes;
    }
}
