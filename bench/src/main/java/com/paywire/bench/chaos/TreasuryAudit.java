package com.paywire.bench.chaos;

import static com.paywire.bench.chaos.Audit.CLIENT;

import com.paywire.bench.chaos.AuditRules.Transfer;
import com.paywire.bench.chaos.RailFaultProxy.Instruction;
import com.paywire.bench.chaos.TreasuryLoad.BankEntry;
import com.paywire.vocabulary.funding.BankEntryOutcome;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.ledger.TransferState;
import com.paywire.vocabulary.operations.OperatorActionKind;
import com.paywire.vocabulary.paybacks.PayBackKind;
import com.paywire.vocabulary.paybacks.PayBackStatus;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.settlements.SettlementStatus;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The audit of the client's money beside the payments ({@link TreasuryLoad}): the bank entries the run put on the
 * statements it posted (its own record is the outside truth) each credited once, to the client or to funding
 * suspense; the settlements against the bank rail's record in the proxy; the transfers of collections to payouts.
 */
final class TreasuryAudit {

    private static final String UTILITY = LedgerAccounts.utility(CLIENT);
    private static final String WORKING = LedgerAccounts.working(CLIENT);
    private static final Set<String> BANK_PAID = Set.of("0", "00");
    private static final String PENDING = PayBackStatus.PENDING.name();
    private static final String PAYING = PayBackStatus.PAYING.name();
    private static final String PAID = PayBackStatus.PAID.name();

    private final Audit audit;
    private final TreasuryLoad load;
    private final RailFaultProxy rails;

    TreasuryAudit(Audit audit, TreasuryLoad load, RailFaultProxy rails) {
        this.audit = audit;
        this.load = load;
        this.rails = rails;
    }

    void run(Check finals) throws SQLException {
        funding();
        settlements(finals);
        transfers();
        suspense(finals);
        refundsDue();
    }

