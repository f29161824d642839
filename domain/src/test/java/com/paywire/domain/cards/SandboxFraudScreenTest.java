package com.paywire.domain.cards;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.ArgumentMatchers.isNull;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.paywire.persistence.cards.CardStore.FraudScreenRecord;
import com.paywire.persistence.cards.CardStore;
import com.paywire.vocabulary.cards.CardSummary;
import com.paywire.vocabulary.rules.cards.FraudVerdict;
import com.paywire.workflows.cards.FraudDecision;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The screen around the rules: which facts it asks the store for (the velocity windows end now and begin exactly
 * their length before), what it records, and that a screen already recorded is answered as recorded.
 */
class SandboxFraudScreenTest {

    static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
    static final OffsetDateTime NOW_UTC = NOW.atOffset(ZoneOffset.UTC);
    static final CardSummary VISA = new CardSummary("pi_1", "VISA", "1111", "12", "2030");
    static final CardSummary AMEX = new CardSummary("pi_2", "AMEX", "0005", "12", "2030");

    final CardStore store = mock(CardStore.class);
    final SandboxFraudScreen screen = new SandboxFraudScreen(store, Clock.fixed(NOW, ZoneOffset.UTC));
    final AtomicReference<FraudScreenRecord> saved = new AtomicReference<>();

    SandboxFraudScreenTest() {
        when(store.findFraudScreen(eq("client-a"), eq("fs_1"))).thenAnswer(ask -> Optional.ofNullable(saved.get()));
        doAnswer(save -> {
            saved.compareAndSet(null, save.getArgument(0));
            return null;
        }).when(store).saveFraudScreen(any(), eq("client-a"));
    }

    @Test
    void itShouldCountTheCardsScreensOverTenMinutes_andTheClientsOverOne_endingNow() {
        when(store.screensSince("client-a", "pi_1", NOW_UTC.minusMinutes(10))).thenReturn(3);

        FraudDecision decision = screen.screen("fs_1", "client-a", VISA, new BigDecimal("10.00"), "USD", "US");

        verify(store).screensSince("client-a", null, NOW_UTC.minusMinutes(1));
        assertThat(decision.rejected()).isTrue();
        assertThat(decision.reasons()).containsExactly("CARD_VELOCITY");
    }

    @Test
    void itShouldRecordTheDecision_andAnswerWhatWasRecorded() {
        FraudDecision decision = screen.screen("fs_1", "client-a", AMEX, new BigDecimal("2500.00"), "KES", "ke");

        assertThat(saved.get()).isEqualTo(new FraudScreenRecord("fs_1", "pi_2", new BigDecimal("2500.00"), "KES",
                "REVIEW", 40, "HIGH_AMOUNT"));
        assertThat(decision).isEqualTo(new FraudDecision("fs_1", FraudVerdict.REVIEW, 40,
                List.of("HIGH_AMOUNT")));
    }

    @Test
    void givenAScreenAlreadyRecorded_itShouldAnswerIt_andCountNothingAgain() {
        saved.set(new FraudScreenRecord("fs_1", "pi_1", BigDecimal.TEN, "USD", "ACCEPT", 0, ""));

        FraudDecision decision = screen.screen("fs_1", "client-a", VISA, new BigDecimal("99999.00"), "USD", "KE");

        assertThat(decision).isEqualTo(new FraudDecision("fs_1", FraudVerdict.ACCEPT, 0, List.of()));
        verify(store, never()).screensSince(any(), isNull(), any());
        verify(store, never()).saveFraudScreen(any(), any());
    }
}
