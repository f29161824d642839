package com.paywire.activities.paybacks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.activities.ActivitiesTestApplication;
import com.paywire.activities.UnusedRails;
import com.paywire.activities.collections.paybill.PaybillDepositActivitiesImpl;
import com.paywire.domain.InvalidInputException;
import com.paywire.domain.UnknownResourceException;
import com.paywire.domain.money.MoneyEngine;
import com.paywire.domain.operations.OperatorActions;
import com.paywire.domain.operations.PaybillSuspense;
import com.paywire.domain.operations.PaybillSuspense.NotInSuspense;
import com.paywire.domain.paybacks.PayBacks;
import com.paywire.persistence.TestDatabase;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.collections.PaybillDepositStore;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.persistence.paybacks.PayBackStore;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.vocabulary.collections.PaybillDeposit;
import com.paywire.vocabulary.collections.PaybillDepositStatus;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.ledger.TransferState;
import com.paywire.vocabulary.operations.OperatorActionKind;
import com.paywire.vocabulary.paybacks.PayBack;
import com.paywire.vocabulary.paybacks.PayBackMethod;
import com.paywire.vocabulary.paybacks.PayBackStatus;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.vocabulary.rules.money.MoneyRules;
import com.paywire.vocabulary.rules.money.Movement;
import com.paywire.workflows.paybacks.PayBackAnswer;
import com.paywire.workflows.paybacks.PayBackAnswer.State;
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
 * Issue 45 on the real ledger: a paybill deposit in suspense is assigned to a client once, or returned to its payer
 * in two phases (posted when the rail pays, released to suspense when it refuses, held while unknown); a refund due
 * is paid back once, and REFUNDS_DUE is back where it was.
 */
@SpringBootTest(classes = ActivitiesTestApplication.class)
class PayBackLedgerTest {

