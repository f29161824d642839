package com.paywire.workflows.kyc;

import java.util.Map;

/**
 * What the registry's answer means for a request, without the personal data it was read from.
 *
 * @param responseCode one of the codes below
 * @param fieldMatches for each name field (and the date of birth) compared: MATCHED, MISMATCHED or NOT_PROVIDED
 */
public record KycVerdict(String responseCode, String responseDesc, Map<String, String> fieldMatches) {

    /** Every name given (and the date of birth, when given) is the registry's. */
    public static final String VERIFIED = "00";
    /** The national ID is known, and some of the names given are its holder's, not all. */
    public static final String PARTIAL_MATCH = "01";
    /** The national ID is known, and none of the names given is its holder's. */
    public static final String NAMES_DO_NOT_MATCH = "02";
    /** The registry does not know the national ID. */
    public static final String NOT_FOUND = "03";
    /** The registry could not be reached within the request's window. */
    public static final String REGISTRY_UNAVAILABLE = "91";

    public static KycVerdict registryUnavailable() {
        return new KycVerdict(REGISTRY_UNAVAILABLE, "The identity registry could not be reached; submit the request again later",
                Map.of());
    }

    public boolean registryAnswered() {
        return !REGISTRY_UNAVAILABLE.equals(responseCode);
    }
}
