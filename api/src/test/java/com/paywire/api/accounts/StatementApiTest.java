package com.paywire.api.accounts;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.ApiClientHelper;
import com.paywire.api.support.ApiTest;
import com.paywire.api.support.ApiTestBase;
import com.paywire.api.support.ErrorAnswers;
import com.paywire.api.support.RawHttp;
import com.paywire.domain.clients.ClientSecretHasher;
import com.paywire.domain.money.MoneyEngine;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.networks.MobileNetwork;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.vocabulary.rails.Settlement;
import com.paywire.vocabulary.rules.money.Leg;
import com.paywire.vocabulary.rules.money.MoneyRules;
import com.paywire.vocabulary.rules.money.Movement;
import com.paywire.vocabulary.rules.money.Posting;
import java.math.BigDecimal;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The account statement: posted entries in order, running balances, periods, pages, CSV, scopes and tenants. */
@ApiTest
class StatementApiTest extends ApiTestBase {

    private static final JsonMapper JSON = new JsonMapper();
    private static final String SECRET = "statement-secret";
    private static final String PATH = "/v1/customer-accounts/statement";

    @Autowired
    ApiClientStore clients;
    @Autowired
    Ledger ledger;
    @Autowired
    JdbcClient jdbc;
    @Autowired
    MoneyEngine money;

    private String clientId;
    private String clientToken;

    @BeforeEach
    void aClientOfItsOwn() {
        clientId = newClient(Set.of("payouts", "collections", "accounts"));
        clientToken = ApiClientHelper.token(http, clientId, SECRET);
    }

    @Test
    void givenPostedPaymentsAndAHold_itShouldListThePostedEntriesInOrder_withRunningBalancesAndFeesApart() {
        fund(clientId, "1000.00");
        String payout = "payout:stmt-" + UUID.randomUUID();
        pay(payout, "100.00", "10.00");
        ledger.reserve("payout:held-" + UUID.randomUUID(), List.of(new Leg(LedgerAccounts.working(clientId),
                LedgerAccounts.railSettlement(Rail.MOBILE_MONEY), new BigDecimal("50.00"))), "Payout held");

        JsonNode statement = json(statement(clientToken, "accountType=1"));

        JsonNode entries = statement.get("entries");
        assertThat(column(entries, "amount")).containsExactly("1000.00", "-100.00", "-10.00");
        assertThat(column(entries, "runningBalance")).containsExactly("1000.00", "900.00", "890.00");
        assertThat(column(entries, "product")).containsExactly("FUNDING", "PAYOUT", "PAYOUT");
        assertThat(column(entries, "type")).containsExactly("FUNDING", "PAYOUT", "PAYOUT_FEE");
        assertThat(column(entries, "grossAmount")).containsExactly("1000.00", "-100.00", "0.00");
        assertThat(column(entries, "feeAmount")).containsExactly("0.00", "0.00", "10.00");
        assertThat(column(entries, "netAmount")).containsExactly("1000.00", "-100.00", "-10.00");
        assertThat(column(entries, "fee")).containsExactly("false", "false", "true");
        assertThat(statement.get("openingBalance").decimalValue()).isEqualByComparingTo("0");
        assertThat(statement.get("closingBalance").decimalValue()).isEqualByComparingTo("890.00");
        assertThat(statement.get("totalEntries").asLong()).isEqualTo(3);
        // the hold is not an entry: the balance operation shows it as less available money
        assertThat(availableWorking()).isEqualByComparingTo("840.00");
        assertThat(json(statement(clientToken, "accountType=2")).get("entries")).isEmpty();
    }

