package com.paywire.bench.chaos;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The audit's money rules on plain values, so that they are tested without a run: each answers what is wrong
 * (a sentence), or nothing. Ledger keys follow the products' convention: a payment's transfers are keyed with its
 * product's prefix and Paywire's id of it ({@code card:{captureId}}, {@code checkout:{orderId}}), a leg of it
 * with a further suffix ({@code card:{captureId}:fee}), and a refund of it under
 * {@code {credit key}:refund:{refundId}} (its fee share with {@code :fee}, a reversal with {@code :reversed}). A
 * transfer that was held before it was posted (a card capture's credit, a card refund, since they are held while
 * the processor is asked) is keyed by its hold's legs instead: {@code {key}#0} for the first, {@code {key}#1} the
 * next.
 */
final class AuditRules {

    private AuditRules() {
    }

    /** A posted ledger transfer. */
    record Transfer(String key, String debit, String credit, BigDecimal amount) {
    }

    /**
     * A statement line: the ledger entry it shows, its signed amount and the balance after it, its product and its
     * type (null when not read).
     */
    record StatementLine(long entryId, BigDecimal amount, BigDecimal runningBalance, String product, String type) {
        StatementLine(long entryId, BigDecimal amount, BigDecimal runningBalance, String product) {
            this(entryId, amount, runningBalance, product, null);
        }
    }

    /** The statement type of an operator's adjustment (an assignment from suspense), which belongs to no product. */
    static final String ADJUSTMENT = "ADJUSTMENT";

    /** A rail's reversal of a payment ({@code <key>:reversal:<id>}), audited by itself (reversal-matches-rail). */
    private static final String REVERSAL = ":reversal:";

    /**
     * The posted transfers of the payment keyed {@code key}: the key itself and its legs ({@code key:…},
     * {@code key#…}), but not its reversal's.
     */
    static List<Transfer> of(String key, List<Transfer> posted) {
        return posted.stream().filter(t -> t.key().equals(key) || t.key().startsWith(key + "#")
                || t.key().startsWith(key + ":") && !t.key().startsWith(key + REVERSAL)).toList();
    }

    /** Whether the transfer is the one keyed {@code key}: posted at once under it, or as the first leg of its hold. */
    static boolean keyed(Transfer transfer, String key) {
        return transfer.key().equals(key) || transfer.key().equals(key + "#0");
    }

    /**
     * A capture (or a checkout) collected {@code amount}: credited once to the client's {@code utility} account
     * under {@code key}, and its transfers (the credit and any fee; its refunds are not) take exactly the amount
     * from one settlement account, whatever the fee.
     */
    static Optional<String> creditedOnce(String key, BigDecimal amount, String utility, List<Transfer> posted) {
        List<Transfer> legs = of(key, posted).stream().filter(t -> !t.key().startsWith(key + ":refund:")).toList();
        long credits = legs.stream().filter(t -> keyed(t, key) && t.credit().equals(utility)).count();
        if (credits != 1) {
            return Optional.of(key + ": " + credits + " credits to " + utility + ", not 1");
        }
        Set<String> payers = new HashSet<>();
        legs.forEach(t -> payers.add(t.debit()));
        BigDecimal taken = legs.stream().map(Transfer::amount).reduce(BigDecimal.ZERO, BigDecimal::add);
        if (payers.size() != 1 || taken.compareTo(amount) != 0) {
            return Optional.of(key + ": " + taken + " taken from " + payers + " for " + amount + " collected");
        }
        return Optional.empty();
    }

    /**
     * A paybill deposit the rail confirmed for {@code amount}: credited once to {@code utility} under {@code key} with
     * the amount less {@code fee}, its legs taking exactly the amount from the rail's settlement, and nothing held in
     * {@code suspense}; or, when it named no client, the whole amount held in {@code suspense} once and nothing
     * credited.
     */
    static Optional<String> paybillBooked(String key, BigDecimal amount, BigDecimal fee, boolean suspended,
                                          String utility, String suspense, List<Transfer> posted) {
        List<Transfer> legs = of(key, posted);
        String held = suspended ? suspense : utility;
        String wrong = suspended ? utility : suspense;
        if (legs.stream().anyMatch(t -> t.credit().equals(wrong))) {
            return Optional.of(key + ": " + (suspended ? "credited to " : "held in ") + wrong);
        }
        List<Transfer> toHeld = legs.stream().filter(t -> t.key().equals(key) && t.credit().equals(held)).toList();
        BigDecimal expected = suspended ? amount : amount.subtract(fee == null ? BigDecimal.ZERO : fee);
        if (toHeld.size() != 1 || toHeld.getFirst().amount().compareTo(expected) != 0) {
            return Optional.of(key + ": " + toHeld.stream().map(Transfer::amount).toList() + " to " + held + ", not once "
                    + expected);
        }
        if (suspended) {
            return legs.size() == 1 ? Optional.empty() : Optional.of(key + ": " + legs.size() + " transfers, not 1");
        }
        return creditedOnce(key, amount, utility, posted);
    }

