package com.paywire.vocabulary.lookups;

import java.util.Arrays;

/**
 * What the identity registry's answer means for a KYC request: the status record's {@code kycRecordDto.responseCode}
 * (docs/interface.md#kyc), stored by its code (kyc_requests.response_code). Workflow records carry the code itself,
 * as recorded histories hold it.
 */
public enum KycResponseCode {
    /** Every name given (and the date of birth, when given) is the registry's. */
    VERIFIED("00"),
    /** The national ID is known, and some of the names given are its holder's, not all. */
    PARTIAL_MATCH("01"),
    /** The national ID is known, and none of the names given is its holder's. */
    NAMES_DO_NOT_MATCH("02"),
    /** The registry does not know the national ID. */
    NOT_FOUND("03"),
    /** The registry could not be reached within the request's window. */
    REGISTRY_UNAVAILABLE("91");

    private final String code;

    KycResponseCode(String code) {
        this.code = code;
    }

    public String code() {
        return code;
    }

    /** Whether the registry answered at all, whatever it said. */
    public boolean registryAnswered() {
        return this != REGISTRY_UNAVAILABLE;
    }

    /** Whether the registry knows the national ID, so that its holder's names were compared. */
    public boolean personFound() {
        return this == VERIFIED || this == PARTIAL_MATCH || this == NAMES_DO_NOT_MATCH;
    }

    /** The response code with this code; a code none has is a broken invariant. */
    public static KycResponseCode of(String code) {
        return Arrays.stream(values()).filter(c -> c.code.equals(code)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no KYC response code " + code));
    }
}
