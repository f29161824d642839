package com.paywire.domain.payouts.reversals;

import com.paywire.domain.InvalidInputException;
import com.paywire.domain.UnknownResourceException;
import com.paywire.domain.platform.Outbox;
import com.paywire.persistence.payouts.PayoutStore;
import com.paywire.persistence.payouts.reversals.PayoutReversalStore;
import com.paywire.vocabulary.networks.MobileNumbers;
import com.paywire.vocabulary.payouts.LineStatus;
import com.paywire.vocabulary.payouts.PaymentOrderRow;
import com.paywire.vocabulary.payouts.PayoutLineRow;
import com.paywire.vocabulary.payouts.reversals.PayoutReversal;
import com.paywire.vocabulary.payouts.reversals.PayoutReversalStatus;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.vocabulary.rules.FieldProblem;
import com.paywire.workflows.OperatorResolution;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.logging.PaymentContext;
import com.paywire.workflows.paybacks.PayBackAnswer;
import com.paywire.workflows.payouts.reversals.PayoutReversalWorkflow;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowNotFoundException;
import io.temporal.common.SearchAttributes;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

/**
 * Operators' reversals of completed mobile-money payout lines sent to the wrong wallet (issue 48): recorded here,
 * one per line unless refused, and carried out by a {@link PayoutReversalWorkflow} each, started through the outbox
 * and swept when Temporal did not take it.
 */
@Service
public class PayoutReversals {

    static final int MAX_REASON = 200;
    private static final Logger log = LoggerFactory.getLogger(PayoutReversals.class);
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final PayoutReversalStore store;
    private final PayoutStore payouts;
    private final WorkflowClient temporal;
    private final TransactionTemplate transaction;
    private final Clock clock;

    public PayoutReversals(PayoutReversalStore store, PayoutStore payouts, WorkflowClient temporal,
                           TransactionTemplate transaction, Clock clock) {
        this.store = store;
        this.payouts = payouts;
        this.temporal = temporal;
        this.transaction = transaction;
        this.clock = clock;
    }

    /** The line's state forbids the reversal now (not Completed, or reversed already with another reason). */
    public static class Conflict extends RuntimeException {
        public Conflict(String message) {
            super(message);
        }
    }

    /** The line can never be reversed by the rail (a bank transfer, a payment to a business, no receipt). */
    public static class NotReversible extends RuntimeException {
        public NotReversible(String message) {
            super(message);
        }
    }

    /** @param created whether this call recorded it (false: the line's reversal asked for before) */
    public record Requested(PayoutReversal reversal, boolean created) {
    }

    /**
     * Records an operator's reversal of the client's line named by its order's originatorConversationId and its
     * stan, and starts its workflow; the line's reversal asked before, when it is open or done and the reason is
     * the same.
     *
     * @throws InvalidInputException   a field missing, or a reason that is blank, too long or has control characters
     * @throws UnknownResourceException no such line of the client
     * @throws NotReversible           not a mobile-money payout to a wallet with the rail's receipt
     * @throws Conflict                not Completed, or reversed already for another reason
     */
    public Requested request(String clientId, String originatorConversationId, String systemTraceAuditNumber,
                             String reason, String operatorId) {
        validate(clientId, originatorConversationId, systemTraceAuditNumber, reason);
        Requested requested = transaction.execute(tx -> {
            PayoutLineRow found = line(clientId, originatorConversationId, systemTraceAuditNumber);
            PayoutLineRow line = payouts.lockLine(found.railReference());
            Optional<PayoutReversal> standing = store.standing(line.id());
            if (standing.isPresent()) {
                if (!standing.get().reason().equals(reason.strip())) {
                    throw new Conflict("The line has a reversal " + (standing.get().status().isFinal() ? "done"
                            : "pending") + " for another reason.");
                }
                return new Requested(standing.get(), false);
            }
            String msisdn = reversible(line);
            UUID id = UUID.randomUUID();
            PayoutReversal recorded = store.insertOnce(new PayoutReversal(id, clientId, line.id(),
                    line.railReference(), line.orderId(), originatorConversationId, line.systemTraceAuditNumber(),
                    line.amount(), line.currency(), msisdn, receipt(line).orElseThrow(), reason.strip(), operatorId,
                    PayoutReversal.holdKey(Product.PAYOUT.key(line.railReference()), id),
                    PayoutReversalStatus.PENDING, null, null, false, OffsetDateTime.now(clock), null));
            return new Requested(recorded, recorded.id().equals(id));
        });
        if (requested.created()) {
            start(requested.reversal());
            log.info("Payout line {} of {} to be reversed by operator {}: reversal {}",
                    requested.reversal().lineReference(), clientId, operatorId, requested.reversal().id());
        }
        return requested;
    }

    public Optional<PayoutReversal> find(UUID id) {
        return store.find(id);
    }

    /** Starts the reversal's workflow, after the transaction that recorded it has committed. */
    public boolean start(PayoutReversal reversal) {
        PayoutReversalWorkflow workflow = temporal.newWorkflowStub(PayoutReversalWorkflow.class, Outbox.options(
                WorkflowIds.payoutReversal(reversal.clientId(), reversal.id().toString()), TaskQueues.PAYOUTS,
                "Reverse payout line " + reversal.systemTraceAuditNumber() + " of "
                        + reversal.amount().toPlainString() + " " + reversal.currency(), SearchAttributes.EMPTY));
        return Outbox.start("payout reversal", new PaymentContext(reversal.clientId(),
                        reversal.systemTraceAuditNumber(), reversal.id().toString()),
                () -> WorkflowClient.start(workflow::reverse, reversal.id().toString()),
                () -> store.markWorkflowStarted(reversal.id()));
    }