    /**
     * A refund: settled, debited once from {@code utility} under {@code key}, its transfers giving the rail's
     * settlement account exactly the refunded amount (however the fee is shared); failed, nothing left on either.
     */
    static Optional<String> refundBooked(String key, BigDecimal amount, boolean settled, String utility,
                                         List<Transfer> posted) {
        List<Transfer> legs = of(key, posted);
        if (!settled) {
            BigDecimal onUtility = net(utility, legs);
            return onUtility.signum() == 0 ? Optional.empty()
                    : Optional.of(key + ": a failed refund left " + onUtility + " on " + utility);
        }
        long debits = legs.stream().filter(t -> keyed(t, key) && t.debit().equals(utility)).count();
        if (debits != 1) {
            return Optional.of(key + ": " + debits + " debits of " + utility + ", not 1");
        }
        String settlement = legs.stream().filter(t -> keyed(t, key)).findFirst().orElseThrow().credit();
        BigDecimal returned = net(settlement, legs);
        return returned.compareTo(amount) == 0 ? Optional.empty()
                : Optional.of(key + ": " + returned + " returned to " + settlement + " for " + amount + " refunded");
    }

    /**
     * A payout line against the rail's record (paid-iff-posted): {@code posted} holds of it (its own, or the booking
     * of a success that came after its hold was released) exactly when the rail paid. A line Timed Out whose hold is
     * still pending is one whose outcome Paywire does not know yet: it waits for the rail's late word or an operator,
     * and is accepted whatever the rail's record says, so long as nothing of it is posted.
     */
    static Optional<String> payoutPostedIffPaid(String stan, boolean outcomeUnknown, int posted, boolean railPaid) {
        if (outcomeUnknown) {
            return posted == 0 ? Optional.empty()
                    : Optional.of("payout line " + stan + ": " + posted + " posted holds while its hold is still pending");
        }
        return (posted > 0) == railPaid ? Optional.empty()
                : Optional.of("payout line " + stan + ": " + posted + " posted holds, the rail "
                        + (railPaid ? "paid" : "did not pay"));
    }

    /**
     * What check-status says of a payout line against the rail's record: Completed exactly when the rail paid; a line
     * whose outcome is unknown (Timed Out, its hold pending) reads Timed Out whatever the rail did meanwhile.
     */
    static Optional<String> payoutStatusAgrees(String stan, Integer said, boolean outcomeUnknown, boolean railPaid,
                                               int completed, int timedOut) {
        if (said == null) {
            return Optional.of("payout line " + stan + ": check-status does not show it");
        }
        if (outcomeUnknown) {
            return said == timedOut ? Optional.empty()
                    : Optional.of("payout line " + stan + ": its hold is pending, but check-status says " + said);
        }
        return (said == completed) == railPaid ? Optional.empty()
                : Optional.of("payout line " + stan + ": check-status says " + said + ", the rail "
                        + (railPaid ? "paid" : "did not pay"));
    }

    /**
     * A phone prompt's deposit against the rail's record (paid-iff-posted): credited once ({@code credits}: its
     * credit posted at once, before prompts held their credit; its held credit posted, {@code deposit:{id}#0}; or
     * its credit paid after its hold was released, {@code deposit:{id}:paid-late}) exactly when the rail was paid,
     * and never twice. A deposit closed unpaid whose held credit is still pending is one whose outcome Paywire does
     * not know yet (no callback, no final word from the status query): it waits for the rail's late word or an
     * operator, and is accepted whatever the rail's record says, so long as nothing of it is credited.
     */
    static Optional<String> promptPostedIffPaid(String id, boolean outcomeUnknown, int credits, boolean railPaid) {
        if (credits > 1) {
            return Optional.of("express deposit " + id + ": credited " + credits + " times");
        }
        if (outcomeUnknown) {
            return credits == 0 ? Optional.empty()
                    : Optional.of("express deposit " + id + ": credited while its held credit is still pending");
        }
        return (credits == 1) == railPaid ? Optional.empty()
                : Optional.of("express deposit " + id + ": " + credits + " credits, the rail "
                        + (railPaid ? "was paid" : "was not"));
    }

