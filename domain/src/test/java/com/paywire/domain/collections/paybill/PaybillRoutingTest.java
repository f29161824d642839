package com.paywire.domain.collections.paybill;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.domain.collections.paybill.PaybillRouting.Refused;
import com.paywire.domain.collections.paybill.PaybillRouting.Route;
import com.paywire.domain.collections.paybill.PaybillRouting.Routed;
import com.paywire.domain.rails.mobilemoney.C2bProtocol.Answer;
import com.paywire.persistence.collections.ShortCodeStore.ShortCode;
import java.math.BigDecimal;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The short code names the client, its prefix must begin the AccountNo, the rest is the client's reference. */
class PaybillRoutingTest {

    private static final Optional<ShortCode> ACME = Optional.of(new ShortCode("600001", "acme", "PW"));

    @ParameterizedTest
    @CsvSource({
            "PWINV-1,     150.00,    INV-1",
            "pwINV-1,     1.00,      INV-1",
            "PWABCDEF123456, 250000.00, ABCDEF123456"})
    void givenTheShortCodesPrefixAndAReference_itShouldRouteToItsClient(String accountNo, String amount,
                                                                         String reference) {
        assertThat(route(ACME, true, accountNo, amount)).isEqualTo(new Routed("acme", reference));
    }

    @ParameterizedTest
    @CsvSource({
            "XXINV-1,            150.00,    INVALID_ACCOUNT, does not start with the short code's prefix PW",
            "P,                  150.00,    INVALID_ACCOUNT, does not start with the short code's prefix PW",
            "PW,                 150.00,    INVALID_ACCOUNT, 1 to 12 letters",
            "PWINV_1,            150.00,    INVALID_ACCOUNT, 1 to 12 letters",
            "PWABCDEF1234567,    150.00,    INVALID_ACCOUNT, 1 to 12 letters",
            "PWINV-1,            0.99,      INVALID_AMOUNT,  from 1.00 to 250,000.00",
            "PWINV-1,            250000.01, INVALID_AMOUNT,  from 1.00 to 250,000.00",
            "PWINV-1,            10.001,    INVALID_AMOUNT,  two decimals"})
    void givenAnAccountNoOrAmountItCannotTake_itShouldRefuseWithTheRailsCode(String accountNo, String amount,
                                                                               Answer answer, String why) {
        Route route = route(ACME, true, accountNo, amount);

        assertThat(route).isInstanceOfSatisfying(Refused.class, refused -> {
            assertThat(refused.answer()).isEqualTo(answer);
            assertThat(refused.reason()).contains(why);
        });
    }

    @ParameterizedTest
    @CsvSource({"false, true, INVALID_SHORT_CODE", "true, false, INVALID_ACCOUNT"})
    void givenAShortCodeOfNoClient_orADisabledClient_itShouldRefuse(boolean issued, boolean enabled, Answer answer) {
        Route route = route(issued ? ACME : Optional.empty(), enabled, "PWINV-1", "150.00");

        assertThat(route).isInstanceOfSatisfying(Refused.class, refused -> assertThat(refused.answer()).isEqualTo(answer));
    }

    private static Route route(Optional<ShortCode> shortCode, boolean enabled, String accountNo, String amount) {
        return PaybillRouting.decide(shortCode, client -> enabled && client.equals("acme"), accountNo,
                new BigDecimal(amount));
    }
}
