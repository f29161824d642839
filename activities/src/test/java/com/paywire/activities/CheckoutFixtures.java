package com.paywire.activities;

import com.paywire.persistence.checkout.CheckoutStore;
import com.paywire.persistence.collections.DepositStore;
import com.paywire.vocabulary.checkout.BillingDetails;
import com.paywire.vocabulary.checkout.CheckoutOrder;
import com.paywire.vocabulary.checkout.CheckoutStatus;
import com.paywire.vocabulary.checkout.PaymentMethod;
import com.paywire.vocabulary.collections.Deposit;
import com.paywire.vocabulary.collections.DepositStatus;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

/** Checkout orders and their mobile-money attempts as rows, for tests of the money they move. */
public final class CheckoutFixtures {

    /** The sandbox's card checkout route (seeded): any seeded route serves an order row. */
    private static final UUID CARD_ROUTE = UUID.fromString("9701CD4F-98B8-423C-829E-28C6DC337E18");

    private CheckoutFixtures() {
    }

    /** An order of the client's for {@code total} KES with a fee of {@code fee}, in {@code status}. */
    public static UUID order(CheckoutStore checkouts, String client, CheckoutStatus status, BigDecimal total,
                             BigDecimal fee) {
        UUID id = UUID.randomUUID();
        OffsetDateTime now = OffsetDateTime.now();
        checkouts.insert(new CheckoutOrder(id, UUID.randomUUID(), client, "ocid-" + id, "INV-1", CARD_ROUTE, 158,
                PaymentMethod.CARD, null, 404, "KES", now.plusHours(1), "https://shop.example/return",
                "https://shop.example/cancel", "https://shop.example/callback", null, total, fee, status,
                status.description(), CheckoutOrder.Outcome.NONE, null,
                new BillingDetails(null, null, null, null, null, null, null, null, null), 0, false, now, now),
                List.of());
        return id;
    }

    /** A pending order of 250.00 KES (fee 5.00) and its mobile-money attempt, pending: the attempt's deposit id. */
    public static UUID mobileAttempt(CheckoutStore checkouts, DepositStore deposits, String client) {
        UUID order = order(checkouts, client, CheckoutStatus.PENDING, new BigDecimal("250.00"), new BigDecimal("5.00"));
        UUID id = UUID.randomUUID();
        deposits.insertForCheckout(new Deposit(id, client, "attempt-" + id, null, null, new BigDecimal("250.00"),
                "254712000001", "Checkout INV-1", null, null, null, null, null, "KES", null, null, null, null, null,
                null, DepositStatus.PENDING, null, null, null, null, true, OffsetDateTime.now()), order);
        return id;
    }
}