    /**
     * The paybill deposits the load sent to suspense, each returned to its payer or assigned by the operator: a
     * return the mobile-money rail reversed is posted once out of {@code PAYBILL_SUSPENSE}, a refused one released,
     * an unknown one held; an assignment credits the client once; what suspense keeps is exactly the rest.
     */
    private void suspense(Check finals) throws SQLException {
        Check returned = audit.check("suspense-returned-once", "every paybill deposit in suspense the operator "
                + "returned is posted once out of " + LedgerAccounts.PAYBILL_SUSPENSE + " when the rail reversed it, "
                + "released when it refused, held while unknown; each one assigned credited the client once; "
                + LedgerAccounts.PAYBILL_SUSPENSE + " keeps exactly the deposits neither returned nor assigned");
        returned.verify(load.problems.stream().noneMatch(p -> p.contains("suspense")), "the suspense actions: "
                + load.problems);
        Map<String, ChaosLoad.Confirmation> suspended = new java.util.HashMap<>();
        load.confirmations.stream().filter(ChaosLoad.Confirmation::suspense).forEach(c -> suspended.put(c.receipt(), c));
        BigDecimal deposited = BigDecimal.ZERO;
        BigDecimal assigned = BigDecimal.ZERO;
        for (ChaosLoad.Confirmation confirmation : suspended.values()) {
            deposited = deposited.add(confirmation.amount());
            TreasuryLoad.SuspenseAction action = load.suspenseActions.get(confirmation.receipt());
            returned.verify(action != null, "paybill deposit " + confirmation.receipt() + " in suspense was never "
                    + "returned nor assigned");
            if (action == null) {
                continue;
            }
            if (action.assigned()) {
                assigned = assigned.add(confirmation.amount());
                String key = OperatorActionKind.PAYBILL_SUSPENSE_ASSIGNED.ledgerKey(confirmation.receipt());
                List<Transfer> legs = AuditRules.of(key, posted(key));
                BigDecimal fee = audit.rows("select coalesce(fee, 0) fee from paybill_deposits where receipt_number = ?",
                        confirmation.receipt()).stream().map(r -> (BigDecimal) r.get("fee")).findFirst()
                        .orElse(BigDecimal.ZERO);
                long credits = legs.stream().filter(t -> t.key().equals(key) && t.credit().equals(UTILITY)
                        && t.amount().compareTo(confirmation.amount().subtract(fee)) == 0).count();
                returned.verify(credits == 1 && AuditRules.net(LedgerAccounts.PAYBILL_SUSPENSE, legs)
                                .compareTo(confirmation.amount().negate()) == 0,
                        key + ": " + legs + ", not " + confirmation.amount() + " out of suspense, less its fee " + fee
                                + " credited once to " + UTILITY);
            } else {
                returned.verify(!audit.rows("select 1 from pay_backs where kind = '" + PayBackKind.SUSPENSE_RETURN + "' and subject = ?",
                        confirmation.receipt()).isEmpty(), "paybill deposit " + confirmation.receipt()
                        + " was returned, but no pay-back of it is recorded");
            }
        }
        BigDecimal reversed = BigDecimal.ZERO;
        for (Map<String, Object> payBack : audit.rows("""
                select id::text id, subject, hold_key, amount, status from pay_backs where kind = ?""",
                PayBackKind.SUSPENSE_RETURN.name())) {
            String id = (String) payBack.get("id");
            String status = (String) payBack.get("status");
            BigDecimal amount = (BigDecimal) payBack.get("amount");
            audit.tally("suspense return", status);
            Instruction reversal = instruction("/mobile-money/reversals", id);
            boolean answered = reversal != null && reversal.result != null && reversal.result.get("resultCode") != null;
            boolean railReversed = reversal != null && reversal.accepted() && answered
                    && "0".equals(reversal.result.get("resultCode").asString());
            finals.verify(!PENDING.equals(status) && !(PAYING.equals(status) && answered),
                    "suspense return " + id + " is still " + status + (answered ? ", the rail answered it" : ""));
            List<Map<String, Object>> legs = legs((String) payBack.get("hold_key"));
            returned.verify(AuditRules.heldThenBooked((String) payBack.get("hold_key"), status, PAYING, amount,
                    LedgerAccounts.PAYBILL_SUSPENSE, railReversed, postedOf(legs), heldOf(legs)));
            returned.verify(suspended.containsKey((String) payBack.get("subject")), "suspense return " + id + " of "
                    + payBack.get("subject") + ", which the load did not send to suspense");
            if (PAID.equals(status)) {
                reversed = reversed.add(amount);
            }
        }
        BigDecimal balance = audit.rows("select balance from ledger_accounts where id = ?",
                LedgerAccounts.PAYBILL_SUSPENSE).stream().map(r -> (BigDecimal) r.get("balance")).findFirst()
                .orElse(BigDecimal.ZERO);
        returned.verify(AuditRules.suspenseLeft(LedgerAccounts.PAYBILL_SUSPENSE, balance, deposited, reversed, assigned));
    }

    /**
     * The payments owed back to their payers ({@code platform:REFUNDS_DUE}, a checkout attempt no order could take):
     * each paid back once through its rail, and what is left there exactly the ones referred (failed for good) or
     * still being paid.
     */
    private void refundsDue() throws SQLException {
        Check cleared = audit.check("refunds-due-cleared", "every refund due paid back is posted once out of "
                + LedgerAccounts.REFUNDS_DUE + "; what is left there is exactly the refunds due referred or still "
                + "being paid");
        BigDecimal open = BigDecimal.ZERO;
        for (Map<String, Object> payBack : audit.rows("""
                select id::text id, hold_key, amount, status from pay_backs where kind = ?""",
                PayBackKind.REFUND_DUE.name())) {
            String status = (String) payBack.get("status");
            BigDecimal amount = (BigDecimal) payBack.get("amount");
            audit.tally("refund due", status);
            List<Map<String, Object>> legs = legs((String) payBack.get("hold_key"));
            // paid: the rail's own check is the B2C payout's or the card refund's (sent-once, card-processor-agrees)
            cleared.verify(AuditRules.heldThenBooked((String) payBack.get("hold_key"),
                    PayBackStatus.REFERRED.name().equals(status) ? PayBackStatus.FAILED.name() : status, PAYING, amount,
                    LedgerAccounts.REFUNDS_DUE, PAID.equals(status), postedOf(legs), heldOf(legs)));
            if (!PAID.equals(status)) {
                open = open.add(amount);
            }
        }
        BigDecimal balance = audit.rows("select balance from ledger_accounts where id = ?",
                LedgerAccounts.REFUNDS_DUE).stream().map(r -> (BigDecimal) r.get("balance")).findFirst()
                .orElse(BigDecimal.ZERO);
        cleared.verify(balance.compareTo(open) == 0, LedgerAccounts.REFUNDS_DUE + " holds " + balance
                + ", the refunds due not paid back make " + open);
    }

