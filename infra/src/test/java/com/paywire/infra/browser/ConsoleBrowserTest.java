package com.paywire.infra.browser;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.infra.support.LoopbackReceiver;
import com.paywire.infra.support.LoopbackReceiver.Received;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import tools.jackson.databind.JsonNode;

/**
 * A merchant in a real headless Chromium on the console of the running local stack: signing in, finding a payment
 * by its stan and reading its timeline, adding a webhook and delivering an event again, and the sandbox's buttons;
 * and a developer authorizing the API's Swagger UI page. Each page is photographed at a phone's width and a
 * desktop's.
 */
class ConsoleBrowserTest extends ConsoleBrowserTestBase {

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
    void givenAWrongSecret_theConsoleShouldSayNoInASentence_withoutTheSecret_andTheRightOneShouldOpenTheOverview()
            throws Exception {
        browser.get(api + "/console");
        awaitHeading("Sign in to the Paywire console", 10);

        signIn(SANDBOX_ID, "not-the-secret-4711");

        awaitHeading("Sign in to the Paywire console", 10);
        assertThat(browser.findElement(By.id("error")).getText())
                .isEqualTo("The client id or the secret is not right, or the client is disabled.");
        assertThat(browser.getPageSource()).doesNotContain("not-the-secret-4711");
        assertThat(browser.findElement(By.id("clientSecret")).getAttribute("value")).isEmpty();
        assertThat(browser.findElement(By.id("clientId")).getAttribute("value")).isEqualTo(SANDBOX_ID);
        screenshotAt("console-sign-in-refused-phone", PHONE_WIDTH);

        type("clientSecret", SANDBOX_SECRET);
        browser.findElement(By.id("signIn")).click();

        awaitHeading("Overview", 10);
        assertThat(browser.findElement(By.id("signedInAs")).getText()).contains(SANDBOX_ID);
        assertThat(browser.findElement(By.id("working")).getText()).startsWith("KES ");
        assertThat(browser.findElement(By.id("statement")).getText()).contains("Sandbox opening float");
        screenshotAt("console-overview-phone", PHONE_WIDTH);
        screenshotAt("console-overview-desktop", DESKTOP_WIDTH);
    }

    @Test
    void givenAPayoutsStan_theSearchShouldFindIt_andItsPageShowItsTimeline() throws Exception {
        String stan = payout("+254712345678", "120");
        signIn(SANDBOX_ID, SANDBOX_SECRET);
        awaitHeading("Overview", 10);
        browser.findElement(By.linkText("Payments")).click();
        awaitHeading("Payments", 10);
        assertThat(browser.findElement(By.id("payments")).getText()).contains(stan).contains("Payout");
        screenshotAt("console-payments-phone", PHONE_WIDTH);
        screenshotAt("console-payments-desktop", DESKTOP_WIDTH);

        type("q", stan);
        browser.findElement(By.id("search")).click();

        awaitHeading("Payout", 10);
        assertThat(browser.findElement(By.id("clientReference")).getText()).isEqualTo(stan);
        reloadUntilItReads("posted", 60);
        List<WebElement> steps = browser.findElements(By.cssSelector("#timeline li"));
        assertThat(steps.size()).isGreaterThanOrEqualTo(4);
        assertThat(browser.findElement(By.id("timeline")).getText()).contains("sent the payout to the rail")
                .contains("held 130.00 KES").contains("rail called back");
        assertThat(browser.findElement(By.id("ledger")).getText()).contains("POSTED").contains("the rail");
        screenshotAt("console-payment-phone", PHONE_WIDTH);
        screenshotAt("console-payment-desktop", DESKTOP_WIDTH);
    }

    @Test
    void givenAWebhookAddedInTheConsole_deliveringAPayoutsEventAgainShouldMakeANewDelivery() throws Exception {
        signIn(SANDBOX_ID, SANDBOX_SECRET);
        awaitHeading("Overview", 10);
        browser.findElement(By.linkText("Webhooks")).click();
        awaitHeading("Webhooks", 10);
        String path = "/hooks/" + UUID.randomUUID();
        type("url", shop.url(path));
        type("description", "The shop's payouts");
        browser.findElement(By.cssSelector("input[name=events][value='payout.completed']")).click();
        type("signingSecret", "the-shops-signing-secret");
        browser.findElement(By.id("add")).click();
        awaitHeading("Webhooks", 10);
        assertThat(browser.findElement(By.id("notice")).getText()).isEqualTo("The endpoint was added.");
        assertThat(text()).contains(shop.url(path)).doesNotContain("the-shops-signing-secret");
        screenshotAt("console-webhooks-phone", PHONE_WIDTH);

        String stan = payout("+254712345678", "75");
        Received first = shop.awaitOn(path);
        assertThat(LoopbackReceiver.signedWith(first, "the-shops-signing-secret")).isTrue();
        browser.get(api + "/console/payments?q=" + stan);
        awaitHeading("Payout", 10);
        reloadUntilItReads("DELIVERED", 60);
        int deliveriesBefore = browser.findElements(By.cssSelector(".delivery")).size();

        WebElement completed = browser.findElements(By.cssSelector("article.event")).stream()
                .filter(e -> e.getText().startsWith("payout.completed")).findFirst().orElseThrow();
        completed.findElement(By.cssSelector("button.redeliver")).click();

        awaitHeading("Payout", 10);
        assertThat(browser.findElement(By.id("notice")).getText()).startsWith("Delivering it again:");
        assertThat(browser.findElements(By.cssSelector(".delivery"))).hasSize(deliveriesBefore + 1);
        Received again = shop.awaitOn(path);
        assertThat(again.body()).isEqualTo(first.body());
        screenshotAt("console-redelivered-phone", PHONE_WIDTH);
    }

