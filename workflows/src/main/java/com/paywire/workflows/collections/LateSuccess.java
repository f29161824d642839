package com.paywire.workflows.collections;

/**
 * What a phone prompt's late success left to do once its deposit was recorded: nothing, or (for an attempt at
 * a checkout order) giving the payment to that order.
 *
 * @param checkoutId         the order the deposit was an attempt at, or null
 * @param checkoutWorkflowId that order's workflow, or null
 */
public record LateSuccess(String checkoutId, String checkoutWorkflowId) {

    public static final LateSuccess DONE = new LateSuccess(null, null);

    public boolean forCheckout() {
        return checkoutId != null;
    }
}