    @Test
    void givenACompletedExpressDeposit_itsEntryShouldNameThePaymentByTheClientsIdAndPaywires() {
        UUID deposit = UUID.randomUUID();
        jdbc.sql("""
                insert into express_deposits (id, client_id, originator_conversation_id, short_code, amount,
                                              phone_number, status)
                values (?, ?, 'my-deposit-7', '600000', 250.00, '+254712345678', 'COMPLETED')
                """).params(deposit, clientId).update();
        ledger.transferRequired("deposit:" + deposit, new Leg(LedgerAccounts.railSettlement(Rail.MOBILE_MONEY),
                LedgerAccounts.utility(clientId), new BigDecimal("250.00")), "Express deposit " + deposit);

        JsonNode entry = json(statement(clientToken, "accountType=2")).get("entries").get(0);

        assertThat(entry.get("product").asString()).isEqualTo("EXPRESS_DEPOSIT");
        assertThat(entry.get("clientReference").asString()).isEqualTo("my-deposit-7");
        assertThat(entry.get("paywireReference").asString()).isEqualTo(deposit.toString());
        assertThat(entry.get("fee").asBoolean()).isFalse();
        assertThat(entry.get("description").asString()).isEqualTo("Express deposit " + deposit);
        assertThat(entry.get("amount").decimalValue()).isEqualByComparingTo("250.00");
    }

    @Test
    void givenAPaybillDepositLessItsFee_itsEntryShouldShowTheGrossThePayerPaid_theFee_andTheNetCredited() {
        UUID deposit = UUID.randomUUID();
        jdbc.sql("""
                insert into paybill_deposits (id, receipt_number, short_code, account_reference, amount, phone_number,
                                              transaction_time, client_id, client_reference, fee, status, created_at)
                values (?, ?, '174379', 'PWINV-7', 150.00, '254712345678', now(), ?, 'INV-7', 0.83, 'CREDITED', now())
                """).params(deposit, "TK" + deposit.toString().substring(0, 8).toUpperCase(), clientId).update();
        String key = "paybill:" + deposit;
        ledger.transferRequired(key, new Leg(LedgerAccounts.railSettlement(Rail.MOBILE_MONEY),
                LedgerAccounts.utility(clientId), new BigDecimal("149.17")), "Paybill deposit");
        ledger.transferRequired(key + ":fee", new Leg(LedgerAccounts.railSettlement(Rail.MOBILE_MONEY),
                LedgerAccounts.FEE_REVENUE, new BigDecimal("0.83")), "Fee of paybill deposit");

        JsonNode entry = json(statement(clientToken, "accountType=2")).get("entries").get(0);
        List<List<String>> csv = parseCsv(send(clientToken, "accountType=2", "text/csv").body());

        assertThat(entry.get("type").asString()).isEqualTo("COLLECTION");
        assertThat(entry.get("grossAmount").decimalValue()).isEqualByComparingTo("150.00");
        assertThat(entry.get("feeAmount").decimalValue()).isEqualByComparingTo("0.83");
        assertThat(entry.get("netAmount").decimalValue()).isEqualByComparingTo("149.17");
        assertThat(entry.get("amount").decimalValue()).isEqualByComparingTo("149.17");
        assertThat(entry.get("fee").asBoolean()).isFalse();
        assertThat(entry.get("product").asString()).isEqualTo("PAYBILL_DEPOSIT");
        assertThat(entry.get("clientReference").asString()).isEqualTo("INV-7");
        assertThat(entry.get("paymentId").asString()).isEqualTo(deposit.toString());
        assertThat(entry.get("receiptNumber").asString()).isEqualTo("TK" + deposit.toString().substring(0, 8).toUpperCase());
        assertThat(entry.get("availableAt").asString()).isNotBlank();
        assertThat(csv).hasSize(2);
        assertThat(csv.get(1).subList(9, 15)).containsExactly("COLLECTION", "150.00", "0.83", "149.17",
                deposit.toString(), "TK" + deposit.toString().substring(0, 8).toUpperCase());
    }

