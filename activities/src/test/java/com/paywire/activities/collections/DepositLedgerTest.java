package com.paywire.activities.collections;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.activities.ActivitiesTestApplication;
import com.paywire.activities.UnusedRails;
import com.paywire.domain.money.MoneyEngine;
import com.paywire.domain.notifications.EventPublisher;
import com.paywire.domain.observability.PaymentJournal;
import com.paywire.persistence.TestDatabase;
import com.paywire.persistence.checkout.CheckoutStore;
import com.paywire.persistence.clients.ApiClient;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.collections.Deposit;
import com.paywire.persistence.collections.DepositStore;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.vocabulary.collections.DepositStatus;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.workflows.FailureType;
import com.paywire.workflows.collections.LateSuccess;
import com.paywire.workflows.collections.PromptResult;
import io.temporal.failure.ApplicationFailure;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Closing a paid express deposit credits the client, once, on time or late; a ledger that will not credit it is a
 * broken invariant.
 */
@SpringBootTest(classes = ActivitiesTestApplication.class)
class DepositLedgerTest {

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        TestDatabase.register(registry);
        UnusedRails.register(registry);
    }

    @Autowired
    DepositStore deposits;
    @Autowired
    CheckoutStore checkouts;
    @Autowired
    ApiClientStore clients;
    @Autowired
    Ledger ledger;
    @Autowired
    EventPublisher publisher;
    @Autowired
    TransactionTemplate transaction;
    @Autowired
    JdbcClient jdbc;
    @Autowired
    PaymentJournal journal;

    @Test
    void givenALedgerThatRefusesTheCredit_closingAPaidDepositShouldFailAsABrokenInvariant_andWriteNothing() {
        String client = "client-" + UUID.randomUUID();
        clients.register(new ApiClient(client, client, "unused", Set.of("collections")), List.of());
        UUID id = pendingDeposit(client, "250.00");
        // the rail's settlement account may go negative: only a ledger not as the code believes refuses it
        Ledger refusing = new Ledger(jdbc) {
            @Override
            public boolean transfer(String idempotencyKey, Leg leg, String description) {
                return false;
            }
        };
        DepositActivitiesImpl activities = new DepositActivitiesImpl(deposits, checkouts, new MoneyEngine(refusing), publisher,
                transaction, Clock.systemUTC(), journal);

        assertThatThrownBy(() -> activities.closeDeposit(id.toString(), new PromptResult(id.toString(),
                PromptResult.State.ANSWERED, PromptResult.SUCCESS, "Paid", "RCPT42", null)))
                .isInstanceOfSatisfying(ApplicationFailure.class,
                        failure -> assertThat(failure.getType()).isEqualTo(FailureType.INVARIANT_VIOLATED.name()));
        assertThat(deposits.find(id).orElseThrow().status()).isEqualTo(DepositStatus.PENDING);
        assertThat(ledger.available(LedgerAccounts.utility(client))).isEqualByComparingTo("0.00");
    }

    @Autowired
    DepositActivitiesImpl depositActivities;

    @Test
    void givenADepositPaidOnTime_aRepeatedSuccessAfterItsEnd_shouldChangeNothing() {
        String client = "client-" + UUID.randomUUID();
        clients.register(new ApiClient(client, client, "unused", Set.of("collections")), List.of());
        UUID id = pendingDeposit(client, "250.00");
        PromptResult paid = new PromptResult(id.toString(), PromptResult.State.ANSWERED, PromptResult.SUCCESS, "Paid",
                "RCPT43", null);
        depositActivities.closeDeposit(id.toString(), paid);

        assertThat(depositActivities.closeLateSuccess(id.toString(), paid)).isEqualTo(LateSuccess.DONE);

        assertThat(deposits.find(id).orElseThrow().resultDesc()).isEqualTo("Paid");
        assertThat(deposits.confirmedLate(id)).isFalse();
        assertThat(ledger.available(LedgerAccounts.utility(client))).isEqualByComparingTo("250.00");
    }

    @Test
    void givenADepositClosedUnpaid_aSuccessClosedLateTwice_shouldCreditOnce_andRecordItCompletedLate() {
        String client = "client-" + UUID.randomUUID();
        clients.register(new ApiClient(client, client, "unused", Set.of("collections")), List.of());
        UUID id = pendingDeposit(client, "250.00");
        depositActivities.closeDeposit(id.toString(), PromptResult.notReached(id.toString()));
        PromptResult paid = new PromptResult(id.toString(), PromptResult.State.ANSWERED, PromptResult.SUCCESS, "Paid",
                "RCPT44", "20261120101510");

        depositActivities.closeLateSuccess(id.toString(), paid);
        depositActivities.closeLateSuccess(id.toString(), paid);

        Deposit closed = deposits.find(id).orElseThrow();
        assertThat(closed.status()).isEqualTo(DepositStatus.COMPLETED);
        assertThat(closed.resultDesc()).isEqualTo("Paid (confirmed after the prompt window)");
        assertThat(closed.receiptNumber()).isEqualTo("RCPT44");
        assertThat(deposits.confirmedLate(id)).isTrue();
        assertThat(ledger.available(LedgerAccounts.utility(client))).isEqualByComparingTo("250.00");
    }

    private UUID pendingDeposit(String client, String amount) {
        UUID id = UUID.randomUUID();
        deposits.insert(new Deposit(id, client, "ocid-" + id, "174379", "ACC-1", new BigDecimal(amount),
                "254712000001", "Deposit", null, null, null, null, null, "KES", null, null, null, null, null, null,
                DepositStatus.PENDING, null, null, null, null, false, OffsetDateTime.now()));
        return id;
    }
}
