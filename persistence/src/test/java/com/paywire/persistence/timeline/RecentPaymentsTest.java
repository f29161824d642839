package com.paywire.persistence.timeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import com.paywire.persistence.PersistenceTestApplication;
import com.paywire.persistence.TestDatabase;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.timeline.RecentPayment;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** A client's newest payments of every product, in words, newest first, a page at a time, its own alone. */
@SpringBootTest(classes = PersistenceTestApplication.class)
class RecentPaymentsTest {

    private static final OffsetDateTime T0 = OffsetDateTime.of(2026, 3, 1, 9, 0, 0, 0, ZoneOffset.UTC);

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        TestDatabase.register(registry);
    }

    @Autowired
    RecentPayments recent;
    @Autowired
    ApiClientStore clients;
    @Autowired
    JdbcClient jdbc;

    String acme;
    String globex;

    @BeforeEach
    void twoClients() {
        acme = "acme-" + UUID.randomUUID();
        globex = "globex-" + UUID.randomUUID();
        clients.register(new ApiClient(acme, "Acme", "x", Set.of("payouts")), List.of());
        clients.register(new ApiClient(globex, "Globex", "x", Set.of("payouts")), List.of());
    }

    private void payout(String clientId, String stan, int status, int minutes) {
        UUID order = UUID.randomUUID();
        jdbc.sql("insert into payment_orders (id, client_id, originator_conversation_id, created_at) values (?, ?, ?, ?)")
                .params(order, clientId, "ocid-" + stan, T0.plusMinutes(minutes)).update();
        jdbc.sql("""
                insert into payout_lines (id, order_id, client_id, line_number, system_trace_audit_number, rail, route_id,
                    route_transaction_type_id, channel_type, amount, currency, remitter, recipient, transaction_status,
                    transaction_status_description, rail_reference)
                values (?, ?, ?, 1, ?, 'MOBILE_MONEY', '4a3e1249-51a2-4c57-8b74-166d7f689460', 1, 1, 1500, 'KES',
                    '{}', '{}', ?, 'x', ?)
                """).params(UUID.randomUUID(), order, clientId, stan, status, "ref-" + stan).update();
    }

    private UUID deposit(String clientId, String status, int minutes) {
        UUID id = UUID.randomUUID();
        jdbc.sql("""
                insert into express_deposits (id, client_id, originator_conversation_id, amount, phone_number, status,
                    created_at)
                values (?, ?, ?, 250, '254712345678', ?, ?)
                """).params(id, clientId, "dep-" + id, status, T0.plusMinutes(minutes)).update();
        return id;
    }

    private void kyc(String clientId, String stan, int minutes) {
        jdbc.sql("""
                insert into kyc_requests (id, client_id, system_trace_audit_number, route_id, report_reason, country,
                    currency, national_id_hint, status, created_at)
                values (?, ?, ?, '7084d9cf-08ba-491b-ab39-de9db5ee59d2', 1, 'KE', 'KES', '****01', 2, ?)
                """).params(UUID.randomUUID(), clientId, stan, T0.plusMinutes(minutes)).update();
    }

    @Test
    void givenPaymentsOfSeveralProducts_theyShouldComeNewestFirst_inWords_withoutAnotherClients() {
        payout(acme, "s1", 8, 1);
        UUID deposit = deposit(acme, "CANCELLED", 3);
        kyc(acme, "k1", 2);
        payout(globex, "g1", 4, 4);

        List<RecentPayment> newest = recent.newest(acme, EnumSet.allOf(Product.class), 0, 10);

        assertThat(newest).extracting(RecentPayment::kind, RecentPayment::paywireId, RecentPayment::clientReference,
                RecentPayment::status).containsExactly(
                tuple(Product.PHONE_PROMPT, deposit.toString(), "dep-" + deposit, "Cancelled"),
                tuple(Product.KYC, newest.get(1).paywireId(), "k1", "Failed"),
                tuple(Product.PAYOUT, "ref-s1", "s1", "Timed Out"));
        assertThat(newest.getFirst().amount()).isEqualByComparingTo(new BigDecimal("250"));
        assertThat(newest.getFirst().currency()).isEqualTo("KES");
        assertThat(newest.get(1).amount()).as("a lookup moves no money").isNull();
    }

    @Test
    void givenPaybillDeposits_theClientsShouldCome_inWords_butNotOneInSuspenseNorAnotherClients() {
        String tag = UUID.randomUUID().toString().substring(0, 8);
        UUID credited = PaybillDepositRows.insert(jdbc, acme, "TC" + tag, "INV-1", "CREDITED", T0.plusMinutes(2));
        UUID received = PaybillDepositRows.insert(jdbc, acme, "TR" + tag, "INV-2", "RECEIVED", T0.plusMinutes(3));
        PaybillDepositRows.insert(jdbc, null, "TS" + tag, null, "SUSPENDED", T0.plusMinutes(4));
        PaybillDepositRows.insert(jdbc, globex, "TG" + tag, "INV-3", "CREDITED", T0.plusMinutes(5));

        List<RecentPayment> newest = recent.newest(acme, EnumSet.allOf(Product.class), 0, 10);

        assertThat(newest).extracting(RecentPayment::kind, RecentPayment::paywireId, RecentPayment::clientReference,
                RecentPayment::status).containsExactly(
                tuple(Product.PAYBILL_DEPOSIT, received.toString(), "INV-2", "Received"),
                tuple(Product.PAYBILL_DEPOSIT, credited.toString(), "INV-1", "Credited"));
        assertThat(newest.getFirst().amount()).isEqualByComparingTo(new BigDecimal("150"));
        assertThat(newest.getFirst().currency()).isEqualTo("KES");
    }

    @Test
    void givenKindsAndAPage_onlyThoseKindsShouldCome_aPageAtATime() {
        for (int i = 0; i < 5; i++) {
            payout(acme, "p" + i, 0, i);
            deposit(acme, "PENDING", 10 + i);
        }

        assertThat(recent.newest(acme, EnumSet.of(Product.PAYOUT), 0, 3))
                .extracting(RecentPayment::clientReference).containsExactly("p4", "p3", "p2");
        assertThat(recent.newest(acme, EnumSet.of(Product.PAYOUT), 3, 3))
                .extracting(RecentPayment::clientReference).containsExactly("p1", "p0");
        assertThat(recent.newest(acme, EnumSet.of(Product.PHONE_PROMPT, Product.PAYOUT), 4, 3))
                .extracting(RecentPayment::kind).containsExactly(Product.PHONE_PROMPT, Product.PAYOUT,
                        Product.PAYOUT);
        assertThat(recent.newest(acme, EnumSet.noneOf(Product.class), 0, 3)).isEmpty();
    }
}
