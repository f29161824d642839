package com.paywire.domain.money;

import com.paywire.persistence.InvariantViolationException;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.ledger.TransferState;
import com.paywire.vocabulary.money.Currencies;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.vocabulary.rails.Settlement;
import com.paywire.vocabulary.rules.money.Leg;
import com.paywire.vocabulary.rules.money.MoneyRules;
import com.paywire.vocabulary.rules.money.Movement;
import com.paywire.vocabulary.rules.money.Posting;
import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;
import org.springframework.stereotype.Service;

/**
 * The one place money moves: every product's activities hold, settle, release, credit and book late successes
 * through here, by the rules of {@link MoneyRules}. Each method joins the caller's transaction (the ledger's are
 * {@code REQUIRED}), so a payment's status and its money change together, and each is idempotent on the
 * movement's keys: a retry after a crash changes nothing twice.
 *
 * <p>A client that owes Paywire (its receivable below zero, from {@link #bookLateSuccess}) pays it back from its
 * next KES credits: {@link #credit}, {@link #settle} of a held collection, {@link #reverse} and any other transfer
 * that credits its working or utility account. The ledger does it in the credit's own transaction, under the
 * credit's locks, so no credit path can forget it (Ledger's recovery, issue 43).
 */
@Service
public class MoneyEngine {

    private final Ledger ledger;

    public MoneyEngine(Ledger ledger) {
        this.ledger = ledger;
    }

    /** Holds amount and fee on the client's working account. False, with nothing held, when it is short. */
    public boolean hold(Movement movement, String description) {
        return ledger.reserve(movement.key(), MoneyRules.hold(movement), description) == Ledger.ReserveResult.RESERVED;
    }

    /**
     * Holds amount and fee of many movements of one client on its working account in one transaction, the account
     * locked once (a payroll's lines, issue 46): each answers as {@link #hold} would, one after another in this order,
     * and one held already answers true and holds nothing again.
     */
    public List<Boolean> holdAll(List<Movement> movements, Function<Movement, String> description) {
        return ledger.reserveAll(movements.stream()
                        .map(m -> new Ledger.Hold(m.key(), MoneyRules.hold(m), description.apply(m))).toList())
                .stream().map(Ledger.ReserveResult.RESERVED::equals).toList();
    }

    /**
     * A settlement of the utility account to the merchant's bank ({@link MoneyRules#settlementHeld}): amount and fee
     * held on the utility account under the settlement's key until {@link #settle} or {@link #release}. False, with
     * nothing held, when the account's available balance is short. Holding twice holds once.
     */
    public boolean holdSettlement(Movement settlement, String description) {
        return ledger.reserve(settlement.key(), MoneyRules.settlementHeld(settlement), description)
                == Ledger.ReserveResult.RESERVED;
    }

    /**
     * Whether funds were ever held for the movement (still held, settled or released): a payment closed before its
     * hold was made has none to release. Where a payment must have one, release it without asking: a hold that is
     * not there is a bug, and the release says so.
     */
    public boolean wasHeld(Movement movement) {
        return ledger.holdState(movement.key()).isPresent();
    }

    /** Whether the movement's hold was released: the ledger refuses to hold under its key again. */
    public boolean wasReleased(Movement movement) {
        return wasReleased(movement.key());
    }

    /** Whether the hold under this reservation key was released. */
    public boolean wasReleased(String reservationKey) {
        return ledger.holdState(reservationKey).filter(TransferState.VOIDED::equals).isPresent();
    }

    /**
     * The rail paid: the hold becomes entries. Settling twice settles once; settling a released hold, or one never
     * made, is a bug.
     */
    public void settle(Movement movement) {
        ledger.post(movement.key());
    }

    /**
     * The rail did not pay: the hold is released. Releasing twice releases once; releasing a settled hold, or one
     * never made, is a bug.
     */
    public void release(Movement movement) {
        ledger.voidReservation(movement.key());
    }