    @Test
    void givenTheSandboxPage_theClockShouldMoveOnAClick_andAButtonMakeAPaymentOfThatKind_andShowItsOutcome()
            throws Exception {
        signIn(SANDBOX_ID, SANDBOX_SECRET);
        awaitHeading("Overview", 10);
        browser.findElement(By.linkText("Sandbox")).click();
        awaitHeading("Sandbox", 10);
        assertThat(browser.findElement(By.id("testClock")).getText()).startsWith("Test clock");
        browser.findElement(By.id("advance-PT2M")).click();
        awaitHeading("Sandbox", 30);
        assertThat(browser.findElement(By.id("notice")).getText()).isEqualTo("The test clock moved forward by PT2M.");
        assertThat(browser.findElement(By.id("clockAhead")).getText()).endsWith("ahead of the wall clock");
        screenshotAt("console-sandbox-phone", PHONE_WIDTH);
        screenshotAt("console-sandbox-desktop", DESKTOP_WIDTH);

        browser.findElement(By.id("trigger-wallet-declined")).click();

        awaitHeading("Payment order", 10);
        reloadUntilItReads("released the hold", 60);
        assertThat(browser.findElement(By.id("ledger")).getText()).contains("VOIDED");
    }

    /**
     * The API page's introduction tells a developer which labels to look for in Swagger UI's Authorize dialog and
     * what to type there: every label it names in bold must be on the page, and doing as it says must authorize
     * the page so that Try it out answers 200.
     */
    @Test
    void givenSwaggerUi_doingAsItsIntroductionSaysShouldAuthorizeIt_andEveryLabelItNamesBeThere() throws Exception {
        String introduction = http.get().uri("/v3/api-docs").retrieve().body(JsonNode.class).at("/info/description")
                .asString();
        List<String> labels = Pattern.compile("\\*\\*([^*]+)\\*\\*").matcher(introduction).results()
                .map(label -> label.group(1)).toList();
        browser.manage().window().setSize(new Dimension(DESKTOP_WIDTH, 1000));
        browser.get(api + "/swagger-ui.html");
        WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(20));
        wait.until(ExpectedConditions.elementToBeClickable(By.cssSelector("button.btn.authorize"))).click();
        WebElement dialog = wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(".modal-ux")));
        StringBuilder seen = new StringBuilder(dialog.getText());
        screenshot("swagger-authorize-dialog");

        type("client_id_clientCredentials", SANDBOX_ID);
        type("client_secret_clientCredentials", SANDBOX_SECRET);
        dialog.findElement(By.cssSelector("button.modal-btn.authorize")).click();
        wait.until(ExpectedConditions.textToBePresentInElement(dialog, "Logout"));
        seen.append(dialog.getText());
        screenshot("swagger-authorized");
        dialog.findElement(By.cssSelector("button.btn-done")).click();
        browser.findElement(By.cssSelector("[data-path='/v1/transaction-routes/assigned-routes']")).click();
        wait.until(ExpectedConditions.elementToBeClickable(By.cssSelector("button.try-out__btn")));
        seen.append(browser.findElement(By.tagName("body")).getText());
        browser.findElement(By.cssSelector("button.try-out__btn")).click();
        wait.until(ExpectedConditions.elementToBeClickable(By.cssSelector("button.execute"))).click();
        WebElement status = wait.until(ExpectedConditions.visibilityOfElementLocated(
                By.cssSelector(".live-responses-table tr.response .response-col_status")));
        screenshot("swagger-tried");

        assertThat(labels).contains("Authorize", "client_id", "client_secret", "Scopes");
        assertThat(labels).allSatisfy(label -> assertThat(seen.toString()).as("the page's text").contains(label));
        assertThat(status.getText()).startsWith("200");
    }
}
