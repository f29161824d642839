package com.paywire.bench.chaos;

import static com.paywire.bench.chaos.Audit.CLIENT;

import com.paywire.bench.chaos.AuditRules.Transfer;
import com.paywire.bench.chaos.MoneyBackLoad.DisputeOpened;
import com.paywire.bench.chaos.RailFaultProxy.Instruction;
import com.paywire.vocabulary.ledger.TransferState;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The audit of the money that came back ({@link MoneyBackLoad}): every dispute the run notified as the processor
 * recorded once, debited once (amount and fee), decided as its merchant's answer says and re-credited once when won;
 * every reversal, of a collection or of a payout, held before the rail was asked and then posted, released or kept
 * held exactly as the rail's own record (the proxy's) says.
 */
final class MoneyBackAudit {

    /** The simulator's wallets whose reversals it never answers: their holds stay, and nothing waits for them. */
    private static final String REVERSALS = "/mobile-money/reversals";
    /** What a payout reversal's id is sent to the rail under (PayoutReversals.isPayoutReversal). */
    static final String PAYOUT_REVERSAL_REFERENCE = "PR-";
    static final Set<String> SILENT_WALLETS = Set.of("+254711000004", "+" + MoneyBackLoad.UNANSWERED_WALLET);

    private final Audit audit;
    private final MoneyBackLoad load;
    private final RailFaultProxy rails;

    MoneyBackAudit(Audit audit, MoneyBackLoad load, RailFaultProxy rails) {
        this.audit = audit;
        this.load = load;
        this.rails = rails;
    }

    void run(Check finals) throws SQLException {
        disputes(finals);
        reversals(finals);
    }

    private void disputes(Check finals) throws SQLException {
        Check once = audit.check("dispute-debited-once", "every dispute the processor notified (some twice at once) is "
                + "one dispute, its amount and fee debited once from the client, decided as the merchant's answer "
                + "says (won by winning evidence, lost by losing evidence, acceptance or no answer by the due date) and "
                + "its amount credited back once exactly when won");
        once.verify(load.problems.stream().noneMatch(p -> p.startsWith("dispute")), "the disputes: " + load.problems);
        Set<String> known = new HashSet<>();
        for (DisputeOpened opened : load.disputes.values()) {
            known.add(opened.processorDisputeId());
            List<Map<String, Object>> found = audit.rows("""
                    select id, status, accepted, amount, fee from card_disputes
                    where client_id = ? and processor_dispute_id = ?""", CLIENT, opened.processorDisputeId());
            once.verify(found.size() == 1, "dispute " + opened.processorDisputeId() + " notified "
                    + opened.notifications() + " times is " + found.size() + " disputes");
            if (found.size() != 1) {
                continue;
            }
            Map<String, Object> dispute = found.getFirst();
            String id = (String) dispute.get("id");
            String status = (String) dispute.get("status");
            audit.tally("dispute " + opened.fate(), status);
            finals.verify(!"NEEDS_RESPONSE".equals(status) && !"UNDER_REVIEW".equals(status),
                    "dispute " + id + " (" + opened.fate() + ") is still " + status);
            once.verify(AuditRules.disputeDecided(id, opened.fate().name(), status,
                    Boolean.TRUE.equals(dispute.get("accepted"))));
            once.verify(AuditRules.disputeBooked(id, opened.amount(), (BigDecimal) dispute.get("fee"),
                    "WON".equals(status), posted("dispute:" + id)));
        }
        for (Map<String, Object> stray : audit.rows("select processor_dispute_id p from card_disputes where client_id = ?",
                CLIENT)) {
            once.verify(known.contains((String) stray.get("p")), "dispute " + stray.get("p")
                    + " was recorded, but the processor never notified it");
        }
    }