    /**
     * The rail collected money for the client: credits it, less the fee. Money in another currency than KES goes
     * to that currency's accounts, opened on its first credit.
     */
    public void credit(Movement movement, String description) {
        if (!Currencies.KES.equals(movement.currency())) {
            ledger.openCollectionAccounts(movement.clientId(), movement.settlement(), movement.currency());
        }
        postRequired(MoneyRules.collected(movement, description));
    }

    /**
     * A collection the rail has not taken yet ({@link MoneyRules#collectionHeld}): held on the rail's settlement
     * account, under the movement's key, until {@link #settle} or {@link #release}. Holding twice holds once.
     */
    public void holdCollection(Movement movement, String description) {
        if (!Currencies.KES.equals(movement.currency())) {
            ledger.openCollectionAccounts(movement.clientId(), movement.settlement(), movement.currency());
        }
        if (ledger.reserve(movement.key(), MoneyRules.collectionHeld(movement), description)
                != Ledger.ReserveResult.RESERVED) {
            throw new InvariantViolationException("collection " + movement.key() + " was refused a hold on "
                    + LedgerAccounts.railSettlement(movement.settlement(), movement.currency()) + ", which may go negative");
        }
    }

    /**
     * A checkout attempt's payment before the rail is asked to take it ({@link MoneyRules#checkoutPaymentHeld}):
     * held on the rail's settlement under the payment's key until {@link #settle} or {@link #release}. Holding
     * twice holds once.
     */
    public void holdForCheckout(Movement payment, String description) {
        if (ledger.reserve(payment.key(), MoneyRules.checkoutPaymentHeld(payment), description)
                != Ledger.ReserveResult.RESERVED) {
            throw new InvariantViolationException("checkout payment " + payment.key() + " was refused a hold on "
                    + LedgerAccounts.railSettlement(payment.settlement()) + ", which may go negative");
        }
    }

    /**
     * A checkout attempt's payment the rail took after its hold was released (a phone prompt failed, then paid):
     * the same leg, posted at once under {@link MoneyRules#collectedAfterRelease}'s key, to wait for the order.
     * Twice moves it once.
     */
    public void payForCheckoutAfterRelease(Movement payment, String description) {
        Movement late = MoneyRules.collectedAfterRelease(payment);
        postRequired(List.of(new Posting(late.key(), MoneyRules.checkoutPaymentHeld(late).getFirst(), description)));
    }

    /**
     * Whether the payment's money waits on {@link LedgerAccounts#CHECKOUT_PAYMENTS}: its hold there was posted, or
     * it was paid there after its hold was released (checkout card captures from version
     * {@code checkout-capture-held} on, phone prompts from {@code prompt-held-while-out}; before, the order took it
     * from the rail's settlement).
     */
    public boolean isHeldForCheckout(Movement payment) {
        return Stream.of(payment.key() + "#0", MoneyRules.collectedAfterRelease(payment).key())
                .map(ledger::posted).flatMap(Optional::stream)
                .anyMatch(leg -> leg.creditAccount().equals(LedgerAccounts.CHECKOUT_PAYMENTS));
    }

    /**
     * A checkout order paid by a capture that waits on {@link LedgerAccounts#CHECKOUT_PAYMENTS}, by
     * {@link MoneyRules#collectedFromCheckoutPayments}; crediting twice credits once. Refused (an invariant) when
     * the capture's money was spent already: that account may not go negative.
     */
    public void creditFromCheckoutPayment(Movement order, String description) {
        postRequired(MoneyRules.collectedFromCheckoutPayments(order, description));
    }

    /** {@link #oweBack} of a capture that waits on {@link LedgerAccounts#CHECKOUT_PAYMENTS}. */
    public void oweBackCheckoutPayment(Movement capture, String description) {
        postRequired(List.of(MoneyRules.owedBackFromCheckoutPayments(capture, description)));
    }

