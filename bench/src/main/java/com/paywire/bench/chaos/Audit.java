package com.paywire.bench.chaos;

import com.paywire.bench.chaos.ChaosLoad.Accepted;
import com.paywire.bench.chaos.ChaosLoad.Kind;
import com.paywire.bench.chaos.RailFaultProxy.Instruction;
import com.paywire.vocabulary.airtime.AirtimePurchaseStatus;
import com.paywire.vocabulary.airtime.AirtimeRecipientStatus;
import com.paywire.vocabulary.bills.BillPaymentStatus;
import com.paywire.vocabulary.cards.CardTransactionStatus;
import com.paywire.vocabulary.checkout.CheckoutStatus;
import com.paywire.vocabulary.checkout.PaymentMethod;
import com.paywire.vocabulary.collections.DepositStatus;
import com.paywire.vocabulary.collections.PaybillDepositStatus;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.ledger.TransferState;
import com.paywire.vocabulary.notifications.DeliveryStatus;
import com.paywire.vocabulary.payouts.LineStatus;
import com.paywire.vocabulary.paybacks.PayBackStatus;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.settlements.SettlementStatus;
import com.paywire.workflows.WorkflowIds;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import io.temporal.api.workflowservice.v1.DescribeWorkflowExecutionRequest;
import io.temporal.api.workflowservice.v1.DescribeWorkflowExecutionResponse;
import io.temporal.serviceclient.WorkflowServiceStubs;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The checks after the faults stopped and everything settled. Each check counts what it looked at and lists
 * what broke it; the run fails on any violation. The rails' record ({@link RailFaultProxy}) is the outside truth:
 * what Paywire says and books is compared with what the rails were asked to do and answered.
 */
final class Audit {

    static final String CLIENT = "paywire-sandbox";
    private static final Set<String> PAYOUT_SUCCESS = Set.of("0", "00");
    /** The mobile-money rail's result codes of a prompt: paid, and the payer not reached (what an unknown outcome reads). */
    private static final String PROMPT_SUCCESS = "0";
    private static final String PROMPT_NOT_REACHED = "1037";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final Connection db;
    private final ChaosClient client;
    private final RailFaultProxy rails;
    private final NotificationReceiver receiver;
    private final List<Accepted> accepted;
    private final List<ChaosLoad.Confirmation> confirmations;
    private final WorkflowServiceStubs temporal;
    /** The captures the load asked for below the smallest fee band, by AuthorisationId, with the answer's status. */
    private final Map<String, Integer> capturesBelowSmallestBand;
    /** When the load began: the statements are read from then on. */
    private final Instant loadStart;
    /** The funding, settlements and transfers the run made beside the payments; null: none (audited as none). */
    TreasuryLoad treasury;
    /** The disputes and reversals the run made; null: none (audited as none). */
    MoneyBackLoad moneyBack;
    final List<Check> checks = new ArrayList<>();
    final Map<String, Map<String, Integer>> finalStates = new LinkedHashMap<>();

    Audit(Connection db, ChaosClient client, RailFaultProxy rails, NotificationReceiver receiver,
          List<Accepted> accepted, List<ChaosLoad.Confirmation> confirmations,
          Map<String, Integer> capturesBelowSmallestBand, WorkflowServiceStubs temporal, Instant loadStart) {
        this.db = db;
        this.client = client;
        this.rails = rails;
        this.receiver = receiver;
        this.accepted = accepted;
        this.confirmations = confirmations;
        this.capturesBelowSmallestBand = capturesBelowSmallestBand;
        this.temporal = temporal;
        this.loadStart = loadStart;
    }

    /**
     * A capture no fee band covers is refused by Paywire (a 4xx) before the processor is asked: the processor took
     * no capture of that amount on that authorisation.
     */
    private void capturesBelowSmallestBand() {
        Check refused = check("capture-below-band-never-at-processor", "a capture below the smallest card fee band "
                + "is refused with a 4xx and never reaches the card processor");
        Set<String> atProcessor = new HashSet<>();
        for (Instruction instruction : rails.instructions()) {
            if (instruction.path.endsWith("/captures") && instruction.request != null
                    && instruction.request.get("amount") != null
                    && new BigDecimal(instruction.request.get("amount").asString())
                    .compareTo(new BigDecimal(Fault.CAPTURE_BELOW_SMALLEST_BAND_AMOUNT)) == 0) {
                atProcessor.add(instruction.path);
            }
        }
        capturesBelowSmallestBand.forEach((authorisation, status) -> {
            refused.verify(status / 100 == 4, "the capture of " + Fault.CAPTURE_BELOW_SMALLEST_BAND_AMOUNT + " on "
                    + authorisation + " was answered " + status + ", not refused");
        });
        refused.verify(atProcessor.isEmpty(), "the processor was asked to capture "
                + Fault.CAPTURE_BELOW_SMALLEST_BAND_AMOUNT + ": " + atProcessor);
    }

