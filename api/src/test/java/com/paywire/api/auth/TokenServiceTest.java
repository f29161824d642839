package com.paywire.api.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.paywire.api.support.MutableClock;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A verified token is remembered until it expires, and no longer: the memory saves the check, not the expiry. */
class TokenServiceTest {

    private final MutableClock clock = new MutableClock();
    private final TokenService tokens = new TokenService(
            TokenSigningKeysTest.keys(TokenSigningKeysTest.NEW_KEY, ""), clock);

    @Test
    void aTokenVerifiedOnce_shouldVerifyAgainWithTheSameClient() {
        String token = tokens.issue("merchant-1", Set.of("payouts", "collections")).accessToken();

        TokenService.VerifiedToken first = tokens.verify(token);
        TokenService.VerifiedToken again = tokens.verify(token);

        assertThat(again).isEqualTo(first);
        assertThat(again.client().scopes()).containsExactlyInAnyOrder("payouts", "collections");
    }

    @Test
    void aRememberedToken_shouldStillExpireAtItsExpiry() {
        clock.freeze();
        String token = tokens.issue("merchant-1", Set.of("payouts")).accessToken();
        tokens.verify(token);

        clock.advance(TokenService.LIFETIME.plusSeconds(1));

        assertThatThrownBy(() -> tokens.verify(token))
                .isInstanceOf(TokenService.InvalidTokenException.class).hasMessage("The access token expired");
    }

    @Test
    void aTamperedCopyOfARememberedToken_shouldBeRefused() {
        String token = tokens.issue("merchant-1", Set.of("payouts")).accessToken();
        tokens.verify(token);
        String tampered = token.substring(0, token.length() - 2) + (token.endsWith("AA") ? "BB" : "AA");

        assertThatThrownBy(() -> tokens.verify(tampered)).isInstanceOf(TokenService.InvalidTokenException.class);
    }
}
