package com.paywire.persistence.ledger;

import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.vocabulary.rules.money.Leg;
import java.math.BigDecimal;
import java.util.List;
import java.util.Set;

/** What the ledger's tests start from: a client with a float, and a payout's two legs. */
final class LedgerFixtures {

    private LedgerFixtures() {
    }

    /** A client with payouts' scope and {@code float_} in its working account, from funding. */
    static String fundedClient(ApiClientStore clients, Ledger ledger, String name, String float_) {
        clients.register(new ApiClient(name, name, "x", Set.of("payouts")), List.of());
        ledger.transfer("fund:" + name, new Leg(LedgerAccounts.FUNDING, LedgerAccounts.working(name),
                new BigDecimal(float_)), "float");
        return name;
    }

    /** A mobile-money payout's hold: the amount to the rail's settlement and the fee to revenue, from working. */
    static List<Leg> payout(String client, String amount, String fee) {
        return List.of(new Leg(LedgerAccounts.working(client), LedgerAccounts.railSettlement(Rail.MOBILE_MONEY),
                        new BigDecimal(amount)),
                new Leg(LedgerAccounts.working(client), LedgerAccounts.FEE_REVENUE, new BigDecimal(fee)));
    }
}
