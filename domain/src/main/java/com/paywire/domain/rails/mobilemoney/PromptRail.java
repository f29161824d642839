package com.paywire.domain.rails.mobilemoney;

import com.paywire.workflows.collections.DepositCommand;
import com.paywire.workflows.collections.PromptAcknowledgement;
import com.paywire.workflows.collections.PromptResult;

/** What Paywire asks the mobile-money rail's phone prompt ({@link StkPushProtocol}), behind express deposits. */
public interface PromptRail {

    /** Prompts the payer: accepted (the answer comes later) or refused, which is the deposit's result. */
    PromptAcknowledgement send(DepositCommand deposit);

    /** The payer's answer, pending, or UNKNOWN when the rail never heard of the prompt. */
    PromptResult status(String depositId);
}
