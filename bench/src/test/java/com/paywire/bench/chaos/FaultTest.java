package com.paywire.bench.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FaultTest {

    @Test
    void theFaultsPastTheWindowApplyToThePayoutAirtimeAndBillerRailsOnly() {
        for (Fault fault : new Fault[] {Fault.DONE_BUT_5XX_PAST_WINDOW, Fault.DONE_BUT_SILENT_PAST_WINDOW}) {
            assertThat(fault.appliesTo("/mobile-money/b2c/payments")).isTrue();
            assertThat(fault.appliesTo("/bank/transfers")).isTrue();
            assertThat(fault.appliesTo("/airtime/topups")).isTrue();
            assertThat(fault.appliesTo("/biller/payments")).isTrue();
            assertThat(fault.appliesTo("/mobile-money/stk-push")).isFalse();
            assertThat(fault.appliesTo("/card-processor/payments")).isFalse();
        }
    }

    @Test
    void aLatePromptIsThePhonePromptRailsAndATimedOutCaptureOnlyACapture() {
        assertThat(Fault.PROMPT_PAID_AFTER_WINDOW.appliesTo("/mobile-money/stk-push")).isTrue();
        assertThat(Fault.PROMPT_PAID_AFTER_WINDOW.appliesTo("/mobile-money/b2c/payments")).isFalse();
        assertThat(Fault.CARD_CAPTURED_BUT_TIMED_OUT.appliesTo("/card-processor/payments/p_1/captures")).isTrue();
        assertThat(Fault.CARD_CAPTURED_BUT_TIMED_OUT.appliesTo("/card-processor/payments")).isFalse();
        assertThat(Fault.CARD_CAPTURED_BUT_TIMED_OUT.appliesTo("/card-processor/captures/c_1/refunds")).isFalse();
    }

    @Test
    void aTimedOutRefundIsOnlyARefundAndTheProcessorAwayOnlyItsCapturesAndRefunds() {
        assertThat(Fault.CARD_REFUNDED_BUT_TIMED_OUT.appliesTo("/card-processor/captures/c_1/refunds")).isTrue();
        assertThat(Fault.CARD_REFUNDED_BUT_TIMED_OUT.appliesTo("/card-processor/payments/p_1/captures")).isFalse();
        assertThat(Fault.CARD_PROCESSOR_AWAY_AFTER_EFFECT.appliesTo("/card-processor/payments/p_1/captures")).isTrue();
        assertThat(Fault.CARD_PROCESSOR_AWAY_AFTER_EFFECT.appliesTo("/card-processor/captures/c_1/refunds")).isTrue();
        assertThat(Fault.CARD_PROCESSOR_AWAY_AFTER_EFFECT.appliesTo("/card-processor/payments")).isFalse();
        assertThat(Fault.PAYOUT_PAID_PAST_RECONCILIATION.appliesTo("/mobile-money/b2c/payments")).isTrue();
        assertThat(Fault.PAYOUT_PAID_PAST_RECONCILIATION.appliesTo("/airtime/topups")).isFalse();
    }

    @Test
    void theLoadsFaultIsSwitchedButAppliesToNoRailRequest() {
        assertThat(Fault.CAPTURE_BELOW_SMALLEST_BAND.switched()).isTrue();
        assertThat(Fault.CAPTURE_BELOW_SMALLEST_BAND.rail()).isFalse();
        assertThat(Fault.CAPTURE_BELOW_SMALLEST_BAND.appliesTo("/card-processor/payments/p_1/captures")).isFalse();
        assertThat(Fault.WORKER_KILLED_AFTER_RAIL_ACCEPTED.switched()).isFalse();
    }

    @Test
    void theOlderRailFaultsApplyToEveryRailButNotToTheSimulatorsOwnPaths() {
        assertThat(Fault.RAIL_5XX.appliesTo("/identity-registry/persons/lookup")).isTrue();
        assertThat(Fault.RAIL_5XX.appliesTo("/mobile-money/stk-push/abc")).isTrue();
        assertThat(Fault.RAIL_5XX.appliesTo("/simulator/status")).isFalse();
        assertThat(Fault.WORKER_KILLED.appliesTo("/bank/transfers")).isFalse();
    }

    @Test
    void theRunTellsTheApiTheWindowsItsFaultsOutlast() {
        assertThat(Rail.settings()).containsEntry("PAYWIRE_PAYOUT_ANSWER_WINDOW", "120s")
                .containsEntry("PAYWIRE_PROMPT_WINDOW", "60s").containsEntry("PAYWIRE_AIRTIME_WINDOW", "120s")
                .containsEntry("PAYWIRE_BILL_PAY_WINDOW", "60s")
                .containsEntry("PAYWIRE_PAYOUT_RECONCILIATION_WINDOW", "180s");
    }
}
