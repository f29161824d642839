package com.paywire.domain.operations;

import com.paywire.domain.InvalidInputException;
import com.paywire.domain.UnavailableException;
import com.paywire.domain.UnknownResourceException;
import com.paywire.domain.airtime.AirtimeOutcomes;
import com.paywire.domain.bills.BillPaymentOutcomes;
import com.paywire.domain.collections.ReferredPrompts;
import com.paywire.domain.payouts.PayoutOutcomes;
import com.paywire.persistence.airtime.AirtimeRecipient;
import com.paywire.persistence.airtime.AirtimeStore;
import com.paywire.persistence.bills.BillPaymentStore;
import com.paywire.persistence.cards.CardTransactionStore;
import com.paywire.persistence.collections.DepositStore;
import com.paywire.persistence.operations.UnconfirmedPaymentStore;
import com.paywire.persistence.settlements.SettlementStore;
import com.paywire.vocabulary.airtime.AirtimePurchase;
import com.paywire.vocabulary.airtime.AirtimeRecipientStatus;
import com.paywire.vocabulary.bills.BillPayment;
import com.paywire.vocabulary.bills.BillPaymentStatus;
import com.paywire.vocabulary.cards.CardTransaction;
import com.paywire.vocabulary.cards.CardTransactionType;
import com.paywire.vocabulary.collections.Deposit;
import com.paywire.vocabulary.notifications.Delivery;
import com.paywire.vocabulary.operations.PendingConfirmation;
import com.paywire.vocabulary.operations.ResolutionOutcome;
import com.paywire.vocabulary.operations.UnconfirmedPaymentPage;
import com.paywire.vocabulary.payouts.ResultCode;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rules.FieldProblem;
import com.paywire.vocabulary.settlements.Settlement;
import com.paywire.vocabulary.settlements.SettlementStatus;
import com.paywire.workflows.OperatorResolution;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.airtime.AirtimePurchaseWorkflow;
import com.paywire.workflows.airtime.TopUpOutcome;
import com.paywire.workflows.bills.BillPaymentWorkflow;
import com.paywire.workflows.bills.BillerAnswer;
import com.paywire.workflows.cards.CardPaymentWorkflow;
import com.paywire.workflows.collections.PromptResult;
import com.paywire.workflows.payouts.RailResult;
import com.paywire.workflows.settlements.SettlementWorkflow;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowException;
import io.temporal.client.WorkflowNotFoundException;
import io.temporal.client.WorkflowUpdateException;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Operators' view of airtime top-ups and bill payments pending confirmation, of payout lines referred with their
 * money undecided, and of card captures and refunds the processor never answered about, across clients, and their
 * resolution (docs/interface.md#operations). A resolution is applied
 * here, in one transaction that locks the payment, checks it is still pending confirmation, records who resolved it
 * and posts or releases its hold through the same steps as its workflow; then the client is called back. If the
 * workflow is still asking the rail, it is signalled to stop and close with the same outcome, which finds the work
 * done: whoever comes second, the rail's answer or the operator's, changes nothing. A payout line is listed only
 * once referred, when its workflow has ended: its money is then decided by this request or by the reconciliation a
 * late callback starts ({@link PayoutOutcomes}), each under the line's lock, and there is no workflow to tell. A card
 * operation's money is its card payment workflow's to move (it holds the capture's and refunds' state): the
 * resolution is recorded first, its key letting one operator through, then applied by the workflow's
 * {@code resolveReferred} Update, which refuses what is not referred or already decided; a refusal takes the record
 * back. A phone prompt (an express deposit, a payment link's payment) is listed once referred, when its workflow has
 * ended after asking the rail for a day with its credit held: its money is decided by this request, under the
 * deposit's lock, or by a late callback's reconciliation, whichever comes first; there is no workflow to tell.
 */
@Service
public class UnconfirmedPayments {

    /** The payment is not (or no longer) pending confirmation: nothing was changed. */
    public static class NotPendingConfirmation extends RuntimeException {
        NotPendingConfirmation(String message) {
            super(message);
        }
    }

    /** What an operator resolved, as recorded. */
    public record Resolution(Product product, String paymentId, String clientId, ResolutionOutcome outcome,
                             String resolvedBy, OffsetDateTime resolvedAt) {
    }

    /** The longest reference an operator may give (a receipt number, a ticket, a short note). */
    static final int REFERENCE_MAX_LENGTH = 100;

    /** What was locked and changed, for the steps after the transaction. */
    private record Applied(Resolution resolution, String workflowId, boolean workflowAsking, UUID purchaseId,
                           List<Delivery> deliveries, PromptResult promptCallback) {
        Applied(Resolution resolution, String workflowId, boolean workflowAsking, UUID purchaseId) {
            this(resolution, workflowId, workflowAsking, purchaseId, List.of(), null);
        }
    }

    private static final Logger log = LoggerFactory.getLogger(UnconfirmedPayments.class);

    private final UnconfirmedPaymentStore store;
    private final CardTransactionStore cards;
    private final AirtimeStore airtime;
    private final BillPaymentStore bills;
    private final AirtimeOutcomes airtimeOutcomes;
    private final BillPaymentOutcomes billOutcomes;
    private final PayoutOutcomes payoutOutcomes;
    private final DepositStore deposits;
    private final ReferredPrompts prompts;
    private final SettlementStore settlements;
    private final TransactionTemplate transaction;
    private final WorkflowClient temporal;
    private final Clock clock;

    public UnconfirmedPayments(UnconfirmedPaymentStore store, CardTransactionStore cards, AirtimeStore airtime,
                               BillPaymentStore bills,
                               AirtimeOutcomes airtimeOutcomes, BillPaymentOutcomes billOutcomes,
                               PayoutOutcomes payoutOutcomes, DepositStore deposits, ReferredPrompts prompts,
                               SettlementStore settlements, TransactionTemplate transaction, WorkflowClient temporal,
                               Clock clock) {
        this.store = store;
        this.cards = cards;
        this.airtime = airtime;
        this.bills = bills;
        this.airtimeOutcomes = airtimeOutcomes;
        this.billOutcomes = billOutcomes;
        this.payoutOutcomes = payoutOutcomes;
        this.deposits = deposits;
        this.prompts = prompts;
        this.settlements = settlements;
        this.transaction = transaction;
        this.temporal = temporal;
        this.clock = clock;
    }

    /** Oldest first, {@code pageSize} a page, {@code page} from 1. */
    public UnconfirmedPaymentPage list(int page, int pageSize) {
        return store.list(page, pageSize);
    }

    /**
     * Applies an operator's word on a payment pending confirmation: paid, its hold posted and the payment completed
     * with the operator's reference as receipt; not paid, its hold released and the payment failed. A payout line
     * the rail paid after its hold was released is booked from the working account when resolved paid.
     *
     * @param paymentId  Paywire's id of the airtime recipient, the bill payment or the payout line (a UUID), or of
     *                   the card capture or refund
     * @param reference  the operator's receipt or note: required, at most {@value #REFERENCE_MAX_LENGTH} characters
     * @param resolvedBy the operator's client id
     * @throws InvalidInputException    when the outcome or the reference is missing or the reference too long, or
     *                                  the id of an airtime, bill or payout payment is not a UUID
     * @throws UnknownResourceException when there is no such payment
     * @throws NotPendingConfirmation   when it is not pending confirmation (resolved before, or final, or still
     *                                  with its rail's first window), or, for a payout line resolved paid whose
     *                                  payout must be booked again, when the client's working account cannot
     *                                  cover it
     */
    public Resolution resolve(Product product, String paymentId, ResolutionOutcome outcome, String reference,
                              String resolvedBy) {
        OperatorResolution resolution = resolution(paymentId, outcome, reference);
        if (product == Product.CARD) {
            return resolveCard(resolution, resolvedBy);
        }
        if (product == Product.SETTLEMENT) {
            return resolveSettlement(resolution, resolvedBy);
        }
        if (uuid(paymentId).isEmpty()) { // as before card ids came: only a card's id is not a UUID
            throw new InvalidInputException(null, List.of(new FieldProblem("id",
                    "The value of id is not valid: it must be a UUID.")));
        }
        Applied applied = transaction.execute(tx -> switch (product) {
            case AIRTIME -> resolveRecipient(resolution, resolvedBy);
            case BILL -> resolveBill(resolution, resolvedBy);
            case PAYOUT -> resolveLine(resolution, resolvedBy);
            case PHONE_PROMPT -> resolvePrompt(resolution, resolvedBy);
            default -> throw new UnknownResourceException("No payment of that product can be pending confirmation");
        });
        log.info("Operator {} resolved {} {} of client {} as {}", resolvedBy, product, paymentId,
                applied.resolution().clientId(), outcome);
        if (product == Product.PAYOUT) {
            payoutOutcomes.startDeliveries(applied.deliveries()); // the line's events, recorded with the money
            return applied.resolution();
        }
        if (product == Product.PHONE_PROMPT) {
            prompts.callBack(UUID.fromString(paymentId), applied.promptCallback()); // its workflow has ended
            return applied.resolution();
        }
        if (product == Product.AIRTIME) {
            finishIfLast(applied.purchaseId());
        } else {
            billOutcomes.callBack(bills.find(UUID.fromString(paymentId)).orElseThrow());
        }
        if (applied.workflowAsking()) {
            signal(applied.workflowId(), product == Product.AIRTIME
                    ? id -> temporal.newWorkflowStub(AirtimePurchaseWorkflow.class, id).resolve(resolution)
                    : id -> temporal.newWorkflowStub(BillPaymentWorkflow.class, id).resolve(resolution));
        }
        return applied.resolution();
    }

    private Applied resolveRecipient(OperatorResolution resolution, String resolvedBy) {
        UUID id = UUID.fromString(resolution.paymentId());
        airtime.findRecipient(id).orElseThrow(() -> unknown(Product.AIRTIME));
        AirtimeRecipient recipient = airtime.lockRecipient(id);
        if (recipient.status() != AirtimeRecipientStatus.PROCESSING
                || !PendingConfirmation.CODE.equals(recipient.resultCode())) {
            throw notPending(Product.AIRTIME);
        }
        AirtimePurchase purchase = airtime.find(recipient.purchaseId()).orElseThrow();
        Resolution recorded = record(Product.AIRTIME, id, purchase.clientId(), resolution, resolvedBy);
        airtimeOutcomes.closeRecipient(TopUpOutcome.resolvedBy(resolution));
        return new Applied(recorded, WorkflowIds.airtime(purchase.clientId(), purchase.originatorConversationId()),
                !airtime.isReferred(id), purchase.id());
    }

    private Applied resolveBill(OperatorResolution resolution, String resolvedBy) {
        UUID id = UUID.fromString(resolution.paymentId());
        bills.find(id).orElseThrow(() -> unknown(Product.BILL));
        BillPayment payment = bills.lock(id);
        if (payment.status() != BillPaymentStatus.PROCESSING
                || !PendingConfirmation.CODE.equals(payment.statusCode())) {
            throw notPending(Product.BILL);
        }
        Resolution recorded = record(Product.BILL, id, payment.clientId(), resolution, resolvedBy);
        boolean asking = !bills.isReferred(id);
        billOutcomes.record(id, BillerAnswer.resolvedBy(resolution), true);
        return new Applied(recorded, WorkflowIds.billPayment(payment.clientId(), payment.originatorConversationId()),
                asking, null);
    }

    private Applied resolveLine(OperatorResolution resolution, String resolvedBy) {
        UUID id = UUID.fromString(resolution.paymentId());
        PayoutOutcomes.Resolved resolved;
        try {
            resolved = payoutOutcomes.resolve(id, resolution).orElseThrow(() -> notPending(Product.PAYOUT));
        } catch (PayoutOutcomes.WorkingAccountShort shortAccount) {
            throw new NotPendingConfirmation(shortAccount.getMessage());
        }
        Resolution recorded = record(Product.PAYOUT, id, resolved.line().clientId(), resolution, resolvedBy);
        return new Applied(recorded, null, false, null, resolved.deliveries(), null);
    }

    /**
     * A phone prompt referred with its credit held: locked, checked still undecided (a late callback may have
     * decided it), recorded, then its held credit posted (the deposit Completed, confirmed late) or released.
     */
    private Applied resolvePrompt(OperatorResolution resolution, String resolvedBy) {
        UUID id = UUID.fromString(resolution.paymentId());
        deposits.find(id).orElseThrow(() -> unknown(Product.PHONE_PROMPT));
        Deposit deposit = deposits.lock(id);
        if (!prompts.undecided(deposit)) {
            throw notPending(Product.PHONE_PROMPT);
        }
        Resolution recorded = record(Product.PHONE_PROMPT, id, deposit.clientId(), resolution, resolvedBy);
        PromptResult callback = prompts.resolve(deposit, resolution);
        return new Applied(recorded, null, false, null, List.of(), callback);
    }

    private Resolution record(Product product, UUID id, String clientId, OperatorResolution resolution,
                              String resolvedBy) {
        return record(product, id.toString(), clientId, resolution, resolvedBy);
    }

    private Resolution record(Product product, String id, String clientId, OperatorResolution resolution,
                              String resolvedBy) {
        OffsetDateTime now = OffsetDateTime.now(clock);
        ResolutionOutcome outcome = resolution.paid() ? ResolutionOutcome.PAID : ResolutionOutcome.NOT_PAID;
        store.recordResolution(product, id, clientId, outcome, resolution.reference(), resolvedBy, now);
        return new Resolution(product, id, clientId, outcome, resolvedBy, now);
    }

    /**
     * A settlement the bank never answered for, referred with its hold kept: checked so under its lock, the
     * resolution recorded (a second one is refused by its key), then given to the settlement's workflow, which waits
     * for the bank's late answer, as that answer: it posts the hold (PAID, the reference as the bank's) or releases it
     * (FAILED), once; whichever comes first of the bank's answer and the operator's decides. A failure to reach the
     * workflow takes the record back, so the operator may try again.
     */
    private Resolution resolveSettlement(OperatorResolution resolution, String resolvedBy) {
        UUID id = uuid(resolution.paymentId()).orElseThrow(() -> new InvalidInputException(null, List.of(
                new FieldProblem("id", "The value of id is not valid: it must be a UUID."))));
        Resolution recorded = transaction.execute(tx -> {
            settlements.find(id).orElseThrow(() -> unknown(Product.SETTLEMENT));
            Settlement settlement = settlements.lock(id);
            if (settlement.status() != SettlementStatus.UNCONFIRMED || settlement.referredAt() == null) {
                throw notPending(Product.SETTLEMENT);
            }
            try {
                return record(Product.SETTLEMENT, id, settlement.clientId(), resolution, resolvedBy);
            } catch (DuplicateKeyException resolvedBefore) {
                // its workflow has not applied the first resolution yet: the settlement still reads UNCONFIRMED
                throw notPending(Product.SETTLEMENT);
            }
        });
        RailResult answer = new RailResult(id.toString(),
                resolution.paid() ? RailResult.State.COMPLETED : RailResult.State.FAILED,
                resolution.paid() ? ResultCode.SUCCESS.code() : ResultCode.THIRD_PARTY_FAILURE.code(),
                resolution.description(), null, null, resolution.paid() ? resolution.reference() : null, null, null,
                null);
        try {
            temporal.newWorkflowStub(SettlementWorkflow.class, WorkflowIds.settlement(recorded.clientId(),
                    id.toString())).railResult(answer);
        } catch (WorkflowException unreachable) {
            store.forgetResolution(Product.SETTLEMENT, id.toString());
            throw new UnavailableException("The settlement's workflow could not be told; nothing was changed: try"
                    + " again");
        }
        log.info("Operator {} resolved settlement {} of client {} as {}", resolvedBy, id, recorded.clientId(),
                recorded.outcome());
        return recorded;
    }

    /**
     * A card capture or refund: checked referred and undecided, the resolution recorded (a second one is refused by
     * its key), then applied by the card payment's workflow, which posts or releases the hold as the processor's late
     * answer would have; a refusal by the workflow, or a failure to reach it, takes the record back.
     */
    private Resolution resolveCard(OperatorResolution resolution, String resolvedBy) {
        CardTransaction operation = cards.find(resolution.paymentId())
                .filter(t -> t.type() == CardTransactionType.CAPTURE || t.type() == CardTransactionType.REFUND)
                .orElseThrow(() -> unknown(Product.CARD));
        if (!store.isReferredCardOperation(operation.id())) {
            throw notPending(Product.CARD);
        }
        Resolution recorded;
        try {
            recorded = transaction.execute(tx -> record(Product.CARD, operation.id(), operation.clientId(), resolution,
                    resolvedBy));
        } catch (DuplicateKeyException resolvedBefore) {
            throw notPending(Product.CARD);
        }
        String workflowId = WorkflowIds.cardPayment(operation.clientId(), operation.authorisationId());
        try {
            temporal.newWorkflowStub(CardPaymentWorkflow.class, workflowId).resolveReferred(resolution);
        } catch (WorkflowUpdateException | WorkflowNotFoundException refused) {
            store.forgetResolution(Product.CARD, operation.id());
            throw notPending(Product.CARD);
        } catch (RuntimeException unreachable) {
            // not applied as far as anyone knows: the operator may try again (the workflow refuses a second decision)
            store.forgetResolution(Product.CARD, operation.id());
            throw unreachable;
        }
        log.info("Operator {} resolved card operation {} of client {} as {}", resolvedBy, operation.id(),
                operation.clientId(), recorded.outcome());
        return recorded;
    }

    private static Optional<UUID> uuid(String id) {
        try {
            return Optional.of(UUID.fromString(id));
        } catch (IllegalArgumentException notOne) {
            return Optional.empty();
        }
    }

    /**
     * An operator's resolution as the request gave it: its outcome and its reference, required, the reference at
     * most {@value #REFERENCE_MAX_LENGTH} characters (a held reversal's resolution is checked the same way).
     *
     * @throws InvalidInputException naming each field wrong
     */
    public static OperatorResolution resolution(String paymentId, ResolutionOutcome outcome, String reference) {
        validate(outcome, reference);
        return new OperatorResolution(paymentId, outcome == ResolutionOutcome.PAID, reference.strip());
    }

    private static void validate(ResolutionOutcome outcome, String reference) {
        List<FieldProblem> problems = new ArrayList<>();
        if (outcome == null) {
            problems.add(new FieldProblem("outcome", "The outcome is required: PAID or NOT_PAID."));
        }
        if (reference == null || reference.isBlank()) {
            problems.add(new FieldProblem("reference",
                    "The reference is required: the rail's receipt or the operator's note."));
        } else if (reference.strip().length() > REFERENCE_MAX_LENGTH) {
            problems.add(new FieldProblem("reference",
                    "The reference is at most " + REFERENCE_MAX_LENGTH + " characters."));
        }
        if (!problems.isEmpty()) {
            throw new InvalidInputException(null, problems);
        }
    }

    /** The purchase's outcome and callback, once its last recipient is final (its workflow may have ended). */
    private void finishIfLast(UUID purchaseId) {
        if (airtime.recipients(purchaseId).stream().allMatch(AirtimeRecipient::isFinal)) {
            airtimeOutcomes.finish(purchaseId);
        }
    }

    /** Tells a workflow still asking the rail; the resolution is applied already, so failing to tell loses nothing. */
    private static void signal(String workflowId, Consumer<String> resolve) {
        try {
            resolve.accept(workflowId);
        } catch (WorkflowNotFoundException ended) {
            log.info("Workflow {} had ended; the resolution needs nothing from it", workflowId);
        } catch (WorkflowException unreachable) {
            log.warn("Workflow {} could not be told of the resolution; it finds it applied when its rail answers",
                    workflowId);
        }
    }

    private static UnknownResourceException unknown(Product product) {
        return new UnknownResourceException(switch (product) {
            case AIRTIME -> "No airtime recipient with that id";
            case PAYOUT -> "No payout line with that id";
            case CARD -> "No card capture or refund with that id";
            case PHONE_PROMPT -> "No phone prompt (express deposit) with that id";
            case SETTLEMENT -> "No settlement with that id";
            default -> "No bill payment with that id";
        });
    }

    private static NotPendingConfirmation notPending(Product product) {
        String what = switch (product) {
            case AIRTIME -> "That airtime recipient";
            case PAYOUT -> "That payout line";
            case CARD -> "That card capture or refund";
            case PHONE_PROMPT -> "That phone prompt";
            case SETTLEMENT -> "That settlement";
            default -> "That bill payment";
        };
        return new NotPendingConfirmation(what
                + " is not pending confirmation (it may have been resolved already); nothing was changed");
    }

    /**
     * The product an operator names in a path: its name in lower case ({@code phone_prompt} for an express deposit or
     * a payment link's payment); empty for any that cannot be resolved.
     */
    public static Optional<Product> product(String name) {
        for (Product product : Product.values()) {
            boolean resolvable = product == Product.AIRTIME || product == Product.BILL || product == Product.PAYOUT
                    || product == Product.CARD || product == Product.PHONE_PROMPT || product == Product.SETTLEMENT;
            if (resolvable && product.name().toLowerCase().equals(name)) {
                return Optional.of(product);
            }
        }
        return Optional.empty();
    }
}
