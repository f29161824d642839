package com.paywire.workflows.kyc;

import com.paywire.vocabulary.rules.kyc.KycVerdict;
import io.temporal.activity.ActivityInterface;

/** The national identity registry. */
@ActivityInterface
public interface IdentityRegistryActivities {

    /**
     * Looks the request's national ID up and compares the registry's names with the request's. Personal data goes
     * in and out through the store, never through the workflow's history. Retried while the registry is away.
     */
    KycVerdict verify(String requestId);
}
