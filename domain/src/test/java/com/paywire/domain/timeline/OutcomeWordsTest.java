package com.paywire.domain.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How a result, a signal or an input reads in a step: a few known fields, never the rest. */
class OutcomeWordsTest {

    @Test
    void givenARailsAnswer_itsStateAndCodeShouldBeRead() {
        assertThat(OutcomeWords.of(Map.of("state", "FAILED", "resultCode", "2001", "resultDescription", "Wrong PIN")))
                .isEqualTo("failed (2001: Wrong PIN)");
        assertThat(OutcomeWords.of(Map.of("state", "ANSWERED", "resultCode", "1032", "resultDesc", "Cancelled")))
                .isEqualTo("not paid (1032: Cancelled)");
        assertThat(OutcomeWords.of(Map.of("accepted", false, "refusal", Map.of("state", "FAILED", "resultCode", "6"))))
                .isEqualTo("refused: failed (6)");
        assertThat(OutcomeWords.of(Map.of("resultCode", "0", "resultDesc", "The number was topped up")))
                .isEqualTo("The number was topped up (0)");
    }

    @Test
    void givenARecordCarryingPersonalData_onlyItsKnownFieldsShouldBeRead() {
        String words = OutcomeWords.of(Map.of("state", "COMPLETED", "creditPartyName", "Jane Doe",
                "account", "+254712345678", "accountName", "Jane"));

        assertThat(words).isEqualTo("paid");
    }

    @Test
    void givenPlainValues_onlyCodesShouldBeShown_andInputsReadOnlyFromRecords() {
        assertThat(OutcomeWords.of("COMPLETED")).isEqualTo("completed");
        assertThat(OutcomeWords.of("0")).isEqualTo("result code 0");
        assertThat(OutcomeWords.of("Jane Doe, 0712 345 678")).isEmpty();
        assertThat(OutcomeWords.ofFirstTelling(List.of("paywire-sandbox", "KES", Map.of("status", "CAPTURED"))))
                .isEqualTo("captured");
    }
}
