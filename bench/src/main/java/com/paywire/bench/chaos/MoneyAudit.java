package com.paywire.bench.chaos;

import static com.paywire.bench.chaos.Audit.CLIENT;
import static com.paywire.vocabulary.money.Currencies.KES;

import com.paywire.bench.chaos.AuditRules.StatementLine;
import com.paywire.bench.chaos.AuditRules.Transfer;
import com.paywire.bench.chaos.RailFaultProxy.Instruction;
import com.paywire.vocabulary.cards.CardTransactionStatus;
import com.paywire.vocabulary.cards.CardTransactionType;
import com.paywire.vocabulary.checkout.CheckoutStatus;
import com.paywire.vocabulary.checkout.PaymentMethod;
import com.paywire.vocabulary.collections.DepositStatus;
import com.paywire.vocabulary.collections.PaybillDepositStatus;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.ledger.TransferState;
import com.paywire.vocabulary.operations.OperatorActionKind;
import com.paywire.vocabulary.paybacks.PayBackStatus;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.settlements.SettlementStatus;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;

/**
 * The audit's checks of the money that is not a rail's hold: card captures and refunds (and checkouts) against the
 * card processor's record and the ledger, holds left over, and the statements against the ledger. The rules
 * themselves are {@link AuditRules}.
 */
final class MoneyAudit {

    private static final String UTILITY = LedgerAccounts.utility(CLIENT);
    /** A checkout that was paid: Completed, then perhaps Refunded or Partially refunded ({@link CheckoutStatus#paid}). */
    static final Set<Integer> PAID_CHECKOUT_STATUSES = Arrays.stream(CheckoutStatus.values())
            .filter(CheckoutStatus::paid).map(CheckoutStatus::code).collect(Collectors.toSet());
    private static final String PAID_CHECKOUT = Audit.codes(PAID_CHECKOUT_STATUSES);

    private final Audit audit;
    private final ChaosClient client;
    private final RailFaultProxy rails;
    private final Instant loadStart;

    MoneyAudit(Audit audit, ChaosClient client, RailFaultProxy rails, Instant loadStart) {
        this.audit = audit;
        this.client = client;
        this.rails = rails;
        this.loadStart = loadStart;
    }

    void run() throws Exception {
        List<Transfer> posted = audit.rows("""
                select idempotency_key k, debit_account d, credit_account c, amount a from ledger_transfer_states
                where state = '%s' and (idempotency_key like '%s%%' or idempotency_key like '%s%%'
                  or idempotency_key like '%s%%' or idempotency_key like '%s%%')""".formatted(TransferState.POSTED,
                        Product.CARD.keyPrefix(), Product.CHECKOUT.keyPrefix(), Product.PAYBILL_DEPOSIT.keyPrefix(),
                        // a deposit in suspense assigned to the client: credited less its fee, as its workflow would
                        OperatorActionKind.PAYBILL_SUSPENSE_ASSIGNED.ledgerKey("")))
                .stream().map(r -> new Transfer((String) r.get("k"), (String) r.get("d"), (String) r.get("c"),
                        (BigDecimal) r.get("a"))).toList();
        cards(posted);
        checkouts(posted);
        utility(posted, KES);
        holds();
        statement(1, KES);
        statement(2, KES);
        for (String currency : cardCurrencies()) {
            utility(posted, currency);
            statement(2, currency);
        }
    }

    /**
     * Every posted transfer of a dispute ({@code dispute:{id}}, its fee and its re-credit, in legs) and of the
     * recovery of what a dispute left on the receivable from a later credit ({@code <credit>:recovery:dispute:…}).
     */
    private List<Transfer> disputePostings() throws SQLException {
        return audit.rows("""
                select idempotency_key k, debit_account d, credit_account c, amount a from ledger_transfer_states
                where state = ? and (idempotency_key like 'dispute:%' or idempotency_key like '%:recovery:dispute:%')""", TransferState.POSTED.name()).stream()
                .map(r -> new Transfer((String) r.get("k"), (String) r.get("d"), (String) r.get("c"),
                        (BigDecimal) r.get("a"))).toList();
    }

    /** The currencies other than KES that the load's card payments were made in, each with accounts of its own. */
    private List<String> cardCurrencies() throws SQLException {
        return audit.rows("select distinct currency from card_transactions where client_id = ? and currency <> ?",
                CLIENT, KES).stream().map(r -> (String) r.get("currency")).sorted().toList();
    }