    private List<Map<String, Object>> legs(String key) throws SQLException {
        return audit.rows("""
                select idempotency_key k, debit_account d, credit_account c, amount a, state
                from ledger_transfer_states where reservation_key = ? or idempotency_key = ?
                  or idempotency_key like ?""", key, key, key + "#%");
    }

    private static List<Transfer> postedOf(List<Map<String, Object>> legs) {
        return legs.stream().filter(l -> TransferState.POSTED.name().equals(l.get("state")))
                .map(r -> new Transfer((String) r.get("k"), (String) r.get("d"), (String) r.get("c"),
                        (BigDecimal) r.get("a"))).toList();
    }

    private static BigDecimal heldOf(List<Map<String, Object>> legs) {
        return legs.stream().filter(l -> TransferState.PENDING.name().equals(l.get("state")))
                .map(l -> (BigDecimal) l.get("a")).reduce(BigDecimal.ZERO, BigDecimal::add);
    }

    /** The rail's record of the write to {@code path} under {@code id} (its key or the reference it names), or null. */
    private Instruction instruction(String path, String id) {
        for (Instruction instruction : rails.instructions()) {
            if (instruction.path.startsWith(path) && (id.equals(instruction.key) || id.equals(instruction.reference()))) {
                return instruction;
            }
        }
        return null;
    }

    private List<Transfer> posted(String prefix) throws SQLException {
        return audit.rows("""
                select idempotency_key k, debit_account d, credit_account c, amount a from ledger_transfer_states
                where state = '%s' and idempotency_key like '%s%%'""".formatted(TransferState.POSTED, prefix))
                .stream().map(r -> new Transfer((String) r.get("k"), (String) r.get("d"), (String) r.get("c"),
                        (BigDecimal) r.get("a"))).toList();
    }

    /** Every entry sent credited once (or held in funding suspense once), however often its files were posted. */
    private void funding() throws SQLException {
        Check once = audit.check("bank-entry-credited-once", "every bank entry the run put on a statement (each file "
                + "posted twice at once, some overlapping) is one transfer from " + LedgerAccounts.FUNDING + " with its "
                + "amount, to the client's working account or, naming no valid reference, to "
                + LedgerAccounts.FUNDING_SUSPENSE + "; every post answered it so; no other entry moved money");
        List<String> problems = load.problems.stream().filter(p -> !p.contains("suspense")).toList();
        once.verify(problems.isEmpty(), "the treasury load: " + problems);
        List<Transfer> transfers = posted(com.paywire.vocabulary.funding.BankEntry.KEY_PREFIX);
        BigDecimal suspended = BigDecimal.ZERO;
        for (BankEntry entry : load.entries.values()) {
            String key = com.paywire.vocabulary.funding.BankEntry.KEY_PREFIX + entry.reference();
            once.verify(AuditRules.bankEntryBooked(key, entry.amount(), entry.suspense(), LedgerAccounts.FUNDING,
                    WORKING, LedgerAccounts.FUNDING_SUSPENSE, transfers));
            List<String> outcomes = new ArrayList<>();
            for (TreasuryLoad.StatementPost post : load.posts) {
                String outcome = post.outcomes().get(entry.reference());
                if (outcome != null) {
                    outcomes.add(outcome);
                }
            }
            once.verify(AuditRules.bankEntryAnswered(entry.reference(), entry.suspense(), outcomes));
            List<Map<String, Object>> rows = audit.rows("""
                    select outcome, amount, client_id from bank_statement_entries where entry_reference = ?""",
                    entry.reference());
            String expected = (entry.suspense() ? BankEntryOutcome.SUSPENDED : BankEntryOutcome.CREDITED).name();
            once.verify(rows.size() == 1 && expected.equals(rows.getFirst().get("outcome")), "bank entry "
                    + entry.reference() + " is recorded as " + rows + ", not once " + expected);
            audit.tally("bank entry", rows.size() == 1 ? (String) rows.getFirst().get("outcome") : rows.size() + " rows");
            if (entry.suspense()) {
                suspended = suspended.add(entry.amount());
            }
        }
        Set<String> sent = new HashSet<>();
        load.entries.keySet().forEach(r -> sent.add(com.paywire.vocabulary.funding.BankEntry.KEY_PREFIX + r));
        for (Transfer transfer : transfers) {
            once.verify(sent.contains(transfer.key()), transfer.key() + " is no entry the run sent");
        }
        for (TreasuryLoad.StatementPost post : load.posts) {
            once.verify(post.status() == 200, "statement " + post.statementId() + " (" + post.format()
                    + ") was answered " + post.status());
        }
        BigDecimal inSuspense = audit.rows("select balance from ledger_accounts where id = ?",
                LedgerAccounts.FUNDING_SUSPENSE).stream().map(r -> (BigDecimal) r.get("balance")).findFirst()
                .orElse(BigDecimal.ZERO);
        once.verify(inSuspense.compareTo(suspended) == 0, LedgerAccounts.FUNDING_SUSPENSE + " holds " + inSuspense
                + ", the entries sent with no valid reference make " + suspended);
    }

