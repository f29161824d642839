package com.paywire.activities.cards;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.activities.ActivitiesTestApplication;
import com.paywire.activities.UnusedRails;
import com.paywire.persistence.TestDatabase;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.ledger.TransferState;
import com.paywire.vocabulary.rules.money.Leg;
import com.paywire.workflows.cards.CardFailures;
import com.paywire.workflows.cards.CardRefundMoney;
import io.temporal.failure.ApplicationFailure;
import java.math.BigDecimal;
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
 * A card capture's credit and a card refund on the real ledger, in two phases: checked and held before the
 * processor is asked, posted when it takes them, released when it refuses. The card fee is the shipped 2.5 %.
 */
@SpringBootTest(classes = ActivitiesTestApplication.class)
class CardLedgerActivitiesTest {

    private static final BigDecimal THOUSAND = new BigDecimal("1000.00");

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        TestDatabase.register(registry);
        UnusedRails.register(registry);
    }

    @Autowired
    CardLedgerActivitiesImpl cards;
    @Autowired
    ApiClientStore clients;
    @Autowired
    Ledger ledger;

    String client;
    String utility;

    @BeforeEach
    void aClient() {
        client = "client-" + UUID.randomUUID();
        clients.register(new ApiClient(client, client, "unused", Set.of("cards")), List.of());
        utility = LedgerAccounts.utility(client);
    }

    @Test
    void givenACaptureNoCardBandCovers_itShouldBeRefusedBeforeTheProcessorIsAsked_withNothingHeld() {
        String capture = "cap_" + UUID.randomUUID();

        for (String amount : List.of("0.50", "10.001", "1000000.01")) {
            assertThatThrownBy(() -> cards.holdCapture(client, capture, new BigDecimal(amount), "KES"))
                    .as(amount).isInstanceOfSatisfying(ApplicationFailure.class, refused -> {
                        assertThat(refused.getType()).isEqualTo(CardFailures.CAPTURE_REFUSED);
                        assertThat(refused.isNonRetryable()).isTrue();
                    });
            assertThatThrownBy(() -> cards.checkCapture(new BigDecimal(amount))).as(amount)
                    .isInstanceOf(ApplicationFailure.class);
        }
        assertThat(ledger.transfersOf("card:" + capture)).isEmpty();
    }

    @Test
    void givenAHeldCapture_nothingShouldBeCreditedUntilTheProcessorCaptures_thenTheAmountLessTheFeeOnce() {
        String capture = "cap_" + UUID.randomUUID();
        BigDecimal fees = ledger.available(LedgerAccounts.FEE_REVENUE);

        cards.holdCapture(client, capture, THOUSAND, "KES");
        cards.holdCapture(client, capture, THOUSAND, "KES");
        assertThat(ledger.available(utility)).as("held, not credited").isEqualByComparingTo("0.00");
        assertThat(ledger.transfersOf("card:" + capture)).extracting(Ledger.Transfer::state)
                .containsOnly(TransferState.PENDING).hasSize(2);

        cards.settleCapture(client, capture, THOUSAND, "KES");
        cards.settleCapture(client, capture, THOUSAND, "KES");

        assertThat(ledger.available(utility)).isEqualByComparingTo("975.00");
        assertThat(ledger.available(LedgerAccounts.FEE_REVENUE).subtract(fees)).isEqualByComparingTo("25.00");
    }

    @Test
    void givenAHeldCaptureTheProcessorRefuses_itsHoldShouldBeReleased_andNothingCredited() {
        String capture = "cap_" + UUID.randomUUID();

        cards.holdCapture(client, capture, THOUSAND, "KES");
        cards.releaseCapture(client, capture, THOUSAND, "KES");

        assertThat(ledger.available(utility)).isEqualByComparingTo("0.00");
        assertThat(ledger.transfersOf("card:" + capture)).extracting(Ledger.Transfer::state)
                .containsOnly(TransferState.VOIDED);
    }

    @Test
    void givenACaptureTheProcessorRefused_theSameRequestAgainShouldBeRefusedAsACapture_notAsABrokenLedger() {
        String capture = "cap_" + UUID.randomUUID();
        cards.holdCapture(client, capture, THOUSAND, "KES");
        cards.releaseCapture(client, capture, THOUSAND, "KES");

        assertThatThrownBy(() -> cards.holdCapture(client, capture, THOUSAND, "KES"))
                .isInstanceOfSatisfying(ApplicationFailure.class, refused -> {
                    assertThat(refused.getType()).isEqualTo(CardFailures.CAPTURE_REFUSED);
                    assertThat(refused.getOriginalMessage()).contains("refused before");
                });
        assertThat(ledger.transfersOf("card:" + capture)).extracting(Ledger.Transfer::state)
                .containsOnly(TransferState.VOIDED);
    }

    @Test
    void givenARefundTheProcessorRefused_theSameRequestAgainShouldBeRefusedAsTheProcessorsRefusal() {
        CardRefundMoney refund = refund(captured(), "400.00", "0.00", "0.00");
        cards.holdRefund(refund);
        cards.releaseRefund(refund);

        assertThatThrownBy(() -> cards.holdRefund(refund))
                .isInstanceOfSatisfying(ApplicationFailure.class, refused ->
                        assertThat(refused.getType()).isEqualTo(CardFailures.PROCESSOR_REFUSED));
        assertThat(ledger.available(utility)).isEqualByComparingTo("975.00");
    }

    @Test
    void givenAHeldRefund_itShouldKeepTheMoneyFromBeingSpent_leaveOnlyWhenPosted_andReturnWhenReleased() {
        String capture = captured();
        CardRefundMoney first = refund(capture, "400.00", "0.00", "0.00");

        assertThat(cards.holdRefund(first)).as("400.00 of 1000.00 returns 10.00 of the fee")
                .isEqualByComparingTo("10.00");
        assertThat(ledger.find(utility).orElseThrow().balance()).as("nothing left yet").isEqualByComparingTo("975.00");
        assertThat(ledger.available(utility)).as("but it may not be spent").isEqualByComparingTo("585.00");
        cards.releaseRefund(first);
        assertThat(ledger.available(utility)).as("refused: all of it back").isEqualByComparingTo("975.00");

        CardRefundMoney second = refund(capture, "400.00", "0.00", "0.00");
        cards.holdRefund(second);
        cards.settleRefund(second);
        cards.settleRefund(second);
        assertThat(ledger.find(utility).orElseThrow().balance()).isEqualByComparingTo("585.00");
        assertThat(ledger.available(utility)).isEqualByComparingTo("585.00");

        cards.giveBackRefund(second, new BigDecimal("0.00"));
        assertThat(ledger.available(utility)).as("failed at settlement: given back").isEqualByComparingTo("975.00");
    }

    @Test
    void givenARefundTheUtilityAccountCannotCover_itShouldBeRefusedNamingTheBalance_withNothingHeld() {
        String capture = captured();
        ledger.transferRequired("test:drain:" + UUID.randomUUID(), new Leg(utility, LedgerAccounts.FUNDING,
                new BigDecimal("900.00")), "Paid out elsewhere");

        assertThatThrownBy(() -> cards.holdRefund(refund(capture, "1000.00", "0.00", "0.00")))
                .isInstanceOfSatisfying(ApplicationFailure.class, refused -> {
                    assertThat(refused.getType()).isEqualTo(CardFailures.INSUFFICIENT_BALANCE);
                    assertThat(refused.getOriginalMessage()).contains("75.00 KES available");
                });
        assertThat(ledger.available(utility)).isEqualByComparingTo("75.00");
        assertThat(ledger.available(LedgerAccounts.FEE_REVENUE)).as("revenue's leg not held either")
                .isEqualByComparingTo(ledger.find(LedgerAccounts.FEE_REVENUE).orElseThrow().balance());
    }

    /** A capture of 1,000.00 held and posted: 975.00 credited. */
    private String captured() {
        String capture = "cap_" + UUID.randomUUID();
        cards.holdCapture(client, capture, THOUSAND, "KES");
        cards.settleCapture(client, capture, THOUSAND, "KES");
        return capture;
    }

    private CardRefundMoney refund(String capture, String amount, String refundedBefore, String feeReturnedBefore) {
        return new CardRefundMoney(client, null, capture, "ref_" + UUID.randomUUID(), new BigDecimal(amount),
                new BigDecimal(refundedBefore), new BigDecimal(feeReturnedBefore));
    }
}
