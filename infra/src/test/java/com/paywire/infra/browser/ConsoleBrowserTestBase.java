package com.paywire.infra.browser;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.infra.local.RunningLocalStackAccess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.UUID;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import tools.jackson.databind.JsonNode;

/**
 * A merchant's browser on the console of the running local stack: signing in as a person does, payments made
 * through the API as the merchant's server makes them, and screenshots of whole pages at a phone's width and a
 * desktop's, to be looked at (target/screenshots).
 */
abstract class ConsoleBrowserTestBase extends BrowserTestBase {

    static final String SANDBOX_ID = "paywire-sandbox";
    static final String SANDBOX_SECRET = "sandbox-secret";
    static final int PHONE_WIDTH = 390;
    static final int DESKTOP_WIDTH = 1280;
    private static final String MOBILE_ROUTE = "4a3e1249-51a2-4c57-8b74-166d7f689460";

    String api = RunningLocalStackAccess.apiBaseUrl();

    void signIn(String base, String clientId, String secret) {
        browser.get(base + "/console/sign-in");
        type("clientId", clientId);
        type("clientSecret", secret);
        browser.findElement(By.id("signIn")).click();
    }

    void signIn(String clientId, String secret) {
        signIn(api, clientId, secret);
    }

    void type(String id, String value) {
        WebElement field = browser.findElement(By.id(id));
        field.clear();
        field.sendKeys(value);
    }

    String text() {
        return browser.findElement(By.tagName("body")).getText();
    }

    /** Reloads the page until its text holds this (a payment moving on), for at most {@code seconds}. */
    void reloadUntilItReads(String words, int seconds) {
        new WebDriverWait(browser, Duration.ofSeconds(seconds), Duration.ofSeconds(1)).until(b -> {
            if (text().contains(words)) {
                return true;
            }
            b.navigate().refresh();
            return false;
        });
    }

    /** A payout of one line to this wallet, as the merchant's server sends it; @return its stan */
    static String payout(String wallet, String amount) {
        String stan = UUID.randomUUID().toString();
        JsonNode answer = http.post().uri("/v1/payment-order/new-order")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + token).contentType(MediaType.APPLICATION_JSON)
                .body("""
                        {"originatorConversationId":"%s","paymentOrderLines":[{
                          "recipient":{"name":"Jane Doe","mccmnc":"63902","primaryAccountNumber":"%s","ccy":404,"country":"KE"},
                          "transaction":{"routeId":"%s","ChannelType":1,"amount":%s,"reference":"console",
                           "systemTraceAuditNumber":"%s"}}]}""".formatted(UUID.randomUUID(), wallet, MOBILE_ROUTE,
                        amount, stan))
                .retrieve().body(JsonNode.class);
        assertThat(answer.get("message")).as("%s", answer).isNotNull();
        return stan;
    }

    /**
     * The whole page as a device this wide shows it (a phone's viewport below 600 px), to
     * target/screenshots/{name}.png: Chromium's DevTools lay it out at that width and capture beyond the window.
     */
    void screenshotAt(String name, int width) throws Exception {
        browser.executeCdpCommand("Emulation.setDeviceMetricsOverride", Map.of("width", width, "height", 800,
                "deviceScaleFactor", 1, "mobile", width < 600));
        try {
            long height = (Long) browser.executeScript("return document.documentElement.scrollHeight");
            Map<String, Object> shot = browser.executeCdpCommand("Page.captureScreenshot", Map.of("format", "png",
                    "captureBeyondViewport", true,
                    "clip", Map.of("x", 0, "y", 0, "width", width, "height", height, "scale", 1)));
            Path target = Path.of("target", "screenshots", name + ".png");
            Files.createDirectories(target.getParent());
            Files.write(target, Base64.getDecoder().decode((String) shot.get("data")));
        } finally {
            browser.executeCdpCommand("Emulation.clearDeviceMetricsOverride", Map.of());
        }
    }
}