    /** Each settlement paid by the bank posted once, failed ones released, unknown ones still held; none stranded. */
    private void settlements(Check finals) throws SQLException {
        Check booked = audit.check("settlement-paid-iff-posted", "every settlement the bank paid is PAID and posted "
                + "once (net to the bank's settlement, fee to revenue); one it failed or never got is FAILED and "
                + "released; one with no final word UNCONFIRMED and held whole; none left in flight");
        Set<String> asked = new HashSet<>();
        for (TreasuryLoad.SettlementAsked settlement : load.settlements) {
            if (settlement.settlementId() != null) {
                asked.add(settlement.settlementId());
            }
        }
        List<Map<String, Object>> rows = audit.rows("""
                select id::text id, status, amount from settlements where client_id = ?""", CLIENT);
        Set<String> recorded = new HashSet<>();
        for (Map<String, Object> row : rows) {
            String id = (String) row.get("id");
            recorded.add(id);
            String status = (String) row.get("status");
            audit.tally("settlement", status);
            finals.verify(SettlementStatus.valueOf(status).isFinal()
                            || SettlementStatus.UNCONFIRMED.name().equals(status),
                    "settlement " + id + " is still " + status);
            booked.verify(asked.contains(id), "settlement " + id + " is none the load asked for");
            String key = Product.SETTLEMENT.key(id);
            List<Map<String, Object>> legs = legs(key);
            booked.verify(AuditRules.settlementBooked(id, status, (BigDecimal) row.get("amount"), UTILITY,
                    bankPaid(id), postedOf(legs), heldOf(legs)));
        }
        for (String id : asked) {
            booked.verify(recorded.contains(id), "settlement " + id + " was answered but is not recorded");
        }
    }

    /** Whether the bank rail's record says it paid the settlement (its payout was sent under the settlement's id). */
    private boolean bankPaid(String id) {
        Instruction instruction = instruction("/bank/transfers", id);
        return instruction != null && instruction.accepted() && instruction.result != null
                && instruction.result.get("resultCode") != null
                && BANK_PAID.contains(instruction.result.get("resultCode").asString());
    }

    /** Each transfer of collections to payouts the API answered moved once; none moved that was not answered. */
    private void transfers() throws SQLException {
        Check once = audit.check("transfer-moved-once", "every transfer of collections to payouts the API answered "
                + "moved its amount from the utility to the working account once (transfer:{id}); no other moved");
        List<Transfer> posted = posted(Product.ACCOUNT_TRANSFER.keyPrefix());
        Set<String> answered = new HashSet<>();
        for (TreasuryLoad.TransferAsked transfer : load.transfers) {
            if (transfer.transferId() == null) {
                continue;
            }
            String key = Product.ACCOUNT_TRANSFER.key(transfer.transferId());
            answered.add(key);
            once.verify(AuditRules.transferMovedOnce(key, transfer.amount(), UTILITY, WORKING, posted));
        }
        for (Transfer transfer : posted) {
            once.verify(answered.contains(transfer.key()), transfer.key() + " moved, but the load has no answer of it");
        }
    }
}
