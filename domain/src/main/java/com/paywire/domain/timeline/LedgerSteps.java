package com.paywire.domain.timeline;

import com.paywire.domain.timeline.TimelineStep.Operator;
import com.paywire.domain.timeline.TimelineStep.Outcome;
import com.paywire.domain.timeline.TimelineStep.Source;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.vocabulary.ledger.TransferState;
import com.paywire.vocabulary.products.Product;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A payment's ledger transfers as steps: a hold (its legs together) when it was made and when it was posted or
 * released, and each transfer posted at once (a credit with its fee, a refund with its fee share, a late
 * success, a reversal) with its legs together.
 */
final class LedgerSteps {

    private static final String FEE = ":fee";
    private static final String REVERSED = ":reversed";
    private static final String LATE_AMOUNT = ":late:amount";
    private static final String RECOVERY = ":recovery";

    private LedgerSteps() {
    }

    static List<TimelineStep> of(List<Ledger.Transfer> transfers) {
        Map<String, List<Ledger.Transfer>> holds = new LinkedHashMap<>();
        Map<String, List<Ledger.Transfer>> postings = new LinkedHashMap<>();
        for (Ledger.Transfer transfer : transfers) {
            if (transfer.reservationKey() != null) {
                holds.computeIfAbsent(transfer.reservationKey(), key -> new ArrayList<>()).add(transfer);
            } else {
                postings.computeIfAbsent(group(transfer.key()), key -> new ArrayList<>()).add(transfer);
            }
        }
        List<TimelineStep> steps = new ArrayList<>();
        holds.forEach((key, legs) -> steps.addAll(hold(key, legs)));
        postings.forEach((key, legs) -> steps.add(posting(key, legs)));
        steps.sort(Comparator.comparing(TimelineStep::time));
        return steps;
    }

    /**
     * A transfer's fee, and the amount of a late success, go with the transfer they belong to; the pieces of a
     * credit's recovery of the receivable ({@code <credit key>:recovery:<debt key>}) are one step.
     */
    private static String group(String key) {
        int recovery = key.indexOf(RECOVERY);
        if (recovery >= 0) {
            return key.substring(0, recovery + RECOVERY.length());
        }
        boolean reversed = key.endsWith(REVERSED);
        String base = reversed ? key.substring(0, key.length() - REVERSED.length()) : key;
        if (base.endsWith(FEE)) {
            base = base.substring(0, base.length() - FEE.length());
        }
        if (base.endsWith(LATE_AMOUNT)) {
            base = base.substring(0, base.length() - ":amount".length());
        }
        return reversed ? base + REVERSED : base;
    }

    private static List<TimelineStep> hold(String key, List<Ledger.Transfer> legs) {
        Ledger.Transfer first = legs.getFirst();
        BigDecimal total = legs.stream().map(Ledger.Transfer::amount).reduce(BigDecimal.ZERO, BigDecimal::add);
        Instant heldAt = first.createdAt().toInstant();
        Instant settledAt = legs.stream().map(Ledger.Transfer::settledAt).filter(Objects::nonNull)
                .map(OffsetDateTime::toInstant).max(Comparator.naturalOrder()).orElse(null);
        String parts = String.join(", ", legs.stream().map(leg -> PlainWords.money(leg.amount(), leg.currency())
                + destination(leg, "for")).toList());
        List<TimelineStep> steps = new ArrayList<>();
        steps.add(new TimelineStep(heldAt, settledAt == null ? null : Duration.between(heldAt, settledAt), null,
                Outcome.HELD, "held " + PlainWords.money(total, first.currency()) + " on the "
                + account(first.debitKind()) + (legs.size() > 1 || collection(first) ? " (" + parts + ")" : ""), null,
                Source.LEDGER,
                operator(key)));
        TransferState state = first.state();
        if (settledAt != null && state == TransferState.POSTED) {
            steps.add(new TimelineStep(settledAt, null, null, Outcome.POSTED, "posted " + String.join(", ",
                    legs.stream().map(leg -> PlainWords.money(leg.amount(), leg.currency())
                            + destination(leg, "to")).toList()),
                    null, Source.LEDGER, operator(key)));
        } else if (settledAt != null && state == TransferState.VOIDED) {
            steps.add(new TimelineStep(settledAt, null, null, Outcome.RELEASED, "released the hold of "
                    + PlainWords.money(total, first.currency()), null, Source.LEDGER, operator(key)));
        }
        return steps;
    }

