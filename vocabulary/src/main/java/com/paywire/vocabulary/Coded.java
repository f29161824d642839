package com.paywire.vocabulary;

import java.util.Arrays;

/** A status stored and answered as a number (its code) rather than by name. */
public interface Coded {

    int code();

    /** The constant of {@code type} with this code; a code no constant has is a broken invariant. */
    static <E extends Enum<E> & Coded> E of(Class<E> type, int code) {
        return Arrays.stream(type.getEnumConstants()).filter(s -> s.code() == code).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no " + type.getSimpleName() + " " + code));
    }
}
