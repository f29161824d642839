package com.paywire.api.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.paywire.api.platform.PaywireProperties;
import com.paywire.vocabulary.secrets.MalformedKey;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A token signing key rotation: a restart with a new key, the old one kept as previous, signs nobody out. */
public class TokenSigningKeysTest {

    public static final String OLD_KEY = "b2xkLXRva2VuLXNpZ25pbmcta2V5LW9mLXRoaXMtdGVzdA==";
    public static final String NEW_KEY = "bmV3LXRva2VuLXNpZ25pbmcta2V5LW9mLXRoaXMtdGVzdA==";

    private static final Clock NOW = Clock.fixed(Instant.parse("2026-07-01T09:00:00Z"), ZoneOffset.UTC);

    public static TokenSigningKeys keys(String signing, String previous) {
        return new TokenSigningKeys(new PaywireProperties("SANDBOX", new PaywireProperties.Security(signing, previous),
                null, null, null));
    }

    @Test
    void givenTheOldKeyAsThePreviousKey_aTokenItSignedShouldBeAccepted_andNewTokensSignedWithTheNewKey() {
        String signedBefore = new TokenService(keys(OLD_KEY, ""), NOW).issue("merchant-1", Set.of("payouts"))
                .accessToken();
        TokenService rotated = new TokenService(keys(NEW_KEY, OLD_KEY), NOW);

        AuthenticatedClient client = rotated.verify(signedBefore).client();

        assertThat(client.clientId()).isEqualTo("merchant-1");
        assertThat(client.scopes()).containsExactly("payouts");
        String signedAfter = rotated.issue("merchant-1", Set.of("payouts")).accessToken();
        assertThat(new TokenService(keys(NEW_KEY, null), NOW).verify(signedAfter).client().clientId()).isEqualTo("merchant-1");
    }

    @Test
    void withoutThePreviousKey_aTokenTheOldKeySignedShouldBeRefused() {
        String signedBefore = new TokenService(keys(OLD_KEY, ""), NOW).issue("merchant-1", Set.of("payouts"))
                .accessToken();

        assertThatThrownBy(() -> new TokenService(keys(NEW_KEY, ""), NOW).verify(signedBefore))
                .isInstanceOf(TokenService.InvalidTokenException.class).hasMessageContaining("not signed by Paywire");
    }

    @Test
    void aTokenThePreviousKeySigned_shouldStillExpireAfterAnHour() {
        String signedBefore = new TokenService(keys(OLD_KEY, ""), NOW).issue("merchant-1", Set.of("payouts"))
                .accessToken();
        Clock anHourLater = Clock.offset(NOW, TokenService.LIFETIME.plusSeconds(1));

        assertThatThrownBy(() -> new TokenService(keys(NEW_KEY, OLD_KEY), anHourLater).verify(signedBefore))
                .isInstanceOf(TokenService.InvalidTokenException.class).hasMessage("The access token expired");
    }

    @Test
    void aMalformedKey_shouldBeRefused_namingItsVariable() {
        assertThat(catchThrowableOfType(MalformedKey.class, () -> keys(NEW_KEY, "c2hvcnQ=")))
                .hasMessage("PAYWIRE_TOKEN_SIGNING_PREVIOUS_KEY must be at least 32 bytes, base64; it is 5");
        assertThat(catchThrowableOfType(MalformedKey.class, () -> keys(NEW_KEY, "not*base64")))
                .hasMessage("PAYWIRE_TOKEN_SIGNING_PREVIOUS_KEY is not base64");
        assertThat(catchThrowableOfType(MalformedKey.class, () -> keys("c2hvcnQ=", "")))
                .hasMessage("PAYWIRE_TOKEN_SIGNING_KEY must be at least 32 bytes, base64; it is 5");
    }
}
