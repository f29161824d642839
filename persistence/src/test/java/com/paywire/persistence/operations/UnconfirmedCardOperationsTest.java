package com.paywire.persistence.operations;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.persistence.PersistenceTestApplication;
import com.paywire.persistence.TestDatabase;
import com.paywire.persistence.cards.CardTransactionStore;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.vocabulary.clients.ApiClient;
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
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Card captures and refunds in the operators' queue: listed once referred and while undecided, with the capture's
 * held fee; their holds' keys counted as referred by the ledger check; resolved once.
 */
@SpringBootTest(classes = PersistenceTestApplication.class)
class UnconfirmedCardOperationsTest {

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        TestDatabase.register(registry);
    }

    @Autowired
    UnconfirmedPaymentStore store;
    @Autowired
    CardTransactionStore cards;
    @Autowired
    ApiClientStore clients;
    @Autowired
    Ledger ledger;
    @Autowired
    JdbcClient jdbc;

    String client;
    String authorisation;
    String capture;
    String refund;
    String refundedCapture;

    @BeforeEach
    void aCaptureAndARefundWhoseAnswersWereLost() {
        client = "card-referrals-" + UUID.randomUUID();
        clients.register(new ApiClient(client, "Card referrals", "x", Set.of("cards")), List.of());
        String hex = UUID.randomUUID().toString().replace("-", "");
        authorisation = "auth_" + hex;
        capture = "cap_" + hex;
        refundedCapture = "cap_r" + hex;
        refund = "ref_" + hex;
        row(authorisation, "AUTHORISATION", "CAPTURED", null, "order-1", "100.00");
        row(capture, "CAPTURE", "PENDING", null, "req-cap", "100.00");
        row(refund, "REFUND", "REFUND_INITIATED", refundedCapture, "req-ref", "40.00");
        // the capture's credit as held before the processor was asked: amount less the fee (#0), the fee (#1)
        ledger.reserve(Product.CARD.key(capture), List.of(
                new Leg(LedgerAccounts.railSettlement(Rail.CARD_PROCESSOR), LedgerAccounts.utility(client, "KES"),
                        new BigDecimal("97.50")),
                new Leg(LedgerAccounts.railSettlement(Rail.CARD_PROCESSOR), LedgerAccounts.feeRevenue("KES"),
                        new BigDecimal("2.50"))), "Card capture " + capture);
    }

    private void row(String id, String type, String status, String parent, String requestId, String amount) {
        jdbc.sql("""
                insert into card_transactions (id, client_id, type, status, authorisation_id, parent_id, order_id,
                    request_id, amount, currency, created_at)
                values (?, ?, ?, ?, ?, ?, 'order-1', ?, ?, 'KES', now())
                """).params(id, client, type, status, authorisation, parent, requestId, new BigDecimal(amount))
                .update();
    }

    private List<UnconfirmedPayment> mine() {
        return store.list(1, 100).payments().stream().filter(p -> client.equals(p.clientId())).toList();
    }

    @Test
    void givenCardOperationsNotYetReferred_theyShouldNotBeListed_norTheirHoldsCountedReferred() {
        assertThat(mine()).isEmpty();
        assertThat(store.referredKeys()).doesNotContain(Product.CARD.key(capture));
        assertThat(store.isReferredCardOperation(capture)).isFalse();
    }

    @Test
    void givenAReferredCaptureAndRefund_theyShouldBeListedAsCard_withTheirKeysReferred_untilDecided() {
        OffsetDateTime since = OffsetDateTime.of(2026, 1, 5, 8, 0, 0, 0, ZoneOffset.UTC);
        OffsetDateTime referredAt = since.plusDays(1);
        cards.refer(capture, since, referredAt);
        cards.refer(refund, since.plusHours(1), referredAt);
        cards.refer(capture, since.plusDays(3), referredAt.plusDays(3)); // again: the first times are kept

        List<UnconfirmedPayment> listed = mine();
        assertThat(listed).extracting(UnconfirmedPayment::id).containsExactly(capture, refund);
        UnconfirmedPayment first = listed.getFirst();
        assertThat(first.product()).isEqualTo(Product.CARD);
        assertThat(first.originatorConversationId()).isEqualTo("req-cap");
        assertThat(first.amount()).isEqualByComparingTo("100.00");
        assertThat(first.fee()).as("the card fee held").isEqualByComparingTo("2.50");
        assertThat(first.unconfirmedSince()).isEqualTo(since);
        assertThat(first.referredAt()).isEqualTo(referredAt);
        assertThat(listed.get(1).fee()).isEqualByComparingTo("0");
        assertThat(store.referredKeys()).contains(Product.CARD.key(capture),
                Product.CARD.key(refundedCapture) + ":refund:" + refund,
                Product.CARD.key(refundedCapture) + ":refund:" + refund + ":fee");
        assertThat(store.isReferredCardOperation(capture)).isTrue();

        cards.setStatus(capture, com.paywire.vocabulary.cards.CardTransactionStatus.CAPTURED);
        cards.setStatus(refund, com.paywire.vocabulary.cards.CardTransactionStatus.REFUND_FAILED);
        assertThat(mine()).as("decided: out of the queue").isEmpty();
        assertThat(store.referredKeys()).doesNotContain(Product.CARD.key(capture));
        assertThat(store.isReferredCardOperation(capture)).isFalse();
    }

    @Test
    void aCardOperationsResolution_shouldBeRecordedOnce_underItsOwnId_andForgottenWhenItsWorkflowRefusedIt() {
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        store.recordResolution(Product.CARD, capture, client, ResolutionOutcome.PAID, "desk", "ops", now);

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> store.recordResolution(Product.CARD, capture, client,
                ResolutionOutcome.NOT_PAID, "again", "ops", now)).isInstanceOf(DuplicateKeyException.class);
        assertThat(resolutions()).containsExactly("PAID desk");

        store.forgetResolution(Product.CARD, capture);
        assertThat(resolutions()).isEmpty();
    }

    private List<String> resolutions() {
        return jdbc.sql("select outcome || ' ' || reference from unconfirmed_payment_resolutions where payment_id = ?")
                .param(capture).query(String.class).list();
    }
}
