package com.paywire.infra.browser;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.infra.support.LoopbackReceiver;
import com.paywire.infra.support.LoopbackReceiver.Received;
import java.math.BigDecimal;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A payer in a real headless Chromium on the hosted checkout page of the running local stack: the merchant is a
 * loopback server that creates the order, receives the signed callbacks and the payer's browser coming back.
 */
class CheckoutBrowserTest extends BrowserTestBase {

    private static final String CALLBACK_SECRET = "sandbox-callback-secret";
    /** The CHECKOUT route, written in upper case as public clients send it. */
    private static final String CHECKOUT_ROUTE = "9701CD4F-98B8-423C-829E-28C6DC337E18";
    /** The channel types that open the page on the card form and on the M-PESA form. */
    private static final int CARD_CHANNEL = 158;
    private static final int MPESA_CHANNEL = 1;
    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();

    static LoopbackReceiver shop;

    @BeforeAll
    static void openShop() {
        shop = LoopbackReceiver.start();
    }

    @AfterAll
    static void closeShop() {
        shop.close();
    }

    @Test
    void givenTheVisaTestCard_theOrderShouldComplete_calledBackSigned_returnedWithAVerifiableHash_andCreditedOnce()
            throws Exception {
        BigDecimal before = utilityBalance();
        Order order = createOrder("1500.00", "499.50");

        browser.get(order.checkoutUrl());
        assertThat(browser.getTitle()).isEqualTo("Pay " + order.reference());
        assertThat(text()).contains("Kitenge shirt").contains("Sandals").contains("KES 1,999.50").contains("Pay by");
        fillBillTo();
        fillCard("4111 1111 1111 1111");
        screenshot("checkout-form");
        browser.findElement(By.id("payByCard")).click();

        awaitHeading("Payment received", 60);
        screenshot("checkout-paid");
        JsonNode callback = awaitCallback(order, 4);
        assertThat(callback.get("checkoutOutcome").get("ResultCode").asString()).isEqualTo("000");
        assertThat(callback.get("originatorConversationId").asString()).isEqualTo(order.ocid());

        browser.findElement(By.id("return")).click();
        Received back = shop.awaitOn("/shop/return/" + order.ocid());
        assertThat(back.method()).isEqualTo("POST");
        assertThat(returnHashVerifies(back)).as("the return hash verifies with the callback secret").isTrue();
        assertThat(form(back.body())).containsEntry("originatorConversationId", order.ocid()).containsEntry("status", "4");
        awaitHeading("Back at the shop", 60);

        JsonNode status = checkStatus(order);
        assertThat(status.get("checkoutOutcome").get("status").asInt()).isEqualTo(4);
        assertThat(status.get("billToEmail").asString()).isEqualTo("wanjiku@example.com");
        BigDecimal fee = status.get("checkoutFeeAmount").decimalValue();
        assertThat(utilityBalance().subtract(before)).as("credited once, less the fee")
                .isEqualByComparingTo(new BigDecimal("1999.50").subtract(fee));
    }

