package com.paywire.domain.rails.biller;

import com.paywire.domain.rails.biller.BillerProtocol.BillerAccount;
import com.paywire.workflows.bills.BillerAnswer;
import java.math.BigDecimal;
import java.util.Optional;

/** What Paywire asks the biller aggregator ({@link BillerProtocol}): accounts, payments and their status. */
public interface BillerRail {

    /**
     * @param reference the question's own reference: a lookup moves nothing, so it is not deduplicated
     * @return the account as the biller describes it, or empty when the biller does not know it
     */
    Optional<BillerAccount> lookUp(String reference, String serviceCode, String accountNumber);

    /** Pays a bill: paid, pending or refused. The reference is the payment's, and its idempotency key. */
    BillerAnswer pay(String reference, String serviceCode, String accountNumber, BigDecimal amount, String msisdn);

    /** What became of a payment: paid, pending or refused, or UNKNOWN when the biller never heard of it. */
    BillerAnswer status(String reference, String accountNumber);
}
