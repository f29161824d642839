package com.paywire.vocabulary.rules.amounts;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class AmountLimitTest {

    @Test
    void givenTheEdgesOfALimit_theyShouldBeAllowed_andOneCentBeyondRefusedWithTheRangeInWords() {
        AmountLimit prompt = AmountLimit.PHONE_PROMPT;

        assertThat(prompt.refusal(new BigDecimal("1.00"))).isEmpty();
        assertThat(prompt.refusal(new BigDecimal("250000"))).isEmpty();
        assertThat(prompt.refusal(new BigDecimal("0.99"))).isPresent();
        assertThat(prompt.refusal(new BigDecimal("250000.01")))
                .contains("The amount of a mobile-money payment must be from 1.00 to 250,000.00.");
        assertThat(prompt.refusal(new BigDecimal("99999999999.99"))).isPresent();
    }

    @Test
    void givenAPayoutRoute_itsLimitShouldBeTheRoutes() {
        assertThat(AmountLimit.ofPayoutRoute("MOBILE_WALLET")).isEqualTo(AmountLimit.MOBILE_WALLET_PAYOUT);
        assertThat(AmountLimit.ofPayoutRoute("BANK_TRANSFER")).isEqualTo(AmountLimit.BANK_TRANSFER_PAYOUT);
        assertThat(AmountLimit.ofPayoutRoute("BUSINESS_PAYBILL")).isEqualTo(AmountLimit.BUSINESS_PAYBILL_PAYOUT);
        assertThat(AmountLimit.ofPayoutRoute("BUSINESS_TILL")).isEqualTo(AmountLimit.BUSINESS_TILL_PAYOUT);
        assertThat(AmountLimit.MOBILE_WALLET_PAYOUT.allows(new BigDecimal("150000.01"))).isFalse();
        assertThat(AmountLimit.BANK_TRANSFER_PAYOUT.range()).isEqualTo("from 1.00 to 9,999,999.99");
    }

    @Test
    void givenEveryLimit_itsRangeShouldFollowTheAmountRule() {
        for (AmountLimit limit : AmountLimit.values()) {
            assertThat(Amounts.isValid(limit.minimum())).as(limit.name()).isTrue();
            assertThat(Amounts.isValid(limit.maximum())).as(limit.name()).isTrue();
            assertThat(limit.minimum()).as(limit.name()).isLessThan(limit.maximum());
        }
    }
}
