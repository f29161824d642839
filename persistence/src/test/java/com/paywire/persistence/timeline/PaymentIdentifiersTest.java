package com.paywire.persistence.timeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import com.paywire.persistence.PersistenceTestApplication;
import com.paywire.persistence.TestDatabase;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.vocabulary.rules.money.Leg;
import com.paywire.vocabulary.timeline.PaymentMatch;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
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

/** A payment found by any of its ids, its client's or Paywire's, among one client's or every client's. */
@SpringBootTest(classes = PersistenceTestApplication.class)
class PaymentIdentifiersTest {

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        TestDatabase.register(registry);
    }

    @Autowired
    PaymentIdentifiers identifiers;
    @Autowired
    ApiClientStore clients;
    @Autowired
    Ledger ledger;
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

    private UUID paymentOrder(String clientId, String ocid, String stan, String railReference) {
        UUID order = UUID.randomUUID();
        jdbc.sql("insert into payment_orders (id, client_id, originator_conversation_id) values (?, ?, ?)")
                .params(order, clientId, ocid).update();
        jdbc.sql("""
                insert into payout_lines (id, order_id, client_id, line_number, system_trace_audit_number, rail, route_id,
                    route_transaction_type_id, channel_type, amount, currency, remitter, recipient, transaction_status,
                    transaction_status_description, rail_reference)
                values (?, ?, ?, 1, ?, 'MOBILE_MONEY', '4a3e1249-51a2-4c57-8b74-166d7f689460', 1, 1, 10, 'KES',
                    '{}', '{}', 0, 'Pending', ?)
                """).params(UUID.randomUUID(), order, clientId, stan, railReference).update();
        return order;
    }

    private void cardTransaction(String clientId, String id, String type, String authorisationId, String requestId,
                                 String orderId) {
        jdbc.sql("""
                insert into card_transactions (id, client_id, type, status, authorisation_id, order_id, request_id,
                    amount, currency, created_at)
                values (?, ?, ?, 'AUTHORIZED', ?, ?, ?, 10, 'KES', now())
                """).params(id, clientId, type, authorisationId, orderId, requestId).update();
    }

    @Test
    void givenAClientsOwnId_itShouldFindItsPayment_andAnotherClientsOfTheSameIdOnlyAcrossClients() {
        String ocid = "ORDER-" + UUID.randomUUID();
        UUID mine = paymentOrder(acme, ocid, "stan-" + UUID.randomUUID(), "ref-" + UUID.randomUUID());
        UUID theirs = paymentOrder(globex, ocid, "stan-" + UUID.randomUUID(), "ref-" + UUID.randomUUID());

        assertThat(identifiers.find(ocid, acme)).extracting(PaymentMatch::kind, PaymentMatch::paywireId, PaymentMatch::clientReference)
                .containsExactly(tuple(Product.PAYMENT_ORDER, mine.toString(), ocid));
        assertThat(identifiers.find(mine.toString(), globex)).as("Paywire's id of another client's order").isEmpty();
        assertThat(identifiers.findAcrossClients(ocid)).extracting(PaymentMatch::clientId, PaymentMatch::paywireId)
                .containsExactlyInAnyOrder(tuple(acme, mine.toString()), tuple(globex, theirs.toString()));
    }

    @Test
    void givenALinesStanOrRailReference_itShouldFindTheLine_partOfItsOrder() {
        String stan = "stan-" + UUID.randomUUID();
        String reference = UUID.randomUUID().toString();
        UUID order = paymentOrder(acme, stan, stan, reference);

        assertThat(identifiers.find(stan, acme)).extracting(PaymentMatch::kind, PaymentMatch::partOf).containsExactlyInAnyOrder(
                tuple(Product.PAYMENT_ORDER, null), tuple(Product.PAYOUT, order.toString()));
        assertThat(identifiers.find(reference, acme)).extracting(PaymentMatch::kind, PaymentMatch::paywireId, PaymentMatch::clientReference)
                .containsExactly(tuple(Product.PAYOUT, reference, stan));
    }

    @Test
    void givenAnyIdOfACardPayment_itShouldFindTheAuthorisationOnce() {
        String authorisation = "auth_" + UUID.randomUUID().toString().replace("-", "");
        String requestId = "order-" + UUID.randomUUID();
        cardTransaction(acme, authorisation, "AUTHORISATION", authorisation, requestId, requestId);
        cardTransaction(acme, "cap_" + authorisation, "CAPTURE", authorisation, "cap-" + requestId, requestId);

        for (String id : List.of(authorisation, requestId, "cap_" + authorisation, "cap-" + requestId)) {
            assertThat(identifiers.find(id, acme)).as(id).extracting(PaymentMatch::kind, PaymentMatch::paywireId, PaymentMatch::clientReference)
                    .containsExactly(tuple(Product.CARD, authorisation, requestId));
        }
    }

    @Test
    void givenARailsReceipt_itShouldFindThePaymentItWasGivenFor_amongItsClientsAlone() {
        String stan = "stan-" + UUID.randomUUID();
        paymentOrder(acme, stan, stan, "ref-" + stan);
        jdbc.sql("update payout_lines set third_party_payload = cast(? as jsonb) where system_trace_audit_number = ?")
                .params("{\"thirdPartyReceiptNumber\":\"RCP1" + stan + "\"}", stan).update();
        UUID deposit = UUID.randomUUID();
        jdbc.sql("""
                insert into express_deposits (id, client_id, originator_conversation_id, amount, phone_number, status,
                    receipt_number)
                values (?, ?, ?, 10, '254712345678', 'COMPLETED', ?)
                """).params(deposit, acme, "ocid-" + deposit, "RCP2" + stan).update();

        assertThat(identifiers.findByReceipt("RCP1" + stan, acme)).extracting(PaymentMatch::kind, PaymentMatch::clientReference)
                .containsExactly(tuple(Product.PAYOUT, stan));
        assertThat(identifiers.findByReceipt("RCP2" + stan, acme)).extracting(PaymentMatch::kind, PaymentMatch::paywireId)
                .containsExactly(tuple(Product.PHONE_PROMPT, deposit.toString()));
        assertThat(identifiers.findByReceipt("RCP2" + stan, globex)).isEmpty();
        assertThat(identifiers.find("RCP2" + stan, acme)).as("the timeline's lookup takes no receipts").isEmpty();
    }

    @Test
    void givenAPaybillDepositsReceiptOrReference_itShouldFindIt_amongItsClientsAlone_andOneInSuspenseNowhere() {
        String receipt = "TK" + UUID.randomUUID().toString().substring(0, 8);
        OffsetDateTime now = OffsetDateTime.now();
        UUID deposit = PaybillDepositRows.insert(jdbc, acme, receipt, "INV-" + receipt, "CREDITED", now);
        String suspended = "TS" + UUID.randomUUID().toString().substring(0, 8);
        UUID inSuspense = PaybillDepositRows.insert(jdbc, null, suspended, null, "SUSPENDED", now);

        for (String id : List.of(receipt, "INV-" + receipt, deposit.toString())) {
            assertThat(identifiers.find(id, acme)).as(id).extracting(PaymentMatch::kind, PaymentMatch::paywireId,
                    PaymentMatch::clientReference).containsExactly(tuple(Product.PAYBILL_DEPOSIT, deposit.toString(),
                    "INV-" + receipt));
        }
        assertThat(identifiers.find(receipt, globex)).as("another client's deposit").isEmpty();
        assertThat(identifiers.findAcrossClients(receipt)).extracting(PaymentMatch::clientId).containsExactly(acme);
        for (String id : List.of(suspended, inSuspense.toString())) {
            assertThat(identifiers.findAcrossClients(id)).as("a deposit in suspense is no client's: " + id).isEmpty();
        }
    }

    @Test
    void givenSomethingThatLooksLikeNoId_nothingShouldBeFound() {
        paymentOrder(acme, "ORDER-1", "stan-1", "ref-" + UUID.randomUUID());

        assertThat(identifiers.find("1-2-3-4-5", acme)).isEmpty();
        assertThat(identifiers.find("ORDER-%", acme)).isEmpty();
    }

    @Test
    void aPaymentsTransfers_shouldBeThoseOfItsKey_andTheKeysExtendingIt_notAKeyThatMerelyStartsTheSame() {
        ledger.transfer("fund:" + acme, new Leg(LedgerAccounts.FUNDING, LedgerAccounts.working(acme),
                new BigDecimal("100.00")), "float");
        String key = "payout:t_" + UUID.randomUUID();
        ledger.reserve(key, List.of(new Leg(LedgerAccounts.working(acme), LedgerAccounts.railSettlement(Rail.BANK),
                new BigDecimal("10.00")), new Leg(LedgerAccounts.working(acme), LedgerAccounts.FEE_REVENUE,
                new BigDecimal("1.00"))), "a payout");
        ledger.reserve(key + "x", List.of(new Leg(LedgerAccounts.working(acme),
                LedgerAccounts.railSettlement(Rail.BANK), new BigDecimal("5.00"))), "another payout");
        ledger.reserve(key.replace('_', 'z'), List.of(new Leg(LedgerAccounts.working(acme),
                LedgerAccounts.railSettlement(Rail.BANK), new BigDecimal("5.00"))), "an underscore is no wildcard");
        ledger.transfer(key + ":late:fee", new Leg(LedgerAccounts.working(acme), LedgerAccounts.FEE_REVENUE,
                new BigDecimal("1.00")), "late fee");

        assertThat(ledger.transfersOf(key)).extracting(Ledger.Transfer::key, Ledger.Transfer::debitKind,
                Ledger.Transfer::creditKind).containsExactly(tuple(key + "#0", "WORKING", "RAIL_SETTLEMENT"),
                tuple(key + "#1", "WORKING", "FEE_REVENUE"), tuple(key + ":late:fee", "WORKING", "FEE_REVENUE"));
    }
}
