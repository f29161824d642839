package com.paywire.api.platform;

import com.paywire.domain.payouts.reversals.PayoutReversals;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/** The outbox sweep of payout reversals Temporal has not got yet, beside {@link OutboxSweeps}'. */
@Component
class PayoutReversalSweep {

    private final PayoutReversals reversals;

    PayoutReversalSweep(PayoutReversals reversals) {
        this.reversals = reversals;
    }

    @Scheduled(fixedDelayString = "${paywire.payouts.start-sweep-interval:10s}")
    void startPayoutReversals() {
        reversals.startStragglers();
    }
}