    /**
     * What check-status says of a phone prompt's deposit against the rail's record: 0 exactly when the rail was
     * paid; a deposit whose outcome is unknown (closed 1037, its held credit pending) reads 1037 whatever the rail
     * did meanwhile.
     */
    static Optional<String> promptStatusAgrees(String id, String said, boolean outcomeUnknown, boolean railPaid,
                                               String success, String notReached) {
        if (outcomeUnknown) {
            return notReached.equals(said) ? Optional.empty()
                    : Optional.of("express deposit " + id + ": its held credit is pending, but check-status says " + said);
        }
        return success.equals(said) == railPaid ? Optional.empty()
                : Optional.of("express deposit " + id + ": check-status resultCode " + said + ", the rail "
                        + (railPaid ? "was paid" : "was not paid"));
    }

    /** The key of a refund of the collection credited under {@code creditKey}. */
    static String refundKey(String creditKey, String refundId) {
        return creditKey + ":refund:" + refundId;
    }

    /** What the transfers did to one account: credits less debits. */
    static BigDecimal net(String account, List<Transfer> transfers) {
        BigDecimal net = BigDecimal.ZERO;
        for (Transfer t : transfers) {
            if (t.credit().equals(account)) {
                net = net.add(t.amount());
            }
            if (t.debit().equals(account)) {
                net = net.subtract(t.amount());
            }
        }
        return net;
    }

    /**
     * A statement of a period against the ledger: its lines add up to closing less opening, each running balance
     * follows from the one before, it shows every ledger entry of the account in the period once and no other,
     * and every line names the product it belongs to (but an operator's adjustment, which is no product's).
     */
    static List<String> statementMatches(BigDecimal opening, BigDecimal closing, List<StatementLine> lines,
                                         Set<Long> ledgerEntries) {
        List<String> wrong = new ArrayList<>();
        BigDecimal running = opening;
        Set<Long> shown = new HashSet<>();
        for (StatementLine line : lines) {
            running = running.add(line.amount());
            if (line.runningBalance().compareTo(running) != 0) {
                wrong.add("entry " + line.entryId() + " shows a running balance of " + line.runningBalance()
                        + ", the entries before it make " + running);
            }
            if (!shown.add(line.entryId())) {
                wrong.add("entry " + line.entryId() + " is shown twice");
            }
            if ((line.product() == null || line.product().equals("OTHER")) && !ADJUSTMENT.equals(line.type())) {
                wrong.add("entry " + line.entryId() + " names no product");
            }
        }
        if (running.compareTo(closing) != 0) {
            wrong.add("the entries make " + running.subtract(opening) + ", the balance moved "
                    + closing.subtract(opening));
        }
        Set<Long> missing = new HashSet<>(ledgerEntries);
        missing.removeAll(shown);
        Set<Long> unknown = new HashSet<>(shown);
        unknown.removeAll(ledgerEntries);
        if (!missing.isEmpty()) {
            wrong.add(missing.size() + " ledger entries not on the statement, e.g. " + missing.iterator().next());
        }
        if (!unknown.isEmpty()) {
            wrong.add(unknown.size() + " statement lines with no ledger entry, e.g. " + unknown.iterator().next());
        }
        return wrong;
    }
    /**
     * A bank entry the run put on a statement (however often, and however concurrently, the files naming it were
     * posted): one transfer under {@code key} ({@code bank-funding:{entryReference}}), from {@code funding} to the
     * client's {@code working} account with the entry's amount, or to {@code suspense} when its remittance named no
     * valid funding reference; no other transfer of that key.
     */
    static Optional<String> bankEntryBooked(String key, BigDecimal amount, boolean suspended, String funding,
                                            String working, String suspense, List<Transfer> posted) {
        List<Transfer> legs = of(key, posted);
        String target = suspended ? suspense : working;
        if (legs.size() != 1) {
            return Optional.of(key + ": " + legs.size() + " transfers, not 1");
        }
        Transfer transfer = legs.getFirst();
        if (!transfer.key().equals(key) || !transfer.debit().equals(funding) || !transfer.credit().equals(target)
                || transfer.amount().compareTo(amount) != 0) {
            return Optional.of(key + ": " + transfer.amount() + " from " + transfer.debit() + " to " + transfer.credit()
                    + ", not " + amount + " from " + funding + " to " + target);
        }
        return Optional.empty();
    }

