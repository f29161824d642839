package com.paywire.infra.browser;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * A real headless Chromium from Debian's packages (chromium, chromium-driver), which .ci/run installs. On a
 * developer machine without them the browser tests are skipped; on CI (CI=true) their absence fails.
 */
final class HeadlessChromium {

    static final Path BROWSER = Path.of("/usr/bin/chromium");
    static final Path DRIVER = Path.of("/usr/bin/chromedriver");

    private HeadlessChromium() {
    }

    static ChromeDriver start() {
        boolean installed = Files.isExecutable(BROWSER) && Files.isExecutable(DRIVER);
        if (!installed && !"true".equals(System.getenv("CI"))) {
            Assumptions.abort("chromium and chromium-driver are not installed (apt-get install chromium chromium-driver)");
        }
        try {
            ChromeOptions options = new ChromeOptions();
            options.setBinary(BROWSER.toFile());
            // the flags that keep Chromium quiet and offline on a machine with no outside network
            options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--disable-quic", "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync", "--window-size=412,915",
                    "--user-data-dir=" + Files.createTempDirectory("paywire-chromium"));
            ChromeDriverService service = new ChromeDriverService.Builder()
                    .usingDriverExecutable(new File(DRIVER.toString())).usingAnyFreePort().build();
            return new ChromeDriver(service, options);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
