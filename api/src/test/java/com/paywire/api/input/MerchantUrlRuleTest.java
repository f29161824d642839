package com.paywire.api.input;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.ApiTest;
import com.paywire.api.support.RawHttp;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * A URL with a user name or password, which a browser and an HTTP client read differently (and
 * whose {@code ;} and {@code ,} once split the checkout page's Content-Security-Policy), is refused by every
 * operation that takes a URL: 400 in the operation's own error shape naming the field, without quoting the URL,
 * and nothing stored. The sandbox runs in the local profile, where http and loopback are allowed: the user name
 * alone is what is refused.
 */
@ApiTest
class MerchantUrlRuleTest extends SandboxRequests {

    private static final String USER_INFO_URL = "http://atk;a,b@shop.example/return";
    private static final String CHECKOUT_ROUTE = "9701cd4f-98b8-423c-829e-28c6dc337e18";
    private static final String KYC_ROUTE = "7084d9cf-08ba-491b-ab39-de9db5ee59d2";

    /**
     * Each operation, the URL field under test (its value {url}), and the table that must stay as it was (none for
     * the capture context, a signed value Paywire does not keep).
     */
    static Stream<Arguments> everyUrlField() {
        String deposit = """
                {"ShortCode":"174379","Amount":"10","PhoneNumber":"254712345678","OriginatorConversationId":"{id}",
                 "CallBackUrl":"%s","SuccessRedirectUrl":"%s","FailedRedirectUrl":"%s"}""";
        String checkout = """
                {"originatorConversationId":"{id}","checkoutReference":"INV-1","checkoutRouteId":"%s",
                 "checkoutRouteChannelType":158,"checkoutCurrencyCode":404,"checkoutCurrencyName":"KES",
                 "checkoutDueDate":"{due}","checkoutReturnUrl":"%s","checkoutCancelUrl":"%s",
                 "checkoutCallbackUrl":"%s","checkoutRequestLines":[{"sku":"S-1","name":"Mug","price":100}]}""";
        String ok = "https://shop.example/ok";
        return Stream.of(
                Arguments.of("/v1/express-deposit", "CallBackUrl", "express_deposits", deposit.formatted("{url}", ok, ok)),
                Arguments.of("/v1/express-deposit", "SuccessRedirectUrl", "express_deposits",
                        deposit.formatted(ok, "{url}", ok)),
                Arguments.of("/v1/express-deposit", "FailedRedirectUrl", "express_deposits",
                        deposit.formatted(ok, ok, "{url}")),
                Arguments.of("/v1/payment-link/create-payment-link", "redirectionSite", "payment_links", """
                        {"shortCode":"174379","description":"x","isAmountSpecified":false,"redirectionSite":"{url}"}"""),
                Arguments.of("/v1/payment-link/create-payment-link", "callBackUrl", "payment_links", """
                        {"shortCode":"174379","description":"x","isAmountSpecified":false,"callBackUrl":"{url}"}"""),
                Arguments.of("/v1/checkout-order/new-order", "checkoutReturnUrl", "checkout_orders",
                        checkout.formatted(CHECKOUT_ROUTE, "{url}", ok, ok)),
                Arguments.of("/v1/checkout-order/new-order", "checkoutCancelUrl", "checkout_orders",
                        checkout.formatted(CHECKOUT_ROUTE, ok, "{url}", ok)),
                Arguments.of("/v1/checkout-order/new-order", "checkoutCallbackUrl", "checkout_orders",
                        checkout.formatted(CHECKOUT_ROUTE, ok, ok, "{url}")),
                Arguments.of("/v1/kyc-request/validate", "kycRequestCallBackURL", "kyc_requests", """
                        {"routeId":"%s","kycRequestFirstName":"Wanjiku","kycRequestLastName":"Odhiambo",
                         "kycRequestNationalID":"27364519","kycRequestReportReason":1,"systemTraceAuditNumber":"{id}",
                         "country":"KE","ccy":404,"kycRequestCallBackURL":"{url}"}""".formatted(KYC_ROUTE)),
                Arguments.of("/v1/account/validate", "callBackUrl", "account_validations", """
                        {"type":1,"systemTraceAuditNumber":"{id}","primaryAccountNumber":"0712345678",
                         "institutionCode":"63902","callBackUrl":"{url}","callBackFormat":"JSON"}"""),
                Arguments.of("/v1/airtime-purchase", "callbackURL", "airtime_purchases", """
                        {"originatorConversationId":"{id}","callbackURL":"{url}","recipients":[
                         {"currencyCode":"KES","phoneNumber":"254712345678","amount":99,"name":"Wanjiku"}]}"""),
                Arguments.of("/v1/bill-payments", "callBackUrl", "bill_payments", """
                        {"transactionType":2,"serviceCode":"KE-GOTV","accountNumber":"7010000001","msisdn":"0712345678",
                         "originatorConversationId":"{id}","amount":1500,"callBackUrl":"{url}"}"""),
                Arguments.of(CARDS + "/webhooks", "Url", "webhook_endpoints", """
                        {"Url":"{url}","Events":["payment.captured"],"SigningSecret":"0123456789abcdef"}"""),
                Arguments.of(CARDS + "/capture-context", "TargetOrigins[0]", null, """
                        {"TargetOrigins":["https://atk;a,b@shop.example"]}"""),
                Arguments.of(CARDS + "/3ds/enrolment-check", "ReturnUrl", "payer_authentications", """
                        {"ReferenceId":"3dsref_x","Amount":"10.00","Currency":"USD","ReturnUrl":"{url}"}"""));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("everyUrlField")
    void givenAUrlWithAUserName_everyOperationShouldRefuseIt_namingTheField_andStoreNothing(String path, String field,
                                                                                          String table, String body) {
        int before = table == null ? 0 : rows(table);

        RawHttp.Response response = post(path, body.replace("{id}", UUID.randomUUID().toString())
                .replace("{due}", OffsetDateTime.now().plusHours(2).withNano(0).toString())
                .replace("{url}", USER_INFO_URL));

        assertRefusedNaming(response, field);
        assertThat(table == null ? 0 : rows(table)).isEqualTo(before);
    }

    @Test
    void givenAUrlWithAUserName_updatingAPaymentLinkShouldRefuseIt_andKeepTheLinksSite() {
        RawHttp.Response created = post("/v1/payment-link/create-payment-link", """
                {"shortCode":"174379","description":"x","isAmountSpecified":false,
                 "redirectionSite":"https://shop.example/thanks"}""");
        String id = JSON.readTree(created.body()).get("id").asString();

        RawHttp.Response response = RawHttp.send(port, "PUT", "/v1/payment-link/update-payment-link", headers, """
                {"id":"%s","redirectionSite":"%s"}""".formatted(id, USER_INFO_URL).getBytes(StandardCharsets.UTF_8));

        assertRefusedNaming(response, "redirectionSite");
        assertThat(jdbc.sql("select redirection_site from payment_links where id = ?::uuid").param(id)
                .query(String.class).single()).isEqualTo("https://shop.example/thanks");
    }

    /** 400 naming only {@code field}, as a field error list or a validation problem, never quoting the URL. */
    private static void assertRefusedNaming(RawHttp.Response response, String field) {
        assertThat(response.status()).as(response.body()).isEqualTo(400);
        JsonNode errors = JSON.readTree(response.body()).get("errors");
        List<String> named = new ArrayList<>();
        if (errors.isArray()) {
            errors.forEach(error -> named.add(error.get("field").asString()));
        } else {
            named.addAll(errors.propertyNames());
        }
        assertThat(named).as(response.body()).containsExactly(field);
        assertThat(response.body()).contains("user name").doesNotContain("atk");
    }
}
