package com.paywire.vocabulary.rails;

import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The outside systems Paywire calls, each with what Paywire asks of it and the names it goes by. Most go by their
 * constant's name everywhere; the card processor's settlement account was named {@code CARD} and the account
 * registry's calls were timed as {@code ACCOUNT_LOOKUP} before this enum, and stored ledger ids and dashboards keep
 * those spellings, so each spelling is its own field. Workflow records carry a payout line's rail as its constant
 * name (MOBILE_MONEY, BANK), which recorded histories hold: the constants keep their names.
 */
public enum Rail {
    /** Mobile money: B2C payouts, phone prompts (STK push) and paybill deposits (C2B). */
    MOBILE_MONEY("MOBILE_MONEY", "MOBILE_MONEY", "MOBILE_MONEY",
            EnumSet.of(Capability.PAY_OUT, Capability.COLLECT, Capability.QUERY_STATUS)),
    /** Bank transfers, for payout lines to a bank account. */
    BANK("BANK", "BANK", "BANK", EnumSet.of(Capability.PAY_OUT, Capability.QUERY_STATUS)),
    /** The card processor: authorisations, captures, voids and refunds, and the card vault. */
    CARD_PROCESSOR("CARD", "CARD_PROCESSOR", "CARD_PROCESSOR",
            EnumSet.of(Capability.COLLECT, Capability.QUERY_STATUS, Capability.REVERSE)),
    /**
     * The airtime aggregator. Its money settles per network ({@link Settlement#airtime}), so it has no settlement
     * account of its own.
     */
    AIRTIME(null, "AIRTIME", "AIRTIME", EnumSet.of(Capability.PAY_OUT, Capability.QUERY_STATUS)),
    /** The biller aggregator: bill accounts looked up, bills paid. */
    BILLER("BILLER", "BILLER", "BILLER",
            EnumSet.of(Capability.LOOK_UP, Capability.PAY_OUT, Capability.QUERY_STATUS)),
    /** The registry of accounts a payout may go to (account validations). */
    ACCOUNT_REGISTRY(null, "ACCOUNT_LOOKUP", "ACCOUNT_REGISTRY", EnumSet.of(Capability.LOOK_UP)),
    /** The national identity registry (KYC requests). */
    IDENTITY_REGISTRY(null, "IDENTITY_REGISTRY", "IDENTITY_REGISTRY", EnumSet.of(Capability.LOOK_UP));

    /**
     * How {@code rail_callbacks} names the mobile-money rail's phone-prompt callbacks, apart from its payout
     * callbacks (which it names by {@link #storedName()}).
     */
    public static final String PROMPT_CALLBACKS = "MOBILE_MONEY_STK";

    /** What Paywire asks a rail to do, as its adapter in {@code domain/rails} does it today. */
    public enum Capability {
        /** Sends the client's money to someone (a payout, a top-up, a bill payment). */
        PAY_OUT,
        /** Takes a payer's money for a client (a phone prompt, a paybill deposit, a card capture). */
        COLLECT,
        /** Says what became of a request it was sent, when asked. */
        QUERY_STATUS,
        /** Undoes money it took (a card void or refund). */
        REVERSE,
        /** Answers whether an account or a person is what the request says, moving no money. */
        LOOK_UP
    }

    private final String ledgerName;
    private final String metricName;
    private final String searchName;
    private final Set<Capability> capabilities;

    Rail(String ledgerName, String metricName, String searchName, Set<Capability> capabilities) {
        this.ledgerName = ledgerName;
        this.metricName = metricName;
        this.searchName = searchName;
        this.capabilities = Collections.unmodifiableSet(capabilities);
    }

    /**
     * The rail's name in its ledger settlement account ({@code rail:{name}:SETTLEMENT}); empty for a rail that
     * moves no money, and for airtime, which settles per network.
     */
    public Optional<String> ledgerName() {
        return Optional.ofNullable(ledgerName);
    }

    /** The rail tag of the rail-calls timer and the payment meters, and what the payment journal's lines say. */
    public String metricName() {
        return metricName;
    }

    /** The value of the {@code Rail} search attribute of the workflows that go through it. */
    public String searchName() {
        return searchName;
    }

    /** How rows name it (a payout line's {@code rail}, a kept callback's): its constant's name. */
    public String storedName() {
        return name();
    }

    public Set<Capability> capabilities() {
        return capabilities;
    }

    public boolean can(Capability capability) {
        return capabilities.contains(capability);
    }

    /** The rails a payout line can go through, each with its payout protocol. */
    public static List<Rail> payoutLineRails() {
        return List.of(MOBILE_MONEY, BANK);
    }
}
