package com.paywire.domain.rails;

import com.paywire.vocabulary.rails.Rail;
import com.paywire.workflows.payouts.RailResult;

/**
 * The settlements a bank callback may name instead of a payout line (their reference is the settlement's id),
 * implemented by the settlements' package, which this one may not import.
 */
public interface SettlementPayouts {

    /**
     * Hands the rail's answer to the settlement it names, if any.
     *
     * @return whether a settlement of this rail took it; false when the reference names none
     */
    boolean railResult(Rail rail, RailResult result);
}