    /**
     * How many accepted requests, answers or callbacks are not final yet (the settle phase waits for 0), pay-backs
     * (suspense returns, refunds due) not yet answered included.
     */
    int unsettled() throws SQLException {
        return openNow() + ((Number) rows("select count(*) n from pay_backs where status in (?, ?)",
                PayBackStatus.PENDING.name(), PayBackStatus.PAYING.name()).getFirst().get("n")).intValue()
                + count("select count(*) from payout_reversals where client_id = ? and status in ('PENDING', 'REVERSING')")
                + count("select count(*) from card_disputes where client_id = ? and status in ('NEEDS_RESPONSE', 'UNDER_REVIEW')")
                // reversals the simulator takes and never answers (its silent wallets) stay open for good
                - new MoneyBackAudit(this, moneyBack, rails).unanswerable();
    }

    private int openNow() throws SQLException {
        return rails.owed() + count("select count(*) from payout_lines where client_id = ? and transaction_status in ("
                + codes(LineStatus.openCodes()) + ")")
                + count("select count(*) from express_deposits where client_id = ? and status = '" + DepositStatus.PENDING + "'")
                + count("select count(*) from bill_payments where client_id = ? and status in ("
                        + codes(BillPaymentStatus.openCodes()) + ")")
                + count("select count(*) from airtime_purchases where client_id = ? and status = '"
                        + AirtimePurchaseStatus.PENDING + "'")
                + count("select count(*) from card_transactions where client_id = ? and status = '"
                + CardTransactionStatus.REFUND_INITIATED.name() + "'")
                + count("select count(*) from checkout_orders where client_id = ? and status = "
                + CheckoutStatus.PROCESSING.code())
                + count("select count(*) from paybill_deposits where (client_id = ? or client_id is null) and status = '"
                + PaybillDepositStatus.RECEIVED + "'")
                + count("select count(*) from deliveries where client_id = ? and status = '" + DeliveryStatus.PENDING + "'")
                + count("select count(*) from settlements where client_id = ? and status in ('"
                        + SettlementStatus.PENDING + "', '" + SettlementStatus.PROCESSING + "')")
                + count("select count(*) from ledger_transfer_states t where t.state = '" + TransferState.PENDING
                + "' and " + clientsHold("t") + " and not " + outcomeUnknown("t.reservation_key"));
    }

    List<Check> run() throws Exception {
        Map<String, Instruction> rail = new HashMap<>();
        for (Instruction instruction : rails.instructions()) {
            rail.put(instruction.key, instruction);
        }
        Check finals = check("every-request-final", "every accepted request reached a final state");
        Check agrees = check("status-agrees-with-rail",
                "the status answer says paid exactly when the rail's record says it paid");
        Check posted = check("paid-iff-posted", "what the rail paid is posted in the ledger, and nothing else is");
        for (Accepted request : accepted) {
            switch (request.kind()) {
                case PAYMENT_ORDER -> paymentOrder(request, rail, finals, agrees, posted);
                case EXPRESS_DEPOSIT -> deposit(request, rail, finals, agrees, posted);
                case BILL_PAYMENT -> billPayment(request, rail, finals, agrees, posted);
                case AIRTIME_PURCHASE -> airtime(request, rail, finals, agrees, posted);
                case CARD_PAYMENT -> cardPayment(request, finals, agrees);
                case CHECKOUT -> checkout(request, rail, finals, agrees, posted);
                case PAYBILL_DEPOSIT -> { } // against the driver's confirmations, below
            }
        }
        new PaybillAudit(this, client).run(confirmations, treasury == null ? Set.of()
                : treasury.suspenseActions.values().stream().filter(TreasuryLoad.SuspenseAction::assigned)
                        .map(TreasuryLoad.SuspenseAction::receipt).collect(Collectors.toSet()), finals, agrees, posted);
        if (treasury != null) {
            new TreasuryAudit(this, treasury, rails).run(finals);
        }
        if (moneyBack != null) {
            new MoneyBackAudit(this, moneyBack, rails).run(finals);
        }
        capturesBelowSmallestBand();
        long authorisations = rails.instructions().stream()
                .filter(i -> i.path.equals("/card-processor/payments") && i.accepted()).count();
        agrees.verify(authorisations >= accepted.stream().filter(a -> a.kind() == Kind.CARD_PAYMENT).count(),
                "fewer card authorisations at the processor than accepted");
        sentOnce(rail);
        ledger();
        new MoneyAudit(this, client, rails, loadStart).run();
        notifications();
        nothingStuck();
        return checks;
    }

