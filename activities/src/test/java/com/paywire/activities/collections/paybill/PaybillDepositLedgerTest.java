package com.paywire.activities.collections.paybill;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.activities.ActivitiesTestApplication;
import com.paywire.activities.ActivityCollaborators;
import com.paywire.activities.UnusedRails;
import com.paywire.domain.collections.paybill.PaybillRouting;
import com.paywire.domain.money.MoneyEngine;
import com.paywire.domain.notifications.EventPublisher;
import com.paywire.domain.observability.PaymentJournal;
import com.paywire.persistence.TestDatabase;
import com.paywire.persistence.charges.ChargeBands;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.vocabulary.collections.PaybillDeposit;
import com.paywire.persistence.collections.PaybillDepositStore;
import com.paywire.persistence.collections.ShortCodeStore;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.vocabulary.collections.PaybillDepositStatus;
import com.paywire.vocabulary.collections.ShortCode;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.rules.money.Leg;
import com.paywire.workflows.FailureType;
import io.temporal.failure.ApplicationFailure;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Recording a paybill deposit moves its money once, however often the activity runs (a retry after a crash, a
 * repeated workflow task): to its client less the charge table's fee, or to suspense when it names no client.
 */
@SpringBootTest(classes = ActivitiesTestApplication.class)
class PaybillDepositLedgerTest {

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        TestDatabase.register(registry);
        UnusedRails.register(registry);
    }

    @Autowired
    PaybillDepositActivitiesImpl activities;
    @Autowired
    PaybillDepositStore deposits;
    @Autowired
    PaybillRouting routing;
    @Autowired
    ChargeBands charges;
    @Autowired
    ShortCodeStore shortCodes;
    @Autowired
    ApiClientStore clients;
    @Autowired
    Ledger ledger;
    @Autowired
    EventPublisher publisher;
    @Autowired
    TransactionTemplate transaction;
    @Autowired
    PaymentJournal journal;
    @Autowired
    JdbcClient jdbc;

    @Test
    void givenTheActivityRunTwice_asARetryAfterACrashWould_itShouldCreditOnce_lessTheChargeTablesFee() {
        ShortCode code = clientWithShortCode();
        UUID id = confirmed(code.shortCode(), code.accountPrefix() + "INV-1", "2000.00");

        assertThat(activities.creditPaybillDeposit(id.toString()).name()).isEqualTo("CREDITED");
        assertThat(activities.creditPaybillDeposit(id.toString()).name()).isEqualTo("CREDITED");

        PaybillDeposit credited = deposits.find(id).orElseThrow();
        assertThat(credited.fee()).isEqualByComparingTo("11.00"); // 0.55 % of 2000.00, transaction type 12
        assertThat(credited.clientReference()).isEqualTo("INV-1");
        assertThat(ledger.available(LedgerAccounts.utility(credited.clientId()))).isEqualByComparingTo("1989.00");
    }

    /** The table is read once per process (ChargeBands): the fee is its type-12 band's percentage of the amount. */
    @Test
    void theFee_shouldBeTheChargeTablesPercentageOfTheAmount() {
        ShortCode code = clientWithShortCode();
        UUID id = confirmed(code.shortCode(), code.accountPrefix() + "INV-2", "2000.00");
        BigDecimal percent = jdbc.sql("""
                select fee_amount from charges where transaction_type_id = 12 and fee_type = 'PERCENT'
                """).query(BigDecimal.class).single();

        activities.creditPaybillDeposit(id.toString());

        assertThat(deposits.find(id).orElseThrow().fee()).isEqualByComparingTo(
                new BigDecimal("2000.00").multiply(percent).movePointLeft(2).setScale(2, RoundingMode.HALF_UP));
    }

    @Test
    void givenALedgerThatRefusesTheCredit_itShouldFailAsABrokenInvariant_writeNothing_andARetryCreditOnce() {
        ShortCode code = clientWithShortCode();
        UUID id = confirmed(code.shortCode(), code.accountPrefix() + "INV-3", "500.00");
        Ledger refusing = new Ledger(jdbc) {
            @Override
            public boolean transfer(String idempotencyKey, Leg leg, String description) {
                return false;
            }
        };
        PaybillDepositActivitiesImpl crashing = new PaybillDepositActivitiesImpl(deposits, routing, charges,
                new ActivityCollaborators(new MoneyEngine(refusing), transaction, Clock.systemUTC(), publisher, journal));

        assertThatThrownBy(() -> crashing.creditPaybillDeposit(id.toString()))
                .isInstanceOfSatisfying(ApplicationFailure.class,
                        failure -> assertThat(failure.getType()).isEqualTo(FailureType.INVARIANT_VIOLATED.name()));
        assertThat(deposits.find(id).orElseThrow().status()).isEqualTo(PaybillDepositStatus.RECEIVED);

        assertThat(activities.creditPaybillDeposit(id.toString()).name()).isEqualTo("CREDITED");
        String client = deposits.find(id).orElseThrow().clientId();
        assertThat(ledger.available(LedgerAccounts.utility(client))).isEqualByComparingTo("497.25");
    }

    @Test
    void givenAnUnknownPrefix_anotherClientsPrefix_anUnknownShortCode_orADisabledClient_theMoneyShouldGoToSuspenseOnce() {
        ShortCode code = clientWithShortCode();
        ShortCode another = clientWithShortCode();
        BigDecimal before = ledger.available(LedgerAccounts.PAYBILL_SUSPENSE);
        UUID unknownPrefix = confirmed(code.shortCode(), "ZZINV-1", "100.00");
        UUID anotherClientsPrefix = confirmed(code.shortCode(), another.accountPrefix() + "INV-1", "100.00");
        UUID unknownShortCode = confirmed("9" + code.shortCode(), code.accountPrefix() + "INV-1", "100.00");

        for (UUID id : List.of(unknownPrefix, unknownPrefix, anotherClientsPrefix, unknownShortCode)) {
            assertThat(activities.creditPaybillDeposit(id.toString()).name()).isEqualTo("SUSPENDED");
        }
        clients.setEnabled(code.clientId(), false);
        UUID disabled = confirmed(code.shortCode(), code.accountPrefix() + "INV-1", "100.00");
        assertThat(activities.creditPaybillDeposit(disabled.toString()).name()).isEqualTo("SUSPENDED");

        assertThat(ledger.available(LedgerAccounts.PAYBILL_SUSPENSE).subtract(before)).isEqualByComparingTo("400.00");
        assertThat(ledger.available(LedgerAccounts.utility(code.clientId()))).isEqualByComparingTo("0.00");
        assertThat(ledger.available(LedgerAccounts.utility(another.clientId()))).isEqualByComparingTo("0.00");
        assertThat(deposits.find(disabled).orElseThrow().statusReason()).isEqualTo("the short code's client is disabled");
        assertThat(deposits.find(anotherClientsPrefix).orElseThrow().statusReason()).isEqualTo("the AccountNo's prefix "
                + another.accountPrefix() + " names a client the short code is not issued to");
        assertThat(deposits.find(unknownPrefix).orElseThrow().clientId()).isNull();
    }

    /** @return the short code issued to a new client, with a prefix of its own: Q and five letters, unique here */
    private ShortCode clientWithShortCode() {
        String client = "client-" + UUID.randomUUID();
        clients.register(new ApiClient(client, client, "unused", Set.of("collections")), List.of());
        ThreadLocalRandom random = ThreadLocalRandom.current();
        String shortCode = String.valueOf(random.nextInt(100_000, 600_000));
        StringBuilder prefix = new StringBuilder("Q");
        random.ints(5, 'A', 'Z' + 1).forEach(letter -> prefix.append((char) letter));
        ShortCode code = new ShortCode(shortCode, client, prefix.toString());
        shortCodes.issue(code);
        return code;
    }

    private UUID confirmed(String shortCode, String accountNo, String amount) {
        String receipt = "R" + UUID.randomUUID().toString().replace("-", "").substring(0, 11).toUpperCase();
        return deposits.insertOnce(PaybillDeposit.received(UUID.randomUUID(), receipt, shortCode, accountNo,
                new BigDecimal(amount), "254712345678", OffsetDateTime.now(), null, null, OffsetDateTime.now())).id();
    }
}
