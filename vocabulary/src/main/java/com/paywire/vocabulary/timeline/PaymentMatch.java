package com.paywire.vocabulary.timeline;

import com.paywire.vocabulary.products.Product;

/**
 * One payment an id named ({@code PaymentIdentifiers} in persistence finds them).
 *
 * @param paywireId       Paywire's id of it: the row's UUID, a payout line's rail reference, a card payment's
 *                        AuthorisationId
 * @param clientReference the client's own id of it (a payment link has none: null)
 * @param partOf          Paywire's id of the payment it is part of: a payout line's order, a deposit's checkout
 *                        order or payment link; otherwise null
 */
public record PaymentMatch(Product kind, String clientId, String paywireId, String clientReference, String partOf) {
}
