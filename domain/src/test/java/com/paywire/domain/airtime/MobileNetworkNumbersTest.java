package com.paywire.domain.airtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.vocabulary.networks.MobileNetwork;
import com.paywire.vocabulary.networks.MobileNumbers;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A number's network, however the client spelled the number. */
class MobileNetworkNumbersTest {

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"0712345678", "+254712345678", "254712345678", "712345678", "+254 712-345-678"})
    void givenTheSpellingsMobileNumbersTakes_theNetworkShouldBeTheSame(String typed) {
        assertThat(MobileNumbers.kenyan(typed).flatMap(MobileNetwork::ofNumber)).contains(MobileNetwork.SAFARICOM);
    }
}
