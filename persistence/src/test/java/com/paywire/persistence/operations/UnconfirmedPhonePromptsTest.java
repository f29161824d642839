package com.paywire.persistence.operations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.persistence.PersistenceTestApplication;
import com.paywire.persistence.TestDatabase;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.collections.DepositStore;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.vocabulary.collections.Deposit;
import com.paywire.vocabulary.collections.DepositStatus;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.operations.ResolutionOutcome;
import com.paywire.vocabulary.operations.UnconfirmedPayment;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.vocabulary.rules.money.Leg;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Phone prompts in the operators' queue (V41): an express deposit closed with its outcome unknown is listed as
 * PHONE_PROMPT once referred and while its credit is still held under {@code deposit:{id}}, its key counted referred
 * by the ledger check; decided (released, or paid and Completed), it leaves the queue; resolved once.
 */
@SpringBootTest(classes = PersistenceTestApplication.class)
class UnconfirmedPhonePromptsTest {

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        TestDatabase.register(registry);
    }

    @Autowired
    UnconfirmedPaymentStore store;
    @Autowired
    DepositStore deposits;
    @Autowired
    ApiClientStore clients;
    @Autowired
    Ledger ledger;

    String client;
    UUID deposit;

    @BeforeEach
    void aDepositClosedWithItsOutcomeUnknown_itsCreditHeld() {
        client = "prompt-referrals-" + UUID.randomUUID();
        clients.register(new ApiClient(client, "Prompt referrals", "x", Set.of("collections")), List.of());
        deposit = closedUnknown("250.00");
    }

    private UUID closedUnknown(String amount) {
        UUID id = UUID.randomUUID();
        deposits.insert(new Deposit(id, client, "ocid-" + id, "174379", "ACC-1", new BigDecimal(amount),
                "254712000001", "Deposit", null, null, null, null, null, "KES", null, null, null, null, null, null,
                DepositStatus.PENDING, null, null, null, null, false, OffsetDateTime.now()));
        // the credit as DepositActivities.holdPrompt holds it, on the rail's settlement account
        ledger.reserve(Product.PHONE_PROMPT.key(id.toString()), List.of(new Leg(
                LedgerAccounts.railSettlement(Rail.MOBILE_MONEY), LedgerAccounts.utility(client),
                new BigDecimal(amount))), "Express deposit " + id);
        deposits.recordOutcome(id, DepositStatus.FAILED, "1037", "The payer could not be reached", null,
                OffsetDateTime.now());
        return id;
    }

    private List<UnconfirmedPayment> mine() {
        return store.list(1, 100).payments().stream().filter(p -> client.equals(p.clientId())).toList();
    }

    private String key(UUID id) {
        return Product.PHONE_PROMPT.key(id.toString());
    }

    @Test
    void givenAHeldPromptNotYetReferred_itShouldNotBeListed_norItsHoldCountedReferred() {
        assertThat(mine()).isEmpty();
        assertThat(store.referredKeys()).doesNotContain(key(deposit));
        assertThat(deposits.isReferred(deposit)).isFalse();
    }

    @Test
    void givenAReferredHeldPrompt_itShouldBeListedAsPhonePrompt_withItsKeyReferred_untilItsCreditIsDecided() {
        OffsetDateTime since = OffsetDateTime.of(2026, 1, 5, 8, 0, 0, 0, ZoneOffset.UTC);
        OffsetDateTime referredAt = since.plusDays(1);
        deposits.refer(deposit, since, referredAt);
        deposits.refer(deposit, since.plusDays(3), referredAt.plusDays(3)); // again: the first times are kept
        UUID paidLater = closedUnknown("100.00");
        deposits.refer(paidLater, since.plusHours(1), referredAt);

        List<UnconfirmedPayment> listed = mine();
        assertThat(listed).extracting(UnconfirmedPayment::id)
                .containsExactly(deposit.toString(), paidLater.toString());
        UnconfirmedPayment first = listed.getFirst();
        assertThat(first.product()).isEqualTo(Product.PHONE_PROMPT);
        assertThat(first.originatorConversationId()).isEqualTo("ocid-" + deposit);
        assertThat(first.amount()).isEqualByComparingTo("250.00");
        assertThat(first.fee()).isEqualByComparingTo("0");
        assertThat(first.unconfirmedSince()).isEqualTo(since);
        assertThat(first.referredAt()).isEqualTo(referredAt);
        assertThat(store.referredKeys()).contains(key(deposit), key(paidLater));
        assertThat(deposits.isReferred(deposit)).isTrue();

        ledger.voidReservation(key(deposit)); // the rail's late failure, or an operator's NOT_PAID
        ledger.post(key(paidLater)); // a late success, or an operator's PAID
        deposits.recordLateSuccess(paidLater, "0", "Paid", "RCPT1", OffsetDateTime.now());

        assertThat(mine()).as("decided: out of the queue").isEmpty();
        assertThat(store.referredKeys()).doesNotContain(key(deposit), key(paidLater));
    }

    @Test
    void aPhonePromptsResolution_shouldBeRecordedOnce() {
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        store.recordResolution(Product.PHONE_PROMPT, deposit.toString(), client, ResolutionOutcome.NOT_PAID, "desk",
                "ops", now);

        assertThatThrownBy(() -> store.recordResolution(Product.PHONE_PROMPT, deposit.toString(), client,
                ResolutionOutcome.PAID, "again", "ops", now)).isInstanceOf(DuplicateKeyException.class);
    }
}
