package com.paywire.domain.collections;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.vocabulary.networks.MobileNumbers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The three forms of a Kenyan mobile number, and the form each rail is handed. */
class MobileNumbersTest {

    @ParameterizedTest
    @ValueSource(strings = {"+254712345678", "254712345678", "0712345678", "0712 345 678", "+254 712-345-678"})
    void givenAnyFormOfOneNumber_itShouldReadAs254_andWithAPlusForThePayoutRail(String written) {
        assertThat(MobileNumbers.kenyan(written)).contains("254712345678");
        assertThat(MobileNumbers.withPlus(written)).contains("+254712345678");
    }

    @ParameterizedTest
    @ValueSource(strings = {"+254112345678", "254112345678", "0112345678"})
    void givenThe01Range_itShouldBeTakenAlike(String written) {
        assertThat(MobileNumbers.kenyan(written)).contains("254112345678");
    }

    @ParameterizedTest
    @ValueSource(strings = {"0812345678", "254612345678", "+44712345678", "07123456789", "12", ""})
    void givenNoKenyanMobileNumber_itShouldReadAsNone(String written) {
        assertThat(MobileNumbers.kenyan(written)).isEmpty();
        assertThat(MobileNumbers.withPlus(written)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"+254712345678", "254712345678"})
    void givenAnInternationalForm_itShouldBeTheOneAPromptTakesAsSent(String written) {
        assertThat(MobileNumbers.isInternational(written)).isTrue();
        assertThat(MobileNumbers.isInternational("0712345678")).isFalse();
    }

    @Test
    void theRefusalShouldNameTheFieldAndTheThreeForms() {
        assertThat(MobileNumbers.refusal("PhoneNumber")).isEqualTo("The PhoneNumber must be a Kenyan mobile number"
                + " written +254712345678, 254712345678 or 0712345678.");
    }
}
