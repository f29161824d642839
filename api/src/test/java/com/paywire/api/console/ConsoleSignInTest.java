package com.paywire.api.console;

import static com.paywire.api.support.ApiClientHelper.SANDBOX_ID;
import static com.paywire.api.support.ApiClientHelper.SANDBOX_SECRET;
import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.api.support.ApiTest;
import com.paywire.api.support.ApiTestBase;
import com.paywire.domain.clients.ClientSecretHasher;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.vocabulary.clients.ApiClient;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Signing in to the console and what keeps a session: the cookies' attributes, the pages' headers, the same secret
 * check and throttle as the token endpoint (with the local profile's rule for loopback addresses: counted per client
 * id only), the idle timeout and the lifetime (on the test clock), a disabled client and signing out.
 */
@ApiTest
class ConsoleSignInTest extends ApiTestBase {

    @Autowired
    JdbcClient jdbc;
    @Autowired
    ApiClientStore clients;

    private ConsoleBrowser browser() {
        return new ConsoleBrowser(port);
    }

    @Test
    void givenTheSignInForm_itShouldComeWithTheStrictHeaders_andItsTokenInAStrictCookie() {
        ConsoleBrowser.Page form = browser().get("/console/sign-in");

        assertThat(form.status()).isEqualTo(200);
        assertThat(form.header("Content-Security-Policy")).isEqualTo("default-src 'none'; style-src 'unsafe-inline'; "
                + "form-action 'self'; base-uri 'none'; frame-ancestors 'none'");
        assertThat(form.header("Cache-Control")).isEqualTo("no-store");
        assertThat(form.header("X-Content-Type-Options")).isEqualTo("nosniff");
        assertThat(form.header("Referrer-Policy")).isEqualTo("no-referrer");
        assertThat(form.setCookie(SignInController.FORM_COOKIE)).contains("; Path=/console; ").contains("; HttpOnly")
                .endsWith("; SameSite=Strict").doesNotContain("Secure"); // the local profile is plain http
        assertThat(form.body()).doesNotContain("<script");
    }

