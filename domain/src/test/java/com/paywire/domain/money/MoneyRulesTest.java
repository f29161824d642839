package com.paywire.domain.money;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

import com.paywire.persistence.ledger.Ledger;
import java.math.BigDecimal;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class MoneyRulesTest {

    private static Movement payout(String fee) {
        return new Movement(Product.PAYOUT, "ref-1", "acme", "MOBILE_MONEY", new BigDecimal("1000.00"),
                new BigDecimal(fee));
    }

    private static Movement checkout(String fee) {
        return new Movement(Product.CHECKOUT, "order-1", "acme", "CARD", new BigDecimal("1500.50"),
                new BigDecimal(fee));
    }

    @Test
    void aHold_takesTheAmountToTheRailAndTheFeeToRevenue_bothFromTheWorkingAccount() {
        assertThat(MoneyRules.hold(payout("22.40"))).containsExactly(
                new Ledger.Leg("client:acme:WORKING", "rail:MOBILE_MONEY:SETTLEMENT", new BigDecimal("1000.00")),
                new Ledger.Leg("client:acme:WORKING", "platform:FEE_REVENUE", new BigDecimal("22.40")));
    }

    @Test
    void aHoldWithoutAFee_hasNoFeeLeg() {
        assertThat(MoneyRules.hold(payout("0.00"))).hasSize(1);
    }

    @Test
    void aCollection_creditsTheUtilityAccountWithTheAmountLessTheFee_fromTheRailsSettlement() {
        assertThat(MoneyRules.collected(checkout("22.51"), "Checkout order-1")).containsExactly(
                new Posting("checkout:order-1", new Ledger.Leg("rail:CARD:SETTLEMENT", "client:acme:UTILITY",
                        new BigDecimal("1477.99")), "Checkout order-1"),
                new Posting("checkout:order-1:fee", new Ledger.Leg("rail:CARD:SETTLEMENT", "platform:FEE_REVENUE",
                        new BigDecimal("22.51")), "Fee of Checkout order-1"));
    }

    @Test
    void aCollectionsFee_mayNotTakeItAll() {
        assertThatThrownBy(() -> MoneyRules.collected(checkout("1500.50"), "x"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("checkout:order-1");
    }

    @Test
    void aPaymentNoOrderCanTake_isOwedBackInFull_fromTheRailsSettlement_neverToTheClient() {
        Movement secondPayment = new Movement(Product.PHONE_PROMPT, "dep-2", "acme", "MOBILE_MONEY",
                new BigDecimal("1200.00"), null);

        assertThat(MoneyRules.owedBack(secondPayment, "Owed back")).isEqualTo(new Posting("deposit:dep-2:refund-due",
                new Ledger.Leg("rail:MOBILE_MONEY:SETTLEMENT", "platform:REFUNDS_DUE", new BigDecimal("1200.00")),
                "Owed back"));
        assertThatThrownBy(() -> MoneyRules.owedBack(payout("0.00"), "x")).isInstanceOf(IllegalArgumentException.class);
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
    void productsMoveMoneyOneWayOnly() {
        assertThatThrownBy(() -> MoneyRules.hold(checkout("1.00"))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MoneyRules.collected(payout("1.00"), "x")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void eachProductsKeysStartWithItsOwnPrefix() {
        assertThat(Arrays.stream(Product.values()).map(Product::keyPrefix).distinct().count())
                .isEqualTo(Product.values().length);
    }
}
