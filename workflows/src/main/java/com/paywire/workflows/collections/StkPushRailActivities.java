package com.paywire.workflows.collections;

import io.temporal.activity.ActivityInterface;

/** The mobile-money rail's phone prompt (STK push). Repeating a call is safe: the rail deduplicates by reference. */
@ActivityInterface
public interface StkPushRailActivities {

    PromptAcknowledgement sendPrompt(DepositCommand deposit);

    PromptResult queryPrompt(String depositId);
}
