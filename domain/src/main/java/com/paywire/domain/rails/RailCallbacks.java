package com.paywire.domain.rails;

import static com.paywire.domain.platform.Values.uuid;

import com.paywire.domain.observability.PaymentJournal;
import com.paywire.persistence.collections.DepositStore;
import com.paywire.persistence.payouts.PayoutStore;
import com.paywire.persistence.payouts.UnconfirmedLine;
import com.paywire.vocabulary.collections.Deposit;
import com.paywire.vocabulary.collections.DepositStatus;
import com.paywire.vocabulary.payouts.LineStatus;
import com.paywire.vocabulary.payouts.PayoutLineRow;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.collections.ExpressDepositWorkflow;
import com.paywire.workflows.collections.PromptResult;
import com.paywire.workflows.payouts.LatePayoutAnswerWorkflow;
import com.paywire.workflows.payouts.PaymentOrderLineWorkflow;
import com.paywire.workflows.payouts.RailResult;
import io.temporal.api.enums.v1.WorkflowIdReusePolicy;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowExecutionAlreadyStarted;
import io.temporal.client.WorkflowNotFoundException;
import io.temporal.client.WorkflowOptions;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * What a rail's callback does once its protocol has read it and whoever received it has authenticated the rail:
 * the result is signalled to the workflow of the payment it names, and the callback is kept (matched or not) for
 * reconciliation. A rail moves only its own payments: a result that names another rail's payment is refused and
 * nothing changes. Duplicate and late callbacks are normal: the workflow ignores them.
 */
@Component
public class RailCallbacks {

    private static final Logger log = LoggerFactory.getLogger(RailCallbacks.class);

    private final PayoutStore payouts;
    private final DepositStore deposits;
    private final WorkflowClient temporal;
    private final LatePromptWords latePrompts;
    private final SettlementPayouts settlements;

    /** Public for the tests that run it against a Temporal test service of their own (no settlements there). */
    public RailCallbacks(PayoutStore payouts, DepositStore deposits, WorkflowClient temporal,
                         LatePromptWords latePrompts) {
        this(payouts, deposits, temporal, latePrompts, (rail, result) -> false);
    }

    @Autowired
    public RailCallbacks(PayoutStore payouts, DepositStore deposits, WorkflowClient temporal,
                         LatePromptWords latePrompts, SettlementPayouts settlements) {
        this.settlements = settlements;
        this.latePrompts = latePrompts;
        this.payouts = payouts;
        this.deposits = deposits;
        this.temporal = temporal;
    }

    /** What became of a callback. */
    public sealed interface Outcome {
    }

    /** Kept; {@code matched} when a running workflow got the result. */
    public record Kept(boolean matched) implements Outcome {
    }

    /** Refused, nothing kept or signalled: the reference names a payout line of {@code lineRail}, not of the caller. */
    public record OtherRailsPayment(String reference, Rail lineRail) implements Outcome {
    }

    /**
     * A payout rail's result for one line, the reference being the line's rail reference (its stan for lines
     * accepted before they had their own: each line was sent under the one it has). A final answer that finds the
     * line's workflow ended and could still change the line's money (a Timed Out line, or a success for a line
     * Failed or Cancelled) starts the line's {@link LatePayoutAnswerWorkflow}, once per line however often the
     * rail repeats it; nothing moves in this request.
     *
     * @param rail         the rail whose endpoint and secret the callback came through
     * @param callbackJson the callback as received, to keep
     */
    public Outcome payoutResult(Rail rail, RailResult result, String callbackJson) {
        String reference = result.reference();
        Optional<PayoutLineRow> line = payouts.findLine(reference);
        line.ifPresent(found -> PaymentJournal.Payment.of(found).ids().putForTheRequest());
        if (line.isPresent() && rail != line.get().rail()) {
            // a rail's secret moves only that rail's payments: anything else is forged or misrouted
            return new OtherRailsPayment(reference, line.get().rail());
        }
        // a reference no line has may be a settlement's (its id), paid through the bank rail as a payout is
        boolean matched = line.isPresent() ? signal(rail, line.get(), reference, result)
                : settlements.railResult(rail, result);
        payouts.recordRailCallback(rail, reference, callbackJson, matched);
        return new Kept(matched);
    }

