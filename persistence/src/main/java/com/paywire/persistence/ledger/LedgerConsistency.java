package com.paywire.persistence.ledger;

import com.paywire.vocabulary.ledger.TransferState;
import java.time.OffsetDateTime;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * What the books must say of themselves, read from the whole ledger: each query answers how many rows break one
 * rule and the first {@value #FIRST} of them (by id). They read every entry, so they are for a daily check, not for
 * a request path. The pending legs are read from the transfers themselves (ledger_transfer_states), not from the
 * open holds that the metrics read, so that the check proves what it checks.
 */
@Repository
public class LedgerConsistency {

    /** How many offenders a finding names. */
    public static final int FIRST = 10;

    private final JdbcClient jdbc;

    public LedgerConsistency(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** @param first the first offenders, by id, at most {@value #FIRST} */
    public record Finding(long count, List<String> first) {

        static final Finding NONE = new Finding(0, List.of());
    }

    /** A hold's leg still pending, and since when. */
    public record OpenHold(String reservationKey, OffsetDateTime heldSince) {
    }

    /** The currencies whose entries do not sum to zero, each named with its sum ({@code KES 0.01}). */
    public Finding currenciesNotSummingToZero() {
        return find("""
                select a.currency || ' ' || sum(e.amount) as offender
                from ledger_entries e join ledger_accounts a on a.id = e.account_id
                group by a.currency having sum(e.amount) <> 0
                """);
    }

    /**
     * The accounts whose balance is not the sum of their entries: every account, the receivables too, and a striped
     * account's balance as its row and its stripes make it (V48).
     */
    public Finding balancesDifferingFromEntries() {
        return find("""
                select a.id as offender from ledger_account_balances a
                left join (select account_id, sum(amount) as total from ledger_entries group by account_id) e
                       on e.account_id = a.id
                where a.balance <> coalesce(e.total, 0)
                """);
    }

    /** The accounts whose stored reserved is not the sum of their open pending legs. */
    public Finding reservedDifferingFromPendingLegs() {
        return find("""
                select a.id as offender from ledger_account_balances a
                left join (select debit_account, sum(amount) as total from ledger_transfer_states
                           where state = '%s' group by debit_account) h
                       on h.debit_account = a.id
                where a.reserved <> coalesce(h.total, 0)
                """.formatted(TransferState.PENDING));
    }

    /**
     * The accounts that may not go negative whose balance, or balance less what is held, is below zero. A client's
     * receivable may (a debt is what it is for), so a debt is never a finding here.
     */
    public Finding accountsBelowZero() {
        return find("""
                select id as offender from ledger_account_balances
                where not may_go_negative and (balance < 0 or balance - reserved < 0)
                """);
    }

    /** The holds with a leg pending since before {@code before}, oldest first. */
    public List<OpenHold> holdsPendingSince(OffsetDateTime before) {
        return jdbc.sql("""
                select reservation_key, min(created_at) as held_since from ledger_transfer_states
                where state = ? and created_at < ?
                group by reservation_key order by held_since, reservation_key
                """).params(TransferState.PENDING.name(), before)
                .query((rs, n) -> new OpenHold(rs.getString("reservation_key"),
                        rs.getObject("held_since", OffsetDateTime.class)))
                .list();
    }

    /** How many rows {@code offenders} answers, and the first of them; its one column is {@code offender}. */
    private Finding find(String offenders) {
        List<Offender> found = jdbc.sql("select offender, count(*) over () as total from (" + offenders + ") o"
                        + " order by offender limit " + FIRST)
                .query((rs, n) -> new Offender(rs.getString("offender"), rs.getLong("total"))).list();
        return found.isEmpty() ? Finding.NONE
                : new Finding(found.getFirst().total(), found.stream().map(Offender::id).toList());
    }

    private record Offender(String id, long total) {
    }
}
