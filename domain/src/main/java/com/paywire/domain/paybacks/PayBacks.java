package com.paywire.domain.paybacks;

import com.paywire.domain.platform.Outbox;
import com.paywire.persistence.paybacks.PayBackStore;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.money.Currencies;
import com.paywire.vocabulary.paybacks.PayBack;
import com.paywire.vocabulary.paybacks.PayBackKind;
import com.paywire.vocabulary.paybacks.PayBackStatus;
import com.paywire.vocabulary.products.Product;
import com.paywire.workflows.OperatorResolution;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.logging.PaymentContext;
import com.paywire.workflows.paybacks.PayBackAnswer;
import com.paywire.workflows.paybacks.PayBackWorkflow;
import com.paywire.workflows.payouts.RailResult;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowNotFoundException;
import io.temporal.common.SearchAttributes;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/**
 * Money Paywire pays back to payers (suspense returns, refunds due): recorded here, in the caller's transaction,
 * and paid back by a {@link PayBackWorkflow} each, started through the outbox ({@code pay-back:{id}}: starting
 * twice starts once) and swept when Temporal did not take it, so that refunds due booked before there was a
 * workflow for them are paid back too.
 */
@Service
public class PayBacks {

    private static final Logger log = LoggerFactory.getLogger(PayBacks.class);

    private final PayBackStore store;
    private final WorkflowClient temporal;
    private final Clock clock;

    public PayBacks(PayBackStore store, WorkflowClient temporal, Clock clock) {
        this.store = store;
        this.temporal = temporal;
        this.clock = clock;
    }

    /**
     * Records a payment owed back to its payer, as it is booked to {@link LedgerAccounts#REFUNDS_DUE} under
     * {@code owedKey} ({@code <payment key>:refund-due}); once per key. Its id is derived from the key, as the
     * migration's rows for earlier refunds due are.
     */
    public PayBack recordRefundDue(String owedKey, Product product, String paymentId, UUID checkoutId,
                                   BigDecimal amount) {
        UUID id = UUID.nameUUIDFromBytes(("refund-due:" + owedKey).getBytes(StandardCharsets.UTF_8));
        return store.insertOnce(new PayBack(id, PayBackKind.REFUND_DUE, owedKey, 1, owedKey + ":paid-back", product,
                paymentId, checkoutId, amount, Currencies.KES, null, null, PayBackStatus.PENDING, null, null, false,
                OffsetDateTime.now(clock), null));
    }

    /**
     * Records a return of a paybill deposit held in suspense (attempt {@code attempt}) under its hold's key; the
     * operator's reason is the audit log's.
     */
    public PayBack recordSuspenseReturn(String receipt, int attempt, String holdKey, UUID depositId,
                                        BigDecimal amount, String operatorId) {
        return store.insertOnce(new PayBack(UUID.randomUUID(), PayBackKind.SUSPENSE_RETURN, receipt, attempt, holdKey,
                Product.PAYBILL_DEPOSIT, depositId.toString(), null, amount, Currencies.KES, null, null,
                PayBackStatus.PENDING, null, operatorId, false, OffsetDateTime.now(clock), null));
    }

    /** The newest return of the receipt, if it was ever returned. */
    public Optional<PayBack> latestReturn(String receipt) {
        return store.latest(PayBackKind.SUSPENSE_RETURN, receipt);
    }

    public Optional<PayBack> find(UUID id) {
        return store.find(id);
    }

    /** Refunds due, newest first, for operators. */
    public List<PayBack> refundsDue(int limit) {
        return store.newest(PayBackKind.REFUND_DUE, limit);
    }

    /** Starts the pay-back's workflow, after the transaction that recorded it has committed. */
    public boolean start(PayBack payBack) {
        PayBackWorkflow workflow = temporal.newWorkflowStub(PayBackWorkflow.class, Outbox.options(
                WorkflowIds.payBack(payBack.id().toString()), TaskQueues.COLLECTIONS, "Pay back "
                        + payBack.amount().toPlainString() + " " + payBack.currency() + " of " + payBack.kind() + " "
                        + payBack.subject(), SearchAttributes.EMPTY));
        return Outbox.start("pay-back", new PaymentContext(null, payBack.subject(), payBack.id().toString()),
                () -> WorkflowClient.start(workflow::payBack, payBack.id().toString()),
                () -> store.markWorkflowStarted(payBack.id()));
    }

