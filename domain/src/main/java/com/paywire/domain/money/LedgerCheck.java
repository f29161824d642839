package com.paywire.domain.money;

import com.paywire.persistence.ledger.LedgerConsistency;
import com.paywire.persistence.ledger.LedgerConsistency.Finding;
import com.paywire.persistence.ledger.LedgerConsistency.OpenHold;
import com.paywire.persistence.operations.UnconfirmedPaymentStore;
import com.paywire.vocabulary.products.Product;
import com.paywire.workflows.Policies;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Set;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Isolation;
import org.springframework.transaction.annotation.Transactional;

/**
 * The proof of the books (docs/operations.md#the-ledger-check): over the whole ledger, entries sum to zero in each
 * currency, every account's balance is its entries and its reserved its open pending legs, no account that may not go
 * negative is below zero, and no hold has been pending longer than its product's window unless it was referred to
 * operations. The operators' endpoint answers it and the worker runs it every day.
 */
@Service
public class LedgerCheck {

    public static final String ENTRIES_SUM_TO_ZERO = "entries-sum-to-zero";
    public static final String BALANCES_EQUAL_ENTRIES = "balances-equal-entries";
    public static final String RESERVED_EQUALS_PENDING = "reserved-equals-pending-legs";
    public static final String NONE_BELOW_ZERO = "no-account-below-zero";
    public static final String NO_STALE_HOLDS = "no-stale-holds";
    /** Every check, in the order a report lists them. */
    public static final List<String> CHECKS = List.of(ENTRIES_SUM_TO_ZERO, BALANCES_EQUAL_ENTRIES,
            RESERVED_EQUALS_PENDING, NONE_BELOW_ZERO, NO_STALE_HOLDS);

    /** Beyond a product's own window: time for the workflow to refer or resolve what its window left. */
    static final Duration MARGIN = Duration.ofHours(1);

    /** One rule: how many break it, and the first of them. */
    public record Result(String name, String description, long count, List<String> firstIds) {

        public boolean ok() {
            return count == 0;
        }
    }

    /** Every rule's result, at one moment of the ledger. */
    public record Report(OffsetDateTime checkedAt, List<Result> checks) {

        public boolean ok() {
            return checks.stream().allMatch(Result::ok);
        }
    }

    private final LedgerConsistency ledger;
    private final UnconfirmedPaymentStore unconfirmed;
    private final Clock clock;

    public LedgerCheck(LedgerConsistency ledger, UnconfirmedPaymentStore unconfirmed, Clock clock) {
        this.ledger = ledger;
        this.unconfirmed = unconfirmed;
        this.clock = clock;
    }

    /**
     * How long a product's hold may stay pending before it is stale: payouts, airtime and bills are asked about for
     * {@link Policies#RECONCILIATION_WINDOW} (24 h) and then referred; a card refund's settlement waits
     * {@link Policies#CARD_REFUND_SETTLEMENT_WINDOW} (a day); a collection's is a rail's answer, which reconciles in
     * the same 24 h. Each with {@link #MARGIN}: 25 h today for every product.
     */
    public static Duration holdWindow(Product product) {
        Duration window = product == Product.CARD ? Policies.CARD_REFUND_SETTLEMENT_WINDOW
                : Policies.RECONCILIATION_WINDOW;
        return window.plus(MARGIN);
    }

    /** Checks the ledger as one snapshot, so that postings meanwhile cannot look like a difference. */
    @Transactional(readOnly = true, isolation = Isolation.REPEATABLE_READ)
    public Report run() {
        OffsetDateTime now = OffsetDateTime.now(clock);
        return new Report(now, List.of(
                result(ENTRIES_SUM_TO_ZERO, "currencies whose entries do not sum to zero, with their sums",
                        ledger.currenciesNotSummingToZero()),
                result(BALANCES_EQUAL_ENTRIES, "accounts whose balance is not the sum of their entries",
                        ledger.balancesDifferingFromEntries()),
                result(RESERVED_EQUALS_PENDING, "accounts whose reserved is not the sum of their pending legs",
                        ledger.reservedDifferingFromPendingLegs()),
                result(NONE_BELOW_ZERO, "accounts that may not go negative with a balance or available below zero",
                        ledger.accountsBelowZero()),
                staleHolds(now)));
    }

    /** Holds pending past their product's window whose payment was not referred to operations. */
    private Result staleHolds(OffsetDateTime now) {
        Duration shortest = Product.movingMoney().stream().map(LedgerCheck::holdWindow)
                .min(Duration::compareTo).orElseThrow();
        Set<String> referred = unconfirmed.referredKeys();
        List<String> stale = ledger.holdsPendingSince(now.minus(shortest)).stream()
                .filter(hold -> hold.heldSince().isBefore(now.minus(window(hold))))
                .map(OpenHold::reservationKey)
                .filter(key -> !referred.contains(key))
                .toList();
        return new Result(NO_STALE_HOLDS, "holds pending past their product's window, not referred to operations",
                stale.size(), stale.stream().limit(LedgerConsistency.FIRST).toList());
    }

    private static Duration window(OpenHold hold) {
        String key = hold.reservationKey();
        int colon = key.indexOf(':');
        return Product.ofKeyPrefix(colon < 0 ? key : key.substring(0, colon + 1)).map(LedgerCheck::holdWindow)
                .orElse(Policies.RECONCILIATION_WINDOW.plus(MARGIN));
    }

    private static Result result(String name, String description, Finding finding) {
        return new Result(name, description, finding.count(), finding.first());
    }
}
