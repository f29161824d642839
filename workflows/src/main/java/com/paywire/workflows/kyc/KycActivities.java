package com.paywire.workflows.kyc;

import com.paywire.vocabulary.rules.kyc.KycVerdict;
import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;

/** The KYC request's record. Each step is idempotent; its activity types name the request, as no two on one worker may share a name. */
@ActivityInterface
public interface KycActivities {

    /** Records the verdict (once), keeps only the personal data the status record shows, and calls the client back. */
    @ActivityMethod(name = "CloseKycRequest")
    void close(String requestId, KycVerdict verdict);

    /** Erases the request's personal data, and that of the events reporting on it. */
    @ActivityMethod(name = "EraseKycRequestPersonalData")
    void erasePersonalData(String requestId);
}
