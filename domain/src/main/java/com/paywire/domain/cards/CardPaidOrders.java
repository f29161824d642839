package com.paywire.domain.cards;

import com.paywire.vocabulary.checkout.CheckoutOrder;
import java.math.BigDecimal;
import java.util.Optional;

/**
 * The checkout orders card captures paid, as a card refund's money needs them: which order a capture paid, and what
 * its refunds have taken back of it. The checkout's {@code CheckoutRefunds} keeps them; declared here so that the
 * card money does not import the checkout above it. Both run in the caller's transaction.
 */
public interface CardPaidOrders {

    /** The client's order paid by this card capture, locked until the caller's transaction ends. */
    Optional<CheckoutOrder> paidBy(String clientId, String captureId);

    /** Records how much of the paid order has been refunded. */
    void refunded(CheckoutOrder order, BigDecimal refunded);
}
