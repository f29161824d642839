package com.paywire.domain.timeline;

import com.paywire.persistence.airtime.AirtimeStore;
import com.paywire.persistence.cards.CardTransactionStore;
import com.paywire.persistence.collections.DepositStore;
import com.paywire.vocabulary.collections.PaybillDeposit;
import com.paywire.persistence.collections.PaybillDepositStore;
import com.paywire.persistence.payouts.PayoutStore;
import com.paywire.persistence.payouts.reversals.PayoutReversalStore;
import com.paywire.vocabulary.cards.CardTransactionType;
import com.paywire.vocabulary.collections.Deposit;
import com.paywire.vocabulary.notifications.Event;
import com.paywire.vocabulary.notifications.EventType;
import com.paywire.vocabulary.payouts.PayoutLineRow;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.timeline.PaymentMatch;
import com.paywire.workflows.WorkflowIds;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Predicate;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Where a payment's timeline is read from: its workflows (by the ids {@link WorkflowIds} derives; their children
 * and later runs are found in their histories), the keys of its ledger transfers ({@link Product#key}) and the
 * ordering keys of its events, as each product's publisher sets them.
 */
@Component
class PaymentSources {

    /**
     * @param workflowIds the workflows to read, first to last; one Temporal does not have is skipped
     * @param eventFilter which of the events under those keys are the payment's (a payout line shares its order's key)
     */
    record Sources(List<String> workflowIds, List<String> ledgerKeys, List<String> eventKeys,
                   Predicate<Event> eventFilter) {

        Sources(List<String> workflowIds, List<String> ledgerKeys, List<String> eventKeys) {
            this(workflowIds, ledgerKeys, eventKeys, event -> true);
        }
    }

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final PayoutStore payouts;
    private final DepositStore deposits;
    private final CardTransactionStore cards;
    private final AirtimeStore airtime;
    private final PaybillDepositStore paybillDeposits;
    private final PayoutReversalStore payoutReversals;

    PaymentSources(PayoutStore payouts, DepositStore deposits, CardTransactionStore cards, AirtimeStore airtime,
                   PaybillDepositStore paybillDeposits, PayoutReversalStore payoutReversals) {
        this.payouts = payouts;
        this.deposits = deposits;
        this.cards = cards;
        this.airtime = airtime;
        this.paybillDeposits = paybillDeposits;
        this.payoutReversals = payoutReversals;
    }

    Sources of(PaymentMatch payment) {
        String client = payment.clientId();
        String id = payment.paywireId();
        return switch (payment.kind()) {
            case PAYMENT_ORDER -> paymentOrder(payment);
            case PAYOUT -> payoutLine(payouts.findLine(id).orElseThrow());
            case PHONE_PROMPT -> deposits(List.of(deposits.find(UUID.fromString(id)).orElseThrow()));
            case PAYMENT_LINK -> deposits(deposits.ofLink(UUID.fromString(id)).reversed());
            case CHECKOUT -> checkout(payment);
            case CARD -> new Sources(List.of(WorkflowIds.cardPayment(client, id)),
                    cards.related(id).stream().filter(t -> t.type() == CardTransactionType.CAPTURE)
                            .map(t -> Product.CARD.key(t.id())).toList(),
                    List.of(id)); // a card payment's events are keyed by its AuthorisationId
            case KYC -> new Sources(List.of(WorkflowIds.kyc(client, payment.clientReference())), List.of(),
                    List.of(Product.KYC.eventKey(id)));
            case ACCOUNT_VALIDATION -> new Sources(List.of(WorkflowIds.accountValidation(client,
                    payment.clientReference())), List.of(), List.of(Product.ACCOUNT_VALIDATION.eventKey(id)));
            case AIRTIME -> new Sources(List.of(WorkflowIds.airtime(client, payment.clientReference())),
                    airtime.recipients(UUID.fromString(id)).stream().map(r -> Product.AIRTIME.key(r.id().toString()))
                            .toList(), List.of(Product.AIRTIME.eventKey(id)));
            case BILL -> new Sources(List.of(WorkflowIds.billPayment(client, payment.clientReference())),
                    List.of(Product.BILL.key(id)), List.of(Product.BILL.eventKey(id)));
            case PAYBILL_DEPOSIT -> paybillDeposit(paybillDeposits.find(UUID.fromString(id)).orElseThrow());
            case BILL_REMINDER, WEBHOOK, ACCOUNT_TRANSFER, SETTLEMENT ->
                    throw new IllegalArgumentException(payment.kind() + " has no timeline");
        };
    }

    /**
     * An order of one line runs that line's workflow alone (see PaymentOrderStarter); a larger one, or one
     * accepted before that, an order workflow whose children are its lines.
     */
    private Sources paymentOrder(PaymentMatch order) {
        List<PayoutLineRow> lines = payouts.linesOf(UUID.fromString(order.paywireId()));
        List<String> workflows = new ArrayList<>();
        workflows.add(WorkflowIds.paymentOrder(order.clientId(), order.clientReference()));
        if (lines.size() == 1) {
            workflows.add(WorkflowIds.payoutLine(order.clientId(), lines.getFirst().systemTraceAuditNumber()));
            workflows.add(WorkflowIds.latePayoutAnswer(order.clientId(), lines.getFirst().railReference()));
        }
        return new Sources(workflows, lines.stream().map(l -> Product.PAYOUT.key(l.railReference())).toList(),
                List.of(orderEvents(order.paywireId())));
    }

    /**
     * A line's workflow, the reconciliation of a rail answer that came after it ended, if there was one, and its
     * operators' reversals (their ledger keys extend the line's). A line's events share its order's key: its own
     * carry its stan, and the order's are the order's.
     */
    private Sources payoutLine(PayoutLineRow line) {
        String stan = line.systemTraceAuditNumber();
        List<String> workflows = new ArrayList<>(List.of(WorkflowIds.payoutLine(line.clientId(), stan),
                WorkflowIds.latePayoutAnswer(line.clientId(), line.railReference())));
        payoutReversals.ofLine(line.id()).forEach(r -> workflows.add(
                WorkflowIds.payoutReversal(r.clientId(), r.id().toString())));
        return new Sources(workflows,
                List.of(Product.PAYOUT.key(line.railReference())), List.of(orderEvents(line.orderId().toString())),
                event -> EventType.PAYMENT_ORDER_PROCESSED.wireName().equals(event.type()) || stan.equals(stanOf(event)));
    }

    private static String orderEvents(String orderId) {
        return Product.PAYMENT_ORDER.eventKey(orderId);
    }

    private static String stanOf(Event payoutEvent) {
        JsonNode transaction = JSON.readTree(payoutEvent.dataJson()).path("transaction");
        return transaction.path("systemTraceAuditNumber").asString(null);
    }

    /** Deposits (one, or a payment link's payments): each one's workflow, and its reconciliation if it was paid late. */
    private static Sources deposits(List<Deposit> deposits) {
        List<String> workflows = new ArrayList<>();
        for (Deposit deposit : deposits) {
            workflows.add(WorkflowIds.expressDeposit(deposit.clientId(), deposit.originatorConversationId()));
            workflows.add(WorkflowIds.latePrompt(deposit.clientId(), deposit.id().toString()));
            workflows.add(WorkflowIds.latePromptFailure(deposit.clientId(), deposit.id().toString()));
        }
        return new Sources(workflows, deposits.stream().map(d -> Product.PHONE_PROMPT.key(d.id().toString())).toList(),
                deposits.stream().map(d -> Product.PHONE_PROMPT.eventKey(d.id().toString())).toList());
    }

    /** A paybill deposit: its workflow is named by the rail's receipt. */
    private static Sources paybillDeposit(PaybillDeposit deposit) {
        String id = deposit.id().toString();
        return new Sources(List.of(WorkflowIds.paybillDeposit(deposit.receiptNumber())),
                List.of(Product.PAYBILL_DEPOSIT.key(id)), List.of(Product.PAYBILL_DEPOSIT.eventKey(id)));
    }

    /**
     * A checkout order: its workflow (its attempts are its children), a late payment's reconciliation per phone
     * attempt, its credit and the payments owed back, which are keyed by the attempt's deposit.
     */
    private Sources checkout(PaymentMatch order) {
        List<Deposit> attempts = deposits.ofCheckout(UUID.fromString(order.paywireId()));
        List<String> workflows = new ArrayList<>();
        workflows.add(WorkflowIds.checkout(order.clientId(), order.clientReference()));
        attempts.forEach(a -> workflows.add(WorkflowIds.latePrompt(a.clientId(), a.id().toString())));
        List<String> ledgerKeys = new ArrayList<>();
        ledgerKeys.add(Product.CHECKOUT.key(order.paywireId()));
        attempts.forEach(a -> ledgerKeys.add(Product.PHONE_PROMPT.key(a.id().toString())));
        List<String> eventKeys = new ArrayList<>();
        eventKeys.add(Product.CHECKOUT.eventKey(order.paywireId()));
        attempts.forEach(a -> eventKeys.add(Product.PHONE_PROMPT.eventKey(a.id().toString())));
        return new Sources(workflows, ledgerKeys, eventKeys);
    }
}
