package com.paywire.domain.timeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.domain.InvalidInputException;
import com.paywire.domain.UnknownResourceException;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.timeline.PaymentMatch;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Which payment an id means when it names several. */
class PaymentMatchesTest {

    private static final PaymentMatch ORDER = new PaymentMatch(Product.PAYMENT_ORDER, "acme", "o-1", "ORDER-7", null);
    private static final PaymentMatch ITS_LINE = new PaymentMatch(Product.PAYOUT, "acme", "ref-1", "ORDER-7", "o-1");
    private static final PaymentMatch CHECKOUT = new PaymentMatch(Product.CHECKOUT, "acme", "c-1", "ORDER-7", null);
    private static final PaymentMatch ITS_ATTEMPT =
            new PaymentMatch(Product.PHONE_PROMPT, "acme", "d-1", "ORDER-7", "c-1");
    private static final PaymentMatch AIRTIME = new PaymentMatch(Product.AIRTIME, "acme", "a-1", "ORDER-7", null);

    @Test
    void givenOnePayment_itShouldBeTheOne() {
        assertThat(PaymentMatches.choose(List.of(AIRTIME), Optional.empty())).isEqualTo(AIRTIME);
    }

    @Test
    void givenAPartAndItsWhole_theWholeShouldBeMeant() {
        assertThat(PaymentMatches.choose(List.of(ITS_LINE, ORDER), Optional.empty())).isEqualTo(ORDER);
        assertThat(PaymentMatches.choose(List.of(ITS_ATTEMPT, CHECKOUT), Optional.empty())).isEqualTo(CHECKOUT);
        assertThat(PaymentMatches.choose(List.of(ITS_LINE, ORDER), Optional.of(Product.PAYOUT)))
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
        assertThat(PaymentMatches.choose(List.of(ORDER, AIRTIME), Optional.of(Product.AIRTIME)))
                .isEqualTo(AIRTIME);
    }

    @Test
    void givenTwoClientsPayments_anOperatorShouldBeAskedWhoseByClientId() {
        PaymentMatch theirs = new PaymentMatch(Product.AIRTIME, "globex", "a-2", "ORDER-7", null);

        assertThatThrownBy(() -> PaymentMatches.choose(List.of(AIRTIME, theirs), Optional.empty()))
                .isInstanceOfSatisfying(InvalidInputException.class,
                        e -> assertThat(e.problems().getFirst().field()).isEqualTo("clientId"));
    }

    @Test
    void givenNone_orNoneOfTheProduct_itShouldBeUnknown() {
        assertThatThrownBy(() -> PaymentMatches.choose(List.of(), Optional.empty()))
                .isInstanceOf(UnknownResourceException.class);
        assertThatThrownBy(() -> PaymentMatches.choose(List.of(ORDER), Optional.of(Product.BILL)))
                .isInstanceOf(UnknownResourceException.class);
    }
}
