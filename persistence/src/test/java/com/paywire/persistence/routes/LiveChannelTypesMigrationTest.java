package com.paywire.persistence.routes;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.persistence.TestDatabase;
import com.paywire.persistence.checkout.CheckoutStore;
import com.paywire.vocabulary.checkout.PaymentMethod;
import com.paywire.vocabulary.rules.routes.Route;
import com.paywire.vocabulary.rules.routes.RouteChannelType;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * V23 on a database in use: routes take the live codes and keep the old ones as accepted, unlisted aliases; a
 * checkout order accepted before it keeps the method its code meant then (1 was card), not what 1 means now.
 */
class LiveChannelTypesMigrationTest {

    private static final String CHECKOUT_ROUTE = "9701cd4f-98b8-423c-829e-28c6dc337e18";

    @Test
    void givenCheckoutOrdersOfBothOldCodes_theyShouldKeepTheirMethod_andTheRoutesListOnlyCurrentCodes() {
        DataSource db = TestDatabase.newDatabaseAt("22");
        JdbcClient jdbc = JdbcClient.create(db);
        jdbc.sql("insert into clients (client_id, name, secret_hash, scopes) values ('early', 'Early', 'x', 'checkout')")
                .update();
        jdbc.sql("insert into client_routes (client_id, route_id) select 'early', id from routes").update();
        UUID byCard = order(jdbc, 1);
        UUID byMobile = order(jdbc, 2);

        TestDatabase.migrate(db);

        CheckoutStore checkouts = new CheckoutStore(jdbc);
        assertThat(checkouts.find(byCard).orElseThrow().routeChannelType()).as("echoed as sent").isEqualTo(1);
        assertThat(checkouts.find(byCard).orElseThrow().preferredPaymentMethod()).isEqualTo(PaymentMethod.CARD);
        assertThat(checkouts.find(byMobile).orElseThrow().preferredPaymentMethod()).isEqualTo(PaymentMethod.MOBILE_MONEY);

        Route checkout = new RouteStore(jdbc).findAssigned("early", UUID.fromString(CHECKOUT_ROUTE)).orElseThrow();
        assertThat(checkout.listedChannelTypes()).extracting(RouteChannelType::channelType).containsExactly(1, 158);
        assertThat(checkout.supportsChannelType(2)).as("deprecated, still taken").isTrue();
        assertThat(checkout.currentChannelType(2)).contains(1);
        Route wallet = new RouteStore(jdbc).findAssignedTo("early").getFirst();
        assertThat(wallet.currentChannelType(63902)).contains(1);
        assertThat(wallet.currentChannelType(63903)).as("no live code: still current").contains(63903);
        assertThat(wallet.supportsChannelType(14)).isFalse();
    }

    private static UUID order(JdbcClient jdbc, int channelType) {
        UUID id = UUID.randomUUID();
        jdbc.sql("""
                insert into checkout_orders (id, system_conversation_id, client_id, originator_conversation_id,
                    route_id, route_channel_type, currency_code, currency_name, due_date, return_url, cancel_url,
                    callback_url, total_amount, fee_amount, status, status_desc)
                values (?, ?, 'early', ?, ?::uuid, ?, 404, 'KES', now() + interval '1 hour', 'https://s/r',
                    'https://s/c', 'https://s/cb', 100.00, 1.50, 0, 'Pending')
                """).params(id, UUID.randomUUID(), id.toString(), CHECKOUT_ROUTE, channelType).update();
        return id;
    }
}
