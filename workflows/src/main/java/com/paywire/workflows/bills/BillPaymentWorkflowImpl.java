package com.paywire.workflows.bills;

import com.paywire.vocabulary.bills.BillPaymentStatus;
import com.paywire.vocabulary.operations.PendingConfirmation;
import com.paywire.workflows.FailureType;
import com.paywire.workflows.PaymentSearchAttributes;
import com.paywire.workflows.OperatorResolution;
import com.paywire.workflows.Policies;
import com.paywire.workflows.RailCalls;
import com.paywire.workflows.TaskQueues;
import io.temporal.workflow.Async;
import io.temporal.workflow.Promise;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import java.util.Optional;
import org.slf4j.Logger;

public class BillPaymentWorkflowImpl implements BillPaymentWorkflow {

    private static final Logger log = Workflow.getLogger(BillPaymentWorkflowImpl.class);
    private static final String KEEP_UNCONFIRMED_HELD = "keep-unconfirmed-payment-held";
    private static final String OPERATOR_MAY_RESOLVE = "operator-may-resolve";
    /** Before version 1 of KEEP_UNCONFIRMED_HELD: unconfirmed in the window, closed with its funds released. */
    private static final BillerAnswer RELEASED_UNCONFIRMED = new BillerAnswer(BillerAnswer.State.PENDING,
            BillerAnswer.NOT_CONFIRMED, "The biller did not confirm the payment in time; the funds were released", null);

    private final BillPaymentActivities payments =
            Workflow.newActivityStub(BillPaymentActivities.class, Policies.database(TaskQueues.PLATFORM));
    private OperatorResolution resolution;
    /** Whether this run keeps its PaymentStatus search attribute up to date (PaymentSearchAttributes). */
    private boolean searchable;

    @Override
    public String pay(BillPaymentCommand command) {
        searchable = PaymentSearchAttributes.setByTheWorkflow();
        BillerActivities biller = Workflow.newActivityStub(BillerActivities.class,
                Policies.railCall(TaskQueues.PLATFORM, command.payWindow()));
        String id = command.paymentId();
        if (command.validateAccount()) {
            Optional<BillerAnswer> refusal = accountRefusal(biller, id);
            if (refusal.isPresent()) {
                return close(id, refusal.get(), false);
            }
        }
        if (!payments.reserve(id)) {
            return close(id, BillerAnswer.refused(BillerAnswer.INSUFFICIENT_FUNDS,
                    "Insufficient funds in the working account"), false);
        }
        payments.markProcessing(id);
        PaymentSearchAttributes.statusChanged(searchable, BillPaymentStatus.PENDING, BillPaymentStatus.PROCESSING);
        BillerAnswer answer = RailCalls.orWhenUnreachable(() -> biller.pay(id), failure -> {
            // the biller may have taken it before going quiet: ask rather than give up or pay again
            log.warn("Bill payment {}: the biller did not answer the payment; asking for its confirmation", id);
            return BillerAnswer.pending();
        });
        if (answer.state() == BillerAnswer.State.PENDING) {
            answer = confirm(command);
            if (answer == null) {
                return PendingConfirmation.CODE; // held, referred to operations: no outcome, no callback
            }
        }
        return close(id, answer, true);
    }

    /**
     * The biller's confirmation, asked for with backoff through the confirmation window; unconfirmed by then, the
     * payment is shown as pending confirmation and asked about through the reconciliation window.
     *
     * @return the biller's answer, or null when it never gave one: the funds stay held and operations are told
     */
    private BillerAnswer confirm(BillPaymentCommand command) {
        // null: unconfirmed in the window, and from version 1 the hold stays while the biller is asked on, below
        BillerAnswer confirmed = RailCalls.orWhenUnreachable(
                () -> askBiller(command.paymentId(), command.confirmWindow()),
                failure -> releasesUnconfirmed() || FailureType.railUnreachable(failure),
                failure -> releasesUnconfirmed() ? RELEASED_UNCONFIRMED : null);
        if (confirmed != null) {
            return confirmed;
        }
        payments.recordUnconfirmed(command.paymentId(), false);
        // version 1: while pending confirmation, an operator's resolution ends the questions and closes the payment
        boolean operatorMayResolve =
                Workflow.getVersion(OPERATOR_MAY_RESOLVE, Workflow.DEFAULT_VERSION, 1) != Workflow.DEFAULT_VERSION;
        return RailCalls.orWhenUnreachable(() -> operatorMayResolve ? askBillerUnlessResolved(command.paymentId())
                : askBiller(command.paymentId(), Policies.RECONCILIATION_WINDOW), failure -> {
                    payments.recordUnconfirmed(command.paymentId(), true);
                    return null;
                });
    }

    /**
     * Version 1 of KEEP_UNCONFIRMED_HELD: the biller may have the money, so only a biller that could not be reached
     * leaves the payment unconfirmed, its hold kept until the biller says; earlier runs released the funds on any
     * failure to confirm. Asked only once a confirmation failed: its marker follows that failure in the history.
     */
    private static boolean releasesUnconfirmed() {
        return Workflow.getVersion(KEEP_UNCONFIRMED_HELD, Workflow.DEFAULT_VERSION, 1) == Workflow.DEFAULT_VERSION;
    }

    /** Why the biller refuses the payment before anything is held; empty when it knows the account. */
    private static Optional<BillerAnswer> accountRefusal(BillerActivities biller, String paymentId) {
        return RailCalls.orWhenUnreachable(() -> biller.validateAccount(paymentId) ? Optional.empty()
                        : Optional.of(BillerAnswer.refused(BillerAnswer.ACCOUNT_INVALID, "Account number is invalid.")),
                failure -> Optional.of(BillerAnswer.refused(BillerAnswer.BILLER_UNAVAILABLE,
                        "The biller could not be reached; nothing was paid")));
    }

    /** The biller's final word on the payment, asked with backoff for at most {@code window}. */
    private BillerAnswer askBiller(String paymentId, Duration window) {
        return known(confirmer(window).confirm(paymentId));
    }

    /** As {@link #askBiller} through the reconciliation window, unless an operator resolves the payment first. */
    private BillerAnswer askBillerUnlessResolved(String paymentId) {
        BillerActivities biller = confirmer(Policies.RECONCILIATION_WINDOW);
        Promise<BillerAnswer> answer = OperatorResolution.askUnlessResolved(
                () -> Async.function(biller::confirm, paymentId), () -> resolution != null);
        if (answer == null) {
            log.info("Bill payment {}: resolved by an operator while pending confirmation", paymentId);
            return BillerAnswer.resolvedBy(resolution);
        }
        return known(answer.get());
    }

    private static BillerActivities confirmer(Duration window) {
        return Workflow.newActivityStub(BillerActivities.class, Policies.awaitSettlement(TaskQueues.PLATFORM, window));
    }

    private static BillerAnswer known(BillerAnswer confirmed) {
        return confirmed.state() == BillerAnswer.State.UNKNOWN
                ? BillerAnswer.refused(BillerAnswer.BILLER_UNAVAILABLE, "The biller never received the payment")
                : confirmed;
    }

    @Override
    public void resolve(OperatorResolution resolution) {
        if (this.resolution == null) {
            this.resolution = resolution;
        }
    }

    private String close(String id, BillerAnswer outcome, boolean reserved) {
        payments.close(id, outcome, reserved);
        PaymentSearchAttributes.statusChanged(searchable,
                reserved ? BillPaymentStatus.PROCESSING : BillPaymentStatus.PENDING, outcome.paymentStatus());
        return outcome.statusCode();
    }
}