    /**
     * Each reversal (a pay-back of a collection, or a payout line's) against the rail's record: reversed there
     * exactly when Paywire says so, its hold posted once in full; refused there, released; no answer, held whole.
     */
    private void reversals(Check finals) throws SQLException {
        Check matches = audit.check("reversal-matches-rail", "every reversal of a collection or a payout was held "
                + "before the mobile-money rail was asked, posted once when the rail reversed it, released when it "
                + "refused, still held while it never answered; each the run asked for was made or refused with a 4xx");
        matches.verify(load.problems.stream().allMatch(p -> p.startsWith("dispute")), "the money-back load: "
                + load.problems);
        for (MoneyBackLoad.ReversalAsked asked : load.reversals) {
            matches.verify(asked.reversalId() != null || asked.status() / 100 == 4, (asked.payout() ? "payout line "
                    : "collection ") + asked.subject() + ": the reversal asked was answered " + asked.status() + " "
                    + asked.answer());
        }
        List<Map<String, Object>> made = audit.rows("""
                select p.id::text id, p.status, r.amount, 'PAID' done, 'PAYING' waiting, false payout
                from pay_backs p join collection_reversals r on r.id = p.id where r.client_id = ?
                union all
                select id::text, status, amount, 'REVERSED', 'REVERSING', true from payout_reversals where client_id = ?""",
                CLIENT, CLIENT);
        for (Map<String, Object> reversal : made) {
            String id = (String) reversal.get("id");
            String status = (String) reversal.get("status");
            boolean payout = Boolean.TRUE.equals(reversal.get("payout"));
            audit.tally(payout ? "payout reversal" : "collection reversal", status);
            Instruction sent = reversalAt(id);
            Boolean railReversed = sent == null ? Boolean.FALSE : !sent.accepted() ? Boolean.FALSE
                    : sent.result == null || sent.result.get("resultCode") == null ? null
                    : "0".equals(sent.result.get("resultCode").asString());
            finals.verify(railReversed != null || silent(sent) || status.equals(reversal.get("waiting")),
                    "reversal " + id + " is " + status + " with no answer from the rail");
            List<Map<String, Object>> legs = audit.rows("""
                    select idempotency_key k, debit_account d, credit_account c, amount a, state
                    from ledger_transfer_states where reservation_key like ? or idempotency_key like ?""",
                    "%:reversal:" + id + "%", "%:reversal:" + id + "%");
            matches.verify(AuditRules.reversalBooked(id, status, (String) reversal.get("done"),
                    (String) reversal.get("waiting"), (BigDecimal) reversal.get("amount"), railReversed,
                    sum(legs, TransferState.POSTED), sum(legs, TransferState.PENDING)));
        }
    }

    /**
     * The proxy's record of the rail's reversal under {@code id} (a pay-back's id; a payout reversal's is sent as
     * {@code PR-<id>}), or null when the rail was never asked.
     */
    private Instruction reversalAt(String id) {
        for (Instruction instruction : rails.instructions()) {
            if (instruction.path.equals(REVERSALS) && (id.equals(instruction.reference())
                    || (PAYOUT_REVERSAL_REFERENCE + id).equals(instruction.reference()))) {
                return instruction;
            }
        }
        return null;
    }

    static boolean silent(Instruction sent) {
        return sent != null && sent.accepted() && sent.request != null && sent.request.get("msisdn") != null
                && SILENT_WALLETS.contains(sent.request.get("msisdn").asString());
    }

    /** The reversals the rail took and will never answer (the simulator's silent wallets): nothing waits for them. */
    int unanswerable() {
        return (int) rails.instructions().stream().filter(i -> i.path.equals(REVERSALS))
                .filter(MoneyBackAudit::silent).filter(i -> i.result == null).count();
    }

    private static BigDecimal sum(List<Map<String, Object>> legs, TransferState state) {
        return legs.stream().filter(l -> state.name().equals(l.get("state"))).map(l -> (BigDecimal) l.get("a"))
                .reduce(BigDecimal.ZERO, BigDecimal::add);
    }

    private List<Transfer> posted(String prefix) throws SQLException {
        return audit.rows("""
                select idempotency_key k, debit_account d, credit_account c, amount a from ledger_transfer_states
                where state = ? and idempotency_key like ?""", TransferState.POSTED.name(), prefix + "%").stream()
                .map(r -> new Transfer((String) r.get("k"), (String) r.get("d"), (String) r.get("c"),
                        (BigDecimal) r.get("a"))).toList();
    }
}