    /** Captures and refunds: the processor's record and Paywire's agree, and each is on the ledger once. */
    private void cards(List<Transfer> posted) throws SQLException {
        Check processor = audit.check("card-processor-agrees",
                "a capture or refund is recorded by Paywire exactly when the card processor took it");
        Check credited = audit.check("card-capture-credited-once", "every captured amount is credited to the "
                + "utility account once (card:{captureId}), its fee and credit together the amount captured");
        Check refunded = audit.check("card-refund-debited-once", "every settled refund is debited from the "
                + "utility account once ({credit key}:refund:{refundId}) and returns its amount to the card settlement; a failed "
                + "one leaves nothing");
        Map<String, String> checkoutCaptures = audit.rows("""
                select third_party_reference r, id::text o from checkout_orders
                where client_id = ? and status in (%s) and payment_method = '%s'""".formatted(PAID_CHECKOUT, PaymentMethod.CARD),
                        CLIENT)
                .stream()
                .collect(Collectors.toMap(r -> (String) r.get("r"), r -> Product.CHECKOUT.key((String) r.get("o"))));
        Map<String, Map<String, Object>> recorded = audit.rows("""
                select id, type, status, amount, currency, parent_id from card_transactions
                where client_id = ? and type in ('%s', '%s')""".formatted(CardTransactionType.CAPTURE,
                        CardTransactionType.REFUND), CLIENT).stream()
                .collect(Collectors.toMap(r -> (String) r.get("id"), r -> r));
        Set<String> taken = new HashSet<>();
        for (Instruction instruction : rails.instructions()) {
            if (instruction.accepted() && instruction.path.matches(
                    "/card-processor/(payments/[^/]+/captures|captures/[^/]+/refunds)")) {
                taken.add(instruction.key);
                processor.verify(recorded.containsKey(instruction.key), "the processor took " + instruction.path
                        + " " + instruction.key + ", which Paywire has no record of");
            }
        }
        for (Map<String, Object> operation : recorded.values()) {
            String id = (String) operation.get("id");
            String status = (String) operation.get("status");
            BigDecimal amount = (BigDecimal) operation.get("amount");
            if (CardTransactionType.CAPTURE.name().equals(operation.get("type"))) {
                processor.verify(taken.contains(id) == CardTransactionStatus.CAPTURED.name().equals(status), "capture " + id + " is " + status
                        + ", the processor " + (taken.contains(id) ? "took it" : "did not"));
                if (!checkoutCaptures.containsKey(id)) { // a checkout's capture is credited as the checkout
                    credited.verify(AuditRules.creditedOnce(Product.CARD.key(id), amount,
                            LedgerAccounts.utility(CLIENT, (String) operation.get("currency")), posted));
                }
            } else {
                processor.verify(taken.contains(id), "refund " + id + " is " + status + ", unknown to the processor");
                refunded.verify(!CardTransactionStatus.REFUND_INITIATED.name().equals(status), "refund " + id + " is still initiated");
                boolean settled = CardTransactionStatus.REFUNDED.name().equals(status);
                String capture = (String) operation.get("parent_id");
                String creditKey = checkoutCaptures.getOrDefault(capture, Product.CARD.key(capture));
                refunded.verify(AuditRules.refundBooked(AuditRules.refundKey(creditKey, id), amount, settled,
                        LedgerAccounts.utility(CLIENT, (String) operation.get("currency")), posted));
            }
        }
    }

