package com.paywire.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** An answer is kept for its span and no longer, forgotten on demand, and only when it found something. */
class RememberedTest {

    private static final Instant START = Instant.parse("2026-07-01T09:00:00Z");
    private static final Duration SPAN = Duration.ofSeconds(5);

    private final List<String> reads = new ArrayList<>();

    private Optional<String> read(String key) {
        reads.add(key);
        return key.startsWith("absent") ? Optional.empty() : Optional.of(key + "#" + reads.size());
    }

    @Test
    void anAnswer_shouldBeKeptWithinItsSpan_andReadAgainOnceItAged() {
        Instant[] now = {START};
        Remembered<String, String> remembered = new Remembered<>(SPAN, new Clock() {
            @Override
            public ZoneOffset getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(ZoneId zone) {
                return this;
            }

            @Override
            public Instant instant() {
                return now[0];
            }
        });

        assertThat(remembered.get("acme", this::read)).contains("acme#1");
        now[0] = START.plus(SPAN).minusMillis(1);
        assertThat(remembered.get("acme", this::read)).contains("acme#1");
        assertThat(reads).containsExactly("acme");
        now[0] = START.plus(SPAN);
        assertThat(remembered.get("acme", this::read)).contains("acme#2");
    }

    @Test
    void aForgottenAnswer_shouldBeReadAgain() {
        Remembered<String, String> remembered = new Remembered<>(SPAN, Clock.fixed(START, ZoneOffset.UTC));
        remembered.get("acme", this::read);

        remembered.forget("acme");

        assertThat(remembered.get("acme", this::read)).contains("acme#2");
    }

    @Test
    void anAnswerThatFoundNothing_shouldNotBeKept() {
        Remembered<String, String> remembered = new Remembered<>(SPAN, Clock.fixed(START, ZoneOffset.UTC));

        assertThat(remembered.get("absent-client", this::read)).isEmpty();
        assertThat(remembered.get("absent-client", this::read)).isEmpty();

        assertThat(reads).containsExactly("absent-client", "absent-client");
    }
}
