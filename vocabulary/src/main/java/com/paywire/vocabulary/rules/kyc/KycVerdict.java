package com.paywire.vocabulary.rules.kyc;

import com.paywire.vocabulary.lookups.KycResponseCode;
import java.util.Map;

/**
 * What the registry's answer means for a request, without the personal data it was read from.
 *
 * @param responseCode the {@link KycResponseCode}'s code: the record keeps the code, which recorded histories hold
 * @param fieldMatches for each name field (and the date of birth) compared: MATCHED, MISMATCHED or NOT_PROVIDED
 */
public record KycVerdict(String responseCode, String responseDesc, Map<String, String> fieldMatches) {

    public static KycVerdict of(KycResponseCode code, String responseDesc, Map<String, String> fieldMatches) {
        return new KycVerdict(code.code(), responseDesc, fieldMatches);
    }

    public static KycVerdict registryUnavailable() {
        return of(KycResponseCode.REGISTRY_UNAVAILABLE,
                "The identity registry could not be reached; submit the request again later", Map.of());
    }

    /** The response code as the vocabulary names it. */
    public KycResponseCode code() {
        return KycResponseCode.of(responseCode);
    }

    public boolean registryAnswered() {
        return code().registryAnswered();
    }
}
