package com.paywire.domain.rails.biller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.domain.UnavailableException;
import com.paywire.domain.bills.BillerAccounts;
import com.paywire.domain.rails.StubRail;
import com.paywire.domain.rails.biller.BillerProtocol.BillerAccount;
import com.paywire.vocabulary.bills.BillService;
import com.paywire.workflows.bills.BillerAnswer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.math.BigDecimal;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Account questions go through the biller rail's client; a biller in trouble is a 503 naming only the service. */
class BillerAccountsTest {

    private static final BillService POWER = new BillService(UUID.randomUUID(), 1, "KPLC", "Kenya Power", 1, 1, 1,
            BigDecimal.ONE, new BigDecimal("100000"), true, null, true, false);

    @Test
    void givenAnAccountTheBillerKnows_itShouldBeAnswered_andOneItDoesNotEmpty() {
        BillerAccount known = new BillerAccount("Jane Doe", new BigDecimal("120.50"), null, true);
        BillerAccounts accounts = new BillerAccounts(new FakeBillerRail().account("KPLC", "1001", known));

        assertThat(accounts.lookUp(POWER, "1001")).contains(known);
        assertThat(accounts.lookUp(POWER, "2002")).isEmpty();
    }

    @Test
    void givenABillerThatDoesNotAnswer_itShouldBeUnavailable_namingTheServiceButNotTheAccount() {
        BillerAccounts accounts = new BillerAccounts(new FakeBillerRail().down());

        assertThatThrownBy(() -> accounts.lookUp(POWER, "1001"))
                .isInstanceOf(UnavailableException.class)
                .hasMessage("Kenya Power did not answer in time; try again");
    }

    @Test
    void givenABillerThatAnswersNonsenseOverHttp_itShouldBeUnavailableToo() {
        try (StubRail rail = new StubRail()) {
            rail.answer(BillerProtocol.LOOKUP_PATH, 200, "[\"not an account\"]");
            BillerAccounts accounts = new BillerAccounts(rail.baseUrl(), new SimpleMeterRegistry());

            assertThatThrownBy(() -> accounts.lookUp(POWER, "1001")).isInstanceOf(UnavailableException.class);
            assertThat(rail.received().getFirst().idempotencyKey()).isNull();
        }
    }

    @Test
    void givenAPaymentTheBillerNeverHeardOf_itsStatusShouldBeUnknown() {
        try (StubRail rail = new StubRail()) {
            HttpBillerRail biller = new HttpBillerRail(rail.baseUrl(), BillerAccounts.ANSWER_WITHIN,
                    BillerAccounts.ANSWER_WITHIN, new SimpleMeterRegistry());

            assertThat(biller.status("p-1", "1001").state()).isEqualTo(BillerAnswer.State.UNKNOWN);
            assertThat(rail.received().getFirst().path()).isEqualTo(BillerProtocol.PAYMENTS_PATH + "/p-1");
        }
    }
}
