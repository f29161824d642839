package com.paywire.vocabulary.lookups;

import com.paywire.vocabulary.Coded;

/**
 * Where a lookup stands: an identity check at the registry (KYC) or an account validation at the institution. It
 * is Pending until the other side is asked; Completed when it answered (whatever it said), Failed when it could not
 * be reached. The codes are the records' {@code status}.
 */
public enum LookupStatus implements Coded {
    PENDING(0, "Pending"),
    FAILED(2, "Failed"),
    COMPLETED(4, "Completed");

    private final int code;
    private final String description;

    LookupStatus(int code, String description) {
        this.code = code;
        this.description = description;
    }

    @Override
    public int code() {
        return code;
    }

    public String description() {
        return description;
    }

    public static LookupStatus of(int code) {
        return Coded.of(LookupStatus.class, code);
    }
}
