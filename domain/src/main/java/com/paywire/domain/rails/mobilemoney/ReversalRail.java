package com.paywire.domain.rails.mobilemoney;

import com.paywire.workflows.paybacks.PayBackAnswer;
import java.math.BigDecimal;

/** The mobile-money rail's reversal of a payment it made; over HTTP {@link HttpReversalRail}. */
public interface ReversalRail {

    /**
     * Asks the rail to reverse the payment it made under {@code originalReceipt}, under {@code reference} (the
     * idempotency key): accepted (the result comes by callback) or refused.
     */
    PayBackAnswer reverse(String reference, String originalReceipt, BigDecimal amount, String msisdn, String remarks);

    /** What the rail says of the reversal now; UNKNOWN when it never heard of it. */
    PayBackAnswer status(String reference);
}
