package com.paywire.vocabulary.networks;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The prefix table of docs/interface.md#airtime, edge by edge, and the published MCCMNC list. */
class MobileNetworkTest {

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource({
            "254700000000, SAFARICOM", "254729999999, SAFARICOM", "254740123456, SAFARICOM",
            "254743123456, SAFARICOM", "254745123456, SAFARICOM", "254746123456, SAFARICOM",
            "254748123456, SAFARICOM", "254757123456, SAFARICOM", "254759123456, SAFARICOM",
            "254768123456, SAFARICOM", "254769123456, SAFARICOM", "254790123456, SAFARICOM",
            "254799123456, SAFARICOM", "254110123456, SAFARICOM", "254115123456, SAFARICOM",
            "254730000000, AIRTEL", "254739999999, AIRTEL", "254750123456, AIRTEL", "254756123456, AIRTEL",
            "254762123456, AIRTEL", "254780123456, AIRTEL", "254789123456, AIRTEL", "254100123456, AIRTEL",
            "254102123456, AIRTEL",
            "254770000000, TELKOM", "254779999999, TELKOM"})
    void givenANumberOfAServedPrefix_itsNetworkShouldBeKnown(String msisdn, MobileNetwork network) {
        assertThat(MobileNetwork.ofNumber(msisdn)).contains(network);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"254744123456", "254747123456", "254760123456", "254763123456", "254767123456",
            "254103123456", "254116123456", "254120123456", "25471234567", "256712345678", "0712345678", ""})
    void givenANumberOfNoServedPrefix_orNoNumberAtAll_noNetworkShouldBeNamed(String msisdn) {
        assertThat(MobileNetwork.ofNumber(msisdn)).isEmpty();
    }

    @Test
    void thePublishedListShouldBeTheThreeNetworksCodes_andEachCodeNameItsNetwork() {
        assertThat(MobileNetwork.mccmncs()).containsExactly("63902", "63903", "63907");
        assertThat(MobileNetwork.ofMccmnc("63903")).contains(MobileNetwork.AIRTEL);
        assertThat(MobileNetwork.ofMccmnc("63905")).isEmpty();
        assertThat(MobileNetwork.WALLET_DEFAULT.mccmnc()).isEqualTo("63902");
        assertThat(MobileNetwork.TELKOM.airtimeLedgerRail()).isEqualTo("AIRTIME_TELKOM");
    }
}