    private void paymentOrder(Accepted request, Map<String, Instruction> rail, Check finals, Check agrees,
                              Check posted) throws Exception {
        JsonNode answer = client.get("/v1/payment-order/check-status?IdType=OriginatorConversationId&Id="
                + request.id()).body();
        Map<String, Integer> answered = new HashMap<>();
        for (JsonNode line : answer.path("orderLines")) {
            answered.put(line.path("transaction").path("systemTraceAuditNumber").asString(),
                    line.path("transactionOutcome").path("transactionStatus").asInt());
        }
        // posted: the line's hold, or its booking again when the rail paid after the hold was released
        List<Map<String, Object>> lines = rows("""
                select l.system_trace_audit_number stan, l.rail_reference reference, l.transaction_status status,
                    (select count(*) from ledger_transfer_states t where t.reservation_key in ('%1$s' || l.rail_reference,
                        '%1$s' || l.rail_reference || '%2$s') and t.state = '%3$s') posted,
                    (select count(*) from ledger_transfer_states t where t.reservation_key = '%1$s' || l.rail_reference
                        and t.state = '%4$s') pending
                from payout_lines l join payment_orders o on o.id = l.order_id
                where o.client_id = ? and o.originator_conversation_id = ?"""
                .formatted(Product.PAYOUT.keyPrefix(), Product.PAID_LATE_SUFFIX, TransferState.POSTED, TransferState.PENDING),
                CLIENT, request.id());
        finals.verify(lines.size() == 3, "payment order " + request.id() + " has " + lines.size() + " lines, not 3");
        for (Map<String, Object> line : lines) {
            String stan = (String) line.get("stan");
            LineStatus status = LineStatus.of(((Number) line.get("status")).intValue());
            tally("payout line", status == LineStatus.COMPLETED ? status.description() : "status " + status.code());
            finals.verify(status.isFinal(), "payout line " + stan + " is still in status " + status.code());
            Instruction sent = rail.get((String) line.get("reference")); // the rail knows the line by its reference
            boolean paid = sent != null && sent.accepted() && sent.result != null
                    && PAYOUT_SUCCESS.contains(text(sent.result, "resultCode"));
            Integer said = answered.get(stan);
            if (said != null && said == LineStatus.REVERSED.code() && reversedLater(stan)) {
                said = LineStatus.COMPLETED.code(); // paid, then reversed by the operator: the rail's record says both
            }
            boolean unknown = status == LineStatus.TIMED_OUT && ((Number) line.get("pending")).intValue() > 0;
            agrees.verify(AuditRules.payoutStatusAgrees(stan, said, unknown, paid, LineStatus.COMPLETED.code(),
                    LineStatus.TIMED_OUT.code()));
            posted.verify(AuditRules.payoutPostedIffPaid(stan, unknown, ((Number) line.get("posted")).intValue(), paid));
        }
    }

    private void deposit(Accepted request, Map<String, Instruction> rail, Check finals, Check agrees, Check posted)
            throws Exception {
        // credited: at once (before prompts held their credit), as its held credit posted (#0), or paid after the
        // hold was released (:paid-late); held: the credit held while the prompt was out, still pending
        Map<String, Object> row = one("""
                select d.id::text id, d.status,
                    (select count(*) from ledger_transfer_states t where t.idempotency_key in ('%1$s' || d.id,
                        '%1$s' || d.id || '#0', '%1$s' || d.id || '%2$s') and t.state = '%3$s') posted,
                    (select count(*) from ledger_transfer_states t where t.reservation_key = '%1$s' || d.id
                        and t.state = '%4$s') held
                from express_deposits d where d.client_id = ? and d.originator_conversation_id = ?"""
                .formatted(Product.PHONE_PROMPT.keyPrefix(), Product.PAID_LATE_SUFFIX, TransferState.POSTED,
                        TransferState.PENDING), CLIENT, request.id());
        String status = (String) row.get("status");
        tally("express deposit", status);
        finals.verify(!DepositStatus.PENDING.name().equals(status), "express deposit " + request.id() + " is still PENDING");
        Instruction prompt = rail.get((String) row.get("id"));
        boolean paid = prompt != null && prompt.accepted() && prompt.result != null
                && "0".equals(text(prompt.result, "resultCode"));
        JsonNode answer = client.get("/v1/express-deposit/check-status?OriginatorConversationId=" + request.id()).body();
        String said = text(answer, "resultCode");
        boolean unknown = !DepositStatus.PENDING.name().equals(status) && ((Number) row.get("held")).intValue() > 0;
        agrees.verify(AuditRules.promptStatusAgrees(request.id(), said, unknown, paid, PROMPT_SUCCESS,
                PROMPT_NOT_REACHED));
        posted.verify(AuditRules.promptPostedIffPaid(request.id(), unknown, ((Number) row.get("posted")).intValue(),
                paid));
    }

    private void billPayment(Accepted request, Map<String, Instruction> rail, Check finals, Check agrees,
                             Check posted) throws Exception {
        Map<String, Object> row = one("""
                select b.id::text id, b.status, %s
                from bill_payments b where b.client_id = ? and b.originator_conversation_id = ?"""
                .formatted(postedCount("reservation_key", Product.BILL, "b.id")), CLIENT, request.id());
        BillPaymentStatus status = BillPaymentStatus.of(((Number) row.get("status")).intValue());
        tally("bill payment", "status " + status.code());
        finals.verify(status.isFinal(), "bill payment " + request.id() + " is still in status " + status.code());
        Instruction payment = rail.get((String) row.get("id"));
        boolean paid = payment != null && payment.answerStatus == 200 && "PAID".equals(statusIn(payment.answerBody));
        JsonNode answer = client.get("/v1/bill-payments?OriginatorConversationId=" + request.id()).body();
        String said = text(answer, "status");
        agrees.verify(String.valueOf(BillPaymentStatus.COMPLETED.code()).equals(said) == paid, "bill payment "
                + request.id() + ": status " + said + ", the biller " + (paid ? "was paid" : "was not paid"));
        posted.verify((((Number) row.get("posted")).intValue() > 0) == paid,
                "bill payment " + request.id() + ": " + row.get("posted") + " posted legs, the biller " + (paid ? "was paid" : "was not"));
    }

