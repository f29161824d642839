package com.paywire.domain.rails.biller;

import com.paywire.domain.rails.RailUnavailableException;
import com.paywire.domain.rails.biller.BillerProtocol.BillerAccount;
import com.paywire.workflows.bills.BillerAnswer;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/** The biller in memory, for unit tests: knows the accounts it is given, pays every bill, or is down. */
public final class FakeBillerRail implements BillerRail {

    private final Map<String, BillerAccount> accounts = new HashMap<>();
    private final Map<String, BillerAnswer> payments = new HashMap<>();
    private boolean down;

    public FakeBillerRail account(String serviceCode, String accountNumber, BillerAccount account) {
        accounts.put(serviceCode + "/" + accountNumber, account);
        return this;
    }

    /** From now on, every question fails as a biller that does not answer. */
    public FakeBillerRail down() {
        down = true;
        return this;
    }

    @Override
    public Optional<BillerAccount> lookUp(String reference, String serviceCode, String accountNumber) {
        answering();
        return Optional.ofNullable(accounts.get(serviceCode + "/" + accountNumber));
    }

    @Override
    public BillerAnswer pay(String reference, String serviceCode, String accountNumber, BigDecimal amount,
                            String msisdn) {
        answering();
        return payments.computeIfAbsent(reference, paid -> new BillerAnswer(BillerAnswer.State.PAID,
                BillerAnswer.PAID_CODE, "Bill paid", "R-" + paid));
    }

    @Override
    public BillerAnswer status(String reference, String accountNumber) {
        answering();
        return payments.getOrDefault(reference, new BillerAnswer(BillerAnswer.State.UNKNOWN, null, null, null));
    }

    private void answering() {
        if (down) {
            throw new RailUnavailableException("BILLER is down");
        }
    }
}
