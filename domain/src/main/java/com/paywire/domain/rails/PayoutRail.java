package com.paywire.domain.rails;

import com.paywire.vocabulary.rails.Rail;
import com.paywire.workflows.payouts.PayoutLineCommand;
import com.paywire.workflows.payouts.RailAcknowledgement;
import com.paywire.workflows.payouts.RailResult;

/**
 * What Paywire asks a payout rail (mobile money, bank): pay a line, and what became of one. Over HTTP it is
 * {@link HttpPayoutRail}, in the rail's {@link PayoutRailProtocol}.
 */
public interface PayoutRail {

    Rail rail();

    /** Sends the line's payout: accepted (its result comes later) or refused, which is final. */
    RailAcknowledgement send(PayoutLineCommand line);

    /** What the rail knows of the payout it was sent under {@code reference}; UNKNOWN if it never heard of it. */
    RailResult status(String reference);
}