    private void airtime(Accepted request, Map<String, Instruction> rail, Check finals, Check agrees, Check posted)
            throws Exception {
        List<Map<String, Object>> recipients = rows("""
                select r.id::text id, r.status, p.status purchase, %s
                from airtime_recipients r join airtime_purchases p on p.id = r.purchase_id
                where p.client_id = ? and p.originator_conversation_id = ?"""
                .formatted(postedCount("reservation_key", Product.AIRTIME, "r.id")), CLIENT, request.id());
        JsonNode answer = client.get("/v1/airtime-purchase/check-status?OriginatorConversationId=" + request.id()).body();
        long saidCompleted = answer.findValues("status").stream()
                .filter(s -> AirtimeRecipientStatus.COMPLETED.name().equals(s.asString())).count();
        long paidCount = 0;
        for (Map<String, Object> recipient : recipients) {
            AirtimeRecipientStatus status = AirtimeRecipientStatus.valueOf((String) recipient.get("status"));
            AirtimePurchaseStatus purchase = AirtimePurchaseStatus.valueOf((String) recipient.get("purchase"));
            tally("airtime recipient", status.name());
            finals.verify(purchase != AirtimePurchaseStatus.PENDING && status.isFinal(),
                    "airtime " + request.id() + ": a recipient is " + status);
            Instruction topUp = rail.get((String) recipient.get("id"));
            boolean paid = topUp != null && topUp.answerStatus == 200 && "SUCCESS".equals(statusIn(topUp.answerBody));
            paidCount += paid ? 1 : 0;
            agrees.verify((status == AirtimeRecipientStatus.COMPLETED) == paid, "airtime recipient " + recipient.get("id") + " is "
                    + status + ", the network " + (paid ? "topped it up" : "did not"));
            posted.verify((((Number) recipient.get("posted")).intValue() > 0) == paid,
                    "airtime recipient " + recipient.get("id") + ": " + recipient.get("posted") + " posted legs");
        }
        // the purchase's answer lists each recipient's status, and the purchase's own when all are COMPLETED
        agrees.verify(saidCompleted >= paidCount, "airtime " + request.id() + ": check-status shows " + saidCompleted
                + " COMPLETED, the network topped up " + paidCount);
    }

    private void cardPayment(Accepted request, Check finals, Check agrees) throws Exception {
        String refund = request.refunds().getFirst();
        JsonNode answer = client.get(ChaosLoad.CARDS + "/transactions/" + refund).body();
        String status = text(answer, "Status");
        tally("card refund", status);
        finals.verify(CardTransactionStatus.REFUNDED.name().equals(status)
                        || CardTransactionStatus.REFUND_FAILED.name().equals(status),
                "card refund " + refund + " of " + request.id() + " is " + status);
        JsonNode authorisation = client.get(ChaosLoad.CARDS + "/transactions/" + request.id()).body();
        agrees.verify(CardTransactionStatus.AUTHORIZED.name().equals(text(authorisation, "Status"))
                        || authorisation.toString().contains(CardTransactionStatus.CAPTURED.name()),
                "card authorisation " + request.id() + " answers " + text(authorisation, "Status"));
    }

    /**
     * A checkout is Completed (or later refunded) exactly when a rail took its money (one of its prompts paid, however late, or its
     * card captured), and credited exactly then; never left Processing.
     */
    private void checkout(Accepted request, Map<String, Instruction> rail, Check finals, Check agrees, Check posted)
            throws Exception {
        Map<String, Object> order = one("""
                select o.id::text id, o.status, o.payment_method method, o.third_party_reference capture, %s
                from checkout_orders o where o.client_id = ? and o.originator_conversation_id = ?"""
                .formatted(postedCount("idempotency_key", Product.CHECKOUT, "o.id")), CLIENT, request.id());
        int status = ((Number) order.get("status")).intValue();
        tally("checkout", "status " + status);
        finals.verify(status != CheckoutStatus.PROCESSING.code(), "checkout " + request.id() + " is still Processing");
        boolean promptPaid = rows("select id::text id from express_deposits where checkout_id = ?::uuid",
                order.get("id")).stream().map(d -> rail.get((String) d.get("id")))
                .anyMatch(prompt -> prompt != null && prompt.accepted() && prompt.result != null
                        && "0".equals(text(prompt.result, "resultCode")));
        Instruction capture = order.get("capture") == null ? null : rail.get((String) order.get("capture"));
        boolean paid = promptPaid || (PaymentMethod.CARD.name().equals(order.get("method")) && capture != null && capture.accepted());
        String said = text(client.get("/v1/checkout-order/check-status?IdType=1&Id=" + request.id()).body(), "status");
        // Completed, or Completed and then (partly) refunded by the card API
        boolean saidPaid = said != null && said.matches("\\d+")
                && MoneyAudit.PAID_CHECKOUT_STATUSES.contains(Integer.parseInt(said));
        agrees.verify(saidPaid == paid, "checkout " + request.id() + ": status " + said + ", the rails "
                + (paid ? "took its money" : "did not"));
        posted.verify((((Number) order.get("posted")).intValue() == 1) == paid, "checkout " + request.id() + ": "
                + order.get("posted") + " credits, the rails " + (paid ? "took its money" : "did not"));
        // the order credits a prompt it takes (checkout:{orderId}): its attempts move money only to the checkout
        // payments' account, where it waits for the order, and out of it when owed back (deposit:{id}:refund-due),
        // then back to the payer through the rail (deposit:{id}:refund-due:paid-back, issue 45), never to the
        // client's accounts
        List<Map<String, Object>> ownMoney = rows("""
                select t.idempotency_key k, t.credit_account c from express_deposits d join ledger_transfer_states t
                  on t.idempotency_key like '%s' || d.id || '%%'
                where d.checkout_id = ?::uuid and t.credit_account not in ('%s', '%s')
                  and not (t.idempotency_key like '%%:refund-due:paid-back%%' and t.debit_account = '%s')"""
                .formatted(Product.PHONE_PROMPT.keyPrefix(), LedgerAccounts.CHECKOUT_PAYMENTS, LedgerAccounts.REFUNDS_DUE,
                        LedgerAccounts.REFUNDS_DUE),
                order.get("id"));
        posted.verify(ownMoney.isEmpty(), "checkout " + request.id() + ": its prompt attempts moved money elsewhere "
                + "than to the order's waiting account: " + ownMoney.stream().map(r -> r.get("k") + " -> " + r.get("c"))
                .toList());
    }

