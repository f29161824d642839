package com.paywire.api.checkout;

import com.paywire.api.platform.Outbox;
import com.paywire.domain.checkout.CheckoutOrders;
import io.temporal.client.WorkflowClient;
import java.time.Clock;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/** The outbox's sweep for checkout orders: those accepted while Temporal was away are started when it is back. */
@Component
class CheckoutStarter {

    private final CheckoutOrders orders;
    private final WorkflowClient temporal;
    private final Clock clock;

    CheckoutStarter(CheckoutOrders orders, WorkflowClient temporal, Clock clock) {
        this.orders = orders;
        this.temporal = temporal;
        this.clock = clock;
    }

    @Scheduled(fixedDelayString = "${paywire.payouts.start-sweep-interval:10s}")
    void startStragglers() {
        Outbox.startAll(temporal, "checkout orders", orders.unstarted(Outbox.acceptedBefore(clock), 100), orders::start);
    }
}
