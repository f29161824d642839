package com.paywire.persistence.payouts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.persistence.TestDatabase;
import com.paywire.vocabulary.payouts.PaymentOrderRow;
import com.paywire.vocabulary.payouts.PayoutLineRow;
import com.paywire.vocabulary.payouts.PayoutRecipient;
import com.paywire.vocabulary.rails.Rail;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * V14 on a database that already holds payout lines: each keeps its stan as its rail reference, which the rail,
 * the ledger and the events know it by, and from then on a stan is unique per client only.
 */
class RailReferenceMigrationTest {

    @Test
    void givenALineAcceptedBeforeV14_itShouldKeepItsStanAsItsReference_andTheStanBeFreeForAnotherClientOnly() {
        DataSource db = TestDatabase.newDatabaseAt("13");
        JdbcClient jdbc = JdbcClient.create(db);
        String stan = UUID.randomUUID().toString();
        UUID earlyOrder = UUID.randomUUID();
        jdbc.sql("insert into clients (client_id, name, secret_hash, scopes) values ('early', 'Early', 'x', 'payouts'),"
                + " ('late', 'Late', 'x', 'payouts')").update();
        jdbc.sql("insert into payment_orders (id, client_id, originator_conversation_id) values (?, 'early', 'o-1')")
                .param(earlyOrder).update();
        jdbc.sql("""
                insert into payout_lines (id, order_id, client_id, line_number, system_trace_audit_number, rail, route_id,
                    route_transaction_type_id, channel_type, amount, currency, remitter, recipient, transaction_status,
                    transaction_status_description)
                values (?, ?, 'early', 0, ?, 'MOBILE_MONEY', ?, 1, 63902, 100.00, 'KES', '{}', '{}', 2, 'Processing')
                """).params(UUID.randomUUID(), earlyOrder, stan, UUID.randomUUID()).update();

        TestDatabase.migrate(db);

        PayoutStore store = new PayoutStore(jdbc);
        PayoutLineRow early = store.findLine(stan).orElseThrow();
        assertThat(early.railReference()).isEqualTo(stan);
        assertThat(early.clientId()).isEqualTo("early");
        PaymentOrderRow late = order("late");
        store.insertOrder(late, List.of(line(late, stan)));
        assertThat(store.existsAnyLine("late", List.of(stan))).isTrue();
        assertThat(store.findLine(stan).orElseThrow().clientId()).as("the rail's reference still finds its line")
                .isEqualTo("early");
        PaymentOrderRow again = order("early");
        assertThatThrownBy(() -> store.insertOrder(again, List.of(line(again, stan))))
                .isInstanceOf(DuplicateKeyException.class).hasMessageContaining("system_trace_audit_number");
    }

    private static PaymentOrderRow order(String clientId) {
        return new PaymentOrderRow(UUID.randomUUID(), clientId, "o-" + UUID.randomUUID(), null, false, false,
                OffsetDateTime.now());
    }

    private static PayoutLineRow line(PaymentOrderRow order, String stan) {
        UUID id = UUID.randomUUID();
        return PayoutLineRow.pending(id, order.id(), order.clientId(), 0, new PayoutLineRow.Request(stan,
                Rail.MOBILE_MONEY, UUID.randomUUID(), 1, 63902, new BigDecimal("100.00"), "KES", null, null,
                new PayoutRecipient("Jane", null, null, null, null, null, null, null, null, "+254712345678", 404, "KE",
                null, null), null, null), null, null, id.toString());
    }
}
