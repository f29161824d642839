package com.paywire.domain.timeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.domain.InvalidInputException;
import com.paywire.domain.UnknownResourceException;
import com.paywire.persistence.timeline.PaymentIdentifiers.Match;
import com.paywire.persistence.timeline.PaymentKind;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Which payment an id means when it names several. */
class PaymentMatchesTest {

    private static final Match ORDER = new Match(PaymentKind.PAYMENT_ORDER, "acme", "o-1", "ORDER-7", null);
    private static final Match ITS_LINE = new Match(PaymentKind.PAYOUT_LINE, "acme", "ref-1", "ORDER-7", "o-1");
    private static final Match CHECKOUT = new Match(PaymentKind.CHECKOUT, "acme", "c-1", "ORDER-7", null);
    private static final Match ITS_ATTEMPT = new Match(PaymentKind.EXPRESS_DEPOSIT, "acme", "d-1", "ORDER-7", "c-1");
    private static final Match AIRTIME = new Match(PaymentKind.AIRTIME_PURCHASE, "acme", "a-1", "ORDER-7", null);

    @Test
    void givenOnePayment_itShouldBeTheOne() {
        assertThat(PaymentMatches.choose(List.of(AIRTIME), Optional.empty())).isEqualTo(AIRTIME);
    }

    @Test
    void givenAPartAndItsWhole_theWholeShouldBeMeant() {
        assertThat(PaymentMatches.choose(List.of(ITS_LINE, ORDER), Optional.empty())).isEqualTo(ORDER);
        assertThat(PaymentMatches.choose(List.of(ITS_ATTEMPT, CHECKOUT), Optional.empty())).isEqualTo(CHECKOUT);
        assertThat(PaymentMatches.choose(List.of(ITS_LINE, ORDER), Optional.of(PaymentKind.PAYOUT_LINE)))
                .as("unless the part is asked for").isEqualTo(ITS_LINE);
    }

    @Test
    void givenEverythingAnIdNames_theListShouldHoldEachWholeOnce_withoutItsParts() {
        assertThat(PaymentMatches.wholes(List.of(ITS_LINE, ORDER, AIRTIME, ORDER, ITS_ATTEMPT)))
                .containsExactly(ORDER, AIRTIME, ITS_ATTEMPT);
    }

    @Test
    void givenPaymentsOfTwoKinds_theCallerShouldBeAskedWhichByProduct() {
        assertThatThrownBy(() -> PaymentMatches.choose(List.of(ORDER, AIRTIME), Optional.empty()))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> {
                    assertThat(e.problems().getFirst().field()).isEqualTo("product");
                    assertThat(e.problems().getFirst().message()).contains("payment-order, airtime-purchase");
                });
        assertThat(PaymentMatches.choose(List.of(ORDER, AIRTIME), Optional.of(PaymentKind.AIRTIME_PURCHASE)))
                .isEqualTo(AIRTIME);
    }

    @Test
    void givenTwoClientsPayments_anOperatorShouldBeAskedWhoseByClientId() {
        Match theirs = new Match(PaymentKind.AIRTIME_PURCHASE, "globex", "a-2", "ORDER-7", null);

        assertThatThrownBy(() -> PaymentMatches.choose(List.of(AIRTIME, theirs), Optional.empty()))
                .isInstanceOfSatisfying(InvalidInputException.class,
                        e -> assertThat(e.problems().getFirst().field()).isEqualTo("clientId"));
    }

    @Test
    void givenNone_orNoneOfTheProduct_itShouldBeUnknown() {
        assertThatThrownBy(() -> PaymentMatches.choose(List.of(), Optional.empty()))
                .isInstanceOf(UnknownResourceException.class);
        assertThatThrownBy(() -> PaymentMatches.choose(List.of(ORDER), Optional.of(PaymentKind.BILL_PAYMENT)))
                .isInstanceOf(UnknownResourceException.class);
    }
}
