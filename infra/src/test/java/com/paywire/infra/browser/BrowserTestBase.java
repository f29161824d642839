package com.paywire.infra.browser;

import com.paywire.infra.local.RunningLocalStackAccess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.web.client.RestClient;

/**
 * A payer's browser (a fresh headless Chromium per test) on the running local stack, and the merchant's API
 * client with the sandbox client's token. Screenshots go to target/screenshots, to be looked at.
 */
abstract class BrowserTestBase {

    static RestClient http;
    static String token;
    ChromeDriver browser;

    @BeforeAll
    static void stack() {
        http = RunningLocalStackAccess.http();
        token = RunningLocalStackAccess.sandboxToken(http);
    }

    @BeforeEach
    void openBrowser() {
        browser = HeadlessChromium.start();
    }

    @AfterEach
    void closeBrowser() {
        if (browser != null) {
            browser.quit();
        }
    }

    /**
     * Waits for the page's heading to read this: a click on a link or a submit can return before the page it loads
     * is there, and a page that refreshes itself changes its heading when the payment moves on.
     */
    void awaitHeading(String heading, int seconds) {
        new WebDriverWait(browser, Duration.ofSeconds(seconds)).until(ExpectedConditions.textToBe(By.tagName("h1"), heading));
    }

    void screenshot(String name) throws Exception {
        Path target = Path.of("target", "screenshots", name + ".png");
        Files.createDirectories(target.getParent());
        Files.write(target, browser.getScreenshotAs(OutputType.BYTES));
    }
}
