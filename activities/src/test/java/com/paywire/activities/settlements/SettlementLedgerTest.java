package com.paywire.activities.settlements;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.activities.ActivitiesTestApplication;
import com.paywire.activities.UnusedRails;
import com.paywire.domain.InvalidInputException;
import com.paywire.domain.money.MoneyEngine;
import com.paywire.domain.notifications.EventPublisher;
import com.paywire.domain.rails.accountregistry.AccountLookupProtocol;
import com.paywire.domain.settlements.NewSettlementInstructions;
import com.paywire.domain.settlements.SettlementAccounts;
import com.paywire.domain.settlements.SettlementProperties;
import com.paywire.domain.settlements.Settlements;
import com.paywire.persistence.TestDatabase;
import com.paywire.persistence.charges.ChargeBands;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.persistence.operations.UnconfirmedPaymentStore;
import com.paywire.persistence.settlements.SettlementStore;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.vocabulary.ledger.BalanceTransactionType;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.vocabulary.rules.money.Leg;
import com.paywire.vocabulary.settlements.SettledEntry;
import com.paywire.vocabulary.settlements.Settlement;
import com.paywire.vocabulary.settlements.SettlementStatus;
import com.paywire.workflows.SearchAttributeRegistration;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.accountvalidation.LookupOutcome;
import com.paywire.workflows.payouts.RailResult;
import com.paywire.workflows.settlements.SettlementAccountCheckWorkflowImpl;
import com.paywire.workflows.settlements.SettlementHold;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Settlements on a real PostgreSQL: the instructions' account check and cool-off, the money held, posted,
 * released or kept on the utility account, once per settlement, and the entries each settles adding up. The
 * workflows' steps are called here as the workflow would (SettlementWorkflowsTest runs the workflow itself); the
 * account check runs its real workflow against a registry answering as told.
 */