    /** A completed checkout is credited once as the checkout, and its card capture (if any) is not credited again. */
    private void checkouts(List<Transfer> posted) throws SQLException {
        Check credited = audit.check("checkout-credited-once", "a completed checkout is credited to the "
                + "utility account once (checkout:{orderId}), never again as its card capture; an incomplete one not");
        for (Map<String, Object> order : audit.rows("""
                select id::text id, status, total_amount, payment_method, third_party_reference capture
                from checkout_orders where client_id = ?""", CLIENT)) {
            String key = Product.CHECKOUT.key((String) order.get("id"));
            if (!PAID_CHECKOUT_STATUSES.contains(((Number) order.get("status")).intValue())) {
                credited.verify(AuditRules.of(key, posted).isEmpty(), key + " is not completed but has transfers");
                continue;
            }
            credited.verify(AuditRules.creditedOnce(key, (BigDecimal) order.get("total_amount"), UTILITY, posted));
            if (PaymentMethod.CARD.name().equals(order.get("payment_method"))) {
                credited.verify(AuditRules.of(Product.CARD.key((String) order.get("capture")), posted).stream()
                                .noneMatch(t -> t.credit().equals(UTILITY)),
                        key + ": its capture " + order.get("capture") + " was credited as well");
                credited.verify(AuditRules.of(key, posted).stream()
                                .filter(t -> t.key().equals(key) || t.key().equals(key + ":fee")) // not its refunds
                                .allMatch(t -> t.debit().equals(LedgerAccounts.CHECKOUT_PAYMENTS)),
                        key + ": not paid from the capture held for it on " + LedgerAccounts.CHECKOUT_PAYMENTS);
            }
        }
        Check cleared = audit.check("checkout-payments-cleared", "once everything settled, nothing waits on "
                + LedgerAccounts.CHECKOUT_PAYMENTS + ": each checkout capture paid its order, or went back to the card "
                + "or to the refunds due, once");
        Map<String, Object> waiting = audit.rows("select balance, reserved from ledger_accounts where id = ?",
                LedgerAccounts.CHECKOUT_PAYMENTS).getFirst();
        cleared.verify(((BigDecimal) waiting.get("balance")).signum() == 0
                        && ((BigDecimal) waiting.get("reserved")).signum() == 0,
                LedgerAccounts.CHECKOUT_PAYMENTS + " keeps " + waiting);
        List<Map<String, Object>> held = audit.rows("""
                select t.idempotency_key k from ledger_transfer_states t
                where t.credit_account = ? and t.state = '%s' and not %s""".formatted(TransferState.PENDING,
                Audit.outcomeUnknown("t.reservation_key")), LedgerAccounts.CHECKOUT_PAYMENTS);
        cleared.verify(held.isEmpty(), "checkout payments still held with their outcome known: "
                + held.stream().limit(5).map(h -> h.get("k")).toList());
    }

    /**
     * Once everything settled, no outcome is open, so no hold may be left, but those whose outcome is unknown (a
     * Timed Out payout line's, a phone prompt's credit held while no final word came): they stay until the rail or
     * an operator says.
     */
    private void holds() throws SQLException {
        Check holds = audit.check("no-hold-left", "no hold is left once every outcome is settled, but those of payout"
                + " lines and phone prompts whose outcome is unknown");
        List<Map<String, Object>> held = audit.rows("""
                select t.idempotency_key k, t.amount from ledger_transfer_states t
                where t.state = '%s' and %s and not %s""".formatted(TransferState.PENDING, Audit.clientsHold("t"),
                Audit.outcomeUnknown("t.reservation_key")), CLIENT);
        holds.verify(held.isEmpty(), held.size() + " holds left, e.g. "
                + held.stream().limit(5).map(h -> h.get("k") + " " + h.get("amount")).toList());
    }

    /** The client's statement of an account in a currency since the load began, every page, against the ledger. */
    private void statement(int accountType, String currency) throws Exception {
        String account = accountType == 1 ? LedgerAccounts.working(CLIENT) : LedgerAccounts.utility(CLIENT, currency);
        String name = "statement-equals-ledger-" + accountType + (KES.equals(currency) ? "" : "-" + currency);
        Check matches = audit.check(name, "the statement of the "
                + (accountType == 1 ? "working" : "utility") + " account in " + currency + " since the load began adds "
                + "up to its balance change, each running balance follows, and it shows every ledger entry once, each "
                + "with its product");
        Instant from = loadStart.truncatedTo(ChronoUnit.SECONDS);
        Instant to = Instant.now().plus(1, ChronoUnit.MINUTES).truncatedTo(ChronoUnit.SECONDS);
        List<StatementLine> lines = new ArrayList<>();
        BigDecimal opening = null;
        BigDecimal closing = null;
        long total = 1;
        for (int page = 1; lines.size() < total; page++) {
            JsonNode answer = client.get("/v1/customer-accounts/statement?accountType=" + accountType + "&currency="
                    + currency + "&from=" + from
                    + "&to=" + to + "&page=" + page + "&pageSize=500").body();
            if (answer == null || !answer.has("entries")) {
                matches.verify(false, "the statement answered " + answer);
                return;
            }
            opening = answer.get("openingBalance").decimalValue();
            closing = answer.get("closingBalance").decimalValue();
            total = answer.get("totalEntries").asLong();
            if (answer.get("entries").isEmpty()) {
                break;
            }
            for (JsonNode entry : answer.get("entries")) {
                lines.add(new StatementLine(entry.get("entryId").asLong(), entry.get("amount").decimalValue(),
                        entry.get("runningBalance").decimalValue(), entry.hasNonNull("product") ? entry.get("product").asString() : null,
                        entry.hasNonNull("type") ? entry.get("type").asString() : null));
            }
        }
        Set<Long> ledger = audit.rows("""
                select id from ledger_entries where account_id = ? and created_at >= ? and created_at < ?""",
                account, java.sql.Timestamp.from(from), java.sql.Timestamp.from(to)).stream()
                .map(r -> ((Number) r.get("id")).longValue()).collect(Collectors.toSet());
        List<String> wrong = AuditRules.statementMatches(opening, closing, lines, ledger);
        matches.verify(wrong.isEmpty(), "statement " + accountType + " " + currency + ": " + wrong);
    }