    /** A collected payment no order can take, by {@link MoneyRules#owedBack}; owing it twice owes it once. */
    public void oweBack(Movement movement, String description) {
        postRequired(List.of(MoneyRules.owedBack(movement, description)));
    }

    /** A paybill deposit naming no client it can go to, by {@link MoneyRules#suspended}; holding it twice holds it once. */
    public void suspend(String key, Rail rail, BigDecimal amount, String description) {
        postRequired(List.of(MoneyRules.suspended(key, rail, amount, description)));
    }

    /**
     * A paybill deposit in suspense credited to the client an operator names, by
     * {@link MoneyRules#assignedFromSuspense}; twice moves it once. Refused (an invariant) when suspense does not
     * hold it: suspense may not go negative.
     */
    public void assignFromSuspense(String key, String clientId, BigDecimal amount, BigDecimal fee, String description) {
        postRequired(MoneyRules.assignedFromSuspense(key, clientId, amount, fee, description));
    }

    /**
     * Money held for a payer, before the rail is asked to pay it back ({@link MoneyRules#paidBack}): held on the
     * account it waits on under {@code holdKey} until {@link #settlePayBack} or {@link #releasePayBack}. Holding
     * twice holds once; refused (an invariant) when that account does not have it.
     */
    public void holdPayBack(String holdKey, String owedAccount, Rail rail, BigDecimal amount, String description) {
        if (ledger.reserve(holdKey, List.of(MoneyRules.paidBack(owedAccount, rail, amount)), description)
                != Ledger.ReserveResult.RESERVED) {
            throw new InvariantViolationException("pay-back " + holdKey + " was refused a hold: " + owedAccount
                    + " does not hold " + amount);
        }
    }

    /** The rail paid the payer back: the hold becomes entries. Twice posts once. */
    public void settlePayBack(String holdKey) {
        ledger.post(holdKey);
    }

    /** The rail refused to pay the payer back: the money is released to the account it waits on. Twice releases once. */
    public void releasePayBack(String holdKey) {
        ledger.voidReservation(holdKey);
    }

    /** Where a pay-back's hold stands, or empty when none was made. */
    public Optional<TransferState> payBackHold(String holdKey) {
        return ledger.holdState(holdKey);
    }

    /**
     * A payout line's amount held for the client's working account before the rail is asked to take it back
     * ({@link MoneyRules#payoutReversed}), under {@code reversalKey} until {@link #settlePayoutReversal} or
     * {@link #releasePayoutReversal}. The rail's settlement may go negative, so a refusal is a broken ledger.
     * Holding twice holds once.
     */
    public void holdPayoutReversal(Movement payout, String reversalKey, String description) {
        if (ledger.reserve(reversalKey, List.of(MoneyRules.payoutReversed(payout, reversalKey)), description)
                != Ledger.ReserveResult.RESERVED) {
            throw new InvariantViolationException("payout reversal " + reversalKey + " was refused a hold on "
                    + LedgerAccounts.railSettlement(payout.settlement()) + ", which may go negative");
        }
    }

    /** The rail took the payout back: the working account is credited. Twice posts once. */
    public void settlePayoutReversal(String reversalKey) {
        ledger.post(reversalKey);
    }

    /** The rail refused to take the payout back: nothing is credited. Twice voids once. */
    public void releasePayoutReversal(String reversalKey) {
        ledger.voidReservation(reversalKey);
    }

    /**
     * A refund of a collection ({@link MoneyRules#refund}): the credit goes back, the utility account's leg first.
     * False, with nothing moved, when the utility account cannot cover it.
     */
    public boolean takeBack(List<Posting> refund) {
        for (int i = 0; i < refund.size(); i++) {
            Posting posting = refund.get(i);
            if (!ledger.transfer(posting.key(), posting.leg(), posting.description())) {
                if (i == 0) {
                    return false;
                }
                // revenue had the fee: refusing its return is a broken ledger, and undoes the legs before
                throw new InvariantViolationException("refund " + posting.key() + " was refused: "
                        + posting.leg().debitAccount() + " is short");
            }
        }
        return true;
    }