    @Test
    void givenEveryMovementTheMoneyEnginePosts_eachEntryShouldBeABalanceTransaction_whoseNetsAddUpToTheBalanceChange() {
        fund(clientId, "1000.00");
        Instant from = Instant.now();
        BigDecimal workingBefore = balance(LedgerAccounts.working(clientId));
        Movement payout = new Movement(Product.PAYOUT, "bt-" + UUID.randomUUID(), clientId, Rail.MOBILE_MONEY,
                new BigDecimal("100.00"), new BigDecimal("10.00"));
        assertThat(money.hold(payout, "Payout")).isTrue();
        money.settle(payout);
        Movement late = new Movement(Product.AIRTIME, UUID.randomUUID().toString(), clientId, Settlement.airtime(MobileNetwork.SAFARICOM),
                new BigDecimal("50.00"), new BigDecimal("1.00"));
        assertThat(money.hold(late, "Airtime")).isTrue();
        money.release(late);
        money.bookLateSuccess(late, "Airtime paid late");
        fund(clientId, "20.00");
        money.credit(new Movement(Product.PAYBILL_DEPOSIT, UUID.randomUUID().toString(), clientId, Rail.MOBILE_MONEY,
                new BigDecimal("150.00"), new BigDecimal("0.83")), "Paybill deposit");
        money.credit(new Movement(Product.PHONE_PROMPT, UUID.randomUUID().toString(), clientId, Rail.MOBILE_MONEY,
                new BigDecimal("250.00"), BigDecimal.ZERO), "Express deposit");
        money.credit(new Movement(Product.CHECKOUT, UUID.randomUUID().toString(), clientId, Rail.MOBILE_MONEY,
                new BigDecimal("200.00"), new BigDecimal("2.00")), "Checkout");
        Movement capture = new Movement(Product.CARD, UUID.randomUUID().toString(), clientId, Rail.CARD_PROCESSOR,
                new BigDecimal("100.00"), new BigDecimal("3.00"));
        money.credit(capture, "Card capture");
        assertThat(money.takeBack(MoneyRules.refund(capture, "R1", BigDecimal.ZERO, BigDecimal.ZERO,
                new BigDecimal("40.00"), "Refund R1"))).isTrue();
        List<Posting> failed = MoneyRules.refund(capture, "R2", new BigDecimal("40.00"), new BigDecimal("1.20"),
                new BigDecimal("10.00"), "Refund R2");
        assertThat(money.takeBack(failed)).isTrue();
        money.reverse(failed);
        Instant to = Instant.now().plusMillis(1);

        JsonNode working = json(statement(clientToken, "accountType=1&from=" + from + "&to=" + to));
        JsonNode utility = json(statement(clientToken, "accountType=2&from=" + from + "&to=" + to));

        assertThat(lines(working.get("entries"))).containsExactly(
                "PAYOUT -100.00 0.00 -100.00", "PAYOUT_FEE 0.00 10.00 -10.00",
                "PAYOUT -50.00 0.00 -50.00", "PAYOUT_FEE 0.00 1.00 -1.00", "FUNDING 20.00 0.00 20.00");
        assertThat(lines(utility.get("entries"))).containsExactly(
                "COLLECTION 150.00 0.83 149.17", "COLLECTION 250.00 0.00 250.00", "COLLECTION 200.00 2.00 198.00",
                "CARD_CAPTURE 100.00 3.00 97.00", "REFUND -40.00 -1.20 -38.80", "REFUND -10.00 -0.30 -9.70",
                "REVERSAL 10.00 0.30 9.70");
        assertThat(column(utility.get("entries"), "paymentId").subList(3, 7)).containsOnly(capture.id());
        assertThat(sum(working, "netAmount")).isEqualByComparingTo(balance(LedgerAccounts.working(clientId))
                .subtract(workingBefore)).isEqualByComparingTo("-141.00");
        assertThat(sum(utility, "netAmount")).isEqualByComparingTo(balance(LedgerAccounts.utility(clientId)))
                .isEqualByComparingTo("655.37");
        for (JsonNode statement : List.of(working, utility)) {
            BigDecimal change = statement.get("closingBalance").decimalValue()
                    .subtract(statement.get("openingBalance").decimalValue());
            assertThat(sum(statement, "netAmount")).isEqualByComparingTo(change)
                    .isEqualByComparingTo(sum(statement, "grossAmount").subtract(sum(statement, "feeAmount")))
                    .isEqualByComparingTo(sum(statement, "amount"));
        }
    }

