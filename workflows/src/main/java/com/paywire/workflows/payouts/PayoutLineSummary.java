package com.paywire.workflows.payouts;

import com.paywire.vocabulary.payouts.LineStatus;
import com.paywire.vocabulary.products.Product;
import com.paywire.workflows.PaymentSearchAttributes;
import io.temporal.common.SearchAttributes;

/**
 * What a payout line's workflow is known by in Temporal's UI, however it is started (by its order's workflow, or
 * directly for an order of one line): the one-line summary in its memo, and its search attributes.
 */
public final class PayoutLineSummary {

    private PayoutLineSummary() {
    }

    public static String of(PayoutLineCommand line, String originatorConversationId) {
        return "Payout of " + line.amount() + " " + line.currency() + " by " + line.rail() + ", order "
                + originatorConversationId;
    }

    /** The order's originatorConversationId finds the order and each of its lines. */
    public static SearchAttributes searchAttributes(PayoutLineCommand line, String originatorConversationId) {
        return PaymentSearchAttributes.of(Product.PAYOUT, line.clientId(),
                originatorConversationId, line.rail(), LineStatus.PENDING);
    }
}