    @Test
    void givenTheRightSecret_itShouldSetAStrictHttpOnlySessionCookie_andKeepOnlyItsHash() throws Exception {
        ConsoleBrowser browser = browser();

        ConsoleBrowser.Page signedIn = browser.signIn(SANDBOX_ID, SANDBOX_SECRET);

        assertThat(signedIn.status()).isEqualTo(303);
        assertThat(signedIn.header("Location")).isEqualTo("/console");
        assertThat(signedIn.setCookie(ConsoleSessions.COOKIE)).matches(
                "paywire_console=[A-Za-z0-9_-]{43}; Path=/console; Max-Age=43200; Expires=[^;]+; HttpOnly; SameSite=Strict");
        String id = browser.cookies.get(ConsoleSessions.COOKIE);
        String hash = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                .digest(id.getBytes(StandardCharsets.US_ASCII)));
        assertThat(jdbc.sql("select count(*) from console_sessions where id_hash = ?").param(hash).query(Long.class)
                .single()).isEqualTo(1);
        assertThat(jdbc.sql("select count(*) from console_sessions where id_hash = ?").param(id).query(Long.class)
                .single()).as("the id itself is not stored").isZero();
        ConsoleBrowser.Page overview = browser.get("/console");
        assertThat(overview.status()).isEqualTo(200);
        assertThat(overview.body()).contains("<h1>Overview</h1>").contains("Paywire sandbox merchant (paywire-sandbox)");
        assertThat(overview.header("Content-Security-Policy")).startsWith("default-src 'none';");
        assertThat(overview.header("Cache-Control")).isEqualTo("no-store");
    }

    @Test
    void givenAWrongSecret_thePageShouldSaySo_withoutEchoingIt_andStartNoSession() {
        ConsoleBrowser browser = browser();

        ConsoleBrowser.Page refused = browser.signIn(SANDBOX_ID, "wrong-secret-7f3a");

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body()).contains("The client id or the secret is not right")
                .contains("value=\"paywire-sandbox\"").doesNotContain("wrong-secret-7f3a");
        assertThat(browser.cookies).doesNotContainKey(ConsoleSessions.COOKIE);
        assertThat(browser.get("/console").header("Location")).isEqualTo("/console/sign-in");
    }

    @Test
    void givenASignInPostWithoutTheFormsCookie_orAnotherToken_itShouldBeRefused_beforeAnySecretIsChecked() {
        ConsoleBrowser stranger = browser();
        ConsoleBrowser.Page noCookie = stranger.post("/console/sign-in",
                Map.of("csrf", "made-up", "clientId", SANDBOX_ID, "clientSecret", SANDBOX_SECRET));
        ConsoleBrowser withForm = browser();
        withForm.get("/console/sign-in");
        ConsoleBrowser.Page otherToken = withForm.post("/console/sign-in",
                Map.of("csrf", "made-up", "clientId", SANDBOX_ID, "clientSecret", SANDBOX_SECRET));

        for (ConsoleBrowser.Page page : new ConsoleBrowser.Page[] {noCookie, otherToken}) {
            assertThat(page.status()).isEqualTo(403);
            assertThat(page.body()).contains("This sign-in form has expired or was not sent from this page");
        }
        assertThat(withForm.cookies).doesNotContainKey(ConsoleSessions.COOKIE);
    }

    @Test
    void givenWrongSecretsFromOneAddress_theConsoleAndTheTokenEndpointShouldShareOneThrottle() throws Exception {
        clock.freeze(); // no wait ends while the test runs, however slow the machine
        String clientId = "console-guessed-" + UUID.randomUUID();
        clients.registerWithAllRoutes(new ApiClient(clientId, "Guessed", ClientSecretHasher.hash("right-secret"),
                Set.of("accounts")));
        ConsoleBrowser guesser = new ConsoleBrowser(port, "127.0.0.21");
        for (int i = 0; i < 6; i++) {
            assertThat(guesser.signIn(clientId, "wrong-" + i).status()).as("guess %d", i).isEqualTo(400);
        }

        ConsoleBrowser.Page throttled = guesser.signIn(clientId, "right-secret");

        assertThat(throttled.status()).isEqualTo(429);
        assertThat(Long.parseLong(throttled.header("Retry-After"))).isPositive();
        assertThat(throttled.body()).contains("Too many wrong secrets were sent from your address");
        HttpResponse<String> token = HttpClient.newBuilder().localAddress(java.net.InetAddress.getByName("127.0.0.21"))
                .build().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/connect/token"))
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofString("grant_type=client_credentials&client_id=" + clientId
                                + "&client_secret=right-secret")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(token.statusCode()).as("the token endpoint counts the console's failures").isEqualTo(429);
        assertThat(new ConsoleBrowser(port, "127.0.0.22").signIn(clientId, "right-secret").status())
                .as("the owner elsewhere").isEqualTo(303);
    }

    @Test
    void givenTheLocalProfile_wrongSecretsForManyIdsFromALoopbackAddress_shouldMakeNoOtherIdWait() throws Exception {
        clock.freeze();
        ConsoleBrowser script = new ConsoleBrowser(port, "127.0.0.23");
        for (int i = 0; i < 25; i++) {
            assertThat(script.signIn("made-up-" + i + "-" + UUID.randomUUID(), "wrong").status()).as("id %d", i)
                    .isEqualTo(400);
        }
        HttpResponse<String> token = HttpClient.newBuilder().localAddress(java.net.InetAddress.getByName("127.0.0.23"))
                .build().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/connect/token"))
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofString("grant_type=client_credentials&client_id=" + SANDBOX_ID
                                + "&client_secret=" + SANDBOX_SECRET)).build(), HttpResponse.BodyHandlers.ofString());

        assertThat(token.statusCode()).as("the token endpoint, from the same address").isEqualTo(200);
        assertThat(script.signIn(SANDBOX_ID, SANDBOX_SECRET).status()).as("the console, from the same address")
                .isEqualTo(303);
    }

    @Test
    void givenNoRequestForTheIdleTimeout_theSessionShouldEnd_andTheNextPageAskToSignInAgain() {
        ConsoleBrowser browser = browser();
        browser.signIn(SANDBOX_ID, SANDBOX_SECRET);
        clock.advance(Duration.ofMinutes(14));
        assertThat(browser.get("/console").status()).isEqualTo(200);
        clock.advance(Duration.ofMinutes(14));
        assertThat(browser.get("/console/payments").status()).as("14 minutes after the last request").isEqualTo(200);

        clock.advance(Duration.ofMinutes(15));
        ConsoleBrowser.Page ended = browser.get("/console");

        assertThat(ended.status()).isEqualTo(303);
        assertThat(ended.header("Location")).isEqualTo("/console/sign-in?ended");
        assertThat(ended.setCookie(ConsoleSessions.COOKIE)).contains("Max-Age=0");
        assertThat(browser.get("/console/sign-in?ended").body()).contains("Your session has ended");
    }

    @Test
    void givenItsLifetime_theSessionShouldEnd_howeverBusy() {
        ConsoleBrowser browser = browser();
        browser.signIn(SANDBOX_ID, SANDBOX_SECRET);
        String id = browser.cookies.get(ConsoleSessions.COOKIE);
        for (int i = 1; i < 12 * 6; i++) {
            clock.advance(Duration.ofMinutes(10));
            assertThat(browser.get("/console/payments").status()).as("after %d minutes", i * 10).isEqualTo(200);
        }

        clock.advance(Duration.ofMinutes(10));

        assertThat(browser.get("/console").header("Location")).isEqualTo("/console/sign-in?ended");
        assertThat(id).isNotNull();
    }

    @Test
    void givenTheClientIsDisabled_itsSessionShouldEndAtOnce() {
        String clientId = "console-disabled-" + UUID.randomUUID();
        clients.registerWithAllRoutes(new ApiClient(clientId, "Soon off", ClientSecretHasher.hash("off-secret"),
                Set.of("accounts")));
        ConsoleBrowser browser = browser();
        browser.signIn(clientId, "off-secret");
        assertThat(browser.get("/console").status()).isEqualTo(200);

        clients.setEnabled(clientId, false);

        assertThat(browser.get("/console").header("Location")).isEqualTo("/console/sign-in?ended");
        assertThat(browser().signIn(clientId, "off-secret").status()).as("nor can it sign in").isEqualTo(400);
    }

    @Test
    void givenSignOut_theSessionShouldEnd_andItsOldCookieOpenNothing() {
        ConsoleBrowser browser = browser();
        browser.signIn(SANDBOX_ID, SANDBOX_SECRET);
        String id = browser.cookies.get(ConsoleSessions.COOKIE);
        String csrf = browser.get("/console").csrf();

        ConsoleBrowser.Page signedOut = browser.post("/console/sign-out", Map.of("csrf", csrf));

        assertThat(signedOut.status()).isEqualTo(303);
        assertThat(signedOut.header("Location")).isEqualTo("/console/sign-in?signedOut");
        assertThat(browser.cookies).doesNotContainKey(ConsoleSessions.COOKIE);
        assertThat(browser.get("/console/sign-in?signedOut").body()).contains("You have signed out.");
        browser.cookies.put(ConsoleSessions.COOKIE, id);
        assertThat(browser.get("/console").header("Location")).isEqualTo("/console/sign-in?ended");
    }

    @Test
    void givenNoSession_everyConsolePageAndForm_shouldSendToSignIn_doingNothing() {
        ConsoleBrowser stranger = browser();

        for (String path : new String[] {"/console", "/console/payments", "/console/webhooks", "/console/sandbox",
                "/console/payments/payout-line/x"}) {
            ConsoleBrowser.Page page = stranger.get(path);
            assertThat(page.status()).as(path).isEqualTo(303);
            assertThat(page.header("Location")).as(path).isEqualTo("/console/sign-in");
        }
        assertThat(stranger.post("/console/webhooks", Map.of("url", "https://x.example")).header("Location"))
                .isEqualTo("/console/sign-in");
        assertThat(stranger.get("/consoles").status()).as("not the console's path").isEqualTo(404);
    }
}
