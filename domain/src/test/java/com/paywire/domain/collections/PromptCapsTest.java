package com.paywire.domain.collections;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** How a page tells the payer when a capped phone or order may be prompted again. */
class PromptCapsTest {

    @Test
    void givenTheWait_itShouldBeSaidInWholeMinutesRoundedUp_andInHoursWhenLong() {
        assertThat(PromptCaps.inWords(Duration.ofSeconds(20))).isEqualTo("1 minute");
        assertThat(PromptCaps.inWords(Duration.ofSeconds(61))).isEqualTo("2 minutes");
        assertThat(PromptCaps.inWords(Duration.ofMinutes(90))).isEqualTo("90 minutes");
        assertThat(PromptCaps.inWords(Duration.ofMinutes(91))).isEqualTo("about 2 hours");
        assertThat(PromptCaps.inWords(Duration.ofHours(23).plusMinutes(1))).isEqualTo("about 24 hours");
    }
}
