package com.paywire.api.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.http.ResponseCookie;
import org.springframework.mock.env.MockEnvironment;

/** The console's cookies and form tokens, without a server. */
class ConsoleSessionsTest {

    private static final ConsoleProperties PROPERTIES = new ConsoleProperties(Duration.ofMinutes(15), Duration.ofHours(12));

    private static ConsoleSessions in(String... profiles) {
        MockEnvironment environment = new MockEnvironment();
        environment.setActiveProfiles(profiles);
        return new ConsoleSessions(null, PROPERTIES, environment);
    }

    @Test
    void outsideTheLocalProfile_theSessionCookieShouldBeSecure_HttpOnly_Strict_onTheConsolesPathAlone() {
        ResponseCookie cookie = in("production").cookie("an-id");

        assertThat(cookie.toString()).startsWith("paywire_console=an-id; Path=/console; Max-Age=43200; Expires=")
                .endsWith("; Secure; HttpOnly; SameSite=Strict");
    }

    @Test
    void inTheLocalProfile_overPlainHttp_itShouldNotBeSecure_butStillHttpOnlyAndStrict() {
        ResponseCookie cookie = in("local").cookie("an-id");

        assertThat(cookie.isSecure()).isFalse();
        assertThat(cookie.isHttpOnly()).isTrue();
        assertThat(cookie.getSameSite()).isEqualTo("Strict");
        assertThat(cookie.getPath()).isEqualTo("/console");
        assertThat(in("local").ended().getMaxAge()).isEqualTo(Duration.ZERO);
    }

    @Test
    void theFormToken_shouldBeTheSessionsOwn_sameEveryTime_otherForAnotherSession_andNotTheIdItself() {
        String id = ConsoleSessions.randomToken();
        String other = ConsoleSessions.randomToken();

        assertThat(ConsoleSessions.csrfToken(id)).isEqualTo(ConsoleSessions.csrfToken(id))
                .isNotEqualTo(ConsoleSessions.csrfToken(other)).isNotEqualTo(id).hasSize(43);
        assertThat(ConsoleSessions.sameToken(ConsoleSessions.csrfToken(id), ConsoleSessions.csrfToken(id))).isTrue();
        assertThat(ConsoleSessions.sameToken(ConsoleSessions.csrfToken(id), ConsoleSessions.csrfToken(other))).isFalse();
        assertThat(ConsoleSessions.sameToken(ConsoleSessions.csrfToken(id), null)).isFalse();
        assertThat(id).hasSize(43).isNotEqualTo(other);
    }
}
