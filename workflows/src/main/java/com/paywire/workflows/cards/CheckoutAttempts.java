package com.paywire.workflows.cards;

import com.paywire.workflows.cards.CardAuthorisationCommand.ForCheckout;
import com.paywire.workflows.checkout.AttemptOutcome;
import com.paywire.workflows.checkout.AttemptOutcome.ThirdParty;
import com.paywire.workflows.checkout.CheckoutResults;
import com.paywire.workflows.checkout.CheckoutWorkflow;
import io.temporal.workflow.SignalExternalWorkflowException;
import io.temporal.workflow.Workflow;
import org.slf4j.Logger;

/** What a card payment that is a checkout's attempt tells its checkout, in the checkout's words. Workflow code. */
final class CheckoutAttempts {

    private static final Logger log = Workflow.getLogger(CheckoutAttempts.class);

    private CheckoutAttempts() {
    }

    /** Signals the outcome to the checkout whose child the payment is; none otherwise, or once the checkout ended. */
    static void tell(ForCheckout checkout, AttemptOutcome outcome) {
        if (checkout == null || checkout.checkoutWorkflowId() == null) {
            return;
        }
        try {
            Workflow.newExternalWorkflowStub(CheckoutWorkflow.class, checkout.checkoutWorkflowId())
                    .cardAttemptEnded(checkout.attemptId(), outcome);
        } catch (SignalExternalWorkflowException ended) {
            log.info("Checkout {} ended before its attempt {} did", checkout.checkoutId(), checkout.attemptId());
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