    @Test
    void givenALatePayoutTheWorkingAccountCouldNotPay_theNextCollectionShouldPayBackTheDebt_onBothStatements() {
        fund(clientId, "60.00");
        Movement late = new Movement(Product.AIRTIME, UUID.randomUUID().toString(), clientId, Settlement.airtime(MobileNetwork.SAFARICOM),
                new BigDecimal("50.00"), new BigDecimal("1.00"));
        assertThat(money.hold(late, "Airtime")).isTrue();
        money.release(late);
        pay("payout:empties-" + UUID.randomUUID(), "55.00", "0");
        Instant from = Instant.now();
        // 5.00 left on the working account: the amount is owed on the receivable, the fee paid from working
        money.bookLateSuccess(late, "Airtime paid late");
        assertThat(balance(LedgerAccounts.receivable(clientId))).isEqualByComparingTo("-50.00");
        Movement paybill = new Movement(Product.PAYBILL_DEPOSIT, UUID.randomUUID().toString(), clientId,
                Rail.MOBILE_MONEY, new BigDecimal("150.00"), new BigDecimal("0.83"));
        money.credit(paybill, "Paybill deposit");
        money.credit(paybill, "Paybill deposit");
        Instant to = Instant.now().plusMillis(1);

        String period = "&from=" + from + "&to=" + to;
        JsonNode utility = json(statement(clientToken, "accountType=2" + period));
        JsonNode receivable = json(statement(clientToken, "accountType=3" + period));

        assertThat(lines(utility.get("entries"))).containsExactly("COLLECTION 150.00 0.83 149.17",
                "RECEIVABLE_RECOVERY -50.00 0.00 -50.00");
        assertThat(column(utility.get("entries"), "paymentId")).containsExactly(paybill.id(), late.id());
        assertThat(column(utility.get("entries"), "product")).containsExactly("PAYBILL_DEPOSIT", "AIRTIME");
        assertThat(receivable.get("accountType").asInt()).isEqualTo(3);
        assertThat(lines(receivable.get("entries"))).containsExactly("PAYOUT -50.00 0.00 -50.00",
                "RECEIVABLE_RECOVERY 50.00 0.00 50.00");
        assertThat(column(receivable.get("entries"), "paymentId")).containsOnly(late.id());
        assertThat(receivable.get("closingBalance").decimalValue()).isEqualByComparingTo("0.00");
        for (JsonNode statement : List.of(utility, receivable)) {
            assertThat(sum(statement, "netAmount")).isEqualByComparingTo(statement.get("closingBalance").decimalValue()
                    .subtract(statement.get("openingBalance").decimalValue()));
        }
        assertThat(balance(LedgerAccounts.utility(clientId))).isEqualByComparingTo("99.17");
        List<List<String>> csv = parseCsv(send(clientToken, "accountType=3" + period, "text/csv").body());
        assertThat(csv.get(2).subList(9, 14)).containsExactly("RECEIVABLE_RECOVERY", "50.00", "0.00", "50.00",
                late.id());
        // the receivable is debited by payouts and paid back from collections: either scope reads it, in KES, or in a
        // card currency (a card dispute's debt); the working account is in KES alone
        assertThat(statement(ApiClientHelper.token(http, clientId, SECRET, "payouts"), "accountType=3").status())
                .isEqualTo(200);
        assertThat(statement(ApiClientHelper.token(http, clientId, SECRET, "collections"), "accountType=3").status())
                .isEqualTo(200);
        assertThat(statement(ApiClientHelper.token(http, clientId, SECRET, "accounts"), "accountType=3").status())
                .isEqualTo(403);
        assertThat(statement(clientToken, "accountType=3&currency=USD").status()).isEqualTo(200);
        assertThat(ErrorAnswers.fieldsNamed(statement(clientToken, "accountType=1&currency=USD")))
                .containsExactly("currency");
    }

