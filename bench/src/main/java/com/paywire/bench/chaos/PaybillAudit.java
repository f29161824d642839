package com.paywire.bench.chaos;

import static com.paywire.bench.chaos.Audit.CLIENT;

import com.paywire.bench.chaos.AuditRules.Transfer;
import com.paywire.bench.chaos.ChaosLoad.Confirmation;
import com.paywire.vocabulary.collections.PaybillDepositStatus;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.ledger.TransferState;
import com.paywire.vocabulary.products.Product;
import java.math.BigDecimal;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * The audit of the paybill deposits (C2B) the chaos run confirmed as the rail: the driver's record of what it
 * confirmed is the outside truth, as the rail proxy's record is for the payouts. Each confirmed receipt is recorded
 * once, final, answered as the client sees it, and credited once less its fee (or held in suspense once); the
 * ledger's paybill transfers are those receipts' and no other's.
 */
final class PaybillAudit {

    private static final String UTILITY = LedgerAccounts.utility(CLIENT);

    private final Audit audit;
    private final ChaosClient client;

    PaybillAudit(Audit audit, ChaosClient client) {
        this.audit = audit;
        this.client = client;
    }

    void run(List<Confirmation> confirmations, Check finals, Check agrees, Check posted) throws Exception {
        run(confirmations, Set.of(), finals, agrees, posted);
    }

    /**
     * As above, {@code assigned} naming the receipts in suspense an operator assigned to the sandbox client: each is
     * then CREDITED and found by the client's status query (its credit, from suspense, is the treasury audit's).
     */
    void run(List<Confirmation> confirmations, Set<String> assigned, Check finals, Check agrees, Check posted)
            throws Exception {
        Check once = audit.check("paybill-credited-once", "every confirmed receipt is one deposit of the confirmed "
                + "amount, credited once less its fee (or held in suspense once); the paybill credits sum to the "
                + "confirmations less their fees, and no other receipt has a paybill transfer");
        List<Transfer> transfers = audit.rows("""
                select idempotency_key k, debit_account d, credit_account c, amount a from ledger_transfer_states
                where state = '%s' and idempotency_key like '%s%%'""".formatted(TransferState.POSTED,
                        Product.PAYBILL_DEPOSIT.keyPrefix()))
                .stream().map(r -> new Transfer((String) r.get("k"), (String) r.get("d"), (String) r.get("c"),
                        (BigDecimal) r.get("a"))).toList();
        Set<String> confirmedKeys = new HashSet<>();
        BigDecimal expectedCredits = BigDecimal.ZERO;
        for (Confirmation confirmation : confirmations) {
            List<Map<String, Object>> rows = audit.rows("""
                    select id::text id, status, amount, fee from paybill_deposits where receipt_number = ?""",
                    confirmation.receipt());
            once.verify(rows.size() == 1, "receipt " + confirmation.receipt() + " confirmed "
                    + confirmation.confirmations() + " times is " + rows.size() + " deposits");
            if (rows.size() != 1) {
                continue;
            }
            Map<String, Object> row = rows.getFirst();
            String status = (String) row.get("status");
            BigDecimal amount = (BigDecimal) row.get("amount");
            BigDecimal fee = row.get("fee") == null ? BigDecimal.ZERO : (BigDecimal) row.get("fee");
            String key = Product.PAYBILL_DEPOSIT.key((String) row.get("id"));
            confirmedKeys.add(key);
            audit.tally("paybill deposit", status);
            boolean wasAssigned = assigned.contains(confirmation.receipt());
            PaybillDepositStatus expected = confirmation.suspense() && !wasAssigned ? PaybillDepositStatus.SUSPENDED
                    : PaybillDepositStatus.CREDITED;
            finals.verify(expected.name().equals(status), "paybill deposit " + confirmation.receipt() + " is "
                    + status + ", not " + expected);
            once.verify(amount.compareTo(confirmation.amount()) == 0, "paybill deposit " + confirmation.receipt()
                    + " is of " + amount + ", the rail confirmed " + confirmation.amount());
            if (!confirmation.suspense()) {
                expectedCredits = expectedCredits.add(confirmation.amount()).subtract(fee);
            }
            posted.verify(AuditRules.paybillBooked(key, confirmation.amount(), fee, confirmation.suspense(), UTILITY,
                    LedgerAccounts.PAYBILL_SUSPENSE, transfers));
            ChaosClient.Answer answer = client.get("/v1/paybill-deposit/check-status?ReceiptNumber="
                    + confirmation.receipt());
            agrees.verify(confirmation.suspense() && !wasAssigned ? answer.status() == 404
                            : answer.ok() && said(answer.body(), status),
                    "paybill deposit " + confirmation.receipt() + " (" + status + ") answers " + answer.status() + " "
                            + answer.raw());
        }
        BigDecimal credited = transfers.stream().filter(t -> t.credit().equals(UTILITY)).map(Transfer::amount)
                .reduce(BigDecimal.ZERO, BigDecimal::add);
        once.verify(credited.compareTo(expectedCredits) == 0, "the paybill credits to " + UTILITY + " sum to "
                + credited + ", the confirmations less their fees to " + expectedCredits);
        for (Transfer transfer : transfers) {
            String key = transfer.key().split(":")[0] + ":" + transfer.key().split(":")[1];
            once.verify(confirmedKeys.contains(key), transfer.key() + " belongs to no receipt the rail confirmed");
        }
    }

    /** Whether the client's status answer lists the deposit once, in {@code status}. */
    private static boolean said(JsonNode body, String status) {
        JsonNode deposits = body == null ? null : body.get("deposits");
        return deposits != null && deposits.size() == 1 && status.equals(deposits.get(0).path("status").asString());
    }
}
