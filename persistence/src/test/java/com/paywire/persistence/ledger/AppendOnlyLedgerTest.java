package com.paywire.persistence.ledger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.persistence.LedgerInvariants;
import com.paywire.persistence.PersistenceTestApplication;
import com.paywire.persistence.TestDatabase;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.ledger.TransferState;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.vocabulary.rules.money.Leg;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The ledger's rows are only ever inserted (V36): posting or voiding a hold writes a resolution row, and the database
 * refuses to rewrite or delete a transfer or an entry, or to resolve a leg twice.
 */
@SpringBootTest(classes = PersistenceTestApplication.class)
class AppendOnlyLedgerTest {

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        TestDatabase.register(registry);
    }

    @Autowired
    Ledger ledger;
    @Autowired
    ApiClientStore clients;
    @Autowired
    JdbcClient jdbc;
    @Autowired
    TransactionTemplate transaction;

    private String newFundedClient(String name) {
        return LedgerFixtures.fundedClient(clients, ledger, name, "1000.00");
    }

    private static List<Leg> payout(String client) {
        return LedgerFixtures.payout(client, "300.00", "10.00");
    }

    @Test
    void givenAHoldPosted_itsLegsShouldStayPending_andEachGetAResolutionRowThatItsEntriesBelongTo() {
        String client = newFundedClient("append-posted");
        ledger.reserve("payout:append-posted", payout(client), "payout");
        List<Map<String, Object>> pendingBefore = rows("payout:append-posted");

        ledger.post("payout:append-posted");

        List<Map<String, Object>> all = rows("payout:append-posted");
        assertThat(all).extracting(r -> r.get("idempotency_key")).containsExactly("payout:append-posted#0",
                "payout:append-posted#1", "payout:append-posted#0:posted", "payout:append-posted#1:posted");
        assertThat(all.subList(0, 2)).as("the pending legs as they were written").isEqualTo(pendingBefore);
        assertThat(all.subList(0, 2)).allSatisfy(r -> assertThat(r.get("state")).isEqualTo("PENDING"));
        for (int leg = 0; leg < 2; leg++) {
            Map<String, Object> resolution = all.get(2 + leg);
            assertThat(resolution.get("state")).isEqualTo("POSTED");
            assertThat(resolution.get("pending_id")).isEqualTo(all.get(leg).get("id"));
            assertThat(resolution.get("reservation_key")).isEqualTo("payout:append-posted");
            assertThat(jdbc.sql("select count(*) from ledger_entries where transfer_id = ?")
                    .param(resolution.get("id")).query(Integer.class).single()).isEqualTo(2);
            assertThat(jdbc.sql("select count(*) from ledger_entries where transfer_id = ?")
                    .param(all.get(leg).get("id")).query(Integer.class).single()).isZero();
        }
        // each leg once, as the timeline reads it, with its resolution's state and time
        List<Ledger.Transfer> timeline = ledger.transfersOf("payout:append-posted");
        assertThat(timeline).extracting(Ledger.Transfer::key)
                .containsExactly("payout:append-posted#0", "payout:append-posted#1");
        assertThat(timeline).allSatisfy(t -> {
            assertThat(t.state()).isEqualTo(TransferState.POSTED);
            assertThat(t.settledAt()).isNotNull();
        });
        assertThat(ledger.posted("payout:append-posted#0")).contains(payout(client).getFirst());
        assertThat(ledger.posted("payout:append-posted#0:posted")).as("a resolution is no transfer of its own").isEmpty();
        LedgerInvariants.assertHold(jdbc);
    }

    @Test
    void givenAHoldVoided_itsLegsShouldStayPending_withAVoidedResolutionEach_andNoLongerCountAsHeld() {
        String client = newFundedClient("append-voided");
        Ledger.Holds before = ledger.pendingHolds();
        ledger.reserve("payout:append-voided", payout(client), "payout");
        assertThat(ledger.pendingHolds().count()).isEqualTo(before.count() + 1);

        ledger.voidReservation("payout:append-voided");
        ledger.voidReservation("payout:append-voided"); // a retry resolves nothing twice

        assertThat(rows("payout:append-voided")).extracting(r -> r.get("idempotency_key") + " " + r.get("state"))
                .containsExactly("payout:append-voided#0 PENDING", "payout:append-voided#1 PENDING",
                        "payout:append-voided#0:voided VOIDED", "payout:append-voided#1:voided VOIDED");
        assertThat(ledger.transfersOf("payout:append-voided")).extracting(Ledger.Transfer::state)
                .containsExactly(TransferState.VOIDED, TransferState.VOIDED);
        assertThat(ledger.pendingHolds()).isEqualTo(before);
        assertThat(ledger.available(LedgerAccounts.working(client))).isEqualByComparingTo("1000.00");
        LedgerInvariants.assertHold(jdbc);
    }

    @Test
    void givenTransfersAndEntries_theDatabaseShouldRefuseToUpdateOrDeleteThem() {
        String client = newFundedClient("append-refused");
        ledger.reserve("payout:append-refused", payout(client), "payout");
        ledger.post("payout:append-refused");

        assertThatThrownBy(() -> jdbc.sql("update ledger_transfers set state = 'VOIDED' where reservation_key = ?")
                .param("payout:append-refused").update())
                .isInstanceOf(DataAccessException.class).hasMessageContaining("ledger_transfers is append-only");
        assertThatThrownBy(() -> jdbc.sql("update ledger_transfers set description = 'x' where idempotency_key = ?")
                .param("fund:" + client).update())
                .isInstanceOf(DataAccessException.class).hasMessageContaining("append-only");
        assertThatThrownBy(() -> jdbc.sql("delete from ledger_transfers where idempotency_key = ?")
                .param("payout:append-refused#0").update())
                .isInstanceOf(DataAccessException.class).hasMessageContaining("append-only");
        assertThatThrownBy(() -> jdbc.sql("update ledger_entries set amount = amount * 2 where account_id = ?")
                .param(LedgerAccounts.working(client)).update())
                .isInstanceOf(DataAccessException.class).hasMessageContaining("ledger_entries is append-only");
        assertThatThrownBy(() -> jdbc.sql("delete from ledger_entries where account_id = ?")
                .param(LedgerAccounts.working(client)).update())
                .isInstanceOf(DataAccessException.class).hasMessageContaining("append-only");
        LedgerInvariants.assertHold(jdbc);
    }

    @Test
    void givenALegResolvedOnce_theDatabaseShouldRefuseASecondResolution_orOneThatDiffersFromTheLeg() {
        String client = newFundedClient("append-twice");
        ledger.reserve("payout:append-twice", payout(client), "payout");
        ledger.voidReservation("payout:append-twice");
        UUID leg = jdbc.sql("select id from ledger_transfers where idempotency_key = 'payout:append-twice#0'")
                .query(UUID.class).single();

        assertThatThrownBy(() -> transaction.executeWithoutResult(tx -> insertResolution(leg, "payout:append-twice#0:again",
                LedgerAccounts.working(client), LedgerAccounts.railSettlement(Rail.MOBILE_MONEY), "300.00", "VOIDED")))
                .isInstanceOf(DataAccessException.class).hasMessageContaining("ledger_transfers_resolution");

        ledger.reserve("payout:append-other", payout(client), "payout");
        UUID open = jdbc.sql("select id from ledger_transfers where idempotency_key = 'payout:append-other#0'")
                .query(UUID.class).single();
        assertThatThrownBy(() -> transaction.executeWithoutResult(tx -> insertResolution(open, "payout:append-other#0:voided",
                LedgerAccounts.working(client), LedgerAccounts.railSettlement(Rail.MOBILE_MONEY), "299.00", "VOIDED")))
                .isInstanceOf(DataAccessException.class).hasMessageContaining("no pending leg of the same accounts and amount");
        assertThatThrownBy(() -> transaction.executeWithoutResult(tx -> jdbc.sql("""
                insert into ledger_transfers (id, idempotency_key, debit_account, credit_account, amount, state, description)
                values (?, 'void-of-nothing', ?, ?, 1.00, 'VOIDED', 'x')
                """).params(UUID.randomUUID(), LedgerAccounts.working(client), LedgerAccounts.FEE_REVENUE).update()))
                .isInstanceOf(DataAccessException.class).hasMessageContaining("voids no pending leg");
    }

    private void insertResolution(UUID pendingId, String key, String debit, String credit, String amount, String state) {
        jdbc.sql("""
                insert into ledger_transfers (id, idempotency_key, reservation_key, debit_account, credit_account, amount,
                                              state, description, settled_at, pending_id)
                select ?, ?, reservation_key, ?, ?, ?, ?, 'by hand', now(), id from ledger_transfers where id = ?
                """).params(UUID.randomUUID(), key, debit, credit, new BigDecimal(amount), state, pendingId).update();
    }

    /** The hold's rows as stored, legs first, then resolutions, each in leg order. */
    private List<Map<String, Object>> rows(String reservationKey) {
        return jdbc.sql("""
                select id, idempotency_key, reservation_key, debit_account, credit_account, amount, state, description,
                       created_at, settled_at, pending_id
                from ledger_transfers where reservation_key = ?
                order by pending_id is not null, idempotency_key
                """).param(reservationKey).query().listOfRows();
    }
}
