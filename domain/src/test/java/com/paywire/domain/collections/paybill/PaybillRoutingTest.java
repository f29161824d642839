package com.paywire.domain.collections.paybill;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.domain.collections.paybill.PaybillRouting.Refused;
import com.paywire.domain.collections.paybill.PaybillRouting.Route;
import com.paywire.domain.collections.paybill.PaybillRouting.Routed;
import com.paywire.domain.rails.mobilemoney.C2bProtocol.Answer;
import com.paywire.vocabulary.collections.ShortCode;
import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The AccountNo's prefix names the client, the short code paid must be that client's, the rest of the AccountNo is
 * the client's reference.
 */
class PaybillRoutingTest {

    private static final ShortCode ACME = new ShortCode("600001", "acme", "PW");
    private static final ShortCode BETA = new ShortCode("600002", "beta", "ABC");
    private static final List<ShortCode> ISSUED = List.of(ACME, BETA);

    @ParameterizedTest
    @CsvSource({
            "600001, PWINV-1,        150.00,    acme, INV-1",
            "600001, pwINV-1,        1.00,      acme, INV-1",
            "600001, PWABCDEF123456, 250000.00, acme, ABCDEF123456",
            "600002, ABCINV-1,       150.00,    beta, INV-1",
            "600002, abcinv-1,       150.00,    beta, inv-1"})
    void givenAClientsPrefixAtItsShortCode_itShouldRouteToThatClient(String shortCode, String accountNo,
                                                                     String amount, String client, String reference) {
        assertThat(route(shortCode, accountNo, amount, Set.of("acme", "beta"))).isEqualTo(new Routed(client, reference));
    }

    @ParameterizedTest
    @CsvSource({
            "XXINV-1,            150.00,    INVALID_ACCOUNT, starts with no client's prefix",
            "P,                  150.00,    INVALID_ACCOUNT, starts with no client's prefix",
            "'',                 150.00,    INVALID_ACCOUNT, starts with no client's prefix",
            "PW,                 150.00,    INVALID_ACCOUNT, 1 to 12 letters",
            "PWINV_1,            150.00,    INVALID_ACCOUNT, 1 to 12 letters",
            "PWABCDEF1234567,    150.00,    INVALID_ACCOUNT, 1 to 12 letters",
            "PWINV-1,            0.99,      INVALID_AMOUNT,  from 1.00 to 250,000.00",
            "PWINV-1,            250000.01, INVALID_AMOUNT,  from 1.00 to 250,000.00",
            "PWINV-1,            10.001,    INVALID_AMOUNT,  two decimals",
            "PWINV-1,            150.0000,  INVALID_AMOUNT,  two decimals",
            "PWINV-1,            150.000,   INVALID_AMOUNT,  two decimals"})
    void givenAnAccountNoOrAmountItCannotTake_itShouldRefuseWithTheRailsCode(String accountNo, String amount,
                                                                               Answer answer, String why) {
        assertRefused(route("600001", accountNo, amount, Set.of("acme")), answer, why);
    }

    @ParameterizedTest
    @CsvSource({
            "600002, PWINV-1,  INVALID_ACCOUNT, the AccountNo's prefix PW names a client the short code is not issued to",
            "600001, ABCINV-1, INVALID_ACCOUNT, the AccountNo's prefix ABC names a client the short code is not issued to"})
    void givenOneClientsPrefixAtAnotherClientsShortCode_itShouldRefuse_creditingNeither(String shortCode,
                                                                                        String accountNo,
                                                                                        Answer answer, String why) {
        assertRefused(route(shortCode, accountNo, "150.00", Set.of("acme", "beta")), answer, why);
    }

    @Test
    void givenAShortCodeOfNoClient_itShouldRefuseWithTheShortCodesCode() {
        assertRefused(route("999999", "PWINV-1", "150.00", Set.of("acme")), Answer.INVALID_SHORT_CODE,
                "the short code is issued to no client");
    }

    @Test
    void givenADisabledClient_itShouldRefuse() {
        assertRefused(route("600002", "ABCINV-1", "150.00", Set.of("acme")), Answer.INVALID_ACCOUNT,
                "the short code's client is disabled");
    }

    @Test
    void givenPrefixesThatBeginOneAnother_itShouldRefuseRatherThanChoose() {
        List<ShortCode> broken = List.of(ACME, new ShortCode("600003", "acme", "PWX"));

        Route route = PaybillRouting.decide(Optional.of(ACME), broken, client -> true, "PWXINV-1",
                new BigDecimal("150.00"));

        assertRefused(route, Answer.INVALID_ACCOUNT, "more than one client's prefix");
    }

    private static void assertRefused(Route route, Answer answer, String why) {
        assertThat(route).isInstanceOfSatisfying(Refused.class, refused -> {
            assertThat(refused.answer()).isEqualTo(answer);
            assertThat(refused.reason()).contains(why);
        });
    }

    /** Routes as the store would find the facts among {@link #ISSUED}. */
    private static Route route(String shortCode, String accountNo, String amount, Set<String> enabled) {
        Optional<ShortCode> paid = ISSUED.stream().filter(code -> code.shortCode().equals(shortCode)).findFirst();
        List<ShortCode> prefixed = ISSUED.stream().filter(code -> accountNo.toUpperCase(Locale.ROOT)
                .startsWith(code.accountPrefix())).toList();
        return PaybillRouting.decide(paid, prefixed, enabled::contains, accountNo, new BigDecimal(amount));
    }
}
