package com.paywire.api.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/** The console's times: one zone, Nairobi's, named after each time, also where a time is inside words. */
class ConsoleFormatTest {

    private final ConsoleFormat show = ConsoleFormat.INSTANCE;

    @Test
    void givenAnInstantOrAnOffsetTime_itShouldBeShownInNairobiTime_withTheZonesName() {
        assertThat(show.time(Instant.parse("2026-12-01T21:25:19Z"))).isEqualTo("2026-12-02 00:25:19 EAT");
        assertThat(show.time(OffsetDateTime.of(2026, 12, 1, 23, 25, 19, 0, ZoneOffset.ofHours(2))))
                .isEqualTo("2026-12-02 00:25:19 EAT");
        assertThat(show.zone()).isEqualTo("EAT (Africa/Nairobi)");
    }

    @Test
    void givenWordsHoldingUtcInstants_eachShouldBeWrittenInNairobiTime_andTheRestLeftAsItIs() {
        assertThat(show.text("waits at most 2 min, until 2026-12-01T21:25:19.123456789Z"))
                .isEqualTo("waits at most 2 min, until 2026-12-02 00:25:19 EAT");
        assertThat(show.text("from 2026-12-01T21:00:00Z to 2026-12-01T22:00:00.5Z, attempt 2"))
                .isEqualTo("from 2026-12-02 00:00:00 EAT to 2026-12-02 01:00:00 EAT, attempt 2");
        assertThat(show.text("rail answered 503, retrying in 4 s")).isEqualTo("rail answered 503, retrying in 4 s");
        assertThat(show.text("reference 2026-12-01T21:25 is no instant")).isEqualTo("reference 2026-12-01T21:25 is no instant");
        assertThat(show.text(null)).isNull();
    }
}
