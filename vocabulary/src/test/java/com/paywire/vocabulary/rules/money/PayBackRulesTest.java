package com.paywire.vocabulary.rules.money;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.paybacks.PayBackKind;
import com.paywire.vocabulary.paybacks.PayBackStatus;
import com.paywire.vocabulary.rails.Rail;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/** Suspense assigned to a client, and money paid back to payers (issue 45). */
class PayBackRulesTest {

    @Test
    void anAssignedDeposit_shouldCreditTheClientFromSuspense_lessTheFee_asItsCreditWouldHave() {
        assertThat(MoneyRules.assignedFromSuspense("operator:x:R1", "c1", new BigDecimal("150.00"),
                new BigDecimal("0.83"), "d"))
                .extracting(Posting::key, p -> p.leg().debitAccount(), p -> p.leg().creditAccount(),
                        p -> p.leg().amount())
                .containsExactly(
                        tuple("operator:x:R1", LedgerAccounts.PAYBILL_SUSPENSE, LedgerAccounts.utility("c1"),
                                new BigDecimal("149.17")),
                        tuple("operator:x:R1:fee", LedgerAccounts.PAYBILL_SUSPENSE, LedgerAccounts.FEE_REVENUE,
                                new BigDecimal("0.83")));
    }

    @Test
    void anAssignedDepositWithoutAFee_shouldPostOneLeg_andAFeeNotBelowTheAmountIsRefused() {
        assertThat(MoneyRules.assignedFromSuspense("k", "c1", BigDecimal.TEN, BigDecimal.ZERO, "d")).hasSize(1);
        assertThatThrownBy(() -> MoneyRules.assignedFromSuspense("k", "c1", BigDecimal.TEN, BigDecimal.TEN, "d"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aPayBack_shouldMoveTheWholeAmountFromWhereItWaits_toTheRailsSettlement() {
        Leg leg = MoneyRules.paidBack(PayBackKind.REFUND_DUE.owedAccount(), Rail.CARD_PROCESSOR, BigDecimal.ONE);

        assertThat(leg.debitAccount()).isEqualTo(LedgerAccounts.REFUNDS_DUE);
        assertThat(leg.creditAccount()).isEqualTo(LedgerAccounts.railSettlement(Rail.CARD_PROCESSOR));
        assertThat(MoneyRules.paidBack(PayBackKind.SUSPENSE_RETURN.owedAccount(), Rail.MOBILE_MONEY, BigDecimal.ONE)
                .debitAccount()).isEqualTo(LedgerAccounts.PAYBILL_SUSPENSE);
        assertThatThrownBy(() -> MoneyRules.paidBack(LedgerAccounts.utility("c1"), Rail.MOBILE_MONEY, BigDecimal.ONE))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aSuspenseReturnsStatus_shouldBeShownInTheOperatorsWords() {
        assertThat(PayBackStatus.PAYING.suspenseName()).isEqualTo("RETURNING");
        assertThat(PayBackStatus.PAID.suspenseName()).isEqualTo("RETURNED");
        assertThat(PayBackStatus.FAILED.suspenseName()).isEqualTo("RETURN_FAILED");
        assertThat(PayBackStatus.PAYING.isFinal()).isFalse();
        assertThat(PayBackStatus.REFERRED.isFinal()).isTrue();
    }
}
