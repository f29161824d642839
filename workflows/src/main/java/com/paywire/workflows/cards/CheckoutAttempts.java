package com.paywire.workflows.cards;

import com.paywire.workflows.cards.CardAuthorisationCommand.ForCheckout;
import com.paywire.workflows.checkout.AttemptOutcome;
import com.paywire.workflows.checkout.AttemptOutcome.ThirdParty;
import com.paywire.workflows.checkout.CheckoutResults;
import com.paywire.workflows.checkout.CheckoutWorkflow;
import io.temporal.failure.ApplicationFailure;
import io.temporal.workflow.SignalExternalWorkflowException;
import io.temporal.workflow.Workflow;
import org.slf4j.Logger;

/** What a card payment that is a checkout's attempt tells its checkout, in the checkout's words. Workflow code. */
final class CheckoutAttempts {

    /**
     * Version 1: a checkout that ended before its attempt could tell it is no failure of the card payment, and a
     * capture it never heard of is owed back to the payer (before, the failed signal failed the card payment
     * workflow, leaving the capture credited nowhere).
     */
    static final String ENDED_CHECKOUT_OWED_BACK = "late-checkout-capture-owed-back";
    /** How the SDK fails a signal to a workflow that is not running (it ended, or never was). */
    private static final String NOT_FOUND = "EXTERNAL_WORKFLOW_EXECUTION_NOT_FOUND";

    private static final Logger log = Workflow.getLogger(CheckoutAttempts.class);

    private CheckoutAttempts() {
    }

    /**
     * Signals the outcome to the checkout whose child the payment is; none otherwise, or once the checkout ended.
     *
     * @return whether the checkout was told: false when the payment is no checkout's child or its checkout ended
     */
    static boolean tell(ForCheckout checkout, AttemptOutcome outcome) {
        if (checkout == null || checkout.checkoutWorkflowId() == null) {
            return false;
        }
        try {
            Workflow.newExternalWorkflowStub(CheckoutWorkflow.class, checkout.checkoutWorkflowId())
                    .cardAttemptEnded(checkout.attemptId(), outcome);
            return true;
        } catch (SignalExternalWorkflowException ended) {
            log.info("Checkout {} ended before its attempt {} did", checkout.checkoutId(), checkout.attemptId());
            return false;
        } catch (ApplicationFailure failed) {
            if (failed.getType() == null || !failed.getType().endsWith(NOT_FOUND)
                    || Workflow.getVersion(ENDED_CHECKOUT_OWED_BACK, Workflow.DEFAULT_VERSION, 1) == Workflow.DEFAULT_VERSION) {
                throw failed;
            }
            log.info("Checkout {} ended before its attempt {} did", checkout.checkoutId(), checkout.attemptId());
            return false;
        }
    }

    static AttemptOutcome declined(AuthorisationResult answer) {
        return new AttemptOutcome(false, answer.errorCode(), answer.errorMessage(),
                new ThirdParty(answer.responseCode(), answer.errorMessage(), answer.authorisationId()));
    }

    static AttemptOutcome paid(AuthorisationResult authorisation, String captureId) {
        return new AttemptOutcome(true, null, null, new ThirdParty(authorisation.responseCode(),
                "Authorised and captured", captureId));
    }

    /** The processor would not capture what it authorised; the authorisation is released. */
    static AttemptOutcome captureRefused(AuthorisationResult authorisation, String why) {
        return new AttemptOutcome(false, CheckoutResults.CAPTURE_REFUSED, why,
                new ThirdParty(authorisation.responseCode(), why, authorisation.authorisationId()));
    }
}
