package com.paywire.workflows.kyc;

import com.paywire.workflows.Policies;
import com.paywire.workflows.RailCalls;
import com.paywire.workflows.TaskQueues;
import io.temporal.workflow.Workflow;
import org.slf4j.Logger;

public class KycWorkflowImpl implements KycWorkflow {

    private static final Logger log = Workflow.getLogger(KycWorkflowImpl.class);

    private final KycActivities requests =
            Workflow.newActivityStub(KycActivities.class, Policies.database(TaskQueues.PLATFORM));

    @Override
    public String verify(KycCommand command) {
        IdentityRegistryActivities registry = Workflow.newActivityStub(IdentityRegistryActivities.class,
                Policies.railCall(TaskQueues.PLATFORM, command.registryWindow()));
        KycVerdict verdict = RailCalls.orWhenUnreachable(() -> registry.verify(command.requestId()), failure -> {
            log.warn("The identity registry was away for KYC request {} for its whole window", command.requestId());
            return KycVerdict.registryUnavailable();
        });
        requests.close(command.requestId(), verdict);
        Workflow.sleep(command.retention());
        requests.erasePersonalData(command.requestId());
        return verdict.responseCode();
    }
}
