package com.paywire.domain.platform;

import java.util.Optional;
import java.util.UUID;

/** Reading loosely typed input: an id that may not be a UUID. */
public final class Values {

    private Values() {
    }

    public static Optional<UUID> uuid(String text) {
        try {
            return Optional.of(UUID.fromString(text));
        } catch (IllegalArgumentException | NullPointerException notAUuid) {
            return Optional.empty();
        }
    }
}