    /**
     * The utility account in a currency from the outcomes Paywire reports: completed express and credited paybill
     * deposits and checkouts (KES),
     * captures in that currency, less settled refunds, less what their fees left with Paywire (whatever the fee
     * policy).
     */
    private void utility(List<Transfer> posted, String currency) throws SQLException {
        Check balance = audit.check("utility-balance-from-outcomes" + (KES.equals(currency) ? "" : "-" + currency),
                "the utility account in " + currency + " is the completed (express and paybill) deposits, captures and checkouts less the "
                        + "settled refunds, the fees Paywire kept, the settlements the bank paid, the transfers to "
                        + "the working account, the collections reversed and what it paid of disputes not won");
        BigDecimal collectedInKes = !KES.equals(currency) ? BigDecimal.ZERO : audit.sum("""
                select coalesce(sum(amount), 0) from express_deposits
                where client_id = ? and status = '%s' and checkout_id is null""".formatted(DepositStatus.COMPLETED))
                .add(audit.sum("select coalesce(sum(total_amount), 0) from checkout_orders where client_id = ? and status in ("
                        + PAID_CHECKOUT + ")"))
                .add(audit.sum("select coalesce(sum(amount), 0) from paybill_deposits where client_id = ? and status = '"
                        + PaybillDepositStatus.CREDITED + "'"));
        String inCurrency = " and c.currency = '" + currency + "'"; // a card API code, read from the database
        BigDecimal expected = collectedInKes
                .add(audit.sum("""
                        select coalesce(sum(c.amount), 0) from card_transactions c where c.client_id = ?
                        and c.type = '%s' and c.status = '%s' and c.id not in (select third_party_reference
                          from checkout_orders where status in (%s) and payment_method = '%s'
                          and third_party_reference is not null)""".formatted(CardTransactionType.CAPTURE,
                        CardTransactionStatus.CAPTURED, PAID_CHECKOUT, PaymentMethod.CARD) + inCurrency))
                .subtract(audit.sum("""
                        select coalesce(sum(amount), 0) from card_transactions c
                        where client_id = ? and type = '%s' and status = '%s'""".formatted(CardTransactionType.REFUND,
                        CardTransactionStatus.REFUNDED) + inCurrency))
                // a reversal's fee leg is in the collections given back below, whole
                .subtract(AuditRules.net(LedgerAccounts.feeRevenue(currency),
                        posted.stream().filter(t -> !t.key().contains(":reversal:")).toList()))
                // collections reversed to their payers (they keep their own status): what the utility account gave
                .subtract(audit.sum("""
                        select coalesce(sum(r.amount - r.fee), 0) from collection_reversals r join pay_backs p
                          on p.id = r.id where r.client_id = ? and p.status = '%s' and r.currency = '%s'"""
                        .formatted(PayBackStatus.PAID, currency)))
                // disputes: the amount and fee the utility account paid (the receivable the rest), won ones back
                .add(AuditRules.net(LedgerAccounts.utility(CLIENT, currency), disputePostings()))
                // what the client moved on: settled to its bank (amount and fee), transferred to its working account
                .subtract(!KES.equals(currency) ? BigDecimal.ZERO : audit.sum("select coalesce(sum(amount), 0) from "
                        + "settlements where client_id = ? and status = '" + SettlementStatus.PAID + "'"))
                .subtract(!KES.equals(currency) ? BigDecimal.ZERO : audit.sum("select coalesce(sum(amount), 0) from "
                        + "account_transfers where client_id = ?"));
        BigDecimal actual = audit.rows("select balance from ledger_accounts where id = ?",
                        LedgerAccounts.utility(CLIENT, currency)).stream()
                .map(r -> (BigDecimal) r.get("balance")).findFirst().orElse(BigDecimal.ZERO);
        balance.verify(actual.compareTo(expected) == 0, "utility account in " + currency + " " + actual
                + ", the outcomes make " + expected);
    }
}
