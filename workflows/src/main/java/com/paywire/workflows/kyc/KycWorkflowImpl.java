package com.paywire.workflows.kyc;

import com.paywire.vocabulary.rules.kyc.KycVerdict;
import com.paywire.workflows.lookups.PersonalDataLookup;
import io.temporal.workflow.Workflow;
import org.slf4j.Logger;

/** A {@link PersonalDataLookup} at the national identity registry, whose answer is a verdict. */
public class KycWorkflowImpl implements KycWorkflow {

    private static final Logger log = Workflow.getLogger(KycWorkflowImpl.class);

    @Override
    public String verify(KycCommand command) {
        KycVerdict verdict = new PersonalDataLookup<>(IdentityRegistryActivities.class, command.registryWindow(),
                KycActivities.class, command.retention())
                .run(command.requestId(), IdentityRegistryActivities::verify, failure -> {
                    log.warn("The identity registry was away for KYC request {} for its whole window",
                            command.requestId());
                    return KycVerdict.registryUnavailable();
                }, KycActivities::close, KycActivities::erasePersonalData);
        return verdict.responseCode();
    }
}