    /** A hold of money collected for the client (a card capture's, a phone prompt's), on the rail's settlement. */
    private static boolean collection(Ledger.Transfer leg) {
        return "RAIL_SETTLEMENT".equals(leg.debitKind()) && !"RAIL_SETTLEMENT".equals(leg.creditKind());
    }

    /**
     * Where a held leg goes: the fee, the rail (what a payment sends), or the utility account (a card capture held
     * on the rail's settlement while the processor is asked).
     */
    private static String destination(Ledger.Transfer leg, String preposition) {
        return switch (leg.creditKind()) {
            case "FEE_REVENUE" -> " fee";
            case "RAIL_SETTLEMENT" -> " " + preposition + " the rail";
            default -> " " + preposition + " the " + account(leg.creditKind());
        };
    }

    private static TimelineStep posting(String key, List<Ledger.Transfer> legs) {
        List<Ledger.Transfer> amountFirst = legs.stream()
                .sorted(Comparator.comparing(leg -> leg.key().contains(FEE) ? 1 : 0)).toList();
        String words = String.join(", ", amountFirst.stream().map(LedgerSteps::leg).toList());
        String prefix = key.endsWith(RECOVERY) ? "what the client owed paid back: "
                : key.endsWith(REVERSED) ? "reversed: " : key.contains(":refund:") ? "refund: "
                : key.contains(Product.REVERSAL_KEY_PART) ? "given back to its payer by the rail's reversal: "
                : key.endsWith(":late") ? "the rail's late success booked: "
                : key.endsWith(Product.PAID_LATE_SUFFIX) ? "paid after its hold was released: " : "";
        return new TimelineStep(legs.getFirst().createdAt().toInstant(), null, null, Outcome.POSTED, prefix + words,
                null, Source.LEDGER, operator(key));
    }

    /** One leg of a posted transfer, by the kinds of its two accounts. */
    private static String leg(Ledger.Transfer leg) {
        String amount = PlainWords.money(leg.amount(), leg.currency());
        return switch (leg.creditKind()) {
            case "UTILITY" -> "credited " + amount + " to the utility account";
            case "FEE_REVENUE" -> amount + " fee";
            case "REFUNDS_DUE" -> amount + " owed back to the payer";
            case "RECEIVABLE" -> "took " + amount + " from the " + account(leg.debitKind()) + " to the client's receivable";
            case "RAIL_SETTLEMENT" -> switch (leg.debitKind()) {
                case "UTILITY" -> "took " + amount + " back from the utility account";
                case "FEE_REVENUE" -> amount + " fee returned";
                case "RECEIVABLE" -> "paid " + amount + " to the rail, owed by the client (its working account was short)";
                default -> "paid " + amount + " to the rail from the " + account(leg.debitKind());
            };
            default -> "moved " + amount + " from the " + account(leg.debitKind()) + " to the "
                    + account(leg.creditKind());
        };
    }

    private static String account(String kind) {
        return switch (kind) {
            case "WORKING" -> "working account";
            case "UTILITY" -> "utility account";
            case "RECEIVABLE" -> "client's receivable";
            case "RAIL_SETTLEMENT" -> "rail's settlement account";
            case "FEE_REVENUE" -> "fee revenue";
            case "CHECKOUT_PAYMENTS" -> "account of checkout payments waiting for their order";
            default -> PlainWords.enumWords(kind);
        };
    }

    private static Operator operator(String key) {
        return new Operator(null, null, List.of(), "TRANSFER", key, null);
    }
}
