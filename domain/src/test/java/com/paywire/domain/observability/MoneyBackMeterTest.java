package com.paywire.domain.observability;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.vocabulary.cards.DisputeStatus;
import com.paywire.vocabulary.paybacks.PayBackKind;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.List;
import org.junit.jupiter.api.Test;

class MoneyBackMeterTest {

    final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    final MoneyBackMeter meter = new MoneyBackMeter(meters);

    @Test
    void everyKindsOutcomes_shouldBeRegisteredAtZero_beforeAnything() {
        List<String> series = meters.find(PaywireMeters.MONEY_BACK).counters().stream()
                .map(c -> c.getId().getTag(PaywireMeters.KIND) + " " + c.getId().getTag(PaywireMeters.OUTCOME))
                .sorted().toList();

        assertThat(series).containsExactly("collection_reversal held", "collection_reversal paid_back",
                "collection_reversal refused", "dispute lost", "dispute opened", "dispute won",
                "payout_reversal held", "payout_reversal paid_back", "payout_reversal refused", "refund_due held",
                "refund_due paid_back", "refund_due refused", "suspense_return held", "suspense_return paid_back",
                "suspense_return refused");
        assertThat(meters.find(PaywireMeters.MONEY_BACK).counters()).allSatisfy(c -> assertThat(c.count()).isZero());
    }

    @Test
    void eachEnd_shouldCountUnderItsKindAndOutcome() {
        meter.disputeOpened();
        meter.disputeDecided(DisputeStatus.WON);
        meter.disputeDecided(DisputeStatus.LOST);
        meter.disputeDecided(DisputeStatus.LOST);
        meter.payBackClosed(PayBackKind.COLLECTION_REVERSAL, false);
        meter.payBackHeld(PayBackKind.SUSPENSE_RETURN);
        meter.payoutReversalClosed(true);

        assertThat(count("dispute", "opened")).isEqualTo(1.0);
        assertThat(count("dispute", "won")).isEqualTo(1.0);
        assertThat(count("dispute", "lost")).isEqualTo(2.0);
        assertThat(count("collection_reversal", "refused")).isEqualTo(1.0);
        assertThat(count("collection_reversal", "paid_back")).isZero();
        assertThat(count("suspense_return", "held")).isEqualTo(1.0);
        assertThat(count("payout_reversal", "paid_back")).isEqualTo(1.0);
    }

    private double count(String kind, String outcome) {
        Counter counter = meters.find(PaywireMeters.MONEY_BACK).tag(PaywireMeters.KIND, kind)
                .tag(PaywireMeters.OUTCOME, outcome).counter();
        return counter == null ? -1 : counter.count();
    }
}