    /** No payment reached a rail twice under different keys, and every write the rails took belongs to one request. */
    private void sentOnce(Map<String, Instruction> rail) throws SQLException {
        Check once = check("sent-once", "no payment was sent to a rail under two keys; every write a rail took is a known request's");
        Map<String, List<Instruction>> byReference = rails.instructions().stream()
                .filter(i -> !i.path.startsWith("/card-processor/"))
                .collect(Collectors.groupingBy(i -> i.path + " " + i.reference()));
        for (Map.Entry<String, List<Instruction>> reference : byReference.entrySet()) {
            once.verify(reference.getValue().size() == 1, reference.getKey() + " was sent under "
                    + reference.getValue().size() + " keys");
        }
        Set<String> known = new java.util.HashSet<>();
        rows("select rail_reference k from payout_lines where client_id = ?", CLIENT).forEach(r -> known.add((String) r.get("k")));
        rows("select id::text k from express_deposits where client_id = ?", CLIENT).forEach(r -> known.add((String) r.get("k")));
        rows("select id::text k from bill_payments where client_id = ?", CLIENT).forEach(r -> known.add((String) r.get("k")));
        // a refund due paid back to its payer is sent under its pay-back's id (V45)
        rows("select id::text k from pay_backs").forEach(r -> known.add((String) r.get("k")));
        // an operator's reversal of a payout line is sent under PR-{its id}
        rows("select id::text k from payout_reversals where client_id = ?", CLIENT)
                .forEach(r -> known.add(MoneyBackAudit.PAYOUT_REVERSAL_REFERENCE + r.get("k")));
        rows("select r.id::text k from airtime_recipients r join airtime_purchases p on p.id = r.purchase_id where p.client_id = ?",
                CLIENT).forEach(r -> known.add((String) r.get("k")));
        // a settlement is sent to the bank rail under its own id
        rows("select id::text k from settlements where client_id = ?", CLIENT).forEach(r -> known.add((String) r.get("k")));
        for (Instruction instruction : rail.values()) {
            if (!instruction.path.startsWith("/card-processor/")) {
                once.verify(known.contains(instruction.key) || settlementAccountCheck(instruction),
                        instruction.path + " took " + instruction.key + ", which no request of Paywire's has");
            }
        }
    }

