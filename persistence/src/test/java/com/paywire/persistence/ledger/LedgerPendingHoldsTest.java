package com.paywire.persistence.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.persistence.PersistenceTestApplication;
import com.paywire.persistence.TestDatabase;
import com.paywire.persistence.clients.ApiClient;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import java.math.BigDecimal;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The holds outstanding, as the metrics read them: a hold counts until it is posted or released. */
@SpringBootTest(classes = PersistenceTestApplication.class)
class LedgerPendingHoldsTest {

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        TestDatabase.register(registry);
    }

    @Autowired
    Ledger ledger;
    @Autowired
    ApiClientStore clients;

    @Test
    void givenTwoHolds_theyShouldCountWithAmountAndFee_untilOneIsPostedAndTheOtherReleased() {
        String client = "holds-a";
        clients.register(new ApiClient(client, client, "x", Set.of("payouts")), List.of());
        ledger.transfer("fund:" + client, new Ledger.Leg(LedgerAccounts.FUNDING, LedgerAccounts.working(client),
                new BigDecimal("1000.00")), "float");
        Ledger.Holds before = ledger.pendingHolds();

        ledger.reserve("holds-1", payout(client, "300.00", "10.00"), "payout");
        ledger.reserve("holds-2", payout(client, "100.00", "5.00"), "payout");
        Ledger.Holds held = ledger.pendingHolds();

        assertThat(held.count() - before.count()).isEqualTo(2);
        assertThat(held.amount().subtract(before.amount())).isEqualByComparingTo("415.00");
        ledger.post("holds-1");
        ledger.voidReservation("holds-2");
        Ledger.Holds after = ledger.pendingHolds();
        assertThat(after.count()).isEqualTo(before.count());
        assertThat(after.amount()).isEqualByComparingTo(before.amount());
    }

    private static List<Ledger.Leg> payout(String client, String amount, String fee) {
        return List.of(new Ledger.Leg(LedgerAccounts.working(client), LedgerAccounts.railSettlement("MOBILE_MONEY"),
                        new BigDecimal(amount)),
                new Ledger.Leg(LedgerAccounts.working(client), LedgerAccounts.FEE_REVENUE, new BigDecimal(fee)));
    }
}
