package com.paywire.workflows.collections;

/** The rail's answer to a prompt request; a refusal carries its result in {@code refusal}. */
public record PromptAcknowledgement(boolean accepted, String merchantRequestId, String checkoutRequestId,
                                    PromptResult refusal) {
}
