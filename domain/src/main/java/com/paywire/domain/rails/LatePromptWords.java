package com.paywire.domain.rails;

import com.paywire.vocabulary.collections.Deposit;
import com.paywire.workflows.collections.PromptResult;

/**
 * What a phone prompt's final word does once its deposit's workflow has ended. The collections' {@code LatePrompts}
 * starts the workflows that take it; the contract is declared here, below both, so that a rail's callback hands the
 * word on without importing the collections.
 */
public interface LatePromptWords {

    /** A success: the deposit is recorded and credited once, and taken to its checkout order if it is an attempt. */
    void reconcile(Deposit deposit, PromptResult result);

    /** A definite failure: the deposit's credit, if still held, is released once. */
    void release(Deposit deposit, PromptResult result);
}