    @Test
    void givenAPeriod_itsEntriesShouldAddUpToTheBalanceChangeOverIt() throws InterruptedException {
        fund(clientId, "500.00");
        Instant from = Instant.now();
        BigDecimal before = ledger.find(LedgerAccounts.working(clientId)).orElseThrow().balance();
        pay("payout:period-" + UUID.randomUUID(), "120.00", "25.00");
        fund(clientId, "30.00");
        BigDecimal after = ledger.find(LedgerAccounts.working(clientId)).orElseThrow().balance();
        Instant to = Instant.now();
        fund(clientId, "7.00");

        JsonNode statement = json(statement(clientToken, "accountType=1&from=" + from + "&to=" + to));

        BigDecimal sum = BigDecimal.ZERO;
        for (JsonNode entry : statement.get("entries")) {
            sum = sum.add(entry.get("amount").decimalValue());
        }
        assertThat(statement.get("entries")).hasSize(3);
        assertThat(sum).isEqualByComparingTo(after.subtract(before)).isEqualByComparingTo("-115.00");
        assertThat(statement.get("openingBalance").decimalValue()).isEqualByComparingTo(before);
        assertThat(statement.get("closingBalance").decimalValue()).isEqualByComparingTo(after);
    }

    @Test
    void givenMoreEntriesThanAPage_thePagesShouldTogetherBeTheWholeStatement() {
        for (int i = 1; i <= 5; i++) {
            fund(clientId, i + ".00");
        }

        List<String> paged = new ArrayList<>();
        for (int page = 1; page <= 3; page++) {
            JsonNode statement = json(statement(clientToken, "accountType=1&pageSize=2&page=" + page));
            assertThat(statement.get("totalEntries").asLong()).isEqualTo(5);
            paged.addAll(column(statement.get("entries"), "runningBalance"));
        }
        List<String> whole = column(json(statement(clientToken, "accountType=1")).get("entries"), "runningBalance");

        assertThat(paged).containsExactly("1.00", "3.00", "6.00", "10.00", "15.00").isEqualTo(whole);
        assertThat(json(statement(clientToken, "accountType=1&pageSize=2&page=4")).get("entries")).isEmpty();
    }

    @Test
    void givenAcceptTextCsv_itShouldAnswerQuotedCsv_whoseTextCellsCannotBeFormulas() {
        ledger.transferRequired("test-csv:" + UUID.randomUUID(), new Leg(LedgerAccounts.FUNDING,
                LedgerAccounts.working(clientId), new BigDecimal("20.00")), "=HYPERLINK(\"http://x\"), \"quoted\"\nnext line");
        pay("payout:csv-" + UUID.randomUUID(), "5.00", "1.00");

        RawHttp.Response csv = send(clientToken, "accountType=1", "text/csv");

        assertThat(csv.status()).as(csv.body()).isEqualTo(200);
        assertThat(csv.header("Content-Type")).startsWith("text/csv");
        List<List<String>> rows = parseCsv(csv.body());
        assertThat(rows.getFirst()).containsExactly("entryId", "time", "description", "product", "clientReference",
                "paywireReference", "fee", "amount", "runningBalance", "type", "grossAmount", "feeAmount", "netAmount",
                "paymentId", "receiptNumber", "availableAt");
        assertThat(rows).hasSize(4);
        assertThat(rows.get(1).get(2)).isEqualTo("'=HYPERLINK(\"http://x\"), \"quoted\"\nnext line");
        assertThat(rows.get(1).subList(6, 9)).containsExactly("false", "20.00", "20.00");
        assertThat(rows.get(3).subList(3, 4)).containsExactly("PAYOUT");
        assertThat(rows.get(3).subList(6, 9)).containsExactly("true", "-1.00", "14.00");
        assertThat(rows.get(2).subList(9, 13)).containsExactly("PAYOUT", "-5.00", "0.00", "-5.00");
        assertThat(rows.get(3).subList(9, 13)).containsExactly("PAYOUT_FEE", "0.00", "1.00", "-1.00");
        JsonNode entries = json(statement(clientToken, "accountType=1")).get("entries");
        assertThat(rows.subList(1, 4).stream().map(r -> r.get(0)).toList()).isEqualTo(column(entries, "entryId"));
    }

