package com.paywire.infra.browser;

import com.paywire.infra.local.RunningLocalStackAccess;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
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

    void screenshot(String name) throws Exception {
        Path target = Path.of("target", "screenshots", name + ".png");
        Files.createDirectories(target.getParent());
        Files.write(target, browser.getScreenshotAs(OutputType.BYTES));
    }
}
