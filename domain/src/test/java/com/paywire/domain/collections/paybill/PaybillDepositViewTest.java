package com.paywire.domain.collections.paybill;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The payer's phone is masked by one rule whichever form the rail sends it in: five digits hidden, the last three shown. */
class PaybillDepositViewTest {

    @ParameterizedTest
    @CsvSource({
            "254712345678,    2547*****678",
            "0794123619,      07*****619",
            "712345876,       7*****876",
            "447911123456789, 4479111*****789"})
    void givenEachFormOfThePayersNumber_itShouldHideTheFiveDigitsBeforeTheLastThree(String phone, String masked) {
        assertThat(PaybillDepositView.maskedPhone(phone)).isEqualTo(masked);
        assertThat(masked.chars().filter(c -> c == '*').count()).isEqualTo(5);
    }
}
