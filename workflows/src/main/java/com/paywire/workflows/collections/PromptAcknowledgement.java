package com.paywire.workflows.collections;

/**
 * The rail's answer to a prompt request; a refusal carries its result in {@code refusal}. A prompt that could not
 * be sent to the rail is {@link #notSent}, and closes as a refused one does.
 */
public record PromptAcknowledgement(boolean accepted, String merchantRequestId, String checkoutRequestId,
                                    PromptResult refusal) {

    /** A prompt that never reached the rail: no ids, only the result the deposit closes with. */
    public static PromptAcknowledgement notSent(PromptResult refusal) {
        return new PromptAcknowledgement(false, null, null, refusal);
    }
}
