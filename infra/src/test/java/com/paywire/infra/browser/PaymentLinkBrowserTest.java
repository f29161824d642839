package com.paywire.infra.browser;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.infra.local.RunningLocalStackAccess;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.util.LinkedMultiValueMap;
import tools.jackson.databind.JsonNode;

/**
 * A payer in a real headless Chromium on the hosted payment-link page of the running local stack, with the
 * rails simulator's magic phone numbers choosing the outcome.
 */
class PaymentLinkBrowserTest extends BrowserTestBase {

    @Test
    void givenAPayerWhoApprovesThePrompt_theyShouldSeeTheSuccessPage_andBeSentToTheMerchant() throws Exception {
        String merchantPage = RunningLocalStackAccess.apiBaseUrl() + "/api_health_check";
        JsonNode link = createLink("Order 42", true, "250", merchantPage);

        browser.get(link.get("url").asString());
        assertThat(browser.getTitle()).isEqualTo("Pay: Order 42");
        assertThat(browser.findElement(By.tagName("main")).getText()).contains("Order 42").contains("KES 250.00");
        browser.findElement(By.id("phoneNumber")).sendKeys("0712 345 678");
        screenshot("payment-link-form");
        browser.findElement(By.cssSelector("button[type=submit]")).click();

        // the simulator calls back 2 s after the prompt, so the pending page stays up long enough to be seen
        awaitHeading("Check your phone", 15);
        awaitHeading("Payment received", 30);
        assertThat(browser.findElement(By.id("receipt")).getText()).matches("[A-Z0-9]{10}");
        screenshot("payment-link-success");

        new WebDriverWait(browser, Duration.ofSeconds(15)).until(ExpectedConditions.urlToBe(merchantPage));
        assertThat(browser.findElement(By.tagName("body")).getText()).isEqualTo("Healthy");

        JsonNode payments = findLink(link.get("id").asString()).get("payments");
        assertThat(payments).hasSize(1);
        assertThat(payments.get(0).get("status").asString()).isEqualTo("COMPLETED");
    }

    @Test
    void givenAPayerWhoCancelsThePrompt_theyShouldBeToldNothingWasPaid_andBeAbleToTryAgain() throws Exception {
        JsonNode link = createLink("Donation", false, null, null);

        browser.get(link.get("url").asString());
        browser.findElement(By.id("amount")).sendKeys("75");
        browser.findElement(By.id("phoneNumber")).sendKeys("0722000002"); // the simulator's cancelling payer
        browser.findElement(By.cssSelector("button[type=submit]")).click();

        awaitHeading("Payment cancelled", 30);
        assertThat(browser.findElement(By.cssSelector("[role=alert]")).getText()).contains("Nothing was paid");
        screenshot("payment-link-cancelled");
        browser.findElement(By.linkText("Try again")).click();
        new WebDriverWait(browser, Duration.ofSeconds(15))
                .until(ExpectedConditions.visibilityOfElementLocated(By.id("phoneNumber")));

        JsonNode payments = findLink(link.get("id").asString()).get("payments");
        assertThat(payments.get(0).get("status").asString()).isEqualTo("CANCELLED");
        assertThat(payments.get(0).get("resultCode").asString()).isEqualTo("1032");
    }

    @Test
    void givenAnInvalidPhoneNumber_thePayerShouldSeeWhatToFix() {
        JsonNode link = createLink("Order 7", true, "10", null);

        browser.get(link.get("url").asString());
        browser.findElement(By.id("phoneNumber")).sendKeys("12345");
        browser.findElement(By.cssSelector("button[type=submit]")).click();

        // the submit loads the answer page; until it has, the old page has no alert to find
        WebElement alert = new WebDriverWait(browser, Duration.ofSeconds(15))
                .until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("[role=alert]")));
        assertThat(alert.getText()).contains("Kenyan mobile number");
        assertThat(browser.findElement(By.id("phoneNumber")).getAttribute("value")).isEqualTo("12345");
    }

    @Test
    void givenAPhonePromptedAsOftenAsAnHourAllows_thePayerShouldReadWhy_andNoPromptBeSent() throws Exception {
        JsonNode link = createLink("Order 8", true, "30", null);
        String id = link.get("id").asString();
        String phone = "0711" + String.format("%06d", ThreadLocalRandom.current().nextInt(1_000_000));
        var form = new LinkedMultiValueMap<String, String>();
        form.add("phoneNumber", phone);
        for (int i = 0; i < 5; i++) { // whoever holds the link's address, prompting the same phone again and again
            assertThat(http.post().uri("/pay/" + id).contentType(MediaType.APPLICATION_FORM_URLENCODED).body(form)
                    .retrieve().toBodilessEntity().getStatusCode().value()).isEqualTo(303);
        }

        browser.get(link.get("url").asString());
        browser.findElement(By.id("phoneNumber")).sendKeys(phone);
        browser.findElement(By.cssSelector("button[type=submit]")).click();

        WebElement alert = new WebDriverWait(browser, Duration.ofSeconds(15))
                .until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("[role=alert]")));
        assertThat(alert.getText()).startsWith("This phone number has had too many payment prompts recently. "
                + "Please try again in ").doesNotContain("Exception");
        screenshot("payment-link-prompts-capped");
        assertThat(findLink(id).get("payments")).as("no sixth prompt").hasSize(5);
    }

    private JsonNode createLink(String description, boolean amountSpecified, String amount, String redirect) {
        String body = "{\"shortCode\":\"174379\",\"firstName\":\"Acme\",\"lastName\":\"Shop\",\"description\":\""
                + description + "\",\"isAmountSpecified\":" + amountSpecified
                + (amount == null ? "" : ",\"amount\":" + amount) + ",\"currency\":\"KES\""
                + (redirect == null ? "" : ",\"redirectionSite\":\"" + redirect + "\"") + "}";
        return http.post().uri("/v1/payment-link/create-payment-link").header(HttpHeaders.AUTHORIZATION, "Bearer " + token)
                .contentType(MediaType.APPLICATION_JSON).body(body).retrieve().body(JsonNode.class);
    }

    private JsonNode findLink(String id) {
        return http.get().uri("/v1/payment-link/get-payment-link?Id=" + id)
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).retrieve().body(JsonNode.class);
    }
}
