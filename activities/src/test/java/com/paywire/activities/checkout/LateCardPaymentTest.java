package com.paywire.activities.checkout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.activities.ActivitiesTestApplication;
import com.paywire.activities.CheckoutFixtures;
import com.paywire.activities.UnusedRails;
import com.paywire.activities.cards.CardLedgerActivitiesImpl;
import com.paywire.persistence.TestDatabase;
import com.paywire.persistence.checkout.CheckoutStore;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.vocabulary.checkout.CheckoutOrder;
import com.paywire.vocabulary.checkout.CheckoutStatus;
import com.paywire.vocabulary.checkout.PaymentMethod;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.ledger.TransferState;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.workflows.cards.CardRefundMoney;
import com.paywire.workflows.checkout.AttemptOutcome.ThirdParty;
import com.paywire.workflows.checkout.StatusChange;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A card attempt's capture that its order could not take (the checkout gave up on the attempt, then the order was
 * paid otherwise or closed) is owed back to the payer, once; the capture that completed the order owes nothing. A
 * capture held for its order waits on the checkout payments' account, which pays the order, the payer's refund or
 * what is owed back: one of them, once.
 */
@SpringBootTest(classes = ActivitiesTestApplication.class)
class LateCardPaymentTest {

    private static final BigDecimal TOTAL = new BigDecimal("1500.50");

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        TestDatabase.register(registry);
        UnusedRails.register(registry);
    }

    @Autowired
    CheckoutActivitiesImpl activities;
    @Autowired
    CheckoutStore checkouts;
    @Autowired
    ApiClientStore clients;
    @Autowired
    Ledger ledger;
    @Autowired
    CardLedgerActivitiesImpl cards;

    @Test
    void givenACaptureTheOrderCouldNotTake_itShouldBeOwedBackInFull_once_andTheMerchantNotCredited() {
        UUID order = order(CheckoutStatus.CANCELLED);
        BigDecimal due = ledger.find(LedgerAccounts.REFUNDS_DUE).orElseThrow().balance();
        String capture = "cap_" + UUID.randomUUID();

        activities.oweBackLateCardPayment(order.toString(), capture);
        activities.oweBackLateCardPayment(order.toString(), capture);

        assertThat(ledger.find(LedgerAccounts.REFUNDS_DUE).orElseThrow().balance().subtract(due))
                .isEqualByComparingTo(TOTAL);
        assertThat(ledger.posted("card:" + capture + ":refund-due")).hasValueSatisfying(leg -> {
            assertThat(leg.debitAccount()).isEqualTo(LedgerAccounts.railSettlement(Rail.CARD_PROCESSOR));
            assertThat(leg.amount()).isEqualByComparingTo(TOTAL);
        });
        assertThat(ledger.available(LedgerAccounts.utility(clientOf(order)))).isEqualByComparingTo("0.00");
    }

    @Test
    void givenTheCaptureThatCompletedTheOrder_nothingShouldBeOwedBack() {
        UUID order = order(CheckoutStatus.PENDING);
        String capture = "cap_" + UUID.randomUUID();
        checkouts.recordStatus(order, CheckoutStatus.COMPLETED, "Completed", new CheckoutOrder.Outcome("000",
                "Completed", "00", "Authorised and captured", capture), PaymentMethod.CARD, OffsetDateTime.now());

        activities.oweBackLateCardPayment(order.toString(), capture);

        assertThat(ledger.posted("card:" + capture + ":refund-due")).isEmpty();
    }

    @Test
    void givenACheckoutCaptureHeldForItsOrder_theOrderShouldBeCreditedFromTheCheckoutCaptures_once_andNothingBeLeft() {
        UUID order = order(CheckoutStatus.PENDING);
        String client = clientOf(order);
        String capture = "cap_" + UUID.randomUUID();
        BigDecimal card = ledger.find(LedgerAccounts.railSettlement(Rail.CARD_PROCESSOR)).orElseThrow().balance();
        BigDecimal waiting = waiting();

        cards.holdCheckoutCapture(client, capture, TOTAL, "KES");
        assertThat(ledger.holdState("card:" + capture)).as("held while the processor is asked")
                .contains(TransferState.PENDING);
        assertThat(waiting()).as("nothing moves before the processor's answer").isEqualByComparingTo(waiting);
        cards.settleCapture(client, capture, TOTAL, "KES");
        assertThat(waiting().subtract(waiting)).isEqualByComparingTo(TOTAL);

        StatusChange paid = new StatusChange(order.toString(), UUID.randomUUID().toString(), CheckoutStatus.COMPLETED,
                PaymentMethod.CARD, "000", "Completed", new ThirdParty("00", "Authorised and captured", capture));
        // the money is committed before the merchant is called back, which needs a Temporal service this has not
        for (int retry = 0; retry < 2; retry++) {
            assertThatThrownBy(() -> activities.completeCheckout(paid)).hasMessageContaining("DeliveryWorkflow");
        }

        assertThat(waiting()).as("the order took the capture, once").isEqualByComparingTo(waiting);
        assertThat(ledger.posted("checkout:" + order)).hasValueSatisfying(leg ->
                assertThat(leg.debitAccount()).isEqualTo(LedgerAccounts.CHECKOUT_PAYMENTS));
        assertThat(ledger.available(LedgerAccounts.utility(client))).isEqualByComparingTo(
                TOTAL.subtract(new BigDecimal("22.51")));
        assertThat(ledger.find(LedgerAccounts.railSettlement(Rail.CARD_PROCESSOR)).orElseThrow().balance().subtract(card))
                .as("the card settlement paid the capture once").isEqualByComparingTo(TOTAL.negate());
        activities.oweBackLateCardPayment(order.toString(), capture);
        assertThat(ledger.posted("card:" + capture + ":refund-due")).as("the order's own capture").isEmpty();
    }

    @Test
    void givenACheckoutCaptureNoOrderTook_itShouldBeOwedBackFromTheCheckoutCaptures_andNotAlsoPayTheOrder() {
        UUID order = order(CheckoutStatus.CANCELLED);
        String client = clientOf(order);
        String capture = "cap_" + UUID.randomUUID();
        BigDecimal waiting = waiting();
        cards.holdCheckoutCapture(client, capture, TOTAL, "KES");
        cards.settleCapture(client, capture, TOTAL, "KES");

        activities.oweBackLateCardPayment(order.toString(), capture);
        activities.oweBackLateCardPayment(order.toString(), capture);

        assertThat(ledger.posted("card:" + capture + ":refund-due")).hasValueSatisfying(leg -> {
            assertThat(leg.debitAccount()).isEqualTo(LedgerAccounts.CHECKOUT_PAYMENTS);
            assertThat(leg.amount()).isEqualByComparingTo(TOTAL);
        });
        assertThat(waiting()).isEqualByComparingTo(waiting);
        assertThat(ledger.available(LedgerAccounts.utility(client))).isEqualByComparingTo("0.00");
    }

    @Test
    void givenACheckoutCaptureNoOrderTook_itsRefundShouldBeHeldFromTheCheckoutCaptures_andPostedOnlyOnTheAnswer() {
        UUID order = order(CheckoutStatus.CANCELLED);
        String client = clientOf(order);
        String capture = "cap_" + UUID.randomUUID();
        String refundId = "ref_" + UUID.randomUUID();
        BigDecimal waiting = waiting();
        cards.holdCheckoutCapture(client, capture, TOTAL, "KES");
        cards.settleCapture(client, capture, TOTAL, "KES");
        CardRefundMoney refund = new CardRefundMoney(client, null, capture, refundId, TOTAL, BigDecimal.ZERO,
                BigDecimal.ZERO);

        assertThat(cards.holdRefund(refund)).as("no fee was earned on it").isEqualByComparingTo("0.00");
        assertThat(ledger.available(LedgerAccounts.CHECKOUT_PAYMENTS).subtract(waiting)).as("held, not moved")
                .isEqualByComparingTo("0.00");
        cards.settleRefund(refund);

        assertThat(waiting()).isEqualByComparingTo(waiting);
        assertThat(ledger.posted("card:" + capture + ":refund:" + refundId + "#0")).hasValueSatisfying(leg -> {
            assertThat(leg.debitAccount()).isEqualTo(LedgerAccounts.CHECKOUT_PAYMENTS);
            assertThat(leg.creditAccount()).isEqualTo(LedgerAccounts.railSettlement(Rail.CARD_PROCESSOR));
        });
        assertThat(ledger.available(LedgerAccounts.utility(client))).as("the merchant's account is not touched")
                .isEqualByComparingTo("0.00");
    }

    /** What waits on the checkout payments' account (its balance: holds on it are of its refunds). */
    private BigDecimal waiting() {
        return ledger.find(LedgerAccounts.CHECKOUT_PAYMENTS).orElseThrow().balance();
    }

    private String clientOf(UUID order) {
        return checkouts.find(order).orElseThrow().clientId();
    }

    private UUID order(CheckoutStatus status) {
        String client = "client-" + UUID.randomUUID();
        clients.register(new ApiClient(client, client, "unused", Set.of("checkout")), List.of());
        return CheckoutFixtures.order(checkouts, client, status, TOTAL, new BigDecimal("22.51"));
    }
}
