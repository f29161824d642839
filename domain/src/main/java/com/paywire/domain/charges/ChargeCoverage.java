package com.paywire.domain.charges;

import com.paywire.domain.airtime.AirtimePurchases;
import com.paywire.domain.cards.CardPayments;
import com.paywire.domain.checkout.CheckoutOrders;
import com.paywire.persistence.charges.Charge;
import com.paywire.persistence.charges.ChargeBands;
import com.paywire.persistence.routes.RouteStore;
import com.paywire.vocabulary.ledger.TransactionType;
import com.paywire.vocabulary.rules.amounts.AmountLimit;
import com.paywire.vocabulary.rules.charges.FeeBand;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.stereotype.Component;

/**
 * Every amount a route accepts has exactly one fee band. The API and the worker both price with the charge table,
 * so each checks it as it starts, before it takes a request or a task: for every route priced by the table, the
 * bands of its transaction type must run from the route's minimum to its maximum with no gap and no overlap
 * (bands are to the cent: one ending at 1000.00 is followed by one starting at 1000.01). Otherwise it refuses to
 * start, naming the transaction type and the amounts at fault. Card payments' bands must also be percentages, the
 * one fee that applies in every currency they are taken in. Paybill deposits, which have no route, are checked
 * the same across the amounts the rail may bring. Bill payments are left out: each biller has limits of its own,
 * inside the one band of their type.
 */
@Component
public class ChargeCoverage implements InitializingBean {

    private static final BigDecimal CENT = new BigDecimal("0.01");

    /** The routes whose fee comes from the charge table, by category, with the amounts each accepts. */
    static final Map<String, AmountLimit> PRICED_ROUTES = pricedRoutes();

    private final RouteStore routes;
    private final ChargeBands charges;

    ChargeCoverage(RouteStore routes, ChargeBands charges) {
        this.routes = routes;
        this.charges = charges;
    }

    @Override
    public void afterPropertiesSet() {
        List<String> problems = problems();
        if (!problems.isEmpty()) {
            throw new Uncovered(problems);
        }
    }

    /** What is wrong with the charge table as stored; empty when every priced amount has one band. */
    public List<String> problems() {
        List<String> problems = new ArrayList<>();
        routes.transactionTypesByCategory().forEach((category, type) -> {
            AmountLimit limit = PRICED_ROUTES.get(category);
            if (limit != null) {
                String what = "transaction type " + type + " (" + category + ")";
                List<Charge> bands = charges.of(type);
                problems.addAll(problems(what, limit, bands));
                if (CardPayments.CARD_ROUTE.equals(category)) {
                    problems.addAll(inEveryCurrency(what, bands));
                }
            }
        });
        // priced by the table too, but with no route: every client with a short code takes them
        int paybill = TransactionType.PAYBILL_DEPOSIT.code();
        problems.addAll(problems("transaction type " + paybill + " (paybill deposits)", AmountLimit.PAYBILL_DEPOSIT,
                charges.of(paybill)));
        return problems;
    }

    /** The gaps and overlaps of these bands across the limit's amounts, each as a sentence naming {@code what}. */
    static List<String> problems(String what, AmountLimit limit, List<Charge> bands) {
        List<Charge> sorted = bands.stream().sorted(Comparator.comparing(Charge::minAmount)).toList();
        List<String> problems = new ArrayList<>();
        BigDecimal uncovered = limit.minimum(); // the smallest amount no band seen so far covers
        Charge previous = null;
        for (Charge band : sorted) {
            if (previous != null && band.minAmount().compareTo(previous.maxAmount()) <= 0) {
                problems.add(what + ": the bands " + range(previous) + " and " + range(band) + " overlap");
            }
            if (band.minAmount().compareTo(uncovered) > 0 && uncovered.compareTo(limit.maximum()) <= 0) {
                problems.add(what + ": no band covers " + uncovered.toPlainString() + " to "
                        + band.minAmount().subtract(CENT).min(limit.maximum()).toPlainString());
            }
            uncovered = uncovered.max(band.maxAmount().add(CENT));
            previous = band;
        }
        if (uncovered.compareTo(limit.maximum()) <= 0) {
            problems.add(what + ": no band covers " + uncovered.toPlainString() + " to "
                    + limit.maximum().toPlainString());
        }
        return problems;
    }

    /**
     * A card payment is charged in its own currency (no exchange rates), so its fee must mean the same in every
     * currency: a percentage. A flat fee is an amount in KES, and its band is reported.
     */
    static List<String> inEveryCurrency(String what, List<Charge> bands) {
        return bands.stream().filter(band -> !band.band().percent())
                .map(band -> what + ": the band " + range(band) + " is a " + band.feeType() + " fee, but card payments "
                        + "are charged in the currency they are made in: their bands must be " + FeeBand.PERCENT)
                .toList();
    }

    private static String range(Charge band) {
        return band.minAmount().toPlainString() + "-" + band.maxAmount().toPlainString();
    }

    private static Map<String, AmountLimit> pricedRoutes() {
        Map<String, AmountLimit> priced = new LinkedHashMap<>();
        AmountLimit.PAYOUT_ROUTES.forEach(category -> priced.put(category, AmountLimit.ofPayoutRoute(category)));
        priced.put(CheckoutOrders.CHECKOUT_ROUTE, AmountLimit.CHECKOUT_ORDER);
        priced.put(AirtimePurchases.AIRTIME_ROUTE, AmountLimit.AIRTIME_TOP_UP);
        priced.put(CardPayments.CARD_ROUTE, AmountLimit.CARD_PAYMENT);
        return Map.copyOf(priced);
    }

    /** Thrown at start-up; {@link ChargeCoverageFailureAnalyzer} turns it into a short report. */
    public static class Uncovered extends IllegalStateException {

        private final List<String> problems;

        Uncovered(List<String> problems) {
            super("The charge table does not give every accepted amount exactly one fee band: " + problems);
            this.problems = List.copyOf(problems);
        }

        public List<String> problems() {
            return problems;
        }
    }
}