    /** The outbox's sweep: starts the reversals Temporal has not got yet. */
    public void startStragglers() {
        Outbox.sweep(temporal, clock, "payout reversals", store::findUnstarted, this::start);
    }

    /** Whether the reversal rail's reference names a payout reversal (the rest are pay-backs'). */
    public static boolean isPayoutReversal(String railReference) {
        return PayoutReversal.idOf(railReference).isPresent();
    }

    /**
     * The rail's result for a payout reversal, signalled to its workflow; false when none is running (an answer
     * after the workflow ended, kept by the caller; the money stays as the workflow left it).
     */
    public boolean railAnswer(String railReference, PayBackAnswer answer) {
        return PayoutReversal.idOf(railReference).flatMap(store::find)
                .map(reversal -> tell(reversal, answer)).orElse(false);
    }

    /** Signals the answer to the reversal's workflow; false when it has ended (nothing moved). */
    private boolean tell(PayoutReversal reversal, PayBackAnswer answer) {
        try {
            temporal.newUntypedWorkflowStub(WorkflowIds.payoutReversal(reversal.clientId(), reversal.id().toString()))
                    .signal(PayoutReversalWorkflow.RAIL_ANSWER_SIGNAL, answer);
            return true;
        } catch (WorkflowNotFoundException ended) {
            log.warn("Payout reversal {} got {} after its workflow ended; kept, nothing moved",
                    reversal.railReference(), answer.state());
            return false;
        }
    }

    /**
     * An operator's word on a reversal referred with its amount held (REVERSING, the rail silent for 24 h): given
     * to its workflow as the rail's answer would be, which credits the working account and marks the line Reversed
     * (PAID: the wallet gave the money back) or releases the hold (NOT_PAID), unless the rail's own answer came
     * first. The workflow applies it at once; the answer is the reversal as it stood when told.
     *
     * @throws UnknownResourceException no reversal has that id
     * @throws Conflict                 it is not referred and undecided, or its workflow has ended: nothing changed
     */
    public PayoutReversal resolveHeld(UUID reversalId, OperatorResolution resolution, String operatorId) {
        PayoutReversal reversal = store.find(reversalId)
                .orElseThrow(() -> new UnknownResourceException("No payout reversal with that id"));
        if (reversal.status() != PayoutReversalStatus.REVERSING || reversal.note() == null) {
            throw new Conflict("Only a reversal referred with its amount held (REVERSING, its rail silent for 24 h)"
                    + " is resolved by an operator; this one is not: nothing was changed");
        }
        if (!tell(reversal, PayBackAnswer.resolvedBy(resolution, operatorId))) {
            throw new Conflict("The reversal's workflow has ended: nothing was changed");
        }
        log.info("Operator {} resolved held payout reversal {} of client {} as {}", operatorId, reversal.id(),
                reversal.clientId(), resolution.paid() ? "reversed" : "not reversed");
        return reversal;
    }

    /** The rail's receipt of the line's payout, if it gave one. */
    public static Optional<String> receipt(PayoutLineRow line) {
        if (line.thirdPartyPayloadJson() == null) {
            return Optional.empty();
        }
        Object receipt = JSON.readValue(line.thirdPartyPayloadJson(), Map.class).get("thirdPartyReceiptNumber");
        return receipt instanceof String text && !text.isBlank() ? Optional.of(text) : Optional.empty();
    }

    private PayoutLineRow line(String clientId, String originatorConversationId, String systemTraceAuditNumber) {
        Optional<PaymentOrderRow> order = payouts.findOrder(clientId, originatorConversationId);
        return order.flatMap(o -> payouts.linesOf(o.id()).stream()
                        .filter(l -> l.systemTraceAuditNumber().equals(systemTraceAuditNumber)).findFirst())
                .orElseThrow(() -> new UnknownResourceException(
                        "No payout line of the client has that originatorConversationId and systemTraceAuditNumber"));
    }

    /** The wallet the rail takes the money back from, when the line is one the rail can reverse. */
    private static String reversible(PayoutLineRow line) {
        if (line.rail() != Rail.MOBILE_MONEY) {
            throw new NotReversible("Only a mobile-money payout can be reversed: this line is a bank transfer.");
        }
        String account = line.creditAccount() != null ? line.creditAccount()
                : line.recipient().primaryAccountNumber();
        Optional<String> wallet = MobileNumbers.withPlus(account);
        if (wallet.isEmpty()) {
            throw new NotReversible("Only a payout to a mobile wallet can be reversed: this line paid a business.");
        }
        if (line.transactionStatus() != LineStatus.COMPLETED) {
            throw new Conflict("Only a Completed payout line can be reversed: this one is "
                    + line.transactionStatus().description() + ".");
        }
        if (receipt(line).isEmpty()) {
            throw new NotReversible("The line has no receipt from the rail to reverse.");
        }
        return wallet.get();
    }

    private static void validate(String clientId, String originatorConversationId, String systemTraceAuditNumber,
                                 String reason) {
        List<FieldProblem> problems = new ArrayList<>();
        required(problems, "clientId", clientId);
        required(problems, "originatorConversationId", originatorConversationId);
        required(problems, "systemTraceAuditNumber", systemTraceAuditNumber);
        if (reason == null || reason.isBlank() || reason.strip().length() > MAX_REASON
                || reason.chars().anyMatch(Character::isISOControl)) {
            problems.add(new FieldProblem("reason", "Give why the payout is reversed: 1 to " + MAX_REASON
                    + " characters, no control characters"));
        }
        if (!problems.isEmpty()) {
            throw new InvalidInputException(null, problems);
        }
    }

    private static void required(List<FieldProblem> problems, String field, String value) {
        if (value == null || value.isBlank()) {
            problems.add(new FieldProblem(field, "Required"));
        }
    }
}
