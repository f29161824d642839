package com.paywire.vocabulary.lookups;

/**
 * The top-level {@code status} of a KYC request's status record (docs/interface.md#kyc): its {@link LookupStatus}
 * in KYC's own two-digit codes. 00 the registry answered, 01 the request is still with it, 02 it could not be
 * reached. What the registry's answer means is the {@link KycResponseCode}, which shares some codes, not their
 * meaning.
 */
public enum KycStatus {
    SUCCESS("00", "Success"),
    PENDING("01", "Pending"),
    FAILED("02", "Failed");

    private final String code;
    private final String description;

    KycStatus(String code, String description) {
        this.code = code;
        this.description = description;
    }

    /** The record's {@code status}. */
    public String code() {
        return code;
    }

    /** The record's {@code statusDesc}. */
    public String description() {
        return description;
    }

    public static KycStatus of(LookupStatus status) {
        return switch (status) {
            case COMPLETED -> SUCCESS;
            case PENDING -> PENDING;
            case FAILED -> FAILED;
        };
    }
}
