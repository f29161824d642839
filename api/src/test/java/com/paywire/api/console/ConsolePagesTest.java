package com.paywire.api.console;

import static com.paywire.api.support.ApiClientHelper.SANDBOX_ID;
import static com.paywire.api.support.ApiClientHelper.SANDBOX_SECRET;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.auth.Scope;
import com.paywire.api.support.ApiTest;
import com.paywire.api.support.ApiTestBase;
import com.paywire.domain.clients.ClientSecretHasher;
import com.paywire.domain.collections.paybill.PaybillDepositView;
import com.paywire.domain.money.MoneyEngine;
import com.paywire.domain.notifications.EventPublisher;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.vocabulary.collections.PaybillDeposit;
import com.paywire.persistence.collections.PaybillDepositStore;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.vocabulary.rules.money.Movement;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The console's pages for a signed-in client: the overview, payments found by any id, a payment's page with its
 * events delivered again, webhooks added, tried and deleted, the sandbox's outcomes; another client's payment as
 * unknown as none; and every form refused without the session's token. No worker runs here: payments stay where
 * the API left them.
 */
@ApiTest
class ConsolePagesTest extends ApiTestBase {

    private static final String PAYMENT_ORDER_PAGE = "/console/payments/payment-order/";

    @Autowired
    JdbcClient jdbc;
    @Autowired
    ApiClientStore clients;
    @Autowired
    EventPublisher publisher;
    @Autowired
    PaybillDepositStore paybillDeposits;
    @Autowired
    MoneyEngine money;

    ConsoleBrowser sandbox;

    @BeforeEach
    void signIn() {
        sandbox = new ConsoleBrowser(port);
        assertThat(sandbox.signIn(SANDBOX_ID, SANDBOX_SECRET).status()).isEqualTo(303);
    }

    /** A payout of KES 100.00 to the simulator's paying wallet, made by the sandbox page's button; its order's id. */
    private String payout() {
        String csrf = sandbox.get("/console/sandbox").csrf();
        ConsoleBrowser.Page made = sandbox.post("/console/sandbox/wallet-paid", Map.of("csrf", csrf));
        assertThat(made.status()).as(made.body()).isEqualTo(303);
        assertThat(made.header("Location")).startsWith(PAYMENT_ORDER_PAGE);
        return made.header("Location").substring(PAYMENT_ORDER_PAGE.length());
    }

    private String stanOf(String orderId) {
        return jdbc.sql("select system_trace_audit_number from payout_lines where order_id = cast(? as uuid)")
                .param(orderId).query(String.class).single();
    }

    private String addWebhook(ConsoleBrowser browser, String url) {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("csrf", browser.get("/console/webhooks").csrf());
        form.put("url", url);
        form.put("events", "payout.completed");
        form.put("signingSecret", "a-signing-secret-of-the-shop");
        assertThat(browser.post("/console/webhooks", form).header("Location")).isEqualTo("/console/webhooks?done=added");
        return jdbc.sql("select id::text from webhook_endpoints where url = ? and status = 'ACTIVE'").param(url)
                .query(String.class).single();
    }

    @Test
    void theOverview_shouldShowTheBalances_andTheStatementNewestFirst() {
        ConsoleBrowser.Page overview = sandbox.get("/console");

        assertThat(overview.body()).contains("id=\"working\"").contains("Sandbox opening float")
                .contains("Working account (payouts), available");
        assertThat(overview.body()).contains("<th scope=\"col\" class=\"num\">Gross</th>")
                .contains("<th scope=\"col\" class=\"num\">Fee</th>").contains("<th scope=\"col\" class=\"num\">Net</th>")
                .contains("<td data-label=\"Type\">FUNDING</td>");
        assertThat(sandbox.get("/console?account=2").body()).contains("Utility account").contains("No entries yet.");
        assertThat(overview.body()).contains("Page 1 of 1").doesNotContain("id=\"older\"");
        assertThat(sandbox.get("/console/payments?page=2").body()).contains("Page 2")
                .contains("<a href=\"/console/payments?page=1\" id=\"newer\">Newer</a>");
    }

