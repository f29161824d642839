package com.paywire.domain.observability;

import com.paywire.vocabulary.cards.DisputeStatus;
import com.paywire.vocabulary.paybacks.PayBackKind;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * {@link PaywireMeters#MONEY_BACK}: money going back to a payer or a cardholder, counted where its record changes
 * once (a dispute opened or decided, a pay-back or a payout's reversal closed or referred held), so that a rise in
 * disputes or in reversals the rail never answers shows on the dashboard. Every kind's outcomes are registered at 0
 * in each role, so a rate reads 0 rather than nothing before the first.
 */
@Component
public class MoneyBackMeter {

    /** A card dispute: opened by the processor (API), then won or lost (worker). */
    public static final String DISPUTE = "dispute";
    /** A payout line taken back from the wallet it went to. */
    public static final String PAYOUT_REVERSAL = "payout_reversal";

    public static final String OPENED = "opened";
    public static final String WON = "won";
    public static final String LOST = "lost";
    /** The rail moved the money back. */
    public static final String PAID_BACK = "paid_back";
    /** The rail refused: the money stays where it was. */
    public static final String REFUSED = "refused";
    /** No answer from the rail within its window: the money stays held, referred to operators. */
    public static final String HELD = "held";

    private static final Map<String, List<String>> OUTCOMES = outcomes();

    private final MeterRegistry meters;

    public MoneyBackMeter(MeterRegistry meters) {
        this.meters = meters;
        OUTCOMES.forEach((kind, outcomes) -> outcomes.forEach(outcome -> counter(kind, outcome)));
    }

    public void disputeOpened() {
        counter(DISPUTE, OPENED).increment();
    }

    public void disputeDecided(DisputeStatus decision) {
        counter(DISPUTE, decision == DisputeStatus.WON ? WON : LOST).increment();
    }

    /** A pay-back (a suspense return, a refund due, a collection's reversal) closed by the rail's final word. */
    public void payBackClosed(PayBackKind kind, boolean paidBack) {
        counter(kindOf(kind), paidBack ? PAID_BACK : REFUSED).increment();
    }

    public void payBackHeld(PayBackKind kind) {
        counter(kindOf(kind), HELD).increment();
    }

    public void payoutReversalClosed(boolean reversed) {
        counter(PAYOUT_REVERSAL, reversed ? PAID_BACK : REFUSED).increment();
    }

    public void payoutReversalHeld() {
        counter(PAYOUT_REVERSAL, HELD).increment();
    }

    /** The tag of a pay-back's kind: its name in lower case ({@code collection_reversal}). */
    static String kindOf(PayBackKind kind) {
        return kind.name().toLowerCase(Locale.ROOT);
    }

    private Counter counter(String kind, String outcome) {
        return meters.counter(PaywireMeters.MONEY_BACK, PaywireMeters.KIND, kind, PaywireMeters.OUTCOME, outcome);
    }

    private static Map<String, List<String>> outcomes() {
        Map<String, List<String>> outcomes = new LinkedHashMap<>();
        outcomes.put(DISPUTE, List.of(OPENED, WON, LOST));
        for (PayBackKind kind : PayBackKind.values()) {
            outcomes.put(kindOf(kind), List.of(PAID_BACK, REFUSED, HELD));
        }
        outcomes.put(PAYOUT_REVERSAL, List.of(PAID_BACK, REFUSED, HELD));
        return Map.copyOf(outcomes);
    }
}
