package com.paywire.vocabulary.lookups;

import java.time.OffsetDateTime;
import java.util.UUID;

/** A row of a {@link PersonalDataTable}: what closing it and calling its client back need, whatever its kind. */
public interface PersonalDataRequest {

    UUID id();

    String clientId();

    /** Pending until the rail answered or was given up on. */
    LookupStatus status();

    /** Where the outcome goes; null when the client did not ask for a callback. */
    String callbackUrl();

    /** When the personal data was erased, its retention over; null while it is kept. */
    OffsetDateTime personalDataErasedAt();
}