    private void ledger() throws SQLException {
        Check transfers = check("ledger-balances", "every posted transfer is two entries summing to zero; nothing "
                + "posted has entries missing, nothing held or voided has any");
        for (Map<String, Object> transfer : rows("""
                select t.id::text id, t.state, t.amount, count(e.id) entries, coalesce(sum(e.amount), 0) total
                from ledger_transfers t left join ledger_entries e on e.transfer_id = t.id group by t.id""")) {
            boolean postedOk = TransferState.POSTED.name().equals(transfer.get("state"))
                    ? ((Number) transfer.get("entries")).intValue() == 2 && ((BigDecimal) transfer.get("total")).signum() == 0
                    : ((Number) transfer.get("entries")).intValue() == 0;
            transfers.verify(postedOk, "transfer " + transfer.get("id") + " (" + transfer.get("state") + ") has "
                    + transfer.get("entries") + " entries summing to " + transfer.get("total"));
        }
        Check accounts = check("accounts-consistent", "each account's balance is the sum of its entries, its reserve "
                + "the sum of its holds, and none went below what it may");
        for (Map<String, Object> account : rows("""
                select a.id, a.balance, a.reserved, a.may_go_negative,
                  (select coalesce(sum(e.amount), 0) from ledger_entries e where e.account_id = a.id) entries,
                  (select coalesce(sum(t.amount), 0) from ledger_transfer_states t where t.debit_account = a.id and t.state = '%s') held
                from ledger_account_balances a""".formatted(TransferState.PENDING))) {
            BigDecimal balance = (BigDecimal) account.get("balance");
            BigDecimal reserved = (BigDecimal) account.get("reserved");
            accounts.verify(balance.compareTo((BigDecimal) account.get("entries")) == 0
                            && reserved.compareTo((BigDecimal) account.get("held")) == 0
                            && (Boolean.TRUE.equals(account.get("may_go_negative")) || balance.subtract(reserved).signum() >= 0),
                    "account " + account.get("id") + ": balance " + balance + ", entries " + account.get("entries")
                            + ", reserved " + reserved + ", holds " + account.get("held"));
        }
        Check client = check("working-balance-from-outcomes", "the client's working account is its opening float, the "
                + "bank entries credited to it, the collections transferred to it and the payouts reversed back to it, "
                + "less every completed payout (reversed ones too), bill and top-up with its fee");
        String workingAccount = LedgerAccounts.working(CLIENT);
        BigDecimal opening = (BigDecimal) one("""
                select coalesce(sum(amount), 0) opening from ledger_transfers
                where debit_account = ? and credit_account = ? and state = ?""",
                LedgerAccounts.FUNDING, workingAccount, TransferState.POSTED.name()).get("opening");
        // a line reversed later (Reversed, 6) was paid first: its amount comes back below, its fee stays spent
        BigDecimal spent = sum("select coalesce(sum(amount + coalesce(fee_amount, 0)), 0) from payout_lines where client_id = ? and transaction_status in ("
                + LineStatus.COMPLETED.code() + ", " + LineStatus.REVERSED.code() + ")")
                .add(sum("select coalesce(sum(amount + fee), 0) from bill_payments where client_id = ? and status = "
                        + BillPaymentStatus.COMPLETED.code()))
                .add(sum("select coalesce(sum(r.amount + r.fee), 0) from airtime_recipients r join airtime_purchases p on p.id = r.purchase_id"
                        + " where p.client_id = ? and r.status = '" + AirtimeRecipientStatus.COMPLETED + "'"));
        // collections moved to payouts by the client (transfer:{id}), each answered once (transfer-moved-once)
        BigDecimal transferredIn = sum("select coalesce(sum(amount), 0) from account_transfers where client_id = ?");
        opening = opening.add(transferredIn)
                .add(sum("select coalesce(sum(amount), 0) from payout_reversals where client_id = ? and status = 'REVERSED'"));
        BigDecimal working = (BigDecimal) one("select balance from ledger_accounts where id = ?", workingAccount)
                .get("balance");
        client.verify(working.compareTo(opening.subtract(spent)) == 0, "working account " + working + ", but opening "
                + "and bank funding and transfers in " + opening + " less outcomes " + spent + " is "
                + opening.subtract(spent));
    }

    /** Every delivery arrived (the receiver always answers 200), and a payment's events in the order they happened. */
    private void notifications() throws SQLException {
        Check delivered = check("notifications-delivered", "every webhook event and callback reached the receiver at least once");
        Check ordered = check("notifications-in-order", "events of one payment reached each target in the order they happened");
        Map<String, Long> firstArrival = new HashMap<>();
        for (NotificationReceiver.Received received : receiver.received()) {
            if (received.eventId() != null) {
                firstArrival.merge(received.eventId() + " " + received.path(), received.sequence(), Math::min);
            }
        }
        List<Map<String, Object>> deliveries = rows("""
                select d.id::text id, d.event_id::text event, d.url, d.status, p.event_id::text predecessor
                from deliveries d left join deliveries p on p.id = d.predecessor_id where d.client_id = ?""", CLIENT);
        for (Map<String, Object> delivery : deliveries) {
            String path = java.net.URI.create((String) delivery.get("url")).getPath();
            Long arrival = firstArrival.get(delivery.get("event") + " " + path);
            delivered.verify(DeliveryStatus.DELIVERED.name().equals(delivery.get("status")) && arrival != null,
                    "delivery " + delivery.get("id") + " of event " + delivery.get("event") + " to " + path + " is "
                    + delivery.get("status") + (arrival == null ? ", never received" : ""));
            if (delivery.get("predecessor") != null && arrival != null) {
                Long before = firstArrival.get(delivery.get("predecessor") + " " + path);
                ordered.verify(before != null && before < arrival, "event " + delivery.get("event") + " reached " + path
                        + " before the event it follows, " + delivery.get("predecessor"));
            }
        }
        for (Accepted request : accepted) {
            if ((request.kind() == Kind.EXPRESS_DEPOSIT || request.kind() == Kind.BILL_PAYMENT
                    || request.kind() == Kind.AIRTIME_PURCHASE)) {
                delivered.verify(receiver.received().stream().anyMatch(r -> r.path().startsWith("/callbacks/")
                        && r.body().contains(request.id())), "no callback for " + request.kind() + " " + request.id());
            }
        }
        for (ChaosLoad.Confirmation confirmation : confirmations) {
            if (!confirmation.suspense()) { // one in suspense is no client's, and nobody is told
                delivered.verify(receiver.received().stream().anyMatch(r -> r.path().equals(ChaosLoad.PAYBILL_CALLBACK)
                        && r.body().contains(confirmation.receipt())), "no paybill callback for " + confirmation.receipt());
            }
        }
    }

