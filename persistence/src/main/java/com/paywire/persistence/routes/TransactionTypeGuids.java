package com.paywire.persistence.routes;

import java.util.Map;
import java.util.UUID;

/**
 * The GUID clients know each kind of route by, from Paywire's integer transaction type id. Payout lines keep the
 * integer (workflow inputs carry it), and their records answer it as the GUID without a database read. The same
 * values are in the routes table (V22); a test holds the two together.
 */
public final class TransactionTypeGuids {

    private static final Map<Integer, UUID> BY_TYPE_ID = Map.ofEntries(
            Map.entry(1, UUID.fromString("3c1f6d52-2b4e-4c0a-9e51-7d0a1b6f4e01")),
            Map.entry(2, UUID.fromString("3c1f6d52-2b4e-4c0a-9e51-7d0a1b6f4e02")),
            Map.entry(3, UUID.fromString("3c1f6d52-2b4e-4c0a-9e51-7d0a1b6f4e03")),
            Map.entry(4, UUID.fromString("3c1f6d52-2b4e-4c0a-9e51-7d0a1b6f4e04")),
            Map.entry(5, UUID.fromString("3c1f6d52-2b4e-4c0a-9e51-7d0a1b6f4e05")),
            Map.entry(6, UUID.fromString("3c1f6d52-2b4e-4c0a-9e51-7d0a1b6f4e06")),
            Map.entry(7, UUID.fromString("3c1f6d52-2b4e-4c0a-9e51-7d0a1b6f4e07")),
            Map.entry(8, UUID.fromString("3c1f6d52-2b4e-4c0a-9e51-7d0a1b6f4e08")),
            Map.entry(9, UUID.fromString("3c1f6d52-2b4e-4c0a-9e51-7d0a1b6f4e09")),
            Map.entry(10, UUID.fromString("3c1f6d52-2b4e-4c0a-9e51-7d0a1b6f4e10")),
            Map.entry(11, UUID.fromString("3c1f6d52-2b4e-4c0a-9e51-7d0a1b6f4e11")));

    private TransactionTypeGuids() {
    }

    /** @throws IllegalArgumentException for an id no route has: a line's type always comes from a route */
    public static UUID of(int transactionTypeId) {
        UUID guid = BY_TYPE_ID.get(transactionTypeId);
        if (guid == null) {
            throw new IllegalArgumentException("No route kind has transaction type " + transactionTypeId);
        }
        return guid;
    }
}