    /**
     * What the posts of a statement answered for one of its entries: each answer the outcome the entry deserves
     * ({@code CREDITED}, or {@code SUSPENDED} for a bad reference) or {@code ALREADY_PROCESSED} (an earlier post or
     * file took it), and at least one answer at all.
     */
    static Optional<String> bankEntryAnswered(String reference, boolean suspended, List<String> outcomes) {
        if (outcomes.isEmpty()) {
            return Optional.of("bank entry " + reference + ": no post of a statement naming it was answered");
        }
        String expected = suspended ? "SUSPENDED" : "CREDITED";
        List<String> wrong = outcomes.stream().filter(o -> !o.equals(expected) && !o.equals("ALREADY_PROCESSED"))
                .toList();
        return wrong.isEmpty() ? Optional.empty()
                : Optional.of("bank entry " + reference + ": answered " + wrong + ", expected " + expected);
    }

    /**
     * A settlement against the bank's record ({@code railPaid}: whether the bank rail paid it) and its ledger key
     * {@code settlement:{id}}: PAID exactly when the bank paid, its hold posted once (the net to the bank's
     * settlement, the fee to revenue: {@code amount} out of the utility account in all) and nothing left held; FAILED,
     * nothing posted and nothing held; UNCONFIRMED (no final word from the bank), still held whole and nothing
     * posted; any other status is a settlement stranded in flight.
     */
    static Optional<String> settlementBooked(String id, String status, BigDecimal amount, String utility,
                                             boolean railPaid, List<Transfer> posted, BigDecimal held) {
        return heldThenBooked("settlement:" + id, status, "UNCONFIRMED", amount, utility, railPaid, posted, held);
    }

    /**
     * A payment made in two phases (held under {@code key}, the rail asked, then posted or released) against the
     * rail's record: {@code PAID} exactly when the rail paid, its hold posted once ({@code key#0} once, {@code amount}
     * out of {@code from} in all) and nothing left held; {@code FAILED}, nothing posted or held, the rail having not
     * paid; {@code unknown} (the status of an outcome Paywire does not know yet), held whole and nothing posted; any
     * other status is stranded in flight.
     */
    static Optional<String> heldThenBooked(String key, String status, String unknown, BigDecimal amount, String from,
                                           boolean railPaid, List<Transfer> posted, BigDecimal held) {
        BigDecimal out = posted.stream().filter(t -> t.debit().equals(from)).map(Transfer::amount)
                .reduce(BigDecimal.ZERO, BigDecimal::add);
        if (status.equals("PAID")) {
            long first = posted.stream().filter(t -> t.key().equals(key + "#0")).count();
            if (!railPaid) {
                return Optional.of(key + ": PAID, but the rail did not pay it");
            }
            if (first != 1 || out.compareTo(amount) != 0 || held.signum() != 0) {
                return Optional.of(key + ": PAID with " + first + " first legs posted, " + out + " out of " + from
                        + " for " + amount + ", " + held + " still held");
            }
            return Optional.empty();
        }
        if (status.equals("FAILED")) {
            if (railPaid) {
                return Optional.of(key + ": FAILED, but the rail paid it");
            }
            return posted.isEmpty() && held.signum() == 0 ? Optional.empty()
                    : Optional.of(key + ": FAILED with " + posted.size() + " legs posted, " + held + " held");
        }
        if (status.equals(unknown)) {
            return posted.isEmpty() && held.compareTo(amount) == 0 ? Optional.empty()
                    : Optional.of(key + ": " + unknown + " with " + posted.size() + " legs posted, " + held
                            + " held of " + amount);
        }
        return Optional.of(key + ": stranded " + status);
    }

    /**
     * A dispute's outcome against the merchant's answer ({@code fate}, a {@link MoneyBackLoad.Fate} name): winning
     * evidence wins it; losing evidence, acceptance (flagged {@code accepted}) and no answer by the due date lose it.
     */
    static Optional<String> disputeDecided(String id, String fate, String status, boolean accepted) {
        String expected = "WIN".equals(fate) ? "WON" : "LOST";
        if (!expected.equals(status) || accepted != "ACCEPT".equals(fate)) {
            return Optional.of("dispute " + id + ": answered " + fate + ", but it is " + status
                    + (accepted ? " (accepted)" : ""));
        }
        return Optional.empty();
    }

