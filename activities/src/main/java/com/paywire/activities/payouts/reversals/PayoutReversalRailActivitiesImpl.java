package com.paywire.activities.payouts.reversals;

import static com.paywire.activities.ActivityFailures.reported;

import com.paywire.domain.rails.mobilemoney.ReversalRail;
import com.paywire.persistence.InvariantViolationException;
import com.paywire.persistence.payouts.reversals.PayoutReversalStore;
import com.paywire.vocabulary.payouts.reversals.PayoutReversal;
import com.paywire.vocabulary.payouts.reversals.PayoutReversalStatus;
import com.paywire.workflows.paybacks.PayBackAnswer;
import com.paywire.workflows.payouts.reversals.PayoutReversalRailActivities;
import java.util.UUID;
import org.springframework.stereotype.Component;

/** The mobile-money rail's reversal of a payout, under the reversal's rail reference as the idempotency key. */
@Component
public class PayoutReversalRailActivitiesImpl implements PayoutReversalRailActivities {

    private final PayoutReversalStore reversals;
    private final ReversalRail rail;

    public PayoutReversalRailActivitiesImpl(PayoutReversalStore reversals, ReversalRail rail) {
        this.reversals = reversals;
        this.rail = rail;
    }

    @Override
    public PayBackAnswer askToReverse(String reversalId) {
        return reported(() -> {
            PayoutReversal reversal = held(reversalId);
            return rail.reverse(reversal.railReference(), reversal.originalReceipt(), reversal.amount(),
                    reversal.msisdn(), "Paywire reverses payout " + reversal.systemTraceAuditNumber());
        });
    }

    @Override
    public PayBackAnswer reversalStatus(String reversalId) {
        return reported(() -> rail.status(held(reversalId).railReference()));
    }

    /** The reversal, once its money is held: the rail is never asked before. */
    private PayoutReversal held(String reversalId) {
        PayoutReversal reversal = reversals.find(UUID.fromString(reversalId)).orElseThrow(
                () -> new InvariantViolationException("no payout reversal " + reversalId));
        if (reversal.status() == PayoutReversalStatus.PENDING) {
            throw new InvariantViolationException("payout reversal " + reversalId + " is not held yet");
        }
        return reversal;
    }
}