    /** The outbox's sweep: starts the pay-backs Temporal has not got yet (those recorded before V45 among them). */
    public void startStragglers() {
        Outbox.sweep(temporal, clock, "pay-backs", store::findUnstarted, this::start);
    }

    /** Whether the rail's reference names a pay-back (its id): a pay-back's B2C payout shares the payouts' callback. */
    public boolean isPayBack(String reference) {
        return uuid(reference).flatMap(store::find).isPresent();
    }

    /**
     * A rail's result for a pay-back, signalled to its workflow; false when none is running (an answer after the
     * workflow ended, kept by the caller for operators; the money stays as the workflow left it).
     */
    public boolean railAnswer(String reference, PayBackAnswer answer) {
        return uuid(reference).flatMap(store::find).map(payBack -> tell(payBack, answer)).orElse(false);
    }

    /**
     * An operator's word on a pay-back held with its rail's answer unknown (referred for good: the rail silent for
     * 24 h), given to its workflow as the rail's answer would be: PAID posts the hold, NOT_PAID releases it, unless
     * the rail's own answer came first. Its workflow applies it at once; the answer is the pay-back as it stood.
     *
     * @throws NotHeld it is not held so (still being asked, or closed), or its workflow has ended: nothing changed
     */
    public PayBack resolveHeld(PayBack payBack, OperatorResolution resolution, String operatorId) {
        if (!payBack.heldUnanswered()) {
            throw new NotHeld(false, "Only money on its way back whose rail has not answered for 24 h is resolved by"
                    + " an operator; this has not waited so long, or is decided already: nothing was changed");
        }
        if (!tell(payBack, PayBackAnswer.resolvedBy(resolution, operatorId))) {
            throw new NotHeld(true, "Its workflow has ended: nothing was changed");
        }
        log.info("Operator {} resolved held pay-back {} ({} {}) as {}", operatorId, payBack.id(), payBack.kind(),
                payBack.subject(), resolution.paid() ? "paid" : "not paid");
        return payBack;
    }

    /** Refused by {@link #resolveHeld}: nothing was changed. */
    public static final class NotHeld extends RuntimeException {

        private final boolean ended;

        NotHeld(boolean ended, String message) {
            super(message);
            this.ended = ended;
        }

        /** True: held so, but its workflow has ended; false: not held so (under 24 h, or closed). */
        public boolean ended() {
            return ended;
        }
    }

    /** Signals an answer (the rail's, or an operator's given as one) to the pay-back's workflow; false when ended. */
    public boolean tell(PayBack payBack, PayBackAnswer answer) {
        try {
            temporal.newUntypedWorkflowStub(WorkflowIds.payBack(payBack.id().toString()))
                    .signal(PayBackWorkflow.RAIL_ANSWER_SIGNAL, answer);
            return true;
        } catch (WorkflowNotFoundException ended) {
            log.warn("Pay-back {} ({} {}) got {} after its workflow ended; kept, nothing moved", payBack.id(),
                    payBack.kind(), payBack.subject(), answer.state());
            return false;
        }
    }

    /** A B2C payout's result (a pay-back paid to the payer's phone) in a pay-back's words. */
    public static PayBackAnswer answerOf(RailResult result) {
        return switch (result.state()) {
            case COMPLETED -> new PayBackAnswer(PayBackAnswer.State.PAID, result.receiptNumber(),
                    result.railResultCode(), result.railResultDescription());
            case FAILED -> new PayBackAnswer(PayBackAnswer.State.REFUSED, null, result.railResultCode(),
                    result.railResultDescription());
            case PENDING -> new PayBackAnswer(PayBackAnswer.State.PENDING, null, null, "the rail is paying it");
            case UNKNOWN -> PayBackAnswer.unknown("the rail has not heard of the payout");
        };
    }

    private static Optional<UUID> uuid(String reference) {
        try {
            return Optional.of(UUID.fromString(reference));
        } catch (IllegalArgumentException notOne) {
            return Optional.empty();
        }
    }
}
