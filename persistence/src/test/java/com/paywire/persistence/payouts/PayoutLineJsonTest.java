package com.paywire.persistence.payouts;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.persistence.TestDatabase;
import com.paywire.vocabulary.payouts.PaymentOrderRow;
import com.paywire.vocabulary.payouts.PayoutLineRow;
import com.paywire.vocabulary.payouts.PayoutRecipient;
import com.paywire.vocabulary.payouts.PayoutRemitter;
import com.paywire.vocabulary.rails.Rail;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * A line's remitter and recipient are typed in the row and JSON in the table: the line record echoes them with the
 * fields, values and order the table's JSON has, as it did when it echoed that JSON itself.
 */
class PayoutLineJsonTest {

    private static final TypeReference<LinkedHashMap<String, Object>> MAP = new TypeReference<>() { };
    private static final PayoutRemitter REMITTER = new PayoutRemitter("Acme Ltd", "1 Moi Avenue", "a@acme.example",
            "+254700000001", "PASSPORT", "A123", "2030-01-01", "KE", 404, "KCB", "Business", "Trade", "1980-01-01",
            "KE", "Trader", "2020-01-01", "Nairobi");
    private static final PayoutRecipient RECIPIENT = new PayoutRecipient("Jane Doe", "Kisumu", "j@doe.example",
            "+254712345678", "NATIONAL_ID", "12345678", "63902", "Equity", "68", "1234567890", 404, "KE", "Salary",
            "KE");

    private final DataSource db = new DriverManagerDataSource(TestDatabase.newDatabaseUrl(), "postgres", "postgres");
    private final JdbcClient jdbc = JdbcClient.create(db);

    @Test
    void aLinesRecord_echoesItsRemitterAndRecipient_asTheTableHoldsThem() {
        PayoutLineRow line = stored(REMITTER);

        Map<String, Object> record = PayoutRecords.line(line, JsonMapper.builder().build());

        assertThat(line.remitter()).isEqualTo(REMITTER);
        assertThat(line.recipient()).isEqualTo(RECIPIENT);
        for (String sent : List.of("remitter", "recipient")) {
            Map<String, Object> column = column(line.id(), sent);
            // what the record adds (amount, fxRate, ...) follows what was sent
            assertThat(keysAndValues(record.get(sent)).subList(0, column.size())).as(sent)
                    .isEqualTo(keysAndValues(column));
        }
    }

    @Test
    void aLineSentWithoutARemitter_keepsAJsonNull() {
        PayoutLineRow line = stored(null);

        assertThat(jdbc.sql("select jsonb_typeof(remitter) from payout_lines where id = ?").param(line.id())
                .query(String.class).single()).isEqualTo("null");
        assertThat(line.remitter()).isNull();
    }

    private PayoutLineRow stored(PayoutRemitter remitter) {
        TestDatabase.migrate(db);
        String clientId = "c-" + UUID.randomUUID();
        jdbc.sql("insert into clients (client_id, name, secret_hash, scopes) values (?, 'C', 'x', 'payouts')")
                .param(clientId).update();
        PaymentOrderRow order = new PaymentOrderRow(UUID.randomUUID(), clientId, "o-" + UUID.randomUUID(), null,
                false, false, OffsetDateTime.now());
        UUID id = UUID.randomUUID();
        PayoutStore store = new PayoutStore(jdbc);
        store.insertOrder(order, List.of(PayoutLineRow.pending(id, order.id(), clientId, 0,
                new PayoutLineRow.Request(UUID.randomUUID().toString(), Rail.BANK, UUID.randomUUID(), 2, 21,
                        new BigDecimal("100.00"), "KES", "ref", remitter, RECIPIENT, "1234567890", null),
                new BigDecimal("10.00"), id.toString(), id.toString())));
        return store.findLineById(id).orElseThrow();
    }

    private Map<String, Object> column(UUID lineId, String column) {
        String json = jdbc.sql("select " + column + "::text from payout_lines where id = ?").param(lineId)
                .query(String.class).single();
        return JsonMapper.builder().build().readValue(json, MAP);
    }

    /** Keys in order, each with its value: a map's equals ignores the order. */
    private static List<String> keysAndValues(Object map) {
        List<String> entries = new ArrayList<>();
        ((Map<?, ?>) map).forEach((k, v) -> entries.add(k + "=" + v));
        return entries;
    }
}
