package com.paywire.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.vocabulary.ledger.TransferState;
import java.math.BigDecimal;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The ledger's invariants, checked against what PostgreSQL holds. Shared with other modules' tests. */
public final class LedgerInvariants {

    private LedgerInvariants() {
    }

    public static void assertHold(JdbcClient jdbc) {
        BigDecimal total = jdbc.sql("select coalesce(sum(amount), 0) from ledger_entries").query(BigDecimal.class).single();
        assertThat(total).as("sum of all entries").isEqualByComparingTo("0");

        assertThat(jdbc.sql("""
                select count(*) from ledger_transfers t
                where (select count(*) from ledger_entries e where e.transfer_id = t.id) <> case t.state when :posted then 2 else 0 end
                   or (select coalesce(sum(amount), 0) from ledger_entries e where e.transfer_id = t.id) <> 0
                """).param("posted", TransferState.POSTED.name()).query(Integer.class).single()).as("transfers whose entries are not one balanced pair").isZero();

        assertThat(jdbc.sql("""
                select count(*) from ledger_account_balances a
                where a.balance <> (select coalesce(sum(amount), 0) from ledger_entries e where e.account_id = a.id)
                """).query(Integer.class).single()).as("accounts whose balance differs from their entries").isZero();

        assertThat(jdbc.sql("""
                select count(*) from ledger_account_balances a
                where a.reserved <> (select coalesce(sum(amount), 0) from ledger_transfer_states t
                                     where t.debit_account = a.id and t.state = ?)
                """).param(TransferState.PENDING.name()).query(Integer.class).single()).as("accounts whose holds differ from their pending transfers").isZero();

        assertThat(jdbc.sql("""
                select count(*) from ((select id from ledger_transfer_states where state = :pending
                                       except select transfer_id from ledger_open_holds)
                                      union all (select transfer_id from ledger_open_holds
                                       except select id from ledger_transfer_states where state = :pending)) differ
                """).param("pending", TransferState.PENDING.name()).query(Integer.class).single())
                .as("open holds that differ from the pending legs without a resolution").isZero();

        assertThat(jdbc.sql("select count(*) from ledger_account_balances where not may_go_negative and balance - reserved < 0")
                .query(Integer.class).single()).as("accounts below zero").isZero();
    }
}