    /**
     * The payer's answer to a phone prompt; the reference is the deposit's systemConversationId. A success that
     * finds the deposit's workflow ended and the deposit not paid came after the prompt window: it starts the
     * deposit's {@link LatePromptWorkflow}, which credits it (once, however often the rail repeats it); nothing
     * moves in this request. A definite failure that finds the workflow ended and the deposit closed as an unknown
     * outcome might (1037, its credit possibly still held) starts the release of that credit, once per deposit
     * ({@link WorkflowIds#latePromptFailure}): the activity releases only a hold still pending.
     */
    public Kept promptResult(PromptResult result, String callbackJson) {
        Optional<Deposit> deposit = uuid(result.reference()).flatMap(deposits::find);
        deposit.ifPresent(found -> PaymentJournal.Payment.of(found).ids().putForTheRequest());
        boolean matched = false;
        if (deposit.isPresent()) {
            try {
                temporal.newUntypedWorkflowStub(WorkflowIds.expressDeposit(deposit.get().clientId(),
                        deposit.get().originatorConversationId())).signal(ExpressDepositWorkflow.PROMPT_RESULT_SIGNAL,
                        result);
                matched = true;
            } catch (WorkflowNotFoundException closed) {
                if (result.paid() && deposit.get().status() != DepositStatus.COMPLETED) {
                    latePrompts.reconcile(deposit.get(), result);
                    matched = true;
                } else if (mayHoldItsCredit(deposit.get(), result)) {
                    latePrompts.release(deposit.get(), result);
                    matched = true;
                } else {
                    log.warn("STK callback for {} found no running workflow; kept", result.reference());
                }
            }
        }
        payouts.recordPromptCallback(result.reference(), callbackJson, matched);
        return new Kept(matched);
    }

    /**
     * A definite failure for a deposit closed with 1037, as one whose outcome was unknown closes, its credit held
     * until the rail's word or an operator's: the release finds out whether a hold is still pending.
     */
    private static boolean mayHoldItsCredit(Deposit deposit, PromptResult result) {
        return result.hasAnswer() && !result.paid() && deposit.status() == DepositStatus.FAILED
                && PromptResult.NOT_REACHED.equals(deposit.resultCode());
    }

    private boolean signal(Rail rail, PayoutLineRow line, String reference, RailResult result) {
        try {
            temporal.newUntypedWorkflowStub(WorkflowIds.payoutLine(line.clientId(), line.systemTraceAuditNumber()))
                    .signal(PaymentOrderLineWorkflow.RAIL_RESULT_SIGNAL, result);
            return true;
        } catch (WorkflowNotFoundException closed) {
            if (mayChangeTheLine(line, result)) {
                reconcileLate(line, result);
                return true;
            }
            log.info("{} callback for {} found no running workflow and changes nothing; kept", rail, reference);
            return false;
        }
    }

    /**
     * A success for a line that ended without one (Timed Out, Failed, Cancelled: its hold kept, or released without
     * the money being booked), or a failure for a line whose hold is kept. Anything else (a duplicate, a failure
     * after the hold was released) has nothing to change.
     */
    private boolean mayChangeTheLine(PayoutLineRow line, RailResult result) {
        LineStatus status = line.transactionStatus();
        return switch (result.state()) {
            case COMPLETED -> status == LineStatus.TIMED_OUT || status == LineStatus.FAILED
                    || status == LineStatus.CANCELLED;
            case FAILED -> status == LineStatus.TIMED_OUT
                    && payouts.unconfirmed(line.railReference()).orElse(null) == UnconfirmedLine.HOLD_KEPT;
            default -> false;
        };
    }

    private void reconcileLate(PayoutLineRow line, RailResult result) {
        LatePayoutAnswerWorkflow late = temporal.newWorkflowStub(LatePayoutAnswerWorkflow.class,
                WorkflowOptions.newBuilder()
                        .setTaskQueue(TaskQueues.PAYOUTS)
                        .setWorkflowId(WorkflowIds.latePayoutAnswer(line.clientId(), line.railReference()))
                        // a repeated callback finds the first one running or done; only a failed one is run again
                        .setWorkflowIdReusePolicy(
                                WorkflowIdReusePolicy.WORKFLOW_ID_REUSE_POLICY_ALLOW_DUPLICATE_FAILED_ONLY)
                        .build());
        try {
            WorkflowClient.start(late::reconcile, line.railReference(), result);
            log.warn("Payout answer {} for {} came after its workflow ended; reconciling", result.state(),
                    line.railReference());
        } catch (WorkflowExecutionAlreadyStarted repeated) {
            log.info("Payout answer for {} is being or was reconciled already", line.railReference());
        }
    }
}
