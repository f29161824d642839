package com.paywire.vocabulary.rules.money;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.payouts.reversals.PayoutReversal;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rails.Rail;
import java.math.BigDecimal;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A payout reversal's money: the amount, not the fee, from the rail's settlement back to the working account. */
class PayoutReversalRulesTest {

    private final Movement payout = new Movement(Product.PAYOUT, "line-1", "client-1", Rail.MOBILE_MONEY,
            new BigDecimal("300.00"), new BigDecimal("10.00"));

    @Test
    void theAmountShouldGoBackFromTheRailsSettlement_underTheLinesKeyExtended_theFeeKept() {
        UUID id = UUID.randomUUID();
        String key = PayoutReversal.holdKey(payout.key(), id);

        Leg leg = MoneyRules.payoutReversed(payout, key);

        assertThat(key).isEqualTo("payout:line-1:reversal:" + id);
        assertThat(leg).isEqualTo(new Leg(LedgerAccounts.railSettlement(Rail.MOBILE_MONEY),
                LedgerAccounts.working("client-1"), new BigDecimal("300.00")));
    }

    @Test
    void aKeyOfAnotherPayment_orACollection_shouldBeRefused() {
        assertThatThrownBy(() -> MoneyRules.payoutReversed(payout, "payout:line-2:reversal:x"))
                .isInstanceOf(IllegalArgumentException.class);
        Movement deposit = new Movement(Product.PHONE_PROMPT, "d-1", "client-1", Rail.MOBILE_MONEY,
                new BigDecimal("300.00"), BigDecimal.ZERO);
        assertThatThrownBy(() -> MoneyRules.payoutReversed(deposit, deposit.key() + ":reversal:x"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aRailReference_shouldNameAPayoutReversalOnlyWithItsPrefix() {
        UUID id = UUID.randomUUID();

        assertThat(PayoutReversal.idOf("PR-" + id)).contains(id);
        assertThat(PayoutReversal.idOf(id.toString())).as("a pay-back's").isEmpty();
        assertThat(PayoutReversal.idOf("PR-not-a-uuid")).isEmpty();
        assertThat(PayoutReversal.idOf(null)).isEmpty();
    }
}