    /**
     * A dispute's postings ({@code dispute:{id}}, {@code :fee}, {@code :won}, each possibly in legs {@code #n} when the
     * client's account was short and its receivable took the rest): the amount and the fee each debited once in
     * full, and the amount credited back once in full exactly when it was won.
     */
    static Optional<String> disputeBooked(String id, BigDecimal amount, BigDecimal fee, boolean won,
                                          List<Transfer> posted) {
        String key = "dispute:" + id;
        BigDecimal debited = total(posted, key);
        BigDecimal charged = total(posted, key + ":fee");
        BigDecimal returned = total(posted, key + ":won");
        Set<String> bases = new HashSet<>();
        posted.forEach(t -> bases.add(t.key().replaceFirst("#\\d+$", "")));
        bases.removeAll(Set.of(key, key + ":fee", key + ":won"));
        if (debited.compareTo(amount) != 0 || charged.compareTo(fee) != 0
                || returned.compareTo(won ? amount : BigDecimal.ZERO) != 0 || !bases.isEmpty()) {
            return Optional.of(key + ": " + debited + " debited for " + amount + ", fee " + charged + " for " + fee
                    + ", " + returned + " credited back (" + (won ? "won" : "not won") + ")"
                    + (bases.isEmpty() ? "" : ", other postings " + bases));
        }
        return Optional.empty();
    }

    private static BigDecimal total(List<Transfer> posted, String key) {
        return posted.stream().filter(t -> t.key().equals(key) || t.key().startsWith(key + "#"))
                .map(Transfer::amount).reduce(BigDecimal.ZERO, BigDecimal::add);
    }

    /**
     * A reversal's hold against the rail's record ({@code railReversed}: true reversed, false refused or never
     * asked, null asked and never answered): {@code done} with its whole amount posted and nothing held exactly
     * when the rail reversed it; refused, nothing posted or held; unanswered, {@code waiting} and held whole.
     */
    static Optional<String> reversalBooked(String id, String status, String done, String waiting, BigDecimal amount,
                                           Boolean railReversed, BigDecimal posted, BigDecimal held) {
        String state = "reversal " + id + ": " + status + ", " + posted + " posted, " + held + " held of " + amount;
        if (railReversed == null) {
            return status.equals(waiting) && posted.signum() == 0 && held.compareTo(amount) == 0 ? Optional.empty()
                    : Optional.of(state + ", the rail never answered");
        }
        if (railReversed) {
            return status.equals(done) && posted.compareTo(amount) == 0 && held.signum() == 0 ? Optional.empty()
                    : Optional.of(state + ", the rail reversed it");
        }
        return !status.equals(done) && !status.equals(waiting) && posted.signum() == 0 && held.signum() == 0
                ? Optional.empty() : Optional.of(state + ", the rail did not reverse it");
    }

    /**
     * What is left on a suspense account once its deposits were acted on: {@code balance} is exactly the deposits
     * held there less those returned to their payers and those assigned to a client.
     */
    static Optional<String> suspenseLeft(String account, BigDecimal balance, BigDecimal deposited, BigDecimal returned,
                                         BigDecimal assigned) {
        BigDecimal expected = deposited.subtract(returned).subtract(assigned);
        return balance.compareTo(expected) == 0 ? Optional.empty()
                : Optional.of(account + " holds " + balance + ", but " + deposited + " held less " + returned
                        + " returned and " + assigned + " assigned is " + expected);
    }

    /**
     * A transfer of collections to payouts the API answered: moved once, under {@code transfer:{id}}, the amount from
     * the {@code utility} account to the {@code working} one.
     */
    static Optional<String> transferMovedOnce(String key, BigDecimal amount, String utility, String working,
                                              List<Transfer> posted) {
        List<Transfer> legs = of(key, posted);
        if (legs.size() != 1 || !legs.getFirst().debit().equals(utility) || !legs.getFirst().credit().equals(working)
                || legs.getFirst().amount().compareTo(amount) != 0) {
            return Optional.of(key + ": " + legs + ", not one transfer of " + amount + " from " + utility + " to "
                    + working);
        }
        return Optional.empty();
    }
}
