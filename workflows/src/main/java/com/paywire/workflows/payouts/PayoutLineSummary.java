package com.paywire.workflows.payouts;

/** The one-line summary a payout line's workflow carries in its memo, for whoever looks it up in Temporal's UI. */
public final class PayoutLineSummary {

    private PayoutLineSummary() {
    }

    public static String of(PayoutLineCommand line, String originatorConversationId) {
        return "Payout of " + line.amount() + " " + line.currency() + " by " + line.rail() + ", order "
                + originatorConversationId;
    }
}