    /**
     * A refund of a collection ({@link MoneyRules#refund}) held while the processor is asked: each posting becomes
     * a hold of its own under its key (a hold has one debit account, and a refund's two legs have two), the
     * utility account's first. False, with nothing held, when the utility account cannot cover it. Holding twice
     * holds once.
     */
    public boolean holdRefund(List<Posting> refund) {
        for (int i = 0; i < refund.size(); i++) {
            Posting posting = refund.get(i);
            if (ledger.reserve(posting.key(), List.of(posting.leg()), posting.description())
                    != Ledger.ReserveResult.RESERVED) {
                if (i == 0) {
                    return false;
                }
                // revenue had the fee: refusing to hold its return is a broken ledger; the legs before are released
                refund.subList(0, i).forEach(p -> ledger.voidReservation(p.key()));
                throw new InvariantViolationException("refund " + posting.key() + " was refused a hold: "
                        + posting.leg().debitAccount() + " is short");
            }
        }
        return true;
    }

    /** The processor took a refund held by {@link #holdRefund}: each of its holds becomes entries. */
    public void settleRefund(List<Posting> refund) {
        refund.forEach(posting -> ledger.post(posting.key()));
    }

    /** The processor refused a refund held by {@link #holdRefund}: each of its holds is released. */
    public void releaseRefund(List<Posting> refund) {
        refund.forEach(posting -> ledger.voidReservation(posting.key()));
    }

    /** Undoes postings ({@link MoneyRules#reversed}): a refund the processor failed gives the credit back. */
    public void reverse(List<Posting> postings) {
        postRequired(MoneyRules.reversed(postings));
    }

    /**
     * Money in from outside to the client's working account: {@link LedgerAccounts#FUNDING} (the platform's bank
     * account, which may go negative) credits it under the caller's key: a sandbox float, or a bank statement's credit
     * naming the client by its funding reference. The same key again moves nothing for the same amount and is refused
     * for another.
     */
    public void creditFloat(String key, String clientId, BigDecimal amount, String description) {
        ledger.transferRequired(key, new Leg(LedgerAccounts.FUNDING, LedgerAccounts.working(clientId), amount),
                description);
    }

    /**
     * The client's own move of collected money to its payouts: its utility account pays its working account, at once,
     * under the caller's key. False, with nothing moved, when the utility account's available funds are short. The
     * same key again moves nothing for the same amount, and is refused (an invariant) for another.
     */
    public boolean moveUtilityToWorking(String key, String clientId, BigDecimal amount, String description) {
        return ledger.transfer(key, new Leg(LedgerAccounts.utility(clientId), LedgerAccounts.working(clientId), amount),
                description);
    }

    /**
     * A bank statement's credit naming no client it can go to: {@link LedgerAccounts#FUNDING} credits
     * {@link LedgerAccounts#FUNDING_SUSPENSE} under the entry's key, for an operator; twice holds it once.
     */
    public void suspendBankCredit(String key, BigDecimal amount, String description) {
        ledger.transferRequired(key, new Leg(LedgerAccounts.FUNDING, LedgerAccounts.FUNDING_SUSPENSE, amount),
                description);
    }

    /**
     * An operator assigns a bank credit held in funding suspense to a client: {@link LedgerAccounts#FUNDING_SUSPENSE}
     * credits the client's working account under the operator action's key. Suspense may not go negative, so an
     * entry's money leaves it once; a refusal is a broken ledger.
     */
    public void assignFundingSuspense(String key, String clientId, BigDecimal amount, String description) {
        ledger.transferRequired(key, new Leg(LedgerAccounts.FUNDING_SUSPENSE, LedgerAccounts.working(clientId), amount),
                description);
    }

