package com.paywire.domain.observability;

import java.util.List;

/**
 * Every business meter Paywire records, by its Micrometer name, with the tags it carries. Prometheus shows each
 * with dots as underscores, counters ending {@code _total} and timers {@code _seconds_*}
 * ({@code paywire.payments.accepted} is {@code paywire_payments_accepted_total}). The dashboard and the alert rules
 * in infra/deploy use these names, and a test checks that each of them is there. Tags stay few: never a client's or a
 * payment's id.
 */
public final class PaywireMeters {

    /** Counter: payments accepted from clients, by {@link #PRODUCT} and {@link #RAIL}. */
    public static final String PAYMENTS_ACCEPTED = "paywire.payments.accepted";
    /** Counter: payments that reached their end, by {@link #PRODUCT}, {@link #RAIL} and {@link #OUTCOME}. */
    public static final String PAYMENTS_FINISHED = "paywire.payments.finished";
    /** Timer (histogram): from a payment's acceptance to its end, by {@link #PRODUCT}, {@link #RAIL}, {@link #OUTCOME}. */
    public static final String PAYMENT_ACCEPT_TO_FINAL = "paywire.payments.accept.to.final";
    /** Timer (histogram): calls to a rail over HTTP, by {@link #RAIL} and {@link #OUTCOME} (see RailHttp). */
    public static final String RAIL_CALLS = "paywire.rail.calls";
    /** Gauge: holds (reserved, not yet posted or released) in the ledger now. */
    public static final String HOLDS_OUTSTANDING = "paywire.holds.outstanding";
    /** Gauge: the money those holds keep, in KES (the only currency anything is held in). */
    public static final String HOLDS_OUTSTANDING_AMOUNT = "paywire.holds.outstanding.amount";
    /**
     * Gauge: what the last ledger check found, by {@link #CHECK}: how many break each rule (0: it holds). Set by the
     * worker's daily check; NaN until its first run in that process.
     */
    public static final String LEDGER_CHECK_VIOLATIONS = "paywire.ledger.check.violations";
    /** Counter: POSTs of callbacks and webhooks, by {@link #KIND} and {@link #OUTCOME} (delivered, failed). */
    public static final String DELIVERY_ATTEMPTS = "paywire.deliveries.attempts";
    /**
     * Counter: callbacks and webhooks at their end, by {@link #KIND} and {@link #OUTCOME}: delivered, failed after
     * every retry (a webhook's endpoint then turns INACTIVE), or suspended (its endpoint was INACTIVE).
     */
    public static final String DELIVERIES_FINISHED = "paywire.deliveries.finished";
    /** Counter: token requests refused because their source must wait after wrong secrets, by {@link #SCOPE}. */
    public static final String LOGINS_THROTTLED = "paywire.auth.throttled";
    /** Counter: requests answered 429 because their client used its rate limit, by {@link #OPERATION_CLASS}. */
    public static final String RATE_LIMITED = "paywire.rate.limited";
    /** Counter: requests let through unchecked because the rate limit's database did not answer. */
    public static final String RATE_LIMIT_UNCHECKED = "paywire.rate.limit.unchecked";
    /**
     * Counter: money going back, by {@link #KIND} (dispute, suspense_return, refund_due, collection_reversal,
     * payout_reversal) and {@link #OUTCOME} (a dispute opened, won, lost; the others paid_back, refused, held).
     */
    public static final String MONEY_BACK = "paywire.money.back";

    /** Which product: the ledger's name of it (PAYOUT, AIRTIME, BILL, PHONE_PROMPT, CHECKOUT, CARD). */
    public static final String PRODUCT = "product";
    /** Which rail: MOBILE_MONEY, BANK, AIRTIME, BILLER, CARD_PROCESSOR, IDENTITY_REGISTRY, ACCOUNT_LOOKUP. */
    public static final String RAIL = "rail";
    public static final String OUTCOME = "outcome";
    /**
     * A delivery's kind: callback (to the request's URL) or webhook (to a registered endpoint); money going back's:
     * see {@link #MONEY_BACK}.
     */
    public static final String KIND = "kind";
    /** Why a login was throttled: too many wrong secrets for one client id, or from one source over all ids. */
    public static final String SCOPE = "scope";
    /** Which rule of the ledger check: LedgerCheck.CHECKS (entries-sum-to-zero, ..., no-stale-holds). */
    public static final String CHECK = "check";
    /** Which rate limit: writes, status-queries or tokens. */
    public static final String OPERATION_CLASS = "class";

    /** Every meter above, for the test that finds each on the dashboard. */
    public static final List<String> ALL = List.of(PAYMENTS_ACCEPTED, PAYMENTS_FINISHED, PAYMENT_ACCEPT_TO_FINAL,
            RAIL_CALLS, HOLDS_OUTSTANDING, HOLDS_OUTSTANDING_AMOUNT, LEDGER_CHECK_VIOLATIONS, DELIVERY_ATTEMPTS,
            DELIVERIES_FINISHED, LOGINS_THROTTLED, RATE_LIMITED, RATE_LIMIT_UNCHECKED, MONEY_BACK);

    private PaywireMeters() {
    }
}
