package com.paywire.activities.funding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.activities.ActivitiesTestApplication;
import com.paywire.activities.UnusedRails;
import com.paywire.domain.InvalidInputException;
import com.paywire.domain.UnknownResourceException;
import com.paywire.domain.funding.BankFunding;
import com.paywire.domain.funding.FundingConflict;
import com.paywire.domain.funding.FundingReferences;
import com.paywire.domain.operations.OperatorActions;
import com.paywire.persistence.TestDatabase;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.persistence.ledger.LedgerStatement;
import com.paywire.vocabulary.ledger.BalanceTransactionType;
import com.paywire.vocabulary.ledger.StatementEntry;
import java.time.Instant;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.vocabulary.funding.BankEntry;
import com.paywire.vocabulary.funding.BankEntryOutcome;
import com.paywire.vocabulary.funding.BankEntryResult;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.operations.OperatorActionKind;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A bank statement's entries move money once per bank reference, however often and however concurrently the
 * statement (or an overlapping one) is applied; a credit naming no client goes to funding suspense, which an
 * operator assigns once; debits, other currencies and unbooked entries move nothing.
 */
@SpringBootTest(classes = ActivitiesTestApplication.class)
class BankFundingLedgerTest {

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        TestDatabase.register(registry);
        UnusedRails.register(registry);
    }

    @Autowired
    BankStatementActivitiesImpl activities;
    @Autowired
    BankFunding funding;
    @Autowired
    FundingReferences references;
    @Autowired
    OperatorActions operatorActions;
    @Autowired
    ApiClientStore clients;
    @Autowired
    Ledger ledger;
    @Autowired
    JdbcClient jdbc;
    @Autowired
    LedgerStatement statement;

    @Test
    void givenACreditNamingAClientsReference_itShouldCreditItsWorkingAccountOnce_andARetryOfTheSameRunAnswerTheSame() {
        String client = client();
        String reference = references.of(client);
        assertThat(references.of(client)).as("stable").isEqualTo(reference);
        BankEntry entry = credit("top up " + reference, "1500.00");

        BankEntryResult first = activities.applyBankEntry("ACC:S1", "run-1", "ACC", "S1", entry);
        BankEntryResult retried = activities.applyBankEntry("ACC:S1", "run-1", "ACC", "S1", entry);

        assertThat(first.outcome()).isEqualTo(BankEntryOutcome.CREDITED);
        assertThat(first.clientId()).isEqualTo(client);
        assertThat(first.fundingReference()).isEqualTo(reference);
        assertThat(retried).isEqualTo(first);
        assertThat(ledger.available(LedgerAccounts.working(client))).isEqualByComparingTo("1500.00");
        assertThat(events(client)).isEqualTo(1);
    }

    @Test
    void givenTheSameStatementPostedAgain_orAnOverlappingOne_eachEntryShouldBeCreditedOnce() {
        String client = client();
        BankEntry entry = credit("Ref " + references.of(client), "250.00");

        assertThat(activities.applyBankEntry("ACC:S1", "run-a", "ACC", "S1", entry).outcome())
                .isEqualTo(BankEntryOutcome.CREDITED);
        BankEntryResult again = activities.applyBankEntry("ACC:S1", "run-b", "ACC", "S1", entry);
        BankEntryResult overlapping = activities.applyBankEntry("ACC:S2", "run-c", "ACC", "S2", entry);

        assertThat(again.outcome()).isEqualTo(BankEntryOutcome.ALREADY_PROCESSED);
        assertThat(overlapping.outcome()).isEqualTo(BankEntryOutcome.ALREADY_PROCESSED);
        assertThat(overlapping.reason()).contains("S1");
        assertThat(ledger.available(LedgerAccounts.working(client))).isEqualByComparingTo("250.00");
        assertThat(events(client)).isEqualTo(1);
    }

    @Test
    void givenTwoStatementsWithTheSameEntryAppliedAtOnce_itShouldBeCreditedOnce() throws Exception {
        String client = client();
        BankEntry entry = credit(references.of(client), "99.99");
        int parallel = 6;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(parallel);
        try {
            List<Future<BankEntryResult>> results = new java.util.ArrayList<>();
            for (int i = 0; i < parallel; i++) {
                String run = "run-" + i;
                Callable<BankEntryResult> apply = () -> {
                    start.await();
                    return activities.applyBankEntry("ACC:S" + run, run, "ACC", "S" + run, entry);
                };
                results.add(pool.submit(apply));
            }
            start.countDown();
            long credited = 0;
            for (Future<BankEntryResult> result : results) {
                BankEntryOutcome outcome = result.get().outcome();
                assertThat(outcome).isIn(BankEntryOutcome.CREDITED, BankEntryOutcome.ALREADY_PROCESSED);
                credited += outcome == BankEntryOutcome.CREDITED ? 1 : 0;
            }
            assertThat(credited).isEqualTo(1);
        } finally {
            pool.shutdownNow();
        }
        assertThat(ledger.available(LedgerAccounts.working(client))).isEqualByComparingTo("99.99");
    }

    @Test
    void givenATypoInTheReference_orNone_orAnUnknownOne_orADisabledClients_theCreditShouldGoToFundingSuspense() {
        String client = client();
        String reference = references.of(client);
        String typo = reference.substring(0, 9) + ((reference.charAt(9) - '0' + 1) % 10);
        String disabled = client();
        String disabledReference = references.of(disabled);
        clients.setEnabled(disabled, false);
        BigDecimal suspenseBefore = ledger.available(LedgerAccounts.FUNDING_SUSPENSE);

        List<BankEntryResult> results = List.of(
                activities.applyBankEntry("ACC:T", "run", "ACC", "T", credit("top up " + typo, "10.00")),
                activities.applyBankEntry("ACC:T", "run", "ACC", "T", credit("no reference here", "20.00")),
                activities.applyBankEntry("ACC:T", "run", "ACC", "T", credit(unusedReference(), "30.00")),
                activities.applyBankEntry("ACC:T", "run", "ACC", "T", credit(disabledReference, "40.00")));

        assertThat(results).extracting(BankEntryResult::outcome).containsOnly(BankEntryOutcome.SUSPENDED);
        assertThat(results).extracting(BankEntryResult::clientId).containsOnlyNulls();
        assertThat(results.get(0).reason()).contains("check digit");
        assertThat(results.get(1).reason()).contains("no funding reference");
        assertThat(results.get(3).reason()).contains("disabled");
        assertThat(ledger.available(LedgerAccounts.working(client))).isEqualByComparingTo("0");
        assertThat(ledger.available(LedgerAccounts.FUNDING_SUSPENSE).subtract(suspenseBefore))
                .isEqualByComparingTo("100.00");
    }

    @Test
    void givenADebit_aCreditInAnotherCurrency_orAnUnbookedOne_nothingShouldMove() {
        String client = client();
        String reference = references.of(client);
        BigDecimal fundingBefore = ledger.available(LedgerAccounts.FUNDING);
        String ref = "E" + UUID.randomUUID();

        assertThat(activities.applyBankEntry("ACC:I", "run", "ACC", "I",
                new BankEntry(ref + "d", false, true, new BigDecimal("5.00"), "KES", reference, null)).outcome())
                .isEqualTo(BankEntryOutcome.IGNORED_DEBIT);
        assertThat(activities.applyBankEntry("ACC:I", "run", "ACC", "I",
                new BankEntry(ref + "u", true, true, new BigDecimal("5.00"), "USD", reference, null)).outcome())
                .isEqualTo(BankEntryOutcome.IGNORED_CURRENCY);
        assertThat(activities.applyBankEntry("ACC:I", "run", "ACC", "I",
                new BankEntry(ref + "p", true, false, new BigDecimal("5.00"), "KES", reference, null)).outcome())
                .isEqualTo(BankEntryOutcome.IGNORED_NOT_BOOKED);

        assertThat(ledger.available(LedgerAccounts.working(client))).isEqualByComparingTo("0");
        assertThat(ledger.available(LedgerAccounts.FUNDING)).isEqualByComparingTo(fundingBefore);
        assertThat(jdbc.sql("select count(*) from bank_statement_entries where entry_reference like ?")
                .param(ref + "%").query(Long.class).single()).isZero();
    }

    @Test
    void givenAnEntryInSuspense_anOperatorsAssignmentShouldCreditTheClientOnce_andASecondBeRefusedNamingWhoAssignedIt() {
        String client = client();
        BankEntry entry = credit("for acme ltd", "700.00");
        activities.applyBankEntry("ACC:U", "run", "ACC", "U", entry);
        BigDecimal suspense = ledger.available(LedgerAccounts.FUNDING_SUSPENSE);

        funding.assign(entry.entryReference(), client, "the payer's letter names acme", "ops-anna");

        assertThat(ledger.available(LedgerAccounts.working(client))).isEqualByComparingTo("700.00");
        assertThat(ledger.available(LedgerAccounts.FUNDING_SUSPENSE)).isEqualByComparingTo(
                suspense.subtract(new BigDecimal("700.00")));
        assertThat(operatorActions.find(OperatorActionKind.FUNDING_SUSPENSE_ASSIGNED, entry.entryReference()))
                .hasValueSatisfying(a -> {
                    assertThat(a.operatorId()).isEqualTo("ops-anna");
                    assertThat(a.clientId()).isEqualTo(client);
                    assertThat(a.reason()).isEqualTo("the payer's letter names acme");
                });
        assertThat(funding.suspended(500)).anySatisfy(e -> {
            assertThat(e.entryReference()).isEqualTo(entry.entryReference());
            assertThat(e.assignedClientId()).isEqualTo(client);
        });
        assertThat(events(client)).isEqualTo(1);

        String other = client();
        assertThatThrownBy(() -> funding.assign(entry.entryReference(), other, "again", "ops-bob"))
                .isInstanceOf(FundingConflict.class).hasMessageContaining("ops-anna").hasMessageContaining(client);
        assertThat(ledger.available(LedgerAccounts.working(other))).isEqualByComparingTo("0");
        assertThat(ledger.available(LedgerAccounts.working(client))).isEqualByComparingTo("700.00");
    }

    @Test
    void givenAnUnknownEntry_aCreditedOne_anUnknownClient_orADisabledOne_theAssignmentShouldBeRefused_withNothingMoved() {
        String client = client();
        BankEntry credited = credit(references.of(client), "12.00");
        activities.applyBankEntry("ACC:V", "run", "ACC", "V", credited);
        BankEntry suspended = credit("nobody", "13.00");
        activities.applyBankEntry("ACC:V", "run", "ACC", "V", suspended);
        String disabled = client();
        clients.setEnabled(disabled, false);

        assertThatThrownBy(() -> funding.assign("no-such-entry", client, "why", "ops"))
                .isInstanceOf(UnknownResourceException.class);
        assertThatThrownBy(() -> funding.assign(credited.entryReference(), client, "why", "ops"))
                .isInstanceOf(FundingConflict.class);
        assertThatThrownBy(() -> funding.assign(suspended.entryReference(), "no-such-client", "why", "ops"))
                .isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> funding.assign(suspended.entryReference(), disabled, "why", "ops"))
                .isInstanceOf(InvalidInputException.class);
        assertThat(operatorActions.find(OperatorActionKind.FUNDING_SUSPENSE_ASSIGNED, suspended.entryReference()))
                .isEmpty();
        assertThat(ledger.available(LedgerAccounts.working(client))).isEqualByComparingTo("12.00");
    }

    @Test
    void onTheClientsStatement_aBankCreditShouldBeFunding_andAnAssignmentAnAdjustment_eachWithTheBanksReference() {
        String client = client();
        String reference = references.of(client);
        BankEntry credited = credit("top up " + reference, "300.00");
        BankEntry suspended = credit("no reference", "40.00");
        activities.applyBankEntry("ACC:W", "run", "ACC", "W", credited);
        activities.applyBankEntry("ACC:W", "run", "ACC", "W", suspended);
        funding.assign(suspended.entryReference(), client, "phoned in", "ops");

        List<StatementEntry> entries = statement.page(LedgerAccounts.working(client), client,
                Instant.now().minusSeconds(3600), Instant.now().plusSeconds(3600), 0, 10).entries();

        assertThat(entries).hasSize(2);
        assertThat(entries.get(0).type()).isEqualTo(BalanceTransactionType.FUNDING);
        assertThat(entries.get(0).product()).isEqualTo("FUNDING");
        assertThat(entries.get(0).receiptNumber()).isEqualTo(credited.entryReference());
        assertThat(entries.get(0).clientReference()).isEqualTo(reference);
        assertThat(entries.get(0).paywireReference()).isEqualTo("W");
        assertThat(entries.get(0).netAmount()).isEqualByComparingTo("300.00");
        assertThat(entries.get(1).type()).isEqualTo(BalanceTransactionType.ADJUSTMENT);
        assertThat(entries.get(1).receiptNumber()).isEqualTo(suspended.entryReference());
        assertThat(entries.get(1).netAmount()).isEqualByComparingTo("40.00");
    }

    private String client() {
        String client = "client-" + UUID.randomUUID();
        clients.register(new ApiClient(client, client, "unused", Set.of("payouts")), List.of());
        return client;
    }

    private static BankEntry credit(String remittance, String amount) {
        return new BankEntry("BNK" + UUID.randomUUID().toString().replace("-", "").substring(0, 16), true, true,
                new BigDecimal(amount), "KES", remittance, LocalDate.of(2026, 12, 1));
    }

    /** A valid reference no client has. */
    private String unusedReference() {
        for (int payload = 9_999_999; ; payload--) {
            String reference = com.paywire.vocabulary.funding.FundingReference.of(payload);
            if (references.clientOf(reference).isEmpty()) {
                return reference;
            }
        }
    }

    private long events(String client) {
        return jdbc.sql("select count(*) from events where client_id = ? and type = 'balance.funded'")
                .param(client).query(Long.class).single();
    }
}
