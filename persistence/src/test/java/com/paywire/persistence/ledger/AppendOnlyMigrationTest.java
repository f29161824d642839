package com.paywire.persistence.ledger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.persistence.LedgerInvariants;
import com.paywire.persistence.TestDatabase;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.ledger.TransferState;
import com.paywire.vocabulary.rails.Rail;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * V36 on a database whose holds were posted and voided by rewriting their legs in place: each leg goes back to
 * PENDING with a resolution row of its own (the posted legs' entries move to it, at the time the leg was settled),
 * open holds stay open, and the ledger reads and moves on as if it had always been append-only.
 */
class AppendOnlyMigrationTest {

    private static final String CLIENT = "migrated";
    private static final String WORKING = LedgerAccounts.working(CLIENT);
    private static final String SETTLEMENT = LedgerAccounts.railSettlement(Rail.MOBILE_MONEY);
    private static final OffsetDateTime HELD = OffsetDateTime.of(2026, 11, 3, 9, 0, 0, 0, ZoneOffset.UTC);
    private static final OffsetDateTime SETTLED = HELD.plusMinutes(3);

    @Test
    void givenHoldsRewrittenInPlace_eachLegShouldBeSplitIntoItsPendingRowAndItsResolution_andTheBooksStayAsTheyWere() {
        DataSource db = TestDatabase.newDatabaseAt("35");
        JdbcClient jdbc = JdbcClient.create(db);
        jdbc.sql("insert into clients (client_id, name, secret_hash, scopes) values (?, 'M', 'x', 'payouts')")
                .param(CLIENT).update();
        jdbc.sql("""
                insert into ledger_accounts (id, client_id, kind, currency, balance, reserved, may_go_negative) values
                  (?, ?, 'WORKING', 'KES', 690.00, 105.00, false)
                """).params(WORKING, CLIENT).update();
        jdbc.sql("update ledger_accounts set balance = -1000.00 where id = ?").param(LedgerAccounts.FUNDING).update();
        jdbc.sql("update ledger_accounts set balance = 300.00 where id = ?").param(SETTLEMENT).update();
        jdbc.sql("update ledger_accounts set balance = 10.00 where id = ?").param(LedgerAccounts.FEE_REVENUE).update();
        UUID funding = oldTransfer(jdbc, "fund:" + CLIENT, null, LedgerAccounts.FUNDING, WORKING, "1000.00", "POSTED");
        entries(jdbc, funding, LedgerAccounts.FUNDING, WORKING, "1000.00");
        UUID postedAmount = oldTransfer(jdbc, "payout:p#0", "payout:p", WORKING, SETTLEMENT, "300.00", "POSTED");
        entries(jdbc, postedAmount, WORKING, SETTLEMENT, "300.00");
        UUID postedFee = oldTransfer(jdbc, "payout:p#1", "payout:p", WORKING, LedgerAccounts.FEE_REVENUE, "10.00", "POSTED");
        entries(jdbc, postedFee, WORKING, LedgerAccounts.FEE_REVENUE, "10.00");
        oldTransfer(jdbc, "payout:v#0", "payout:v", WORKING, SETTLEMENT, "200.00", "VOIDED");
        oldTransfer(jdbc, "payout:o#0", "payout:o", WORKING, SETTLEMENT, "100.00", "PENDING");
        oldTransfer(jdbc, "payout:o#1", "payout:o", WORKING, LedgerAccounts.FEE_REVENUE, "5.00", "PENDING");

        TestDatabase.migrate(db);

        assertThat(jdbc.sql("""
                select idempotency_key || ' ' || state || ' ' || coalesce(settled_at = ?, false)
                       || ' ' || (pending_id is not null)
                from ledger_transfers order by idempotency_key
                """).param(SETTLED).query(String.class).list()).containsExactly(
                "fund:migrated POSTED true false",
                "payout:o#0 PENDING false false", "payout:o#1 PENDING false false",
                "payout:p#0 PENDING false false", "payout:p#0:posted POSTED true true",
                "payout:p#1 PENDING false false", "payout:p#1:posted POSTED true true",
                "payout:v#0 PENDING false false", "payout:v#0:voided VOIDED true true");
        assertThat(jdbc.sql("""
                select count(*) from ledger_entries e join ledger_transfers t on t.id = e.transfer_id
                where t.idempotency_key in ('payout:p#0:posted', 'payout:p#1:posted') and e.created_at = ?
                """).param(SETTLED).query(Integer.class).single()).as("the posted legs' entries, on their resolutions")
                .isEqualTo(4);
        LedgerInvariants.assertHold(jdbc);

        Ledger ledger = new Ledger(jdbc);
        assertThat(ledger.transfersOf("payout:p")).extracting(t -> t.key() + " " + t.state() + " " + t.settledAt())
                .containsExactly("payout:p#0 POSTED " + SETTLED, "payout:p#1 POSTED " + SETTLED);
        assertThat(ledger.transfersOf("payout:v")).extracting(Ledger.Transfer::state).containsExactly(TransferState.VOIDED);
        assertThat(ledger.pendingHolds()).isEqualTo(new Ledger.Holds(1, new BigDecimal("105.00")));
        assertThatThrownBy(() -> ledger.post("payout:v")).hasMessageContaining("voided");
        new TransactionTemplate(new DataSourceTransactionManager(db)).executeWithoutResult(tx -> ledger.post("payout:o"));
        assertThat(ledger.pendingHolds()).isEqualTo(new Ledger.Holds(0, new BigDecimal("0")));
        assertThat(ledger.find(WORKING).orElseThrow().balance()).isEqualByComparingTo("585.00");
        LedgerInvariants.assertHold(jdbc);
        assertThatThrownBy(() -> jdbc.sql("update ledger_transfers set state = 'POSTED' where idempotency_key = 'payout:v#0'")
                .update()).isInstanceOf(DataAccessException.class).hasMessageContaining("append-only");
    }

    /** A transfer as the ledger wrote it before V36: a settled leg's own row rewritten to POSTED or VOIDED. */
    private static UUID oldTransfer(JdbcClient jdbc, String key, String reservationKey, String debit, String credit,
                                    String amount, String state) {
        UUID id = UUID.randomUUID();
        boolean settled = !"PENDING".equals(state);
        jdbc.sql("""
                insert into ledger_transfers (id, idempotency_key, reservation_key, debit_account, credit_account, amount,
                                              state, description, created_at, settled_at)
                values (?, ?, ?, ?, ?, ?, ?, 'before V36', ?, ?)
                """).params(id, key, reservationKey, debit, credit, new BigDecimal(amount), state,
                reservationKey == null ? SETTLED : HELD, settled ? SETTLED : null).update();
        return id;
    }

    private static void entries(JdbcClient jdbc, UUID transfer, String debit, String credit, String amount) {
        jdbc.sql("insert into ledger_entries (transfer_id, account_id, amount, created_at) values (?, ?, ?, ?), (?, ?, ?, ?)")
                .params(transfer, debit, new BigDecimal(amount).negate(), SETTLED, transfer, credit, new BigDecimal(amount),
                        SETTLED).update();
    }
}