    /** No request waits on something that will never come: its workflow is closed, or waits with nothing failing. */
    private void nothingStuck() throws Exception {
        Check stuck = check("nothing-stuck", "every request's workflow is closed, or (a card payment awaiting its "
                + "capture's expiry, a checkout payable until due, an express deposit whose outcome is unknown asking "
                + "the rail) open with no activity retrying; no request waits for its workflow to be started");
        for (Accepted request : accepted) {
            String workflowId = workflowId(request);
            DescribeWorkflowExecutionResponse described = temporal.blockingStub().describeWorkflowExecution(
                    DescribeWorkflowExecutionRequest.newBuilder().setNamespace("default")
                            .setExecution(WorkflowExecution.newBuilder().setWorkflowId(workflowId)).build());
            WorkflowExecutionStatus status = described.getWorkflowExecutionInfo().getStatus();
            boolean open = status == WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_RUNNING;
            boolean waits = request.kind() == Kind.CARD_PAYMENT || request.kind() == Kind.CHECKOUT
                    || (request.kind() == Kind.EXPRESS_DEPOSIT && open && reconciling(request.id()));
            stuck.verify(status == WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_COMPLETED
                            || (open && waits && described.getPendingActivitiesCount() == 0),
                    workflowId + " is " + status + " with " + described.getPendingActivitiesCount() + " activities pending");
        }
        for (String table : List.of("payment_orders", "express_deposits", "bill_payments", "airtime_purchases")) {
            int unstarted = count("select count(*) from " + table + " where client_id = ? and not workflow_started");
            stuck.verify(unstarted == 0, unstarted + " rows of " + table + " whose workflow was never started");
        }
        for (Map<String, Object> settlement : rows("select id::text id, status from settlements where client_id = ?",
                CLIENT)) {
            String workflowId = WorkflowIds.settlement(CLIENT, (String) settlement.get("id"));
            DescribeWorkflowExecutionResponse described = describe(workflowId);
            WorkflowExecutionStatus status = described.getWorkflowExecutionInfo().getStatus();
            boolean waits = SettlementStatus.UNCONFIRMED.name().equals(settlement.get("status"))
                    && status == WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_RUNNING;
            stuck.verify(status == WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_COMPLETED || waits,
                    workflowId + " is " + status + " with " + described.getPendingActivitiesCount()
                            + " activities pending, settlement " + settlement.get("status"));
        }
        int unstartedSettlements = count("select count(*) from settlements where client_id = ? and not workflow_started");
        stuck.verify(unstartedSettlements == 0, unstartedSettlements + " settlements whose workflow was never started");
        int unstartedDeposits = count("select count(*) from paybill_deposits where (client_id = ? or client_id is null)"
                + " and not workflow_started"); // one held in suspense has no client
        stuck.verify(unstartedDeposits == 0, unstartedDeposits + " paybill deposits whose workflow was never started");
    }

    /** Whether the operator's reversal of the payout line took its money back (the line then says Reversed). */
    private boolean reversedLater(String stan) throws SQLException {
        return !rows("select 1 from payout_reversals where client_id = ? and system_trace_audit_number = ?"
                + " and status = 'REVERSED'", CLIENT, stan).isEmpty();
    }

    /**
     * Whether the express deposit closed with its outcome unknown, its held credit pending: its workflow asks the
     * rail for the reconciliation window.
     */
    private boolean reconciling(String originatorConversationId) throws SQLException {
        return !rows("""
                select 1 from express_deposits d join ledger_transfer_states t on t.reservation_key = '%s' || d.id
                where d.client_id = ? and d.originator_conversation_id = ? and t.state = '%s' and d.status <> '%s'"""
                .formatted(Product.PHONE_PROMPT.keyPrefix(), TransferState.PENDING, DepositStatus.PENDING),
                CLIENT, originatorConversationId).isEmpty();
    }

    /**
     * Whether the write is the bank registry's lookup of the account new settlement instructions name: it is sent
     * under the id of its check, which only the check's workflow ({@code settlement-account-check:{client}:{id}})
     * keeps.
     */
    private boolean settlementAccountCheck(Instruction instruction) {
        if (!instruction.path.startsWith("/bank/accounts/")) {
            return false;
        }
        try {
            describe(WorkflowIds.settlementAccountCheck(CLIENT, instruction.key));
            return true;
        } catch (io.grpc.StatusRuntimeException notFound) {
            return false;
        }
    }

    private DescribeWorkflowExecutionResponse describe(String workflowId) {
        return temporal.blockingStub().describeWorkflowExecution(DescribeWorkflowExecutionRequest.newBuilder()
                .setNamespace("default").setExecution(WorkflowExecution.newBuilder().setWorkflowId(workflowId)).build());
    }