    static final PayBackAnswer PAID = new PayBackAnswer(State.PAID, "RCPT", "0", "Reversed");
    static final PayBackAnswer REFUSED = new PayBackAnswer(State.REFUSED, null, "R000002", "Invalid receipt");

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        TestDatabase.register(registry);
        UnusedRails.register(registry);
    }

    @Autowired
    PaybillDepositActivitiesImpl paybill;
    @Autowired
    PaybillDepositStore deposits;
    @Autowired
    PaybillSuspense suspense;
    @Autowired
    PayBackActivitiesImpl activities;
    @Autowired
    PayBacks payBacks;
    @Autowired
    PayBackStore store;
    @Autowired
    OperatorActions actions;
    @Autowired
    ApiClientStore clients;
    @Autowired
    MoneyEngine money;
    @Autowired
    Ledger ledger;

    @Test
    void givenADepositInSuspense_assigningItShouldCreditTheClientOnce_lessTheFee_andASecondAssignmentIs409() {
        String client = client();
        PaybillDeposit held = suspended("2000.00");
        BigDecimal suspenseBefore = balance(LedgerAccounts.PAYBILL_SUSPENSE);

        PaybillDeposit credited = suspense.assign(held.receiptNumber(), client, "typed XX for PW", "operator-1");

        assertThat(credited.status()).isEqualTo(PaybillDepositStatus.CREDITED);
        assertThat(credited.clientId()).isEqualTo(client);
        assertThat(credited.fee()).isEqualByComparingTo("11.00");
        assertThat(deposits.findByReceipt(client, held.receiptNumber())).as("the client's status query finds it")
                .isPresent();
        assertThat(ledger.available(LedgerAccounts.utility(client))).isEqualByComparingTo("1989.00");
        assertThat(balance(LedgerAccounts.PAYBILL_SUSPENSE)).isEqualByComparingTo(
                suspenseBefore.subtract(new BigDecimal("2000.00")));
        assertThat(ledger.posted(OperatorActionKind.PAYBILL_SUSPENSE_ASSIGNED.ledgerKey(held.receiptNumber())))
                .isPresent();
        assertThat(actions.find(OperatorActionKind.PAYBILL_SUSPENSE_ASSIGNED, held.receiptNumber()).orElseThrow()
                .operatorId()).isEqualTo("operator-1");

        assertThatThrownBy(() -> suspense.assign(held.receiptNumber(), client, "again", "operator-2"))
                .isInstanceOf(NotInSuspense.class);
        assertThatThrownBy(() -> suspense.returnToPayer(held.receiptNumber(), "and back", "operator-2"))
                .isInstanceOf(NotInSuspense.class);
        assertThat(ledger.available(LedgerAccounts.utility(client))).as("moved once").isEqualByComparingTo("1989.00");
        assertThat(balance(LedgerAccounts.PAYBILL_SUSPENSE)).isEqualByComparingTo(
                suspenseBefore.subtract(new BigDecimal("2000.00")));
    }

    @Test
    void anUnknownReceipt_shouldBeNotFound_withoutQuotingIt_andABadClientOrReason_invalidInput() {
        PaybillDeposit held = suspended("100.00");

        assertThatThrownBy(() -> suspense.assign("NOSUCH1234", client(), "why", "op"))
                .isInstanceOf(UnknownResourceException.class).message().doesNotContain("NOSUCH1234");
        assertThatThrownBy(() -> suspense.returnToPayer("NOSUCH1234", "why", "op"))
                .isInstanceOf(UnknownResourceException.class).message().doesNotContain("NOSUCH1234");
        assertThatThrownBy(() -> suspense.assign(held.receiptNumber(), "no-such-client", "why", "op"))
                .isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> suspense.assign(held.receiptNumber(), client(), " ", "op"))
                .isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> suspense.returnToPayer(held.receiptNumber(), null, "op"))
                .isInstanceOf(InvalidInputException.class);
        assertThat(deposits.find(held.id()).orElseThrow().status()).isEqualTo(PaybillDepositStatus.SUSPENDED);
    }

    @Test
    void givenAReturnTheRailPays_itsMoneyShouldLeaveSuspenseOnce_toTheRailsSettlement() {
        PaybillDeposit held = suspended("300.00");
        BigDecimal suspenseBefore = balance(LedgerAccounts.PAYBILL_SUSPENSE);
        BigDecimal railBefore = balance(LedgerAccounts.railSettlement(Rail.MOBILE_MONEY));
        BigDecimal reservedBefore = reserved(LedgerAccounts.PAYBILL_SUSPENSE);

        PayBack payBack = returned(held);
        activities.holdPayBack(payBack.id().toString());
        activities.holdPayBack(payBack.id().toString());

        assertThat(store.find(payBack.id()).orElseThrow().method()).isEqualTo(PayBackMethod.REVERSAL);
        assertThat(ledger.holdState(payBack.holdKey())).as("held before the rail is asked")
                .contains(TransferState.PENDING);
        assertThat(reserved(LedgerAccounts.PAYBILL_SUSPENSE)).as("held once").isEqualByComparingTo(
                reservedBefore.add(new BigDecimal("300.00")));
        assertThatThrownBy(() -> suspense.assign(held.receiptNumber(), client(), "while returning", "op"))
                .isInstanceOf(NotInSuspense.class);

        activities.closePayBack(payBack.id().toString(), PAID);
        activities.closePayBack(payBack.id().toString(), PAID);

        assertThat(store.find(payBack.id()).orElseThrow().status()).isEqualTo(PayBackStatus.PAID);
        assertThat(ledger.holdState(payBack.holdKey())).contains(TransferState.POSTED);
        assertThat(balance(LedgerAccounts.PAYBILL_SUSPENSE)).isEqualByComparingTo(
                suspenseBefore.subtract(new BigDecimal("300.00")));
        assertThat(balance(LedgerAccounts.railSettlement(Rail.MOBILE_MONEY))).isEqualByComparingTo(
                railBefore.add(new BigDecimal("300.00")));
        assertThat(suspense.held(500).stream().filter(h -> h.deposit().id().equals(held.id())).findFirst()
                .orElseThrow().status()).isEqualTo("RETURNED");
        assertThatThrownBy(() -> suspense.returnToPayer(held.receiptNumber(), "twice", "op"))
                .isInstanceOf(NotInSuspense.class);
    }

    @Test
    void givenAReturnTheRailRefuses_itsMoneyShouldBeBackInSuspense_andItMayBeReturnedAgainOrAssigned() {
        PaybillDeposit held = suspended("400.00");
        BigDecimal suspenseBefore = balance(LedgerAccounts.PAYBILL_SUSPENSE);

        PayBack first = returned(held);
        activities.holdPayBack(first.id().toString());
        activities.closePayBack(first.id().toString(), REFUSED);

        PayBack refused = store.find(first.id()).orElseThrow();
        assertThat(refused.status()).isEqualTo(PayBackStatus.FAILED);
        assertThat(refused.reason()).contains("R000002").contains("Invalid receipt");
        assertThat(ledger.holdState(first.holdKey())).contains(TransferState.VOIDED);
        assertThat(balance(LedgerAccounts.PAYBILL_SUSPENSE)).isEqualByComparingTo(suspenseBefore);
        assertThat(suspense.held(500).stream().filter(h -> h.deposit().id().equals(held.id())).findFirst()
                .orElseThrow().status()).isEqualTo("RETURN_FAILED");

        PayBack second = returned(held);
        assertThat(second.attempt()).isEqualTo(2);
        assertThat(second.holdKey()).isNotEqualTo(first.holdKey());
        activities.holdPayBack(second.id().toString());
        activities.closePayBack(second.id().toString(), REFUSED);

        String client = client();
        suspense.assign(held.receiptNumber(), client, "found its client", "op");
        assertThat(ledger.available(LedgerAccounts.utility(client))).isEqualByComparingTo("397.80");
        assertThat(balance(LedgerAccounts.PAYBILL_SUSPENSE)).isEqualByComparingTo(
                suspenseBefore.subtract(new BigDecimal("400.00")));
    }

    @Test
    void givenAReturnWhoseAnswerIsUnknown_itsMoneyShouldStayHeld_untilTheRailsAnswerDecides() {
        PaybillDeposit held = suspended("500.00");
        BigDecimal suspenseBefore = balance(LedgerAccounts.PAYBILL_SUSPENSE);
        PayBack payBack = returned(held);
        activities.holdPayBack(payBack.id().toString());

        activities.keepPayBackHeld(payBack.id().toString(), "no answer from the rail in 24 h");

        PayBack waiting = store.find(payBack.id()).orElseThrow();
        assertThat(waiting.status()).isEqualTo(PayBackStatus.PAYING);
        assertThat(waiting.reason()).contains("no answer");
        assertThat(ledger.holdState(payBack.holdKey())).contains(TransferState.PENDING);
        assertThat(balance(LedgerAccounts.PAYBILL_SUSPENSE)).as("held, not moved").isEqualByComparingTo(suspenseBefore);

        activities.closePayBack(payBack.id().toString(), PAID);
        assertThat(balance(LedgerAccounts.PAYBILL_SUSPENSE)).isEqualByComparingTo(
                suspenseBefore.subtract(new BigDecimal("500.00")));
    }

    @Test
    void givenRefundsDue_eachShouldBePaidBackOnce_andRefundsDueBeBackWhereItWas() {
        BigDecimal before = balance(LedgerAccounts.REFUNDS_DUE);
        String client = client();
        List<PayBack> owed = List.of(owedBack(client, "250.00"), owedBack(client, "75.50"));
        assertThat(balance(LedgerAccounts.REFUNDS_DUE)).isEqualByComparingTo(before.add(new BigDecimal("325.50")));

        for (PayBack payBack : owed) {
            assertThat(payBack.status()).isEqualTo(PayBackStatus.PENDING);
            activities.holdPayBack(payBack.id().toString());
            assertThat(store.find(payBack.id()).orElseThrow().method()).isEqualTo(PayBackMethod.CARD_REFUND);
            activities.closePayBack(payBack.id().toString(), PAID);
            activities.closePayBack(payBack.id().toString(), PAID);
            assertThat(store.find(payBack.id()).orElseThrow().status()).isEqualTo(PayBackStatus.PAID);
        }

        assertThat(balance(LedgerAccounts.REFUNDS_DUE)).isEqualByComparingTo(before);
        assertThat(payBacks.refundsDue(500)).extracting(PayBack::id).contains(owed.get(0).id(), owed.get(1).id());
    }

    @Test
    void givenARefundDueTheProcessorRefuses_itShouldBeReferredWithTheReason_itsMoneyBackOnRefundsDue() {
        BigDecimal before = balance(LedgerAccounts.REFUNDS_DUE);
        PayBack payBack = owedBack(client(), "120.00");
        activities.holdPayBack(payBack.id().toString());

        activities.closePayBack(payBack.id().toString(), REFUSED);

        PayBack referred = store.find(payBack.id()).orElseThrow();
        assertThat(referred.status()).isEqualTo(PayBackStatus.REFERRED);
        assertThat(referred.reason()).contains("R000002");
        assertThat(balance(LedgerAccounts.REFUNDS_DUE)).isEqualByComparingTo(before.add(new BigDecimal("120.00")));
    }

    @Test
    void aRefundDueRecordedTwice_shouldBeOneRow() {
        String key = "card:cap_" + UUID.randomUUID() + ":refund-due";

        PayBack first = payBacks.recordRefundDue(key, Product.CARD, "cap_x", null, BigDecimal.TEN);
        PayBack second = payBacks.recordRefundDue(key, Product.CARD, "cap_x", null, BigDecimal.TEN);

        assertThat(second.id()).isEqualTo(first.id());
    }

    /** A card capture owed back, booked to REFUNDS_DUE as checkout's activity books it, and recorded. */
    private PayBack owedBack(String client, String amount) {
        String captureId = "cap_" + UUID.randomUUID();
        Movement capture = new Movement(Product.CARD, captureId, client, Rail.CARD_PROCESSOR, new BigDecimal(amount),
                BigDecimal.ZERO);
        money.oweBack(capture, "owed back in a test");
        return payBacks.recordRefundDue(MoneyRules.owedBack(capture, "x").key(), Product.CARD, captureId, null,
                new BigDecimal(amount));
    }

    private PayBack returned(PaybillDeposit held) {
        suspense.returnToPayer(held.receiptNumber(), "no client has that AccountNo", "operator-1");
        return payBacks.latestReturn(held.receiptNumber()).orElseThrow();
    }

    private PaybillDeposit suspended(String amount) {
        String receipt = "S" + UUID.randomUUID().toString().replace("-", "").substring(0, 11).toUpperCase();
        PaybillDeposit deposit = deposits.insertOnce(PaybillDeposit.received(UUID.randomUUID(), receipt, "999999",
                "ZZINV-1", new BigDecimal(amount), "254712345678", OffsetDateTime.now(), null, null,
                OffsetDateTime.now()));
        assertThat(paybill.creditPaybillDeposit(deposit.id().toString())).isEqualTo(PaybillDepositStatus.SUSPENDED);
        return deposits.find(deposit.id()).orElseThrow();
    }

    private String client() {
        String client = "client-" + UUID.randomUUID();
        clients.register(new ApiClient(client, client, "unused", Set.of("collections")), List.of());
        return client;
    }

    private BigDecimal balance(String account) {
        return ledger.find(account).orElseThrow().balance();
    }

    private BigDecimal reserved(String account) {
        return ledger.find(account).orElseThrow().reserved();
    }
}