    @Test
    void givenTheDeclineCard_theOrderShouldStayPayable_andAGoodCardShouldThenPayIt() throws Exception {
        Order order = createOrder("250.00", "250.00");

        browser.get(order.checkoutUrl());
        fillBillTo();
        fillCard("4000 0000 0000 0002");
        browser.findElement(By.id("payByCard")).click();

        WebElement alert = new WebDriverWait(browser, Duration.ofSeconds(60))
                .until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("[role=alert]")));
        assertThat(alert.getText()).contains("Nothing was taken");
        screenshot("checkout-declined");
        assertThat(checkStatus(order).get("checkoutOutcome").get("status").asInt()).isEqualTo(2);
        assertThat(browser.findElement(By.id("billToEmail")).getAttribute("value"))
                .as("the details given are kept for the next try").isEqualTo("wanjiku@example.com");

        fillCard("4111111111111111");
        browser.findElement(By.id("payByCard")).click();
        awaitHeading("Payment received", 60);
        assertThat(checkStatus(order).get("checkoutOutcome").get("status").asInt()).isEqualTo(4);
    }

    @Test
    void givenTheMastercardTestCard_thePayerShouldPassTheBanksChallenge_beforeTheOrderIsPaid() throws Exception {
        Order order = createOrder("80.00", "20.00");

        browser.get(order.checkoutUrl());
        fillBillTo();
        fillCard("5555 5555 5555 4444");
        browser.findElement(By.id("payByCard")).click();

        awaitHeading("Confirm with your bank", 60);
        assertThat(text()).contains("card ending 4444");
        screenshot("checkout-challenge");
        browser.findElement(By.id("approve")).click();

        awaitHeading("Payment received", 60);
        assertThat(awaitCallback(order, 4).get("checkoutOutcome").get("Status").asInt()).isEqualTo(4);
    }

    @Test
    void givenMobileMoney_aPayerWhoApprovesThePromptShouldPay_andOneWhoCancelsShouldBeAbleToTryAgain() throws Exception {
        Order cancelled = createOrder("100.00", "50.00");
        browser.get(cancelled.checkoutUrl());
        chooseMpesa();
        browser.findElement(By.id("mpesaNumber")).sendKeys("0722 000 002"); // the simulator's cancelling payer
        browser.findElement(By.id("payByMpesa")).click();
        WebElement alert = new WebDriverWait(browser, Duration.ofSeconds(60))
                .until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("[role=alert]")));
        assertThat(alert.getText()).contains("Nothing was taken");
        assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("Pay " + cancelled.reference());
        assertThat(checkStatus(cancelled).get("checkoutOutcome").get("resultCode").asString()).isEqualTo("1032");

        Order paid = createOrder("100.00", "50.00");
        browser.get(paid.checkoutUrl());
        chooseMpesa();
        browser.findElement(By.id("mpesaNumber")).sendKeys("0712 345 678");
        browser.findElement(By.id("payByMpesa")).click();
        new WebDriverWait(browser, Duration.ofSeconds(10))
                .until(ExpectedConditions.textToBePresentInElementLocated(By.id("status"), "M-PESA PIN"));
        screenshot("checkout-mpesa-waiting");
        awaitHeading("Payment received", 60);
        JsonNode callback = awaitCallback(paid, 4);
        assertThat(callback.get("checkoutOutcome").get("ThirdPartyPayload").get("Reference").asString())
                .matches("[A-Z0-9]{10}");
    }

    @Test
    void givenAPayerWhoCancels_theyShouldLandOnTheCancelUrl_andTheMerchantBeCalledBack() throws Exception {
        Order order = createOrder("10.00", "5.00");

        browser.get(order.checkoutUrl());
        browser.findElement(By.id("cancel")).click();

        Received landed = shop.awaitOn("/shop/cancel/" + order.ocid());
        assertThat(landed.method()).isEqualTo("GET");
        awaitHeading("Back at the shop", 60);
        assertThat(awaitCallback(order, 3).get("checkoutOutcome").get("Status").asInt()).isEqualTo(3);
        browser.get(order.checkoutUrl());
        assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("Order cancelled");
    }

    /**
     * On a phone, an order whose channel type meant M-PESA: M-PESA is the first choice and its form asks for the
     * names and the number only, under the merchant's display name, without the fee; a mistake is said in a
     * sentence, and the paid page shows references the payer can quote.
     */
    @Test
    void givenAPayerOnAPhone_theMpesaFormShouldComeFirst_askingOnlyItsFields_andThePaidPageAQuotableReference()
            throws Exception {
        browser.manage().window().setSize(new Dimension(390, 844));
        Order order = createOrder(MPESA_CHANNEL, "100.00", "50.00");

        browser.get(order.checkoutUrl());
        List<WebElement> choices = browser.findElements(By.cssSelector("#methods a"));
        assertThat(choices).extracting(WebElement::getText).containsExactly("M-PESA", "Card");
        assertThat(choices.get(0).getAttribute("aria-current")).isEqualTo("page");
        assertThat(browser.findElements(By.cssSelector("form input:not([type=hidden])")))
                .extracting(field -> field.getAttribute("name"))
                .containsExactly("billToFirstName", "billToLastName", "mpesaNumber");
        assertThat(text()).contains("To Sandbox Shop").doesNotContain("Paywire sandbox merchant");
        assertThat(text().toLowerCase()).doesNotContain("fee");
        screenshot("checkout-phone-mpesa");

        type("mpesaNumber", "12");
        browser.findElement(By.id("payByMpesa")).click();
        WebElement errors = new WebDriverWait(browser, Duration.ofSeconds(10))
                .until(ExpectedConditions.visibilityOfElementLocated(By.id("errors")));
        assertThat(errors.getText())
                .contains("Enter your M-PESA number, a Kenyan mobile number such as 0712 345 678.")
                .doesNotContain("phoneNumber").doesNotContain("mpesaNumber");
        screenshot("checkout-phone-error");

        type("billToFirstName", "Wanjiku");
        type("billToLastName", "Kamau");
        type("mpesaNumber", "0712 345 678");
        browser.findElement(By.id("payByMpesa")).click();
        awaitHeading("Payment received", 60);
        assertThat(browser.findElement(By.id("reference")).getText()).isEqualTo(order.reference());
        assertThat(browser.findElement(By.id("mpesaReceipt")).getText()).matches("[A-Z0-9]{10}");
        assertThat(text().toLowerCase()).doesNotContain("fee");
        screenshot("checkout-phone-paid");
    }

    record Order(String ocid, String reference, String checkoutUrl) {
    }

    private Order createOrder(String firstPrice, String secondPrice) {
        return createOrder(CARD_CHANNEL, firstPrice, secondPrice);
    }

    private Order createOrder(int channelType, String firstPrice, String secondPrice) {
        String ocid = UUID.randomUUID().toString();
        String reference = "INV-" + ocid.substring(0, 8);
        String body = """
                {"originatorConversationId":"%s","checkoutReference":"%s","checkoutRouteId":"%s",
                 "checkoutRouteChannelType":%s,"checkoutNotes":"Browser test","checkoutCurrencyCode":404,
                 "checkoutCurrencyName":"KES","checkoutDueDate":"%s",
                 "checkoutReturnUrl":"%s","checkoutCancelUrl":"%s","checkoutCallbackUrl":"%s",
                 "checkoutAccountNo":"ACC-1",
                 "checkoutRequestLines":[{"sku":"SKU-1","name":"Kitenge shirt","price":%s},
                                         {"sku":"SKU-2","name":"Sandals","price":%s}]}"""
                .formatted(ocid, reference, CHECKOUT_ROUTE, channelType,
                        OffsetDateTime.now(ZoneOffset.UTC).plusHours(2).withNano(0),
                        shop.url("/shop/return/" + ocid), shop.url("/shop/cancel/" + ocid),
                        shop.url("/callbacks/" + ocid), firstPrice, secondPrice);
        JsonNode answer = http.post().uri("/v1/checkout-order/new-order")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).contentType(MediaType.APPLICATION_JSON)
                .body(body).retrieve().body(JsonNode.class);
        assertThat(answer.get("message").get("checkoutUrl")).as("%s", answer).isNotNull();
        return new Order(ocid, reference, answer.get("message").get("checkoutUrl").asString());
    }

    private JsonNode checkStatus(Order order) {
        return http.get().uri("/v1/checkout-order/check-status?IdType=1&Id=" + order.ocid())
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().body(JsonNode.class);
    }

    /** The first signed callback of the order with that status; earlier ones (processing, failed) are skipped. */
    private static JsonNode awaitCallback(Order order, int status) throws Exception {
        while (true) {
            Received callback = shop.awaitOn("/callbacks/" + order.ocid());
            assertThat(LoopbackReceiver.signedWith(callback, CALLBACK_SECRET)).as("signed").isTrue();
            JsonNode body = JSON.readTree(callback.body());
            if (body.get("checkoutOutcome").get("Status").asInt() == status) {
                return body;
            }
        }
    }

    /** The merchant's check, as docs/cards-and-checkout.md has it: HMAC-SHA256 of the sorted fields, keyed with the secret. */
    private static boolean returnHashVerifies(Received back) {
        String hash = form(back.query()).get("hash");
        String signed = new TreeMap<>(form(back.body())).entrySet().stream()
                .map(field -> field.getKey() + "=" + field.getValue()).collect(Collectors.joining("&"));
        return LoopbackReceiver.hmacHex(CALLBACK_SECRET, signed).equals(hash);
    }

    private static Map<String, String> form(String encoded) {
        Map<String, String> fields = new TreeMap<>();
        for (String pair : encoded.split("&")) {
            int eq = pair.indexOf('=');
            fields.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                    URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return fields;
    }

    private BigDecimal utilityBalance() {
        JsonNode balances = http.get().uri("/v1/customer-accounts/get-wallet-balance")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().body(JsonNode.class);
        for (JsonNode account : balances.get("customerAccountBalanceList")) {
            if (account.get("type").asInt() == 2) {
                return account.get("balance").decimalValue();
            }
        }
        throw new AssertionError("no utility account in " + balances);
    }

    private void fillBillTo() {
        type("billToFirstName", "Wanjiku");
        type("billToLastName", "Kamau");
        type("billToEmail", "wanjiku@example.com");
        type("billToPhoneNumber", "0712345678");
        type("billToAddress1", "12 Moi Avenue");
        type("billToLocality", "Nairobi");
        type("billToPostalCode", "00100");
        type("billToAdministrativeArea", "Nairobi");
        type("billToCountry", "KE");
    }

    /** From the card form the page opens on, to the M-PESA form, which asks for the names and the number. */
    private void chooseMpesa() {
        browser.findElement(By.id("chooseMpesa")).click();
        new WebDriverWait(browser, Duration.ofSeconds(10)).until(ExpectedConditions.presenceOfElementLocated(
                By.id("payByMpesa")));
        type("billToFirstName", "Wanjiku");
        type("billToLastName", "Kamau");
    }

    private void fillCard(String number) {
        type("cardNumber", number);
        type("expiryMonth", "12");
        type("expiryYear", String.valueOf(OffsetDateTime.now().getYear() + 2));
        type("securityCode", "123");
    }

    private void type(String id, String value) {
        WebElement field = browser.findElement(By.id(id));
        field.clear();
        field.sendKeys(value);
    }

    private String text() {
        return browser.findElement(By.tagName("body")).getText();
    }
}
