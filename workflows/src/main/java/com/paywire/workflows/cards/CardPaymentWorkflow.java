package com.paywire.workflows.cards;

import com.paywire.vocabulary.cards.CardTransactionStatus;
import com.paywire.workflows.OperatorResolution;
import io.temporal.workflow.QueryMethod;
import io.temporal.workflow.SignalMethod;
import io.temporal.workflow.UpdateMethod;
import io.temporal.workflow.UpdateValidatorMethod;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;

/**
 * One per authorisation: its state machine. Capture, void and refund arrive as Updates, validated against
 * the state and answered synchronously to the API; the authorisation expires (voided at the processor) when
 * neither captured nor voided in time; refunds settle asynchronously.
 */
@WorkflowInterface
public interface CardPaymentWorkflow {

    @WorkflowMethod
    void run(CardAuthorisationCommand command);

    /** Waits for the processor's answer to the authorisation. */
    @UpdateMethod
    AuthorisationResult authorisation();

    @UpdateMethod
    CardOperationResult capture(CardOperation capture);

    @UpdateValidatorMethod(updateName = "capture")
    void validateCapture(CardOperation capture);

    @UpdateMethod
    CardOperationResult voidAuthorisation(CardOperation voidRequest);

    @UpdateValidatorMethod(updateName = "voidAuthorisation")
    void validateVoid(CardOperation voidRequest);

    @UpdateMethod
    CardOperationResult refund(CardOperation refund);

    @UpdateValidatorMethod(updateName = "refund")
    void validateRefund(CardOperation refund);

    /**
     * An operator's word on a capture or refund the processor never answered about, once referred: {@code paid}, the
     * processor captured (or refunded) it and its hold is posted; otherwise the hold is released. Answers the
     * operation as it now stands.
     */
    @UpdateMethod
    CardOperationResult resolveReferred(OperatorResolution resolution);

    /** Refuses all but a referred capture or refund not decided yet: a second resolution is refused here. */
    @UpdateValidatorMethod(updateName = "resolveReferred")
    void validateResolveReferred(OperatorResolution resolution);

    @QueryMethod
    CardTransactionStatus status();

    /**
     * The checkout whose attempt this is gave up on it: the authorisation is not captured but voided, and a capture
     * already made is refunded in full.
     */
    @SignalMethod
    void abandon();
}
