package com.paywire.vocabulary.rails;

import com.paywire.vocabulary.networks.MobileNetwork;
import java.util.Objects;

/**
 * Whom a payment's money settles with, as the ledger names the settlement account it leaves or arrives by: the
 * rail's own account, or for airtime the issuing network's ({@code AIRTIME_SAFARICOM}), since each network is owed
 * for the airtime it issued.
 *
 * @param rail    the rail the money goes by
 * @param network for airtime, the network that issued it; null for every other rail
 */
public record Settlement(Rail rail, MobileNetwork network) {

    public Settlement {
        Objects.requireNonNull(rail, "rail");
        if ((rail == Rail.AIRTIME) != (network != null)) {
            throw new IllegalArgumentException("airtime settles with its network, and only airtime: " + rail);
        }
        if (network == null && rail.ledgerName().isEmpty()) {
            throw new IllegalArgumentException(rail + " moves no money");
        }
    }

    /** The settlement of a rail that has one account for all its money. */
    public static Settlement with(Rail rail) {
        return new Settlement(rail, null);
    }

    /** The settlement of airtime the network issued. */
    public static Settlement airtime(MobileNetwork network) {
        return new Settlement(Rail.AIRTIME, Objects.requireNonNull(network, "network"));
    }

    /** The name in its account's id, {@code rail:{name}:SETTLEMENT}. */
    public String ledgerName() {
        return network == null ? rail.ledgerName().orElseThrow() : network.airtimeLedgerRail();
    }
}