    @Test
    void theOverview_shouldShowHowToTopUpTheWorkingAccount_withTheClientsOwnFundingReference() {
        String own = http.get().uri("/v1/customer-accounts/funding-instructions")
                .header("Authorization", "Bearer " + token).retrieve().body(tools.jackson.databind.JsonNode.class)
                .get("fundingReference").asString();

        ConsoleBrowser.Page overview = sandbox.get("/console");

        assertThat(overview.body()).contains("Top up the working account").contains("0100200300400")
                .contains("<dd class=\"id\" id=\"fundingReference\">" + own + "</dd>");
    }

    @Test
    void givenAnyIdOfAPayment_theSearchShouldOpenItsPage_andAnIdOfNoneSaySo() {
        String order = payout();
        String stan = stanOf(order);
        jdbc.sql("update payout_lines set third_party_payload = cast(? as jsonb) where system_trace_audit_number = ?")
                .params("{\"thirdPartyReceiptNumber\":\"RCPT" + order.substring(0, 8) + "\"}", stan).update();

        ConsoleBrowser.Page byStan = sandbox.get("/console/payments?q=" + stan);
        ConsoleBrowser.Page byOrder = sandbox.get("/console/payments?q=" + order);
        ConsoleBrowser.Page byReceipt = sandbox.get("/console/payments?q=RCPT" + order.substring(0, 8));
        ConsoleBrowser.Page byNothing = sandbox.get("/console/payments?q=no-such-id");

        assertThat(byStan.header("Location")).startsWith("/console/payments/payout-line/");
        assertThat(byOrder.header("Location")).isEqualTo(PAYMENT_ORDER_PAGE + order);
        assertThat(byReceipt.header("Location")).isEqualTo(byStan.header("Location"));
        assertThat(byNothing.status()).isEqualTo(404);
        assertThat(byNothing.body()).contains("No payment of yours has that id.");
        ConsoleBrowser.Page line = sandbox.get(byStan.header("Location"));
        assertThat(line.status()).isEqualTo(200);
        assertThat(line.body()).contains("<h1>Payout</h1>").contains(stan).contains("id=\"timeline\"")
                .contains("Times in EAT (Africa/Nairobi)").containsPattern("\\d{2}:\\d{2}:\\d{2} EAT")
                .doesNotContainPattern("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}");
        assertThat(sandbox.get("/console/payments").body()).contains(stan).contains("Payout").contains("KES 100.00");
    }

    @Test
    void givenAnotherClientsPayment_itsPageAndItsIdsShouldBeAsUnknownAsNone() {
        String order = payout();
        String other = "console-other-" + UUID.randomUUID();
        clients.registerWithAllRoutes(new ApiClient(other, "Other", ClientSecretHasher.hash("other-secret"),
                new LinkedHashSet<>(Scope.allValues())));
        ConsoleBrowser otherBrowser = new ConsoleBrowser(port);
        otherBrowser.signIn(other, "other-secret");

        ConsoleBrowser.Page page = otherBrowser.get(PAYMENT_ORDER_PAGE + order);

        assertThat(page.status()).isEqualTo(404);
        assertThat(page.body()).contains("<h1>Not found</h1>").doesNotContain(order);
        assertThat(otherBrowser.get("/console/payments?q=" + stanOf(order)).status()).isEqualTo(404);
        assertThat(otherBrowser.get("/console/payments").body()).doesNotContain(stanOf(order));
        assertThat(otherBrowser.get("/console/payments/payment-order/not-an-id").status()).isEqualTo(404);
        assertThat(otherBrowser.get("/console/payments/no-such-product/" + order).status()).isEqualTo(404);
        assertThat(otherBrowser.get("/console/no-such-page").body()).contains("<h1>Not found</h1>");
    }