    private static String workflowId(Accepted request) {
        return switch (request.kind()) {
            case PAYMENT_ORDER -> WorkflowIds.paymentOrder(CLIENT, request.id());
            case EXPRESS_DEPOSIT -> WorkflowIds.expressDeposit(CLIENT, request.id());
            case BILL_PAYMENT -> WorkflowIds.billPayment(CLIENT, request.id());
            case AIRTIME_PURCHASE -> WorkflowIds.airtime(CLIENT, request.id());
            case CARD_PAYMENT -> WorkflowIds.cardPayment(CLIENT, request.id());
            case CHECKOUT -> WorkflowIds.checkout(CLIENT, request.id());
            case PAYBILL_DEPOSIT -> WorkflowIds.paybillDeposit(request.id());
        };
    }

    void tally(String what, String state) {
        finalStates.computeIfAbsent(what, w -> new java.util.TreeMap<>()).merge(Objects.toString(state), 1, Integer::sum);
    }

    Check check(String name, String description) {
        Check check = new Check(name, description);
        checks.add(check);
        return check;
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node == null ? null : node.findValue(field);
        return value == null || value.isNull() ? null : value.asString();
    }

    /** The {@code status} of a rail answer's JSON body, or null. */
    private static String statusIn(String body) {
        try {
            return text(JSON.readTree(body), "status");
        } catch (RuntimeException notJson) {
            return null;
        }
    }

    /**
     * An SQL column, {@code posted}: the number of posted transfers whose {@code column} is the key of {@code id}
     * (a hold's legs count once each, in the state their resolution rows gave them).
     */
    private static String postedCount(String column, Product product, String id) {
        return "(select count(*) from ledger_transfer_states t where t." + column + " = '" + product.keyPrefix() + "' || "
                + id + " and t.state = '" + TransferState.POSTED + "') posted";
    }

    /**
     * The hold leg {@code t} is the client's: it holds the client's money (a payout's, a refund's) or money for it (a
     * card capture's credit, held on the rail's settlement account), the parameter being the client's id.
     */
    static String clientsHold(String t) {
        return "exists (select 1 from ledger_accounts a where a.id in (" + t + ".debit_account, " + t
                + ".credit_account) and a.client_id = ?)";
    }

    /**
     * An SQL condition: the ledger key {@code reservationKey} is the hold of a payment whose outcome is unknown, which
     * stays pending until the rail's late word or an operator decides (nothing else to wait for): a payout line Timed
     * Out, or a phone prompt's held credit whose deposit closed 1037 with no final word from the rail (a deposit
     * closed on the rail's word settles or releases its hold in the same transaction, so a pending one is unknown), or
     * a settlement UNCONFIRMED (no final word from the bank in its window).
     */
    static String outcomeUnknown(String reservationKey) {
        return "(exists (select 1 from payout_lines l where " + reservationKey + " = '" + Product.PAYOUT.keyPrefix()
                + "' || l.rail_reference and l.transaction_status = " + LineStatus.TIMED_OUT.code() + ")"
                + " or exists (select 1 from express_deposits d where " + reservationKey + " = '"
                + Product.PHONE_PROMPT.keyPrefix() + "' || d.id and d.status = '" + DepositStatus.FAILED
                + "' and d.result_code = '" + PROMPT_NOT_REACHED + "')"
                + " or exists (select 1 from settlements s where " + reservationKey + " = '"
                + Product.SETTLEMENT.keyPrefix() + "' || s.id and s.status = '" + SettlementStatus.UNCONFIRMED + "')"
                // a reversal the rail has not answered: held until it does, or an operator decides
                + " or exists (select 1 from pay_backs p where " + reservationKey + " like '%:reversal:' || p.id || '%'"
                + " and p.status = '" + PayBackStatus.PAYING + "')"
                + " or exists (select 1 from payout_reversals r where " + reservationKey + " like '%:reversal:' || r.id"
                + " || '%' and r.status = 'REVERSING'))";
    }

    /** Status codes for an SQL list, such as 0, 1, 2: the statuses come from their enum, never typed here. */
    static String codes(Collection<Integer> codes) {
        return codes.stream().map(String::valueOf).collect(Collectors.joining(", "));
    }

    private int count(String sql) throws SQLException {
        return ((Number) rows(sql, CLIENT).getFirst().values().iterator().next()).intValue();
    }

    BigDecimal sum(String sql) throws SQLException {
        List<Map<String, Object>> found = rows(sql, CLIENT);
        Object value = found.isEmpty() ? null : found.getFirst().values().iterator().next();
        return value == null ? BigDecimal.ZERO : (BigDecimal) value;
    }

    private Map<String, Object> one(String sql, Object... parameters) throws SQLException {
        List<Map<String, Object>> found = rows(sql, parameters);
        if (found.size() != 1) {
            throw new IllegalStateException(found.size() + " rows for " + List.of(parameters));
        }
        return found.getFirst();
    }

    List<Map<String, Object>> rows(String sql, Object... parameters) throws SQLException {
        try (PreparedStatement statement = db.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            try (ResultSet rs = statement.executeQuery()) {
                ResultSetMetaData meta = rs.getMetaData();
                List<Map<String, Object>> rows = new ArrayList<>();
                while (rs.next()) {
                    Map<String, Object> row = new LinkedHashMap<>();
                    for (int c = 1; c <= meta.getColumnCount(); c++) {
                        row.put(meta.getColumnLabel(c), rs.getObject(c));
                    }
                    rows.add(row);
                }
                return rows;
            }
        }
    }
}
