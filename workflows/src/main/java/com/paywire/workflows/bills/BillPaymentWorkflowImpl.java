package com.paywire.workflows.bills;

import com.paywire.workflows.FailureType;
import com.paywire.workflows.Policies;
import com.paywire.workflows.TaskQueues;
import io.temporal.failure.ActivityFailure;
import io.temporal.workflow.Workflow;
import org.slf4j.Logger;

public class BillPaymentWorkflowImpl implements BillPaymentWorkflow {

    private static final Logger log = Workflow.getLogger(BillPaymentWorkflowImpl.class);

    private final BillPaymentActivities payments =
            Workflow.newActivityStub(BillPaymentActivities.class, Policies.database(TaskQueues.PLATFORM));

    @Override
    public String pay(BillPaymentCommand command) {
        BillerActivities biller = Workflow.newActivityStub(BillerActivities.class,
                Policies.railCall(TaskQueues.PLATFORM, command.payWindow()));
        String id = command.paymentId();
        if (command.validateAccount()) {
            boolean known;
            try {
                known = biller.validateAccount(id);
            } catch (ActivityFailure failure) {
                if (!FailureType.railUnreachable(failure)) {
                    throw failure;
                }
                return close(id, BillerAnswer.refused(BillerAnswer.BILLER_UNAVAILABLE,
                        "The biller could not be reached; nothing was paid"), false);
            }
            if (!known) {
                return close(id, BillerAnswer.refused(BillerAnswer.ACCOUNT_INVALID, "Account number is invalid."), false);
            }
        }
        if (!payments.reserve(id)) {
            return close(id, BillerAnswer.refused(BillerAnswer.INSUFFICIENT_FUNDS,
                    "Insufficient funds in the working account"), false);
        }
        payments.markProcessing(id);
        BillerAnswer answer;
        try {
            answer = biller.pay(id);
        } catch (ActivityFailure failure) {
            if (!FailureType.railUnreachable(failure)) {
                throw failure;
            }
            // the biller may have taken it before going quiet: ask rather than give up or pay again
            log.warn("Bill payment {}: the biller did not answer the payment; asking for its confirmation", id);
            answer = BillerAnswer.pending();
        }
        if (answer.state() == BillerAnswer.State.PENDING) {
            answer = confirm(command);
        }
        return close(id, answer, true);
    }

    /** The biller's confirmation, asked for with backoff through the window; unconfirmed by then: Timed out. */
    private BillerAnswer confirm(BillPaymentCommand command) {
        BillerActivities confirmations = Workflow.newActivityStub(BillerActivities.class,
                Policies.awaitSettlement(TaskQueues.PLATFORM, command.confirmWindow()));
        try {
            BillerAnswer confirmed = confirmations.confirm(command.paymentId());
            return confirmed.state() == BillerAnswer.State.UNKNOWN
                    ? BillerAnswer.refused(BillerAnswer.BILLER_UNAVAILABLE, "The biller never received the payment")
                    : confirmed;
        } catch (ActivityFailure failure) {
            return new BillerAnswer(BillerAnswer.State.PENDING, BillerAnswer.NOT_CONFIRMED,
                    "The biller did not confirm the payment in time; the funds were released", null);
        }
    }

    private String close(String id, BillerAnswer outcome, boolean reserved) {
        payments.close(id, outcome, reserved);
        return outcome.statusCode();
    }
}