@SpringBootTest(classes = ActivitiesTestApplication.class)
class SettlementLedgerTest {

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        TestDatabase.register(registry);
        UnusedRails.register(registry);
    }

    static final SettlementProperties PROPERTIES = new SettlementProperties(LocalTime.of(16, 0),
            ZoneId.of("Africa/Nairobi"), DayOfWeek.FRIDAY, Duration.ofHours(24), Duration.ofSeconds(10),
            Duration.ofMinutes(5), Duration.ofMinutes(1), Duration.ofHours(24));

    @Autowired
    SettlementStore store;
    @Autowired
    Ledger ledger;
    @Autowired
    MoneyEngine money;
    @Autowired
    ChargeBands charges;
    @Autowired
    EventPublisher events;
    @Autowired
    TransactionTemplate transaction;
    @Autowired
    ApiClientStore clients;
    @Autowired
    UnconfirmedPaymentStore referrals;

    /** The platform's clock, moved by the tests. */
    static final class MovableClock extends Clock {
        Instant now = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.MICROS);

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    TestWorkflowEnvironment env;
    MovableClock clock;
    volatile AccountLookupProtocol.Answer registryAnswer;
    Settlements settlements;
    SettlementAccounts accounts;
    String client;

    @BeforeEach
    void setUp() {
        env = TestWorkflowEnvironment.newInstance();
        SearchAttributeRegistration.register(env.getWorkflowServiceStubs(), env.getNamespace());
        Worker worker = env.newWorker(TaskQueues.PAYOUTS);
        worker.registerWorkflowImplementationTypes(SettlementAccountCheckWorkflowImpl.class);
        worker.registerActivitiesImplementations(new AccountCheckActivitiesImpl(
                (reference, type, institution, account) -> registryAnswer));
        env.start();
        clock = new MovableClock();
        settlements = new Settlements(store, ledger, money, charges, events, env.getWorkflowClient(), transaction,
                PROPERTIES, clock);
        accounts = new SettlementAccounts(store, env.getWorkflowClient(), events, PROPERTIES, clock);
        client = newClient();
        registryAnswer = found("ACME TRADING LIMITED");
    }

    @AfterEach
    void tearDown() {
        env.close();
    }

    @Test
    void givenAHolderWhoseNameDoesNotMatch_theInstructionsShouldBeRefused_andNothingSaved() {
        registryAnswer = found("JOHN KAMAU");

        assertThatThrownBy(() -> accounts.put(client, instructions("1234567890", "Acme Trading Ltd")))
                .isInstanceOf(InvalidInputException.class)
                .satisfies(e -> assertThat(((InvalidInputException) e).problems().getFirst().field())
                        .isEqualTo("accountName"));
        assertThat(accounts.instructions(client)).isEmpty();
    }

    @Test
    void givenAnAccountTheBankDoesNotKnow_theInstructionsShouldBeRefusedOnTheAccountNumber() {
        registryAnswer = new AccountLookupProtocol.Answer(new LookupOutcome(LookupOutcome.NOT_FOUND, "Not found",
                null), null);

        assertThatThrownBy(() -> accounts.put(client, instructions("0000000001", "ACME TRADING LIMITED")))
                .isInstanceOf(InvalidInputException.class)
                .satisfies(e -> assertThat(((InvalidInputException) e).problems().getFirst().field())
                        .isEqualTo("accountNumber"));
    }

    @Test
    void givenAMatchingHolder_inAnotherCaseAndOrder_theInstructionsShouldBeSaved_andUsableAtOnce() {
        accounts.put(client, instructions("1234567890", "trading acme"));

        assertThat(accounts.instructions(client).orElseThrow().usableFrom().toInstant()).isEqualTo(clock.now);
        credit("6000.00");
        assertThat(settlements.request(client, "ocid-1", null).status()).isEqualTo(SettlementStatus.PENDING);
    }

    @Test
    void givenAChangeOfAccount_noSettlementShouldGoToItFor24Hours_butAScheduleChangeAloneShouldNotWait() {
        accounts.put(client, instructions("1234567890", "ACME TRADING LIMITED"));
        accounts.put(client, new NewSettlementInstructions("01", "1234567890", "ACME TRADING LIMITED", "WEEKLY",
                new BigDecimal("50.00")));
        credit("6000.00");
        Settlement first = settlements.request(client, "ocid-before", new BigDecimal("1000.00"));
        settlements.fail(first.id().toString(), "1", "given up"); // closes it, so the next may be made

        accounts.put(client, instructions("9876543210", "ACME TRADING LIMITED"));
        clock.now = clock.now.plus(Duration.ofHours(23));

        assertThatThrownBy(() -> settlements.request(client, "ocid-too-soon", null))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("accountNumber");
        assertThat(settlements.settleAtCutOff(client, clock.millis())).as("nor a scheduled one").isNull();

        clock.now = clock.now.plus(Duration.ofHours(1));
        Settlement allowed = settlements.request(client, "ocid-after", null);
        assertThat(allowed.accountNumber()).isEqualTo("9876543210");
        assertThat(allowed.maskedAccountNumber()).isEqualTo("******3210");
    }

    @Test
    void givenTheBankFailsTheSettlement_theMoneyShouldBeBackOnTheUtilityAccount_andItsEntriesFreeAgain() {
        ready();
        credit("5000.00");
        Settlement s = settlements.request(client, "ocid-fail", null);
        assertThat(s.amount()).isEqualByComparingTo("5000.00");

        settlements.hold(s.id().toString());
        assertThat(ledger.available(utility())).isEqualByComparingTo("0.00");
        settlements.close(s.id().toString(), bank(s, RailResult.State.FAILED));

        assertThat(ledger.available(utility())).isEqualByComparingTo("5000.00");
        Settlement failed = settlements.find(client, s.id()).orElseThrow();
        assertThat(failed.status()).isEqualTo(SettlementStatus.FAILED);
        assertThat(settlements.entries(failed)).isEmpty();
        // the next settlement takes the entries the failed one gave back
        Settlement next = settlements.request(client, "ocid-next", null);
        settlements.hold(next.id().toString());
        assertThat(settlements.entries(next)).hasSize(1);
    }

    @Test
    void givenNoAnswerFromTheBank_theHoldShouldStay_untilALateAnswerPostsIt() {
        ready();
        credit("5000.00");
        Settlement s = settlements.request(client, "ocid-unknown", null);
        settlements.hold(s.id().toString());

        settlements.keepHeldUnconfirmed(s.id().toString());
        settlements.refer(s.id().toString());

        Settlement unconfirmed = settlements.find(client, s.id()).orElseThrow();
        assertThat(unconfirmed.status()).isEqualTo(SettlementStatus.UNCONFIRMED);
        assertThat(unconfirmed.referredAt()).isNotNull();
        assertThat(referrals.referredKeys()).as("the ledger check reads its hold as awaiting the bank, not stale")
                .contains("settlement:" + s.id());
        assertThat(ledger.available(utility())).isEqualByComparingTo("0.00");
        assertThat(ledger.find(utility()).orElseThrow().balance()).isEqualByComparingTo("5000.00");

        settlements.close(s.id().toString(), bank(s, RailResult.State.COMPLETED));

        Settlement paid = settlements.find(client, s.id()).orElseThrow();
        assertThat(paid.status()).isEqualTo(SettlementStatus.PAID);
        assertThat(paid.bankReference()).isEqualTo("BANKRCPT1");
        assertThat(ledger.find(utility()).orElseThrow().balance()).isEqualByComparingTo("0.00");
        assertThat(ledger.find(LedgerAccounts.FEE_REVENUE).orElseThrow().balance()).isGreaterThanOrEqualTo(paid.fee());
    }

    @Test
    void givenTheSameSettlementAskedAndRunTwice_itShouldBeMadeAndPaidOnce() {
        ready();
        credit("5000.00");
        Settlement s = settlements.request(client, "ocid-twice", null);
        Settlement again = settlements.request(client, "ocid-twice", null);
        assertThat(again.id()).isEqualTo(s.id());

        SettlementHold first = settlements.hold(s.id().toString());
        SettlementHold second = settlements.hold(s.id().toString());
        settlements.close(s.id().toString(), bank(s, RailResult.State.COMPLETED));
        settlements.close(s.id().toString(), bank(s, RailResult.State.COMPLETED));

        assertThat(second).isEqualTo(first);
        assertThat(first.payout().reference()).isEqualTo(s.id().toString());
        assertThat(first.payout().amount()).isEqualByComparingTo(s.net());
        assertThat(ledger.find(utility()).orElseThrow().balance()).isEqualByComparingTo("0.00");
        assertThat(settlements.list(client, Instant.EPOCH, clock.now.plusSeconds(1), 10)).hasSize(1);
        // a scheduled run at one cut-off makes one settlement however often it runs
        credit("700.00");
        String scheduled = settlements.settleAtCutOff(client, 1_000L);
        assertThat(settlements.settleAtCutOff(client, 1_000L)).isEqualTo(scheduled);
    }

    @Test
    void aSettlement_shouldListTheEntriesItSettles_andTheyShouldAddUpToItsAmount() {
        ready();
        credit("1000.00");
        credit("2500.00");
        credit("1500.00");
        Settlement partial = settlements.request(client, "ocid-partial", new BigDecimal("4000.00"));
        settlements.hold(partial.id().toString());
        settlements.close(partial.id().toString(), bank(partial, RailResult.State.COMPLETED));

        Settlement paid = settlements.find(client, partial.id()).orElseThrow();
        List<SettledEntry> entries = settlements.entries(paid);
        assertThat(entries).hasSize(3).allMatch(e -> e.type() == BalanceTransactionType.COLLECTION);
        assertThat(sum(entries).add(paid.carriedIn()).subtract(paid.carriedOut())).isEqualByComparingTo(paid.amount());
        assertThat(paid.carriedOut()).isEqualByComparingTo("1000.00");
        assertThat(paid.net().add(paid.fee())).isEqualByComparingTo(paid.amount());

        credit("800.00");
        Settlement rest = settlements.request(client, "ocid-rest", null);
        settlements.hold(rest.id().toString());
        Settlement held = settlements.find(client, rest.id()).orElseThrow();
        List<SettledEntry> restEntries = settlements.entries(held);
        assertThat(restEntries).hasSize(1).first().extracting(SettledEntry::amount).isEqualTo(new BigDecimal("800.00"));
        assertThat(held.carriedIn()).isEqualByComparingTo("1000.00");
        assertThat(sum(restEntries).add(held.carriedIn()).subtract(held.carriedOut())).isEqualByComparingTo("1800.00");
        assertThat(held.amount()).isEqualByComparingTo("1800.00");
    }

    @Test
    void aSettlementShouldBeRefused_withoutInstructions_belowTheMinimum_orAboveTheAvailableBalance() {
        credit("80.00");
        assertThatThrownBy(() -> settlements.request(client, "ocid-none", null)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("settlementInstructions");
        ready();
        assertThatThrownBy(() -> settlements.request(client, "ocid-small", null)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("amount");
        assertThatThrownBy(() -> settlements.request(client, "ocid-big", new BigDecimal("900.00")))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("amount");
    }

    @Test
    void anotherClientsSettlement_shouldBeAsUnknownAsOneThatDoesNotExist() {
        ready();
        credit("5000.00");
        Settlement s = settlements.request(client, "ocid-mine", null);
        String other = newClient();

        assertThat(settlements.find(other, s.id())).isEmpty();
        assertThat(settlements.list(other, Instant.EPOCH, clock.now.plusSeconds(1), 10)).isEmpty();
        assertThat(settlements.find(client, s.id())).isPresent();
    }

    @Test
    void givenAnOpenSettlementTemporalNeverTook_theNextRequestShouldStartIt_whileRefusingASecondOne() {
        ready();
        credit("5000.00");
        Settlement stuck = new Settlement(UUID.randomUUID(), client, "ocid-stuck", false, SettlementStatus.PENDING,
                new BigDecimal("1000.00"), new BigDecimal("50.00"), new BigDecimal("950.00"), null, null, "01",
                "1234567890", "ACME TRADING LIMITED", null, null, null, clock.now.atOffset(ZoneOffset.UTC), null, null,
                null, null, null, false);
        assertThat(store.insert(stuck)).isTrue();

        assertThatThrownBy(() -> settlements.request(client, "ocid-second", null))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("originatorConversationId");

        assertThat(store.find(stuck.id()).orElseThrow().workflowStarted()).isTrue();
        assertThat(env.getWorkflowClient().newUntypedWorkflowStub(com.paywire.workflows.WorkflowIds.settlement(client,
                stuck.id().toString())).describe().getExecution().getWorkflowId()).endsWith(stuck.id().toString());
    }

    private void ready() {
        accounts.put(client, instructions("1234567890", "ACME TRADING LIMITED"));
    }

    private static NewSettlementInstructions instructions(String account, String name) {
        return new NewSettlementInstructions("01", account, name, "MANUAL", new BigDecimal("100.00"));
    }

    private String newClient() {
        String id = "client-" + UUID.randomUUID();
        clients.register(new ApiClient(id, id, "unused", Set.of("collections")), List.of());
        ledger.openClientAccounts(id, "KES");
        return id;
    }

    private String utility() {
        return LedgerAccounts.utility(client);
    }

    private void credit(String amount) {
        ledger.transferRequired("deposit:" + UUID.randomUUID(), new Leg(LedgerAccounts.railSettlement(Rail.MOBILE_MONEY),
                utility(), new BigDecimal(amount)), "a collection");
    }

    private static AccountLookupProtocol.Answer found(String holder) {
        return new AccountLookupProtocol.Answer(new LookupOutcome(LookupOutcome.FOUND, "Found", "AL1"), holder);
    }

    private static RailResult bank(Settlement s, RailResult.State state) {
        boolean paid = state == RailResult.State.COMPLETED;
        return new RailResult(s.id().toString(), state, paid ? "0" : "2", paid ? "Success" : "Invalid account",
                paid ? "00" : "14", null, paid ? "BANKRCPT1" : null, null, null, null);
    }

    private static BigDecimal sum(List<SettledEntry> entries) {
        return entries.stream().map(SettledEntry::amount).reduce(BigDecimal.ZERO, BigDecimal::add);
    }
}
