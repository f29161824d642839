package com.paywire.domain.timeline;

import com.paywire.persistence.ledger.Ledger;
import com.paywire.vocabulary.notifications.Event;
import com.paywire.vocabulary.timeline.PaymentMatch;
import java.util.List;

/**
 * A payment with what its timeline was read from, as the console shows it: its steps, its ledger transfers (oldest
 * first, per key), and its events, each with every delivery and attempt.
 */
public record PaymentDetail(PaymentMatch payment, Timeline timeline, List<Ledger.Transfer> transfers,
                            List<EventDeliveries> events) {

    /** @param deliveries oldest first, each with its attempts */
    public record EventDeliveries(Event event, List<DeliverySteps.DeliveryAttempts> deliveries) {
    }
}
