package com.paywire.activities.disputes;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.activities.ActivitiesTestApplication;
import com.paywire.activities.UnusedRails;
import com.paywire.activities.cards.CardLedgerActivitiesImpl;
import com.paywire.domain.disputes.CardDisputes;
import com.paywire.persistence.TestDatabase;
import com.paywire.persistence.cards.CardTransactionStore;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.disputes.CardDisputeStore;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.persistence.ledger.LedgerStatement;
import com.paywire.vocabulary.cards.CardDispute;
import com.paywire.vocabulary.cards.CardTransaction;
import com.paywire.vocabulary.cards.CardTransactionStatus;
import com.paywire.vocabulary.cards.CardTransactionType;
import com.paywire.vocabulary.cards.DisputeStatus;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.vocabulary.ledger.BalanceTransactionType;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.ledger.StatementEntry;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.workflows.disputes.DisputeFacts;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A card dispute's money on the real ledger, in USD as sandbox card payments are: debited at once and once however
 * often its step runs (amount to the card settlement, fee to revenue), won credits the amount back once (not the
 * fee), lost keeps it; a merchant short of funds owes it on its USD receivable, which its next USD credit pays back.
 */
@SpringBootTest(classes = ActivitiesTestApplication.class)
class DisputeActivitiesTest {

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        TestDatabase.register(registry);
        UnusedRails.register(registry);
    }

    @Autowired
    DisputeActivitiesImpl activities;
    @Autowired
    CardLedgerActivitiesImpl cards;
    @Autowired
    CardTransactionStore transactions;
    @Autowired
    CardDisputeStore disputes;
    @Autowired
    ApiClientStore clients;
    @Autowired
    Ledger ledger;
    @Autowired
    LedgerStatement statements;

    String client;
    String utility;
    String receivable;

    @BeforeEach
    void aClient() {
        client = "client-" + UUID.randomUUID();
        clients.register(new ApiClient(client, client, "unused", Set.of("cards")), List.of());
        utility = LedgerAccounts.utility(client, "USD");
        receivable = LedgerAccounts.receivable(client, "USD");
    }

    @Test
    void givenADisputeOpenedTwice_itShouldDebitOnce_andWonTwiceCreditTheAmountBackOnce() {
        String capture = captured("100.00"); // credited 97.50 (the 2.5 % card fee)
        String settlement = LedgerAccounts.railSettlement(Rail.CARD_PROCESSOR, "USD");
        BigDecimal settled = ledger.find(settlement).orElseThrow().balance();
        String dispute = disputed(capture, "12.34");

        DisputeFacts facts = activities.openDispute(dispute);
        activities.openDispute(dispute); // the step retried, or the processor's notification repeated

        assertThat(facts.fee()).isEqualTo("15.00");
        assertThat(ledger.available(utility)).isEqualByComparingTo("70.16"); // 97.50 - 12.34 - 15.00
        assertThat(ledger.find(settlement).orElseThrow().balance().subtract(settled)).isEqualByComparingTo("12.34");
        assertThat(ledger.posted("dispute:" + dispute + ":fee").orElseThrow().creditAccount())
                .isEqualTo(LedgerAccounts.feeRevenue("USD"));

        activities.decide(dispute, DisputeStatus.WON, false);
        activities.decide(dispute, DisputeStatus.WON, false);

        assertThat(ledger.available(utility)).as("the amount back, not the fee").isEqualByComparingTo("82.50");
        assertThat(disputes.find(dispute).orElseThrow().status()).isEqualTo(DisputeStatus.WON);
        assertThat(statement()).extracting(StatementEntry::type).containsExactly(BalanceTransactionType.CARD_CAPTURE,
                BalanceTransactionType.DISPUTE, BalanceTransactionType.DISPUTE_FEE, BalanceTransactionType.DISPUTE_WON);
        assertThat(statement()).extracting(StatementEntry::product).containsExactly("CARD", "DISPUTE", "DISPUTE",
                "DISPUTE");
    }

    @Test
    void givenALostDispute_theMoneyShouldStayDebited_andALaterWinChangeNothing() {
        String dispute = disputed(captured("100.00"), "40.00");
        activities.openDispute(dispute);

        activities.decide(dispute, DisputeStatus.LOST, true);
        activities.decide(dispute, DisputeStatus.WON, false); // a late contradicting word: the first decision stands

        CardDispute lost = disputes.find(dispute).orElseThrow();
        assertThat(lost.status()).isEqualTo(DisputeStatus.LOST);
        assertThat(lost.accepted()).isTrue();
        assertThat(ledger.available(utility)).isEqualByComparingTo("42.50"); // 97.50 - 40.00 - 15.00
        assertThat(ledger.posted("dispute:" + dispute + ":won")).isEmpty();
    }

    @Test
    void givenAMerchantShortOfFunds_theDisputeShouldGoToItsReceivable_recoveredFromItsNextCredit() {
        String dispute = disputed(captured("100.00"), "100.00");

        activities.openDispute(dispute);
        activities.openDispute(dispute);

        // 97.50 cannot pay the 100.00: the receivable owes it; the fee (15.00) the utility account can pay
        assertThat(ledger.find(receivable).orElseThrow().balance()).isEqualByComparingTo("-100.00");
        assertThat(ledger.available(utility)).isEqualByComparingTo("82.50");

        captured("200.00"); // credited 195.00, of which 100.00 pays the debt back
        assertThat(ledger.find(receivable).orElseThrow().balance()).isEqualByComparingTo("0.00");
        assertThat(ledger.available(utility)).isEqualByComparingTo("177.50");
        assertThat(statement()).extracting(StatementEntry::type).contains(BalanceTransactionType.RECEIVABLE_RECOVERY);
    }

    @Test
    void givenACapturePartlyRefunded_theDisputeShouldBeRecordedAgainstWhatIsLeft() {
        String capture = captured("100.00");
        transactions.save(row("ref_" + UUID.randomUUID(), CardTransactionType.REFUND, CardTransactionStatus.REFUNDED,
                transactions.find(capture).orElseThrow().authorisationId(), capture, "30.00", null));

        assertThat(disputes.refunded(capture)).isEqualByComparingTo("30.00");
        BigDecimal left = new BigDecimal("100.00").subtract(disputes.refunded(capture));
        assertThat(new BigDecimal("80.00").min(left)).isEqualByComparingTo("70.00");
        assertThat(disputes.blocksRefund(client, capture)).isFalse();
        disputed(capture, "70.00");
        assertThat(disputes.blocksRefund(client, capture)).isTrue();
    }

    /** A USD capture of the client's, credited as the card API credits it; answers its CaptureId. */
    private String captured(String amount) {
        String auth = "auth_" + UUID.randomUUID();
        String capture = "cap_" + UUID.randomUUID();
        transactions.save(row(auth, CardTransactionType.AUTHORISATION, CardTransactionStatus.CAPTURED, auth, null,
                amount, null));
        transactions.save(row(capture, CardTransactionType.CAPTURE, CardTransactionStatus.CAPTURED, auth, null,
                amount, "p" + capture));
        cards.creditCapture(client, capture, new BigDecimal(amount), "USD");
        return capture;
    }

    private String disputed(String capture, String amount) {
        CardTransaction t = transactions.find(capture).orElseThrow();
        String processorId = "dp_" + UUID.randomUUID();
        String id = CardDisputes.idOf(processorId);
        disputes.insertIfAbsent(new CardDispute(id, processorId, client, capture, t.authorisationId(),
                new BigDecimal(amount), "USD", new BigDecimal("15.00"), "fraudulent", DisputeStatus.NEEDS_RESPONSE,
                false, OffsetDateTime.now().plusMinutes(5), null, null, null, OffsetDateTime.now()));
        return id;
    }

    private List<StatementEntry> statement() {
        return statements.page(utility, client, Instant.EPOCH, Instant.now().plusSeconds(60), 0, 100).entries();
    }

    /** A card transaction row of the client's, in USD. */
    private CardTransaction row(String id, CardTransactionType type, CardTransactionStatus status,
                                String authorisationId, String parent, String amount, String processorId) {
        return new CardTransaction(id, client, type, status, authorisationId, parent, "order-1", "req-" + id,
                new BigDecimal(amount), "USD", "VISA", "0259", "12", "2030", processorId, "100", null, null, null,
                null, null, null, OffsetDateTime.now(ZoneOffset.UTC));
    }
}