    /** Postings out of a rail's settlement account, which may go negative: a refusal is a broken ledger. */
    private void postRequired(List<Posting> postings) {
        for (Posting posting : postings) {
            ledger.transferRequired(posting.key(), posting.leg(), posting.description());
        }
    }

    /**
     * The rail paid a payout after its hold was released: amount and fee from the working account together
     * ({@link MoneyRules#paidAfterRelease}), held and posted in the caller's transaction. False, with nothing moved,
     * when the working account is short: the caller refers the payout to operations. The caller makes sure it runs
     * once per payout (the line's status, under its lock).
     */
    public boolean payAfterRelease(Movement payout, String description) {
        Movement late = MoneyRules.paidAfterRelease(payout);
        if (!hold(late, description)) {
            return false;
        }
        settle(late);
        return true;
    }

    /**
     * The rail paid after its hold was released, as lines that timed out before version
     * {@code unknown-outcome-keeps-its-hold} of the line's workflow book it (those lines alone still call it):
     * books amount and fee again, each from the first of {@link MoneyRules#lateSuccessPayers} that can pay,
     * decided under the account's lock, the receivable when the working account is short. Answers who paid the
     * amount.
     */
    public String bookLateSuccess(Movement movement, String description) {
        List<String> payers = MoneyRules.lateSuccessPayers(movement.clientId());
        List<List<Posting>> byPayer = payers.stream()
                .map(payer -> MoneyRules.lateSuccess(movement, payer, description)).toList();
        String amountPayer = null;
        for (int leg = 0; leg < byPayer.getFirst().size(); leg++) {
            String paidBy = firstThatPays(payers, byPayer, leg, movement);
            amountPayer = amountPayer == null ? paidBy : amountPayer;
        }
        return amountPayer;
    }

    /**
     * A card dispute's debit ({@link MoneyRules#disputed}), posted at once: each leg from the first of
     * {@link MoneyRules#disputePayers} that can pay it, decided under the account's lock (the receivable when the
     * utility account is short). A leg posted already is not posted again, whoever paid it, so notified twice a
     * dispute debits once.
     */
    public void debitDispute(String disputeId, String clientId, BigDecimal amount, BigDecimal fee, String currency,
                             String description) {
        ledger.openCollectionAccounts(clientId, Settlement.with(Rail.CARD_PROCESSOR), currency);
        List<String> payers = MoneyRules.disputePayers(clientId, currency);
        List<List<Posting>> byPayer = payers.stream()
                .map(payer -> MoneyRules.disputed(disputeId, amount, fee, currency, payer, description)).toList();
        for (int leg = 0; leg < byPayer.getFirst().size(); leg++) {
            String key = byPayer.getFirst().get(leg).key();
            if (ledger.posted(key).isEmpty()) {
                firstThatPays(payers, byPayer, leg, key);
            }
        }
    }

    /** A card dispute won ({@link MoneyRules#disputeWon}): the amount back to the utility account; twice credits once. */
    public void creditDisputeWon(String disputeId, String clientId, BigDecimal amount, String currency,
                                 String description) {
        if (amount.signum() > 0) {
            postRequired(List.of(MoneyRules.disputeWon(disputeId, clientId, amount, currency, description)));
        }
    }

    private String firstThatPays(List<String> payers, List<List<Posting>> byPayer, int leg, Movement movement) {
        return firstThatPays(payers, byPayer, leg, "late success of " + movement.key());
    }

    private String firstThatPays(List<String> payers, List<List<Posting>> byPayer, int leg, String what) {
        for (int i = 0; i < payers.size(); i++) {
            Posting posting = byPayer.get(i).get(leg);
            if (ledger.transfer(posting.key(), posting.leg(), posting.description())) {
                return payers.get(i);
            }
        }
        throw new InvariantViolationException(what + ": none of " + payers + " could pay");
    }
}