    @Test
    void givenATokenWithoutTheAccountsScope_itShouldBeRefused403_andWithoutAToken401() {
        String payoutsOnly = ApiClientHelper.token(http, clientId, SECRET, "payouts");
        String collectionsOnly = ApiClientHelper.token(http, clientId, SECRET, "collections");
        String accountsOnly = ApiClientHelper.token(http, clientId, SECRET, "accounts");

        assertThat(statement(payoutsOnly, "accountType=1").status()).isEqualTo(200);
        assertThat(statement(collectionsOnly, "accountType=2").status()).isEqualTo(200);
        assertInsufficientScope(statement(collectionsOnly, "accountType=1"), "payouts");
        assertInsufficientScope(send(collectionsOnly, "accountType=1", "text/csv"), "payouts");
        assertInsufficientScope(statement(payoutsOnly, "accountType=2"), "collections");
        assertInsufficientScope(statement(accountsOnly, "accountType=1"), "payouts");
        assertThat(RawHttp.send(port, "GET", PATH + "?accountType=1", Map.of(), null).status())
                .isEqualTo(401);
    }

    @Test
    void givenAnotherClient_itShouldSeeOnlyItsOwnEntries() {
        fund(clientId, "64.00");
        pay("payout:mine-" + UUID.randomUUID(), "4.00", "0");
        String other = newClient(Set.of("payouts"));
        fund(other, "3.00");

        JsonNode theirs = json(statement(ApiClientHelper.token(http, other, SECRET), "accountType=1"));

        assertThat(column(theirs.get("entries"), "amount")).containsExactly("3.00");
        assertThat(theirs.get("closingBalance").decimalValue()).isEqualByComparingTo("3.00");
    }

    @Test
    void givenBadParameters_itShouldAnswer400NamingEachOne() {
        assertThat(ErrorAnswers.fieldsNamed(statement(clientToken, ""))).containsExactly("accountType");
        assertThat(ErrorAnswers.fieldsNamed(statement(clientToken, "accountType=4"))).containsExactly("accountType");
        assertThat(ErrorAnswers.fieldsNamed(statement(clientToken,
                "accountType=1&from=yesterday&to=2026-13-01&page=0&pageSize=501")))
                .containsExactlyInAnyOrder("from", "to", "page", "pageSize");
        assertThat(ErrorAnswers.fieldsNamed(statement(clientToken, "accountType=2&pageSize=x&page=-1")))
                .containsExactlyInAnyOrder("page", "pageSize");
        assertThat(ErrorAnswers.fieldsNamed(statement(clientToken, "accountType=1&from=2026-02-01&to=2026-01-31")))
                .containsExactly("to");
        RawHttp.Response csv = send(clientToken, "accountType=1&from=" + enc("=1+1"), "text/csv");
        assertThat(ErrorAnswers.fieldsNamed(csv)).containsExactly("from");
        assertThat(csv.body()).doesNotContain("=1+1");
        assertThat(statement(clientToken, "accountType=1&from=2026-01-31&to=2026-01-31T12:00:00Z").status())
                .isEqualTo(200);
    }

    @Test
    void givenACurrency_theStatementAndBalanceShouldBeOfTheUtilityAccountInIt_andOtherCurrenciesRefused() {
        JsonNode dollars = json(statement(clientToken, "accountType=2&currency=USD"));
        assertThat(dollars.get("currency").asString()).isEqualTo("USD");
        assertThat(dollars.get("closingBalance").decimalValue()).as("no USD collected yet").isEqualByComparingTo("0");
        assertThat(json(statement(clientToken, "accountType=1")).get("currency").asString()).isEqualTo("KES");

        assertThat(ErrorAnswers.fieldsNamed(statement(clientToken, "accountType=2&currency=XYZ")))
                .containsExactly("currency");
        assertThat(ErrorAnswers.fieldsNamed(statement(clientToken, "accountType=1&currency=USD")))
                .as("payouts are in KES only").containsExactly("currency");
        JsonNode euros = json(balances("?ccy=978"));
        assertThat(euros.get("customerAccountBalanceList").get(1).get("type").asInt()).isEqualTo(2);
        assertThat(euros.get("customerAccountBalanceList").get(1).get("balance").decimalValue()).isEqualByComparingTo("0");
        assertThat(balances("?ccy=999").status()).isEqualTo(400);
        // the refusal's words must not echo the value; the timestamp's nanoseconds may contain any digits
        assertThat(JSON.readTree(balances("?ccy=999").body()).get("errors").toString()).doesNotContain("999");
    }

