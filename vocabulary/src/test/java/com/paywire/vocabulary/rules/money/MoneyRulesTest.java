package com.paywire.vocabulary.rules.money;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rails.Rail;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class MoneyRulesTest {

    private static final BigDecimal ZERO = new BigDecimal("0.00");

    private static Movement payout(String fee) {
        return new Movement(Product.PAYOUT, "ref-1", "acme", Rail.MOBILE_MONEY, new BigDecimal("1000.00"),
                new BigDecimal(fee));
    }

    private static Movement checkout(String fee) {
        return new Movement(Product.CHECKOUT, "order-1", "acme", Rail.CARD_PROCESSOR, new BigDecimal("1500.50"),
                new BigDecimal(fee));
    }

    @Test
    void aHold_takesTheAmountToTheRailAndTheFeeToRevenue_bothFromTheWorkingAccount() {
        assertThat(MoneyRules.hold(payout("22.40"))).containsExactly(
                new Leg("client:acme:WORKING", "rail:MOBILE_MONEY:SETTLEMENT", new BigDecimal("1000.00")),
                new Leg("client:acme:WORKING", "platform:FEE_REVENUE", new BigDecimal("22.40")));
    }

    @Test
    void aHoldWithoutAFee_hasNoFeeLeg() {
        assertThat(MoneyRules.hold(payout("0.00"))).hasSize(1);
    }

    @Test
    void aCollection_creditsTheUtilityAccountWithTheAmountLessTheFee_fromTheRailsSettlement() {
        assertThat(MoneyRules.collected(checkout("22.51"), "Checkout order-1")).containsExactly(
                new Posting("checkout:order-1", new Leg("rail:CARD:SETTLEMENT", "client:acme:UTILITY",
                        new BigDecimal("1477.99")), "Checkout order-1"),
                new Posting("checkout:order-1:fee", new Leg("rail:CARD:SETTLEMENT", "platform:FEE_REVENUE",
                        new BigDecimal("22.51")), "Fee of Checkout order-1"));
    }

    @Test
    void aCheckoutCaptureHeld_movesTheWholeAmountToTheCheckoutCaptures_withNoFeeAndNoMerchantYet() {
        Movement capture = new Movement(Product.CARD, "cap_1", "acme", Rail.CARD_PROCESSOR, new BigDecimal("1500.50"), null);

        assertThat(MoneyRules.checkoutPaymentHeld(capture)).containsExactly(new Leg("rail:CARD:SETTLEMENT",
                "platform:CHECKOUT_PAYMENTS", new BigDecimal("1500.50")));
        assertThatThrownBy(() -> MoneyRules.checkoutPaymentHeld(new Movement(Product.CARD, "cap_2", "acme", Rail.CARD_PROCESSOR,
                BigDecimal.TEN, null, "USD"))).as("checkout orders are in KES").isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void anOrderPaidByAHeldCapture_isCreditedFromTheCheckoutCaptures_theSameLegsAsFromTheSettlement() {
        assertThat(MoneyRules.collectedFromCheckoutPayments(checkout("22.51"), "Checkout order-1")).containsExactly(
                new Posting("checkout:order-1", new Leg("platform:CHECKOUT_PAYMENTS", "client:acme:UTILITY",
                        new BigDecimal("1477.99")), "Checkout order-1"),
                new Posting("checkout:order-1:fee", new Leg("platform:CHECKOUT_PAYMENTS",
                        "platform:FEE_REVENUE", new BigDecimal("22.51")), "Fee of Checkout order-1"));
    }

    @Test
    void aHeldCaptureNoOrderTook_isOwedBackOrRefunded_fromTheCheckoutCaptures_underTheKeysOfAnyCapture() {
        Movement capture = new Movement(Product.CARD, "cap_1", "acme", Rail.CARD_PROCESSOR, new BigDecimal("1500.50"), null);

        assertThat(MoneyRules.owedBackFromCheckoutPayments(capture, "owed")).isEqualTo(new Posting(
                "card:cap_1:refund-due", new Leg("platform:CHECKOUT_PAYMENTS", "platform:REFUNDS_DUE",
                        new BigDecimal("1500.50")), "owed"));
        assertThat(MoneyRules.checkoutCaptureRefunded(capture, "ref_1", "refund")).isEqualTo(new Posting(
                "card:cap_1:refund:ref_1", new Leg("platform:CHECKOUT_PAYMENTS", "rail:CARD:SETTLEMENT",
                        new BigDecimal("1500.50")), "refund"));
    }

    @Test
    void aCollectionHeld_isTheCreditAndItsFee_asOneHoldOnTheRailsSettlement() {
        Movement capture = new Movement(Product.CARD, "cap_1", "acme", Rail.CARD_PROCESSOR, new BigDecimal("10.00"),
                new BigDecimal("0.25"), "USD");

        assertThat(MoneyRules.collectionHeld(capture)).containsExactly(
                new Leg("rail:CARD:SETTLEMENT:USD", "client:acme:UTILITY:USD", new BigDecimal("9.75")),
                new Leg("rail:CARD:SETTLEMENT:USD", "platform:FEE_REVENUE:USD", new BigDecimal("0.25")));
        assertThatThrownBy(() -> MoneyRules.collectionHeld(new Movement(Product.CARD, "cap_2", "acme", Rail.CARD_PROCESSOR,
                new BigDecimal("0.01"), new BigDecimal("0.01")))).as("a fee may not take it all")
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aCollectionInUsd_staysInUsd_onTheUsdAccountsOfTheClientTheRailAndRevenue() {
        Movement capture = new Movement(Product.CARD, "cap_usd", "acme", Rail.CARD_PROCESSOR, new BigDecimal("200.00"),
                new BigDecimal("5.00"), "USD");

        assertThat(MoneyRules.collected(capture, "Card capture cap_usd")).containsExactly(
                new Posting("card:cap_usd", new Leg("rail:CARD:SETTLEMENT:USD", "client:acme:UTILITY:USD",
                        new BigDecimal("195.00")), "Card capture cap_usd"),
                new Posting("card:cap_usd:fee", new Leg("rail:CARD:SETTLEMENT:USD", "platform:FEE_REVENUE:USD",
                        new BigDecimal("5.00")), "Fee of Card capture cap_usd"));
        assertThat(MoneyRules.refund(capture, "ref_1", ZERO, ZERO, new BigDecimal("80.00"), "Refund")).containsExactly(
                new Posting("card:cap_usd:refund:ref_1", new Leg("client:acme:UTILITY:USD",
                        "rail:CARD:SETTLEMENT:USD", new BigDecimal("78.00")), "Refund"),
                new Posting("card:cap_usd:refund:ref_1:fee", new Leg("platform:FEE_REVENUE:USD",
                        "rail:CARD:SETTLEMENT:USD", new BigDecimal("2.00")), "Fee returned by Refund"));
    }

    @Test
    void aCollectionReversal_shouldGiveBackTheWholeAmount_theFeeFromRevenue_underReversalKeys() {
        Movement paybill = new Movement(Product.PAYBILL_DEPOSIT, "d1", "acme", Rail.MOBILE_MONEY,
                new BigDecimal("2000.00"), new BigDecimal("11.00"));

        assertThat(MoneyRules.collectionReversal(paybill, "r1", "Reversal")).containsExactly(
                new Posting("paybill:d1:reversal:r1", new Leg("client:acme:UTILITY", "rail:MOBILE_MONEY:SETTLEMENT",
                        new BigDecimal("1989.00")), "Reversal"),
                new Posting("paybill:d1:reversal:r1:fee", new Leg("platform:FEE_REVENUE",
                        "rail:MOBILE_MONEY:SETTLEMENT", new BigDecimal("11.00")), "Fee returned by Reversal"));
        // the fee kept by the charge table's rule: the client gives back all the payer paid
        Movement feeKept = new Movement(Product.PAYBILL_DEPOSIT, "d1", "acme", Rail.MOBILE_MONEY,
                new BigDecimal("2000.00"), BigDecimal.ZERO);
        assertThat(MoneyRules.collectionReversal(feeKept, "r1", "Reversal")).containsExactly(
                new Posting("paybill:d1:reversal:r1", new Leg("client:acme:UTILITY", "rail:MOBILE_MONEY:SETTLEMENT",
                        new BigDecimal("2000.00")), "Reversal"));
    }

    @Test
    void onlyACollectionIsKeptInAnotherCurrency_whatIsSentIsPaidInKes() {
        Movement dollarsOut = new Movement(Product.PAYOUT, "ref-usd", "acme", Rail.MOBILE_MONEY, new BigDecimal("10.00"),
                null, "USD");

        assertThatThrownBy(() -> MoneyRules.hold(dollarsOut)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("USD");
    }

    @Test
    void aCollectionsFee_mayNotTakeItAll() {
        assertThatThrownBy(() -> MoneyRules.collected(checkout("1500.50"), "x"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("checkout:order-1");
    }

    @Test
    void aPaymentNoOrderCanTake_isOwedBackInFull_fromTheRailsSettlement_neverToTheClient() {
        Movement secondPayment = new Movement(Product.PHONE_PROMPT, "dep-2", "acme", Rail.MOBILE_MONEY,
                new BigDecimal("1200.00"), null);

        assertThat(MoneyRules.owedBack(secondPayment, "Owed back")).isEqualTo(new Posting("deposit:dep-2:refund-due",
                new Leg("rail:MOBILE_MONEY:SETTLEMENT", "platform:REFUNDS_DUE", new BigDecimal("1200.00")),
                "Owed back"));
        assertThatThrownBy(() -> MoneyRules.owedBack(payout("0.00"), "x")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aFullRefund_takesTheWholeCreditBack_theAmountLessFeeFromUtility_andTheFeeFromRevenue() {
        assertThat(MoneyRules.refund(checkout("22.51"), "ref_1", ZERO, ZERO, new BigDecimal("1500.50"), "Refund ref_1"))
                .containsExactly(
                        new Posting("checkout:order-1:refund:ref_1", new Leg("client:acme:UTILITY",
                                "rail:CARD:SETTLEMENT", new BigDecimal("1477.99")), "Refund ref_1"),
                        new Posting("checkout:order-1:refund:ref_1:fee", new Leg("platform:FEE_REVENUE",
                                "rail:CARD:SETTLEMENT", new BigDecimal("22.51")), "Fee returned by Refund ref_1"));
    }

    @Test
    void partialRefunds_eachReturnTheirShareOfTheFeeRounded_andTheLastWhatIsLeft_soTheSumsMatchToTheCent() {
        Movement capture = new Movement(Product.CARD, "cap_1", "acme", Rail.CARD_PROCESSOR, new BigDecimal("1500.50"),
                new BigDecimal("22.51"));
        List<BigDecimal> refunds = List.of(new BigDecimal("500.50"), new BigDecimal("500.00"), new BigDecimal("500.00"));
        BigDecimal refunded = ZERO;
        BigDecimal feeReturned = ZERO;
        List<BigDecimal> shares = new ArrayList<>();
        BigDecimal fromUtility = ZERO;
        for (int i = 0; i < refunds.size(); i++) {
            List<Posting> postings = MoneyRules.refund(capture, "ref_" + i, refunded, feeReturned, refunds.get(i), "R");
            BigDecimal share = postings.get(1).leg().amount();
            shares.add(share);
            fromUtility = fromUtility.add(postings.get(0).leg().amount());
            refunded = refunded.add(refunds.get(i));
            feeReturned = feeReturned.add(share);
        }

        assertThat(shares).containsExactly(new BigDecimal("7.51"), new BigDecimal("7.50"), new BigDecimal("7.50"));
        assertThat(feeReturned).isEqualByComparingTo("22.51");
        assertThat(fromUtility).as("all that was credited").isEqualByComparingTo("1477.99");
    }

    @Test
    void theRefundThatCompletesTheCapture_returnsTheRemainder_notItsOwnRoundedShare() {
        BigDecimal captured = new BigDecimal("10.00");
        BigDecimal fee = new BigDecimal("0.25");
        BigDecimal third = new BigDecimal("3.33");

        assertThat(MoneyRules.refundedFeeShare(captured, fee, ZERO, ZERO, third)).isEqualByComparingTo("0.08");
        assertThat(MoneyRules.refundedFeeShare(captured, fee, third, new BigDecimal("0.08"), third))
                .isEqualByComparingTo("0.08");
        assertThat(MoneyRules.refundedFeeShare(captured, fee, new BigDecimal("6.66"), new BigDecimal("0.16"),
                new BigDecimal("3.34"))).as("0.25 - 0.16, where 0.25 x 3.34 / 10 rounds to 0.08")
                .isEqualByComparingTo("0.09");
    }

    @Test
    void aRefundBeyondWhatIsLeftOfTheCapture_isABug() {
        assertThatThrownBy(() -> MoneyRules.refundedFeeShare(new BigDecimal("10.00"), new BigDecimal("0.25"),
                new BigDecimal("6.00"), new BigDecimal("0.15"), new BigDecimal("4.01")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("10.00");
    }

    @Test
    void aReversal_movesEachLegBack_underKeysOfItsOwn() {
        List<Posting> refund = MoneyRules.refund(checkout("22.51"), "ref_1", ZERO, ZERO, new BigDecimal("100.00"), "R");

        assertThat(MoneyRules.reversed(refund))
                .extracting(Posting::key, p -> p.leg().debitAccount(), p -> p.leg().creditAccount(), p -> p.leg().amount())
                .containsExactly(
                        tuple("checkout:order-1:refund:ref_1:reversed", "rail:CARD:SETTLEMENT", "client:acme:UTILITY",
                                new BigDecimal("98.50")),
                        tuple("checkout:order-1:refund:ref_1:fee:reversed", "rail:CARD:SETTLEMENT",
                                "platform:FEE_REVENUE", new BigDecimal("1.50")));
    }

    @Test
    void aLateSuccess_booksAmountAndFeeAgainFromThePayer_underKeysOfItsOwn() {
        assertThat(MoneyRules.lateSuccess(payout("22.40"), "client:acme:RECEIVABLE", "Late"))
                .extracting(Posting::key, p -> p.leg().debitAccount(), p -> p.leg().creditAccount())
                .containsExactly(
                        tuple("payout:ref-1:late:amount", "client:acme:RECEIVABLE",
                                "rail:MOBILE_MONEY:SETTLEMENT"),
                        tuple("payout:ref-1:late:fee", "client:acme:RECEIVABLE",
                                "platform:FEE_REVENUE"));
    }

    @Test
    void aLateSuccess_isPaidByTheWorkingAccountFirst_thenOwedOnTheReceivable() {
        assertThat(MoneyRules.lateSuccessPayers("acme")).containsExactly("client:acme:WORKING", "client:acme:RECEIVABLE");
    }

    @Test
    void aPhonePromptPaidAfterItsHeldCreditWasReleased_isCollectedAsBefore_underAKeyOfItsOwn() {
        Movement prompt = new Movement(Product.PHONE_PROMPT, "dep-1", "acme", Rail.MOBILE_MONEY, new BigDecimal("250.00"),
                BigDecimal.ZERO);
        Movement late = MoneyRules.collectedAfterRelease(prompt);

        assertThat(late.key()).isEqualTo("deposit:dep-1:paid-late");
        assertThat(MoneyRules.collected(late, "late")).extracting(p -> p.leg().debitAccount(), p -> p.leg().creditAccount(),
                p -> p.leg().amount()).containsExactlyElementsOf(MoneyRules.collectionHeld(prompt).stream()
                .map(l -> tuple(l.debitAccount(), l.creditAccount(), l.amount())).toList());
        assertThatThrownBy(() -> MoneyRules.collectedAfterRelease(payout("1.00")))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aPayoutPaidAfterItsHoldWasReleased_isHeldAgainFromTheWorkingAccountAlone_underAKeyOfItsOwn() {
        Movement late = MoneyRules.paidAfterRelease(payout("22.40"));

        assertThat(late.key()).isEqualTo("payout:ref-1:paid-late");
        assertThat(MoneyRules.hold(late)).extracting(Leg::debitAccount).containsOnly("client:acme:WORKING");
        assertThat(MoneyRules.hold(late)).extracting(Leg::amount)
                .isEqualTo(MoneyRules.hold(payout("22.40")).stream().map(Leg::amount).toList());
        assertThatThrownBy(() -> MoneyRules.paidAfterRelease(checkout("1.00")))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void productsMoveMoneyOneWayOnly() {
        assertThatThrownBy(() -> MoneyRules.hold(checkout("1.00"))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MoneyRules.collected(payout("1.00"), "x")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void eachProductsKeysStartWithItsOwnPrefix() {
        assertThat(Product.movingMoney().stream().map(Product::keyPrefix).distinct().count())
                .isEqualTo(Product.movingMoney().size());
    }
}
