package com.paywire.activities.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.activities.ActivitiesTestApplication;
import com.paywire.activities.UnusedRails;
import com.paywire.domain.money.LedgerCheck;
import com.paywire.persistence.TestDatabase;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.persistence.ledger.LedgerConsistency;
import com.paywire.persistence.operations.UnconfirmedPaymentStore;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.vocabulary.rules.money.Leg;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The daily proof of the books finds nothing on a ledger built by normal postings, and each kind of violation when
 * the data is broken on purpose: through the account rows (transfers and entries are append-only), and by a
 * transfer written by hand between currencies, which balances in itself but not per currency. One test, in order:
 * what it breaks last cannot be mended.
 */
@SpringBootTest(classes = ActivitiesTestApplication.class)
class LedgerCheckTest {

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        TestDatabase.register(registry);
        UnusedRails.register(registry);
    }

    @Autowired
    LedgerCheck check;
    @Autowired
    LedgerConsistency consistency;
    @Autowired
    UnconfirmedPaymentStore unconfirmed;
    @Autowired
    Ledger ledger;
    @Autowired
    ApiClientStore clients;
    @Autowired
    JdbcClient jdbc;
    @Autowired
    TransactionTemplate transaction;

    @Test
    void givenNormalPostings_theCheckShouldFindNothing_andGivenEachKindOfBreak_itShouldNameItsOffenders() {
        String client = "ledger-check";
        String working = LedgerAccounts.working(client);
        clients.register(new ApiClient(client, client, "x", Set.of("payouts")), List.of());
        ledger.transfer("fund:" + client, new Leg(LedgerAccounts.FUNDING, working, new BigDecimal("1000.00")), "float");
        ledger.reserve("payout:posted", payout(client, "300.00"), "payout");
        ledger.post("payout:posted");
        ledger.reserve("payout:voided", payout(client, "200.00"), "payout");
        ledger.voidReservation("payout:voided");
        ledger.reserve("payout:held", payout(client, "100.00"), "payout");
        UUID bill = UUID.randomUUID();
        ledger.reserve(Product.BILL.key(bill.toString()), payout(client, "50.00"), "bill");

        LedgerCheck.Report clean = check.run();
        assertThat(clean.ok()).as(clean.toString()).isTrue();
        assertThat(clean.checks()).extracting(LedgerCheck.Result::name).containsExactlyElementsOf(LedgerCheck.CHECKS);

        // a day and more later the two open holds are stale, unless referred to operations
        LedgerCheck later = new LedgerCheck(consistency, unconfirmed,
                Clock.offset(Clock.systemUTC(), LedgerCheck.holdWindow(Product.PAYOUT).plus(Duration.ofMinutes(1))));
        assertThat(found(later.run()).get(LedgerCheck.NO_STALE_HOLDS))
                .extracting(LedgerCheck.Result::count, LedgerCheck.Result::firstIds)
                .containsExactly(2L, List.of("payout:held", "bill:" + bill));
        referBill(client, bill);
        assertThat(found(later.run()).get(LedgerCheck.NO_STALE_HOLDS).firstIds()).containsExactly("payout:held");
        assertThat(check.run().ok()).as("within the window nothing is stale").isTrue();

        // a balance that is not its entries, then below zero as well
        jdbc.sql("alter table ledger_accounts drop constraint ledger_accounts_check").update(); // what it guards
        jdbc.sql("update ledger_accounts set balance = balance - 1000.00 where id = ?").param(working).update();
        Map<String, LedgerCheck.Result> broken = found(check.run());
        assertThat(broken.get(LedgerCheck.BALANCES_EQUAL_ENTRIES).firstIds()).containsExactly(working);
        assertThat(broken.get(LedgerCheck.NONE_BELOW_ZERO).firstIds()).containsExactly(working);
        assertThat(broken.get(LedgerCheck.RESERVED_EQUALS_PENDING).count()).isZero();
        jdbc.sql("update ledger_accounts set balance = balance + 1000.00 where id = ?").param(working).update();

        // a reserved that is not its pending legs
        jdbc.sql("update ledger_accounts set reserved = reserved + 0.01 where id = ?").param(working).update();
        assertThat(found(check.run()).get(LedgerCheck.RESERVED_EQUALS_PENDING))
                .extracting(LedgerCheck.Result::count, LedgerCheck.Result::firstIds).containsExactly(1L, List.of(working));
        jdbc.sql("update ledger_accounts set reserved = reserved - 0.01 where id = ?").param(working).update();
        assertThat(check.run().ok()).as("mended").isTrue();

        // a transfer by hand from KES into USD: it balances, the currencies do not
        String dollars = "test:" + client + ":USD";
        jdbc.sql("insert into ledger_accounts (id, kind, currency, may_go_negative) values (?, 'TEST', 'USD', true)")
                .param(dollars).update();
        transaction.executeWithoutResult(tx -> {
            UUID id = UUID.randomUUID();
            jdbc.sql("""
                    insert into ledger_transfers (id, idempotency_key, debit_account, credit_account, amount, state,
                                                  description, settled_at)
                    values (?, 'across', ?, ?, 5.00, 'POSTED', 'by hand', now())
                    """).params(id, LedgerAccounts.FEE_REVENUE, dollars).update();
            jdbc.sql("insert into ledger_entries (transfer_id, account_id, amount) values (?, ?, -5.00), (?, ?, 5.00)")
                    .params(id, LedgerAccounts.FEE_REVENUE, id, dollars).update();
        });
        Map<String, LedgerCheck.Result> across = found(check.run());
        assertThat(across.get(LedgerCheck.ENTRIES_SUM_TO_ZERO).firstIds()).containsExactly("KES -5.00", "USD 5.00");
        assertThat(across.get(LedgerCheck.BALANCES_EQUAL_ENTRIES).firstIds())
                .containsExactly(LedgerAccounts.FEE_REVENUE, dollars);
    }

    private static List<Leg> payout(String client, String amount) {
        return List.of(new Leg(LedgerAccounts.working(client), LedgerAccounts.railSettlement(Rail.MOBILE_MONEY),
                        new BigDecimal(amount)),
                new Leg(LedgerAccounts.working(client), LedgerAccounts.FEE_REVENUE, new BigDecimal("10.00")));
    }

    /** A bill payment pending confirmation, referred to operations, as its workflow leaves it after its window. */
    private void referBill(String client, UUID bill) {
        jdbc.sql("""
                insert into bill_payments (id, client_id, originator_conversation_id, service_id, account_number,
                                           amount, fee, status, status_code, referred_at)
                values (?, ?, 'referred-bill', '6c1f3b0e-2a7d-4f4e-9a61-000000000001', '123', 50.00, 10.00, 1, '14', now())
                """).params(bill, client).update();
    }

    private static Map<String, LedgerCheck.Result> found(LedgerCheck.Report report) {
        return report.checks().stream().collect(Collectors.toMap(LedgerCheck.Result::name, r -> r));
    }
}