    private RawHttp.Response balances(String query) {
        return RawHttp.send(port, "GET", "/v1/customer-accounts/get-wallet-balance" + query,
                Map.of("Authorization", "Bearer " + clientToken), null);
    }

    private String newClient(Set<String> scopes) {
        String id = "statement-" + UUID.randomUUID();
        clients.registerWithAllRoutes(new ApiClient(id, "Statement", ClientSecretHasher.hash(SECRET), scopes));
        return id;
    }

    private void fund(String client, String amount) {
        ledger.transferRequired("sandbox-opening-float:" + client + ":" + UUID.randomUUID(),
                new Leg(LedgerAccounts.FUNDING, LedgerAccounts.working(client), new BigDecimal(amount)), "Funding");
    }

    /** A payout's two legs as the payout activities reserve and post them: the amount, then the fee. */
    private void pay(String key, String amount, String fee) {
        String working = LedgerAccounts.working(clientId);
        List<Leg> legs = new ArrayList<>(List.of(new Leg(working, LedgerAccounts.railSettlement(Rail.MOBILE_MONEY),
                new BigDecimal(amount))));
        if (new BigDecimal(fee).signum() > 0) {
            legs.add(new Leg(working, LedgerAccounts.FEE_REVENUE, new BigDecimal(fee)));
        }
        assertThat(ledger.reserve(key, legs, "Payout")).isEqualTo(Ledger.ReserveResult.RESERVED);
        ledger.post(key);
    }

    /** Each entry as "type gross fee net". */
    private static List<String> lines(JsonNode entries) {
        List<String> lines = new ArrayList<>();
        entries.forEach(e -> lines.add(e.get("type").asString() + " "
                + e.get("grossAmount").decimalValue().setScale(2).toPlainString() + " "
                + e.get("feeAmount").decimalValue().setScale(2).toPlainString() + " "
                + e.get("netAmount").decimalValue().setScale(2).toPlainString()));
        return lines;
    }

    private static BigDecimal sum(JsonNode statement, String field) {
        BigDecimal sum = BigDecimal.ZERO;
        for (JsonNode entry : statement.get("entries")) {
            sum = sum.add(entry.get(field).decimalValue());
        }
        return sum;
    }

    private BigDecimal balance(String account) {
        return ledger.find(account).map(Ledger.Account::balance).orElse(BigDecimal.ZERO);
    }

    private BigDecimal availableWorking() {
        JsonNode balances = json(balances(""));
        return balances.get("customerAccountBalanceList").get(0).get("balance").decimalValue();
    }

    private RawHttp.Response statement(String token, String query) {
        return send(token, query, "application/json");
    }

    private RawHttp.Response send(String token, String query, String accept) {
        return RawHttp.send(port, "GET", PATH + "?" + query,
                Map.of("Authorization", "Bearer " + token, "Accept", accept), null);
    }

    private static JsonNode json(RawHttp.Response response) {
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        return JSON.readTree(response.body());
    }

    private static List<String> column(JsonNode entries, String field) {
        List<String> values = new ArrayList<>();
        entries.forEach(e -> values.add(e.get(field).isNumber() && e.get(field).isFloatingPointNumber()
                ? e.get(field).decimalValue().setScale(2).toPlainString() : e.get(field).asString()));
        return values;
    }

    private static void assertInsufficientScope(RawHttp.Response response, String scope) {
        assertThat(response.status()).as(response.body()).isEqualTo(403);
        assertThat(response.header("WWW-Authenticate")).contains("insufficient_scope")
                .contains("scope=\"" + scope + "\"");
    }

    private static String enc(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    /** RFC 4180: fields split on commas, quoted fields may hold commas, doubled quotes and line breaks. */
    private static List<List<String>> parseCsv(String text) {
        List<List<String>> rows = new ArrayList<>();
        List<String> row = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cell.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                row.add(cell.toString());
                cell.setLength(0);
            } else if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                row.add(cell.toString());
                cell.setLength(0);
                rows.add(row);
                row = new ArrayList<>();
                i++;
            } else {
                cell.append(c);
            }
        }
        assertThat(row).as("the last row ends with CRLF").isEmpty();
        return rows;
    }
}
