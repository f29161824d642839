package com.paywire.api.checkout;

import static com.paywire.api.support.ApiClientHelper.SANDBOX_ID;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.ApiTest;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.util.MultiValueMap;
import tools.jackson.databind.JsonNode;

/**
 * The checkout page as a payer reads it: a choice of method with M-PESA first and a form asking only the chosen
 * method's fields, the merchant's display name, no fee, and problems in sentences that name no API field.
 */
@ApiTest
class CheckoutPayerPageTest extends CheckoutApiTestBase {

    /** The API's names of the page's fields and their problems; none may reach what the payer reads. */
    private static final List<String> API_NAMES = List.of("billTo", "Number", "ExpiryMonth", "ExpiryYear",
            "SecurityCode", "transientToken", "phoneNumber", "mpesaNumber", "cardNumber", "The field");

    @Autowired
    JdbcClient jdbc;

    @Test
    void givenAnOrderMeantForMpesa_thePageShouldAskOnlyForTheNamesAndTheNumber_underTheDisplayName_withoutTheFee() {
        Map<String, Object> body = valid();
        body.put("checkoutRouteChannelType", 1);
        String page = pagePath(body);

        String mpesa = http.get().uri(page).retrieve().body(String.class);

        assertThat(inputs(mpesa)).containsExactly("billToFirstName", "billToLastName", "mpesaNumber");
        assertThat(mpesa).contains("id=\"payByMpesa\"").doesNotContain("id=\"payByCard\"")
                .contains("To Sandbox Shop").doesNotContain("Paywire sandbox merchant");
        assertThat(mpesa.indexOf("id=\"chooseMpesa\"")).as("M-PESA is the first choice").isPositive()
                .isLessThan(mpesa.indexOf("id=\"chooseCard\""));
        assertThat(visibleText(mpesa).toLowerCase()).doesNotContain("fee");
        String card = http.get().uri(page + "?method=card").retrieve().body(String.class);
        assertThat(inputs(card)).contains("billToCountry", "cardNumber", "securityCode").doesNotContain("mpesaNumber");
        assertThat(card.indexOf("id=\"chooseMpesa\"")).as("M-PESA stays first").isLessThan(card.indexOf("id=\"chooseCard\""));
    }

    @Test
    void givenAClientWithoutADisplayName_thePageShouldShowItsName() {
        String page = pagePath(valid());
        jdbc.sql("update clients set display_name = null where client_id = ?").param(SANDBOX_ID).update();
        try {
            assertThat(http.get().uri(page).retrieve().body(String.class)).contains("To Paywire sandbox merchant");
        } finally {
            jdbc.sql("update clients set display_name = 'Sandbox Shop' where client_id = ?").param(SANDBOX_ID).update();
        }
    }

    @Test
    void givenEveryFieldWrong_thePageShouldSayEachProblemInASentence_namingNoApiField() {
        String page = pagePath(valid());
        MultiValueMap<String, String> badCard = form("card", Map.of("billToFirstName", "Wanjiku",
                "billToLastName", "Kamau", "cardNumber", "4111 1111 1111 1112", "expiryMonth", "13",
                "expiryYear", "29", "securityCode", "1"));
        // every detail the domain checks, posted with a good M-PESA number (a good card needs the vault)
        MultiValueMap<String, String> badDetails = form("mobile", Map.of("billToEmail", "wanjiku",
                "billToPhoneNumber", "phone", "billToPostalCode", "!!", "billToCountry", "ZZ",
                "billToAddress1", "x".repeat(101), "mpesaNumber", "0712 345 678"));
        MultiValueMap<String, String> badNumber = form("mobile", Map.of("billToFirstName", "Wanjiku",
                "billToLastName", "Kamau", "mpesaNumber", "12"));
        MultiValueMap<String, String> noNames = form("mobile", Map.of("mpesaNumber", "0712 345 678"));

        String cardErrors = errorsOn(post(page, badCard));
        String detailErrors = errorsOn(post(page, badDetails));
        String numberErrors = errorsOn(post(page, badNumber));
        String nameErrors = errorsOn(post(page, noNames));

        assertThat(cardErrors).contains("The card number is not valid.")
                .contains("Enter the card's expiry month as two digits, such as 08.")
                .contains("Enter the card's expiry year as four digits")
                .contains("Enter the 3 or 4 digit security code on your card.");
        assertThat(detailErrors).contains("Enter your first name").contains("Enter your last name")
                .contains("Enter an email address").contains("Enter a phone number").contains("Enter a postal code")
                .contains("Enter your country as two letters").contains("Enter your address");
        assertThat(numberErrors).contains("Enter your M-PESA number, a Kenyan mobile number such as 0712 345 678.");
        assertThat(nameErrors).contains("Enter your first name").contains("Enter your last name");
        for (String errors : List.of(cardErrors, detailErrors, numberErrors, nameErrors)) {
            assertThat(errors).doesNotContain(API_NAMES);
        }
    }

    private String pagePath(Map<String, Object> body) {
        ResponseEntity<JsonNode> created = submit(body, token);
        assertThat(created.getStatusCode().value()).as("%s", created.getBody()).isEqualTo(200);
        return URI.create(created.getBody().get("message").get("checkoutUrl").asString()).getPath();
    }

    private ResponseEntity<String> post(String page, MultiValueMap<String, String> form) {
        return http.post().uri(page + "/pay").contentType(MediaType.APPLICATION_FORM_URLENCODED).body(form)
                .retrieve().toEntity(String.class);
    }

    private static MultiValueMap<String, String> form(String method, Map<String, String> fields) {
        MultiValueMap<String, String> form = new LinkedMultiValueMap<>();
        form.add("method", method);
        fields.forEach(form::add);
        return form;
    }

    /** The text of the page's problems (the list at the top and those under the fields), as the payer reads it. */
    private static String errorsOn(ResponseEntity<String> answer) {
        assertThat(answer.getStatusCode().value()).as("%s", answer.getBody()).isEqualTo(400);
        StringBuilder errors = new StringBuilder();
        Matcher error = Pattern.compile("class=\"error\"[^>]*>([^<]*)<")
                .matcher(answer.getBody());
        while (error.find()) {
            errors.append(error.group(1).replace("&#39;", "'")).append('\n');
        }
        return errors.toString();
    }

    private static List<String> inputs(String html) {
        return Pattern.compile("<input [^>]*name=\"([^\"]+)\"").matcher(html).results()
                .map(match -> match.group(1)).toList();
    }

    /** The page without its markup, stylesheet and comments. */
    private static String visibleText(String html) {
        return html.replaceAll("(?s)<style>.*?</style>", "").replaceAll("(?s)<!--.*?-->", "")
                .replaceAll("<[^>]+>", " ");
    }
}
