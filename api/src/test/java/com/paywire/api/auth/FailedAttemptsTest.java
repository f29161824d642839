package com.paywire.api.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The two ways of counting a loopback source's wrong secrets: over all ids as any source's (every profile but the
 * local one), or per client id only (the local stack's, where everyone is 127.0.0.1). The wire answers are
 * ClientSecretGuessingTest's and ConsoleSignInTest's.
 */
class FailedAttemptsTest {

    private static final Clock FROZEN = Clock.fixed(Instant.parse("2026-12-02T10:00:00Z"), ZoneOffset.UTC);

    @Test
    void givenTheLocalRule_loopbackFailuresOverManyIdsShouldMakeNoIdWait_butEachIdWaitAfterItsOwn() {
        for (String loopback : new String[] {"127.0.0.1", "127.9.8.7", "0:0:0:0:0:0:0:1", "::1"}) {
            FailedAttempts failures = new FailedAttempts(FROZEN, true);
            for (int id = 0; id < FailedAttempts.FREE_FAILURES_PER_SOURCE * 3; id++) {
                assertThat(failures.recordFailure("script-" + id, loopback)).as("%s, id %d", loopback, id).isEmpty();
            }
            assertThat(failures.waitFor("my-shop", loopback)).as("another id from %s", loopback).isEmpty();

            Optional<FailedAttempts.Wait> own = Optional.empty();
            for (int i = 0; i <= FailedAttempts.FREE_FAILURES_PER_CLIENT; i++) {
                own = failures.recordFailure("my-shop", loopback);
            }
            assertThat(own).as("from %s", loopback).get().extracting(FailedAttempts.Wait::scope)
                    .isEqualTo(FailedAttempts.Scope.CLIENT);
            assertThat(failures.waitFor("my-shop", loopback)).isPresent();
            assertThat(failures.waitFor("script-1", loopback)).isEmpty();
        }
    }

    @Test
    void givenTheLocalRule_anyOtherSourceShouldStillBeCountedOverAllIds() {
        FailedAttempts failures = new FailedAttempts(FROZEN, true);
        for (int id = 0; id < FailedAttempts.FREE_FAILURES_PER_SOURCE; id++) {
            assertThat(failures.recordFailure("made-up-" + id, "192.0.2.7")).isEmpty();
        }
        assertThat(failures.recordFailure("made-up-last", "192.0.2.7")).get()
                .extracting(FailedAttempts.Wait::scope).isEqualTo(FailedAttempts.Scope.SOURCE);
        assertThat(failures.waitFor("my-shop", "192.0.2.7")).isPresent();
        assertThat(failures.waitFor("my-shop", "127.0.0.1")).isEmpty();
    }

    @Test
    void givenTheDeploymentsRule_aLoopbackSourceShouldBeCountedOverAllIds_asAnyOther() {
        FailedAttempts failures = new FailedAttempts(FROZEN, false);
        for (int id = 0; id < FailedAttempts.FREE_FAILURES_PER_SOURCE; id++) {
            assertThat(failures.recordFailure("made-up-" + id, "127.0.0.1")).isEmpty();
        }
        assertThat(failures.recordFailure("made-up-last", "127.0.0.1")).get()
                .extracting(FailedAttempts.Wait::scope).isEqualTo(FailedAttempts.Scope.SOURCE);
        assertThat(failures.waitFor("my-shop", "127.0.0.1")).get().extracting(FailedAttempts.Wait::scope)
                .isEqualTo(FailedAttempts.Scope.SOURCE);
    }

    @Test
    void givenAddressesAndNames_onlyLoopbackAddressesShouldBeLoopback() {
        assertThat(FailedAttempts.isLoopback("127.0.0.1")).isTrue();
        assertThat(FailedAttempts.isLoopback("127.255.0.9")).isTrue();
        assertThat(FailedAttempts.isLoopback("::1")).isTrue();
        assertThat(FailedAttempts.isLoopback("128.0.0.1")).isFalse();
        assertThat(FailedAttempts.isLoopback("2001:db8::1")).isFalse();
        assertThat(FailedAttempts.isLoopback("localhost")).as("a name, not looked up").isFalse();
        assertThat(FailedAttempts.isLoopback(null)).isFalse();
    }
}
