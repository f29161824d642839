package com.paywire.domain.checkout;

import com.paywire.domain.cards.CardPaidOrders;
import com.paywire.domain.notifications.EventPublisher;
import com.paywire.persistence.checkout.CheckoutStore;
import com.paywire.vocabulary.checkout.CheckoutOrder;
import com.paywire.vocabulary.checkout.CheckoutStatus;
import com.paywire.vocabulary.products.Product;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * A checkout order paid by card and refunded through the card API (with the order's CaptureId): its status says how
 * much of it came back (Partially refunded, Refunded; Completed again when a failed refund leaves none), and the
 * merchant is called back, as at every status change.
 */
@Component
public class CheckoutRefunds implements CardPaidOrders {

    private final CheckoutStore checkouts;
    private final EventPublisher publisher;
    private final Clock clock;

    public CheckoutRefunds(CheckoutStore checkouts, EventPublisher publisher, Clock clock) {
        this.checkouts = checkouts;
        this.publisher = publisher;
        this.clock = clock;
    }

    @Override
    public Optional<CheckoutOrder> paidBy(String clientId, String captureId) {
        return checkouts.lockPaidByCardCapture(clientId, captureId);
    }

    /** Its status says how much: Partially refunded, Refunded, or Completed again when none is. */
    @Override
    public void refunded(CheckoutOrder order, BigDecimal refunded) {
        CheckoutStatus status = refunded.signum() == 0 ? CheckoutStatus.COMPLETED
                : refunded.compareTo(order.totalAmount()) >= 0 ? CheckoutStatus.REFUNDED
                : CheckoutStatus.PARTIALLY_REFUNDED;
        checkouts.recordStatusOnly(order.id(), status, OffsetDateTime.now(clock));
    }

    /**
     * Calls the merchant back with the order as it now stands, once the change is committed. The event is named
     * after the order and the change, so a retry publishes it once.
     */
    public void announce(UUID checkoutId, String change) {
        CheckoutOrder order = checkouts.find(checkoutId).orElseThrow();
        String eventId = UUID.nameUUIDFromBytes((Product.CHECKOUT.eventKey(checkoutId.toString()) + ":" + change)
                .getBytes(StandardCharsets.UTF_8)).toString();
        publisher.publish(CheckoutDocuments.callbackEvent(order, checkouts.lines(checkoutId), eventId, clock.millis()));
    }
}
