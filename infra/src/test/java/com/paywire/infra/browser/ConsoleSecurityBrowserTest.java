package com.paywire.infra.browser;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.auth.Scope;
import com.paywire.domain.clients.ClientSecretHasher;
import com.paywire.infra.local.RunningLocalStackAccess;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.vocabulary.clients.ApiClient;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashSet;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Cookie;

/**
 * What the console refuses, in a real headless Chromium: a form whose token was taken out or changed, a form posted
 * from another site, another client's payment, a session after signing out, and one idle for longer than the
 * timeout, on a second API replica started with a short one (which also shows that a session begun on one replica
 * is honoured by another).
 */
class ConsoleSecurityBrowserTest extends ConsoleBrowserTestBase {

    private static String replica;

    /** A second API replica of the stack, whose sessions end after 4 s without a request. */
    private static synchronized String replicaWithAShortIdleTimeout() {
        if (replica == null) {
            replica = RunningLocalStackAccess.startAnotherApi("--server.port=0", "--paywire.console.idle-timeout=4s");
        }
        return replica;
    }

    /** Adds an endpoint on the webhooks page; @return its id */
    private String addWebhook() {
        browser.get(api + "/console/webhooks");
        type("url", "http://127.0.0.1:9/forged/" + UUID.randomUUID());
        browser.findElement(By.cssSelector("input[name=events][value='payout.failed']")).click();
        type("signingSecret", "a-signing-secret-for-forgeries");
        browser.findElement(By.id("add")).click();
        awaitHeading("Webhooks", 10);
        String article = browser.findElements(By.cssSelector("article.endpoint")).getLast().getAttribute("id");
        return article.substring("webhook-".length());
    }

    private void deleteWith(String webhookId, String script) {
        browser.executeScript("var form = document.querySelector('#webhook-" + webhookId + " form:last-of-type');"
                + script + " form.querySelector('button').click();");
    }

    @Test
    void givenAFormWhoseTokenWasChangedOrTakenOut_orAFormPostedFromAnotherSite_nothingShouldBeDone()
            throws Exception {
        signIn(SANDBOX_ID, SANDBOX_SECRET);
        awaitHeading("Overview", 10);
        String webhook = addWebhook();

        deleteWith(webhook, "form.querySelector('input[name=csrf]').value = 'forged';");
        awaitHeading("Form refused", 10);
        assertThat(text()).contains("Nothing was changed.");
        screenshotAt("console-form-refused-phone", PHONE_WIDTH);
        browser.get(api + "/console/webhooks");
        deleteWith(webhook, "form.querySelector('input[name=csrf]').remove();");
        awaitHeading("Form refused", 10);

        String forged = "<!doctype html><title>Win a prize</title><form method=post action='" + api + "/console/webhooks/"
                + webhook + "/delete'><button id=claim>Claim</button></form>";
        browser.get("data:text/html;charset=utf-8," + URLEncoder.encode(forged, StandardCharsets.UTF_8)
                .replace("+", "%20"));
        browser.findElement(By.id("claim")).click();
        awaitHeading("Sign in to the Paywire console", 10); // the strict cookie stayed home: no session, no action

        browser.get(api + "/console/webhooks");
        awaitHeading("Webhooks", 10);
        assertThat(browser.findElements(By.id("webhook-" + webhook))).as("still there, still signed in").hasSize(1);
    }

    @Test
    void givenAnotherClientsPayment_itsPageShouldBeNotFound_andItsStanFindNothing() throws Exception {
        String stan = payout("+254712345678", "60");
        signIn(SANDBOX_ID, SANDBOX_SECRET);
        awaitHeading("Overview", 10);
        browser.get(api + "/console/payments?q=" + stan);
        awaitHeading("Payout", 10);
        String sandboxsPayment = browser.getCurrentUrl();
        browser.findElement(By.id("signOut")).click();
        awaitHeading("Sign in to the Paywire console", 10);
        String other = "console-browser-" + UUID.randomUUID();
        RunningLocalStackAccess.apiBean(ApiClientStore.class).registerWithAllRoutes(new ApiClient(other, "Another shop",
                ClientSecretHasher.hash("another-secret"), new LinkedHashSet<>(Scope.allValues())));
        signIn(other, "another-secret");
        awaitHeading("Overview", 10);

        browser.get(sandboxsPayment);

        awaitHeading("Not found", 10);
        assertThat(browser.getPageSource()).doesNotContain(stan);
        screenshotAt("console-not-found-phone", PHONE_WIDTH);
        browser.get(api + "/console/payments?q=" + stan);
        assertThat(browser.findElement(By.id("nothingFound")).getText()).isEqualTo("No payment of yours has that id.");
    }

    @Test
    void givenSignOut_theSessionShouldEnd_andTheConsoleAskToSignInAgain() {
        signIn(SANDBOX_ID, SANDBOX_SECRET);
        awaitHeading("Overview", 10);
        Cookie session = browser.manage().getCookieNamed("paywire_console");

        browser.findElement(By.id("signOut")).click();

        awaitHeading("Sign in to the Paywire console", 10);
        assertThat(browser.findElement(By.id("notice")).getText()).isEqualTo("You have signed out.");
        assertThat(browser.manage().getCookieNamed("paywire_console")).isNull();
        browser.get(api + "/console/payments");
        awaitHeading("Sign in to the Paywire console", 10);
        browser.manage().addCookie(session); // a copy kept from before: the session itself has ended
        browser.get(api + "/console/payments");
        awaitHeading("Sign in to the Paywire console", 10);
        assertThat(browser.findElement(By.id("ended")).getText()).startsWith("Your session has ended.");
    }

    @Test
    void givenASessionIdleForLongerThanTheTimeout_theNextPageShouldAskToSignInAgain() throws Exception {
        String other = replicaWithAShortIdleTimeout();
        signIn(SANDBOX_ID, SANDBOX_SECRET);
        awaitHeading("Overview", 10);
        browser.get(other + "/console/payments");
        awaitHeading("Payments", 10); // begun on the first replica, honoured by the second

        Thread.sleep(6_000);
        browser.navigate().refresh();

        awaitHeading("Sign in to the Paywire console", 10);
        assertThat(browser.findElement(By.id("ended")).getText()).startsWith("Your session has ended.");
        screenshotAt("console-session-ended-phone", PHONE_WIDTH);
    }
}
