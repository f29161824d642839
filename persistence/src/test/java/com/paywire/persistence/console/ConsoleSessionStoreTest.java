package com.paywire.persistence.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.persistence.PersistenceTestApplication;
import com.paywire.persistence.TestDatabase;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.vocabulary.clients.ApiClient;
import com.paywire.vocabulary.console.ActiveSession;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** A console session is used while it is neither idle too long nor past its end, and its client is enabled. */
@SpringBootTest(classes = PersistenceTestApplication.class)
class ConsoleSessionStoreTest {

    private static final Duration IDLE = Duration.ofMinutes(15);

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        TestDatabase.register(registry);
    }

    @Autowired
    ConsoleSessionStore sessions;
    @Autowired
    ApiClientStore clients;

    String client;
    String idHash;
    Instant start;

    @BeforeEach
    void aSession() {
        client = "console-" + UUID.randomUUID();
        clients.register(new ApiClient(client, "Acme", "x", Set.of("payouts", "webhooks")), List.of());
        idHash = "hash-" + UUID.randomUUID();
        start = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        sessions.insert(idHash, client, start, start.plus(Duration.ofHours(12)));
    }

    private boolean usable(Instant now) {
        return sessions.use(idHash, now.minus(IDLE), now).isPresent();
    }

    @Test
    void givenUseWithinTheIdleTimeout_eachUseShouldMoveItsIdleEnd() {
        ActiveSession session = sessions.use(idHash, start.minus(IDLE), start.plusSeconds(1))
                .orElseThrow();

        assertThat(session.clientId()).isEqualTo(client);
        assertThat(session.clientName()).isEqualTo("Acme");
        assertThat(session.scopes()).containsExactlyInAnyOrder("payouts", "webhooks");
        assertThat(usable(start.plus(Duration.ofMinutes(14)))).isTrue();
        assertThat(usable(start.plus(Duration.ofMinutes(28)))).as("14 minutes after the last use").isTrue();
    }

    @Test
    void givenNoUseForTheIdleTimeout_itShouldBeEnded_andStayEnded() {
        assertThat(usable(start.plus(IDLE))).isFalse();
        assertThat(usable(start.plus(IDLE).plusSeconds(1))).as("a refused use does not count as one").isFalse();
    }

    @Test
    void givenItsAbsoluteEnd_itShouldBeEndedHoweverBusy() {
        Instant now = start;
        for (int i = 0; i < 12 * 6; i++) { // used every 10 minutes for 12 hours
            now = now.plus(Duration.ofMinutes(10));
            assertThat(usable(now)).as("after %s", Duration.between(start, now)).isEqualTo(i < 12 * 6 - 1);
        }
    }

    @Test
    void givenTheClientIsDisabled_itsSessionShouldEndAtOnce() {
        clients.setEnabled(client, false);

        assertThat(usable(start.plusSeconds(1))).isFalse();
    }

    @Test
    void givenAnUnknownIdOrOneDeleted_nothingShouldBeFound() {
        assertThat(sessions.use("no-such-hash", start.minus(IDLE), start)).isEmpty();

        sessions.delete(idHash);

        assertThat(usable(start.plusSeconds(1))).isFalse();
    }

    @Test
    void givenEndedSessions_deleteEndedShouldForgetThemAlone() {
        String idle = "idle-" + UUID.randomUUID();
        sessions.insert(idle, client, start.minus(Duration.ofHours(1)), start.plus(Duration.ofHours(1)));

        int deleted = sessions.deleteEnded(start.minus(IDLE), start);

        assertThat(deleted).isGreaterThanOrEqualTo(1);
        assertThat(sessions.use(idle, start.minus(Duration.ofDays(1)), start)).isEmpty();
        assertThat(usable(start.plusSeconds(1))).isTrue();
    }
}
