package com.paywire.persistence.ledger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.persistence.PersistenceTestApplication;
import com.paywire.persistence.TestDatabase;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.rules.money.Leg;
import java.math.BigDecimal;
import java.util.List;
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
 * The database itself refuses a posted transfer whose entries do not balance (V37): rows written by hand, past the
 * ledger's code, are checked when their transaction commits.
 */
@SpringBootTest(classes = PersistenceTestApplication.class)
class LedgerBalancedAtCommitTest {

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

    @Test
    void givenAPostedTransferWhoseEntriesDoNotBalance_theCommitShouldBeRefused_andNothingOfItKept() {
        String client = newFundedClient("append-balance");
        String working = LedgerAccounts.working(client);

        assertThatThrownBy(() -> transaction.executeWithoutResult(tx -> {
            UUID id = insertPosted("unbalanced:" + client, working, LedgerAccounts.FEE_REVENUE, "50.00");
            insertEntry(id, working, "-50.00");
            insertEntry(id, LedgerAccounts.FEE_REVENUE, "49.99");
        })).isInstanceOf(DataAccessException.class).hasMessageContaining("does not balance");
        assertThatThrownBy(() -> transaction.executeWithoutResult(tx ->
                insertPosted("no-entries:" + client, working, LedgerAccounts.FEE_REVENUE, "50.00")))
                .isInstanceOf(DataAccessException.class).hasMessageContaining("does not balance");
        assertThatThrownBy(() -> transaction.executeWithoutResult(tx -> {
            UUID id = insertPosted("wrong-accounts:" + client, working, LedgerAccounts.FEE_REVENUE, "50.00");
            insertEntry(id, working, "50.00");
            insertEntry(id, LedgerAccounts.FEE_REVENUE, "-50.00");
        })).isInstanceOf(DataAccessException.class).hasMessageContaining("does not balance");
        assertThat(jdbc.sql("select count(*) from ledger_transfers where idempotency_key in (?, ?, ?)")
                .params("unbalanced:" + client, "no-entries:" + client, "wrong-accounts:" + client)
                .query(Integer.class).single()).isZero();

        // a balanced pair commits; a third entry on it, or one on a pending leg, is refused
        transaction.executeWithoutResult(tx -> {
            UUID id = insertPosted("balanced:" + client, working, LedgerAccounts.FEE_REVENUE, "50.00");
            insertEntry(id, working, "-50.00");
            insertEntry(id, LedgerAccounts.FEE_REVENUE, "50.00");
        });
        UUID balanced = jdbc.sql("select id from ledger_transfers where idempotency_key = ?").param("balanced:" + client)
                .query(UUID.class).single();
        assertThatThrownBy(() -> insertEntry(balanced, working, "0.00"))
                .isInstanceOf(DataAccessException.class).hasMessageContaining("two entries already");
        ledger.reserve("payout:append-balance", List.of(new Leg(working, LedgerAccounts.FEE_REVENUE,
                new BigDecimal("300.00"))), "payout");
        UUID pending = jdbc.sql("select id from ledger_transfers where idempotency_key = 'payout:append-balance#0'")
                .query(UUID.class).single();
        assertThatThrownBy(() -> insertEntry(pending, working, "-300.00"))
                .isInstanceOf(DataAccessException.class).hasMessageContaining("not posted");
    }

    private UUID insertPosted(String key, String debit, String credit, String amount) {
        UUID id = UUID.randomUUID();
        jdbc.sql("""
                insert into ledger_transfers (id, idempotency_key, debit_account, credit_account, amount, state,
                                              description, settled_at)
                values (?, ?, ?, ?, ?, 'POSTED', 'by hand', now())
                """).params(id, key, debit, credit, new BigDecimal(amount)).update();
        return id;
    }

    private void insertEntry(UUID transfer, String account, String amount) {
        jdbc.sql("insert into ledger_entries (transfer_id, account_id, amount) values (?, ?, ?)")
                .params(transfer, account, new BigDecimal(amount)).update();
    }
}
