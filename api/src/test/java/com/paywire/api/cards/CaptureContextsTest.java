package com.paywire.api.cards;

import static com.paywire.api.auth.TokenSigningKeysTest.NEW_KEY;
import static com.paywire.api.auth.TokenSigningKeysTest.OLD_KEY;
import static com.paywire.api.auth.TokenSigningKeysTest.keys;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Capture contexts are signed with the token signing key, and outlive its rotation the same way. */
class CaptureContextsTest {

    private static final Clock NOW = Clock.fixed(Instant.parse("2026-07-01T09:00:00Z"), ZoneOffset.UTC);

    @Test
    void aContextSignedWithTheOldKey_shouldBeAcceptedWithItAsThePreviousKey_andRefusedWithout() {
        String signedBefore = new CaptureContexts(keys(OLD_KEY, ""), NOW).issue("merchant-1",
                List.of("https://shop.example"), List.of("VISA"), NOW.instant().plus(CaptureContexts.LIFETIME));

        assertThat(new CaptureContexts(keys(NEW_KEY, OLD_KEY), NOW).verify(signedBefore))
                .hasValueSatisfying(context -> assertThat(context.clientId()).isEqualTo("merchant-1"));
        assertThat(new CaptureContexts(keys(NEW_KEY, ""), NOW).verify(signedBefore)).isEmpty();
    }
}
