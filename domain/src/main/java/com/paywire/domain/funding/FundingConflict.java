package com.paywire.domain.funding;

/** An operator's action on a funding entry that its state refuses (assigned already, never in suspense): a 409. */
public class FundingConflict extends RuntimeException {

    public FundingConflict(String message) {
        super(message);
    }
}