    @Test
    void givenAPaybillDeposit_itShouldBeListed_foundByItsReceipt_andItsPageShowTheCreditWithThePhoneMasked() {
        // a client of its own: the credit would change the sandbox client's utility account, which others read
        String shop = "console-paybill-" + UUID.randomUUID();
        clients.registerWithAllRoutes(new ApiClient(shop, "Shop", ClientSecretHasher.hash("shop-secret"),
                new LinkedHashSet<>(Scope.merchantValues())));
        ConsoleBrowser browser = new ConsoleBrowser(port);
        browser.signIn(shop, "shop-secret");
        String receipt = "TC" + UUID.randomUUID().toString().replace("-", "").substring(0, 8).toUpperCase();
        UUID id = paybillDeposit(receipt, shop, "INV-" + receipt);
        PaybillDeposit recorded = paybillDeposits.find(id).orElseThrow();
        paybillDeposits.recordCredited(id, shop, "INV-" + receipt, new BigDecimal("0.83"), OffsetDateTime.now());
        money.credit(new Movement(Product.PAYBILL_DEPOSIT, id.toString(), shop, Rail.MOBILE_MONEY,
                recorded.amount(), new BigDecimal("0.83")), PaybillDepositView.statementLine(recorded));
        String suspended = "TS" + receipt.substring(2);
        UUID inSuspense = paybillDeposit(suspended, null, null);
        paybillDeposits.recordSuspended(inSuspense, "no client has the prefix", OffsetDateTime.now());

        ConsoleBrowser.Page byReceipt = browser.get("/console/payments?q=" + receipt);
        assertThat(byReceipt.header("Location")).isEqualTo("/console/payments/paybill-deposit/" + id);
        ConsoleBrowser.Page page = browser.get(byReceipt.header("Location"));
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.body()).contains("<h1>Paybill deposit</h1>").contains("INV-" + receipt)
                .contains("Paybill deposit " + receipt + " from 2547*****678").contains("KES 149.17")
                .contains("KES 0.83").doesNotContain("254712345678");
        assertThat(browser.get("/console/payments").body()).contains("INV-" + receipt).contains("Credited")
                .contains("KES 150.00").doesNotContain(inSuspense.toString());
        assertThat(browser.get("/console/payments?q=" + suspended).status()).as("a deposit in suspense").isEqualTo(404);
        assertThat(browser.get("/console/payments/paybill-deposit/" + inSuspense).status()).isEqualTo(404);
        assertThat(sandbox.get(byReceipt.header("Location")).status()).as("another client's deposit").isEqualTo(404);
    }

    /** A paybill deposit to the sandbox short code as the rail's confirmation records it; no client: in suspense. */
    private UUID paybillDeposit(String receipt, String clientId, String clientReference) {
        OffsetDateTime now = OffsetDateTime.now();
        return paybillDeposits.insertOnce(PaybillDeposit.received(UUID.randomUUID(), receipt, "174379",
                "PW" + clientReference, new BigDecimal("150.00"), "254712345678", now, clientId, clientReference,
                now)).id();
    }

    @Test
    void givenAPaymentsEvent_deliveringItAgainShouldAddADelivery() {
        String webhook = addWebhook(sandbox, "http://127.0.0.1:9/hooks/" + UUID.randomUUID());
        String order = payout();
        publisher.publishNow(SANDBOX_ID, "payout.completed", "payment-order:" + order, Map.of("test", "console"));
        String eventId = jdbc.sql("select id::text from events where ordering_key = ?").param("payment-order:" + order)
                .query(String.class).single();
        ConsoleBrowser.Page before = sandbox.get(PAYMENT_ORDER_PAGE + order);
        assertThat(before.body()).contains("payout.completed").contains("Webhook http://127.0.0.1:9/hooks/")
                .contains("Deliver again");

        ConsoleBrowser.Page again = sandbox.post(PAYMENT_ORDER_PAGE + order + "/events/" + eventId + "/redeliver",
                Map.of("csrf", before.csrf()));

        // every active endpoint taking the event gets it again: other tests' endpoints of the sandbox client too
        assertThat(again.header("Location")).matches(PAYMENT_ORDER_PAGE + order + "\\?redelivered=[1-9][0-9]*");
        assertThat(jdbc.sql("select count(*) from deliveries where event_id = cast(? as uuid) and webhook_id = cast(? as uuid)")
                .params(eventId, webhook).query(Long.class).single()).isEqualTo(2);
        assertThat(sandbox.get(again.header("Location")).body()).contains("Delivering it again: ");
    }

    @Test
    void givenTheWebhooksPage_anEndpointShouldBeAdded_triedWithATestEvent_andDeleted() {
        ConsoleBrowser.Page refused = sandbox.post("/console/webhooks", Map.of("csrf",
                sandbox.get("/console/webhooks").csrf(), "url", "ftp://x", "signingSecret", "short-secret-9"));
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body()).contains("Choose at least one event type.").contains("16 to 256 characters")
                .doesNotContain("short-secret-9");
        String url = "http://127.0.0.1:9/hooks/" + UUID.randomUUID();
        String webhook = addWebhook(sandbox, url);
        assertThat(sandbox.get("/console/webhooks").body()).contains(url).contains("Send a test event");

        ConsoleBrowser.Page tested = sandbox.post("/console/webhooks/" + webhook + "/test",
                Map.of("csrf", sandbox.get("/console/webhooks").csrf()));

        assertThat(tested.header("Location")).isEqualTo("/console/webhooks?done=tested");
        assertThat(jdbc.sql("""
                select count(*) from deliveries d join events e on e.id = d.event_id
                where e.type = 'webhook.test' and d.webhook_id = cast(? as uuid)""").param(webhook).query(Long.class)
                .single()).isEqualTo(1);
        assertThat(sandbox.get(tested.header("Location")).body()).contains("A webhook.test event is on its way");
        ConsoleBrowser.Page deleted = sandbox.post("/console/webhooks/" + webhook + "/delete",
                Map.of("csrf", sandbox.get("/console/webhooks").csrf()));
        assertThat(deleted.header("Location")).isEqualTo("/console/webhooks?done=deleted");
        assertThat(sandbox.get("/console/webhooks").body()).doesNotContain("id=\"webhook-" + webhook);
    }

    @Test
    void givenAFormWithoutTheSessionsToken_orWithAnother_itShouldBeRefused403_andChangeNothing() {
        String url = "http://127.0.0.1:9/hooks/" + UUID.randomUUID();
        String webhook = addWebhook(sandbox, url);
        ConsoleBrowser other = new ConsoleBrowser(port);
        other.signIn(SANDBOX_ID, SANDBOX_SECRET);
        String othersToken = other.get("/console").csrf();

        for (Map<String, String> form : List.of(Map.<String, String>of(), Map.of("csrf", ""),
                Map.of("csrf", othersToken))) {
            ConsoleBrowser.Page page = sandbox.post("/console/webhooks/" + webhook + "/delete", form);
            assertThat(page.status()).as("%s", form).isEqualTo(403);
            assertThat(page.body()).contains("<h1>Form refused</h1>").contains("Nothing was changed.");
        }
        assertThat(sandbox.post("/console/sign-out", Map.of()).status()).isEqualTo(403);
        assertThat(sandbox.get("/console/webhooks").body()).as("still there, still signed in").contains(url);
    }

    @Test
    void theSandboxPage_shouldListTheSimulatorsOutcomes_andHaveThePlaceOfTheTestClock() {
        ConsoleBrowser.Page page = sandbox.get("/console/sandbox");

        assertThat(page.body()).contains("+254711000001").contains("254722000002").contains("7010000402")
                .contains("4000 0000 0000 0002").contains("id=\"testClock\"").contains("trigger-kyc-registry-down");
        assertThat(sandbox.post("/console/sandbox/no-such-outcome", Map.of("csrf", page.csrf())).status())
                .isEqualTo(404);
        String kyc = sandbox.post("/console/sandbox/kyc-match", Map.of("csrf", page.csrf())).header("Location");
        assertThat(kyc).startsWith("/console/payments/kyc-request/");
        assertThat(sandbox.get(kyc).body()).contains("<h1>KYC</h1>");
    }

    @Test
    void givenAClientWithoutTheWebhooksScope_thePageShouldSaySo_andNotShowTheEndpoints() {
        String narrow = "console-narrow-" + UUID.randomUUID();
        clients.registerWithAllRoutes(new ApiClient(narrow, "Narrow", ClientSecretHasher.hash("narrow-secret"),
                Set.of("kyc")));
        ConsoleBrowser browser = new ConsoleBrowser(port);
        browser.signIn(narrow, "narrow-secret");

        ConsoleBrowser.Page webhooks = browser.get("/console/webhooks");

        assertThat(webhooks.status()).isEqualTo(403);
        assertThat(webhooks.body()).contains("does not hold the webhooks scope");
        assertThat(browser.get("/console").body()).contains("does not hold the accounts scope")
                .contains("does not hold the payouts scope");
    }
}
