package com.paywire.domain.rails.airtime;

import com.paywire.persistence.airtime.AirtimeRecipient;
import com.paywire.workflows.airtime.TopUpOutcome;

/** What Paywire asks the networks' airtime rail ({@link AirtimeRailProtocol}), behind airtime purchases. */
public interface AirtimeRail {

    /**
     * Tops the recipient up: done or refused, in Paywire's codes.
     *
     * @param reference the recipient as the workflow names it: the outcome's reference and the idempotency key
     */
    TopUpOutcome topUp(String reference, AirtimeRecipient recipient);

    /**
     * What became of the recipient's top-up: never received, or its outcome.
     *
     * @throws com.paywire.domain.rails.RailUnavailableException when the rail has no outcome yet: asked again later
     */
    TopUpOutcome status(String reference, AirtimeRecipient recipient);
}
