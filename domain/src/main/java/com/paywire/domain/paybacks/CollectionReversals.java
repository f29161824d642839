package com.paywire.domain.paybacks;

import com.paywire.domain.InvalidInputException;
import com.paywire.domain.UnknownResourceException;
import com.paywire.domain.money.MoneyEngine;
import com.paywire.domain.notifications.EventPublisher;
import com.paywire.persistence.InvariantViolationException;
import com.paywire.persistence.charges.ReversalFeeRules;
import com.paywire.persistence.collections.DepositStore;
import com.paywire.persistence.collections.PaybillDepositStore;
import com.paywire.persistence.paybacks.CollectionReversalStore;
import com.paywire.persistence.paybacks.PayBackStore;
import com.paywire.vocabulary.collections.Deposit;
import com.paywire.vocabulary.collections.DepositStatus;
import com.paywire.vocabulary.collections.PaybillDeposit;
import com.paywire.vocabulary.collections.PaybillDepositStatus;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.ledger.TransactionType;
import com.paywire.vocabulary.money.Currencies;
import com.paywire.vocabulary.notifications.Delivery;
import com.paywire.vocabulary.notifications.EventType;
import com.paywire.vocabulary.paybacks.CollectionReversal;
import com.paywire.vocabulary.paybacks.CollectionType;
import com.paywire.vocabulary.paybacks.PayBack;
import com.paywire.vocabulary.paybacks.PayBackKind;
import com.paywire.vocabulary.paybacks.PayBackMethod;
import com.paywire.vocabulary.paybacks.PayBackStatus;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.vocabulary.rules.FieldProblem;
import com.paywire.vocabulary.rules.money.MoneyRules;
import com.paywire.vocabulary.rules.money.Movement;
import com.paywire.vocabulary.rules.money.Posting;
import com.paywire.workflows.notifications.EventCommand;
import com.paywire.workflows.OperatorResolution;
import com.paywire.workflows.paybacks.PayBackAnswer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reversals of collections (issue 48): a client (or an operator for it) asks the mobile-money rail to give one of
 * its completed collections back to the payer. The whole amount is held when it is asked for, before the rail is,
 * from the client's utility account (what it was credited) and revenue (the fee, unless the charge table keeps
 * it); then a pay-back of kind {@link PayBackKind#COLLECTION_REVERSAL}, by {@link PayBacks}' workflow, asks the
 * rail's reversal, and {@link #close} posts the hold when the rail reverses it or releases it when the rail
 * refuses. A collection is reversed once; after a refused reversal it may be asked again.
 */
@Service
public class CollectionReversals {

    public static final int MAX_REASON = 200;
    public static final int MAX_ID = 100;
    private static final Logger log = LoggerFactory.getLogger(CollectionReversals.class);
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final CollectionReversalStore reversals;
    private final PayBackStore payBackStore;
    private final PayBacks payBacks;
    private final DepositStore deposits;
    private final PaybillDepositStore paybillDeposits;
    private final ReversalFeeRules feeRules;
    private final MoneyEngine money;
    private final EventPublisher publisher;
    private final TransactionTemplate transaction;
    private final Clock clock;

    public CollectionReversals(CollectionReversalStore reversals, PayBackStore payBackStore, PayBacks payBacks,
                               DepositStore deposits, PaybillDepositStore paybillDeposits, ReversalFeeRules feeRules,
                               MoneyEngine money, EventPublisher publisher, TransactionTemplate transaction,
                               Clock clock) {
        this.reversals = reversals;
        this.payBackStore = payBackStore;
        this.payBacks = payBacks;
        this.deposits = deposits;
        this.paybillDeposits = paybillDeposits;
        this.feeRules = feeRules;
        this.money = money;
        this.publisher = publisher;
        this.transaction = transaction;
        this.clock = clock;
    }

    /** What the client asks, as its request names it. */
    public record ReversalRequest(String originatorConversationId, String collectionType, String collectionId,
                                  String reason) {
    }

    /** The reversal answered, and whether this call asked for it (false: the same request again). */
    public record Requested(CollectionReversalView reversal, boolean byThisCall) {
    }

    /** A reversal refused with nothing held: a conflict with what was asked before, or funds short. */
    public static final class Refused extends RuntimeException {

        public enum Why { CONFLICT, FUNDS_SHORT }

        private final Why why;

        Refused(Why why, String message) {
            super(message);
            this.why = why;
        }

        public Why why() {
            return why;
        }
    }

    /** The collection to reverse, found and locked in the caller's transaction. */
    private record Collection(Product product, UUID paymentId, String collectionId, BigDecimal amount,
                              BigDecimal fee, boolean completed) {

        String key() {
            return product.key(paymentId.toString());
        }
    }

    /**
     * Asks for the reversal of a collection of the client's, once per OriginatorConversationId.
     *
     * @param operatorId the operator asking for the client, or null when the client asks
     * @throws InvalidInputException    a field missing or malformed
     * @throws UnknownResourceException no collection of the client's has that id (never quoted)
     * @throws Refused                  the id used for another request, the collection not completed, reversed or
     *                                  being reversed already (CONFLICT); the utility account short (FUNDS_SHORT)
     */
    public Requested request(String clientId, ReversalRequest request, String operatorId) {
        CollectionType type = validated(request);
        try {
            return requestOnce(clientId, type, request, operatorId);
        } catch (DuplicateKeyException sameIdAtOnce) {
            // another call took the id meanwhile: answered as a repeat of it
            return repeat(reversals.find(clientId, request.originatorConversationId()).orElseThrow(), type, request);
        }
    }

    private Requested requestOnce(String clientId, CollectionType type, ReversalRequest request, String operatorId) {
        Optional<CollectionReversal> earlier = reversals.find(clientId, request.originatorConversationId());
        if (earlier.isPresent()) {
            return repeat(earlier.get(), type, request);
        }
        Held held = transaction.execute(tx -> hold(clientId, type, request, operatorId));
        if (!held.byThisCall()) {
            return repeat(held.reversal(), type, request);
        }
        CollectionReversal reversal = held.reversal();
        PayBack payBack = payBackStore.find(reversal.id()).orElseThrow();
        payBacks.start(payBack);
        log.info("Reversal {} of {} {} of client {} asked{}: {} {} held", reversal.id(), type,
                reversal.collectionId(), clientId, operatorId == null ? "" : " by operator " + operatorId,
                reversal.amount(), reversal.currency());
        // read back as stored, so that the first answer reads as every later one (amounts to the cent)
        return new Requested(view(reversals.find(reversal.id()).orElseThrow()), true);
    }

    /** The reversal under the client's id, and whether this call recorded and held it. */
    private record Held(CollectionReversal reversal, boolean byThisCall) {
    }

    private Held hold(String clientId, CollectionType type, ReversalRequest request, String operatorId) {
        Collection collection = lock(clientId, type, request.collectionId());
        // the same request at once waited for the lock: it finds the reversal the first one recorded
        Optional<CollectionReversal> meanwhile = reversals.find(clientId, request.originatorConversationId());
        if (meanwhile.isPresent()) {
            return new Held(meanwhile.get(), false);
        }
        if (!collection.completed()) {
            throw new Refused(Refused.Why.CONFLICT, "Only a completed collection can be reversed.");
        }
        Optional<PayBack> last = payBackStore.latest(PayBackKind.COLLECTION_REVERSAL, collection.key());
        if (last.isPresent() && last.get().status() != PayBackStatus.FAILED) {
            throw new Refused(Refused.Why.CONFLICT, last.get().status() == PayBackStatus.PAID
                    ? "The collection was reversed already." : "The collection is being reversed.");
        }
        UUID id = UUID.randomUUID();
        OffsetDateTime now = OffsetDateTime.now(clock);
        BigDecimal fee = collection.fee().signum() > 0
                && !feeRules.feeReturned(TransactionType.PAYBILL_DEPOSIT.code()) ? BigDecimal.ZERO : collection.fee();
        CollectionReversal reversal = new CollectionReversal(id, clientId, request.originatorConversationId(), type,
                request.collectionId(), collection.paymentId(), collection.key(), collection.amount(), fee,
                Currencies.KES, request.reason().strip(), operatorId, now);
        List<Posting> postings = postings(reversal);
        PayBack stored = payBackStore.insertOnce(new PayBack(id, PayBackKind.COLLECTION_REVERSAL, collection.key(),
                last.map(PayBack::attempt).orElse(0) + 1, postings.getFirst().key(), collection.product(),
                collection.paymentId().toString(), null, collection.amount(), Currencies.KES, null, null,
                PayBackStatus.PENDING, null, operatorId, false, now, null), LedgerAccounts.utility(clientId));
        if (!stored.id().equals(id)) {
            throw new Refused(Refused.Why.CONFLICT, "The collection is being reversed.");
        }
        reversals.insert(reversal);
        if (!money.holdRefund(postings)) {
            // the transaction rolls back the rows: nothing is held, nothing recorded
            throw new Refused(Refused.Why.FUNDS_SHORT,
                    "The utility account's available balance is short of the amount to give back.");
        }
        payBackStore.recordPaying(id, PayBackMethod.REVERSAL);
        return new Held(reversal, true);
    }

    private Requested repeat(CollectionReversal earlier, CollectionType type, ReversalRequest request) {
        if (earlier.collectionType() != type || !earlier.collectionId().equals(request.collectionId())
                || !earlier.reason().equals(request.reason().strip())) {
            throw new Refused(Refused.Why.CONFLICT,
                    "That originatorConversationId was used for another reversal request.");
        }
        return new Requested(view(earlier), false);
    }

    /** The collection of the client's the request names, locked; 404 when it is none of the client's. */
    private Collection lock(String clientId, CollectionType type, String collectionId) {
        UnknownResourceException none = new UnknownResourceException("No collection of yours of that collectionType "
                + "has that collectionId.");
        return switch (type) {
            case PAYBILL_DEPOSIT -> {
                PaybillDeposit found = paybillDeposits.findByReceipt(clientId, collectionId).orElseThrow(() -> none);
                PaybillDeposit d = paybillDeposits.lock(found.id());
                boolean credited = d.status() == PaybillDepositStatus.CREDITED && clientId.equals(d.clientId());
                yield new Collection(Product.PAYBILL_DEPOSIT, d.id(), collectionId, d.amount(),
                        d.fee() == null ? BigDecimal.ZERO : d.fee(), credited);
            }
            case EXPRESS_DEPOSIT, PAYMENT_LINK_PAYMENT -> {
                Deposit found = (type == CollectionType.EXPRESS_DEPOSIT ? deposits.find(clientId, collectionId)
                        : uuid(collectionId).flatMap(deposits::find).filter(d -> clientId.equals(d.clientId())))
                        .filter(d -> (d.paymentLinkId() != null) == (type == CollectionType.PAYMENT_LINK_PAYMENT))
                        // a checkout's attempt is the checkout order's money, refunded through it
                        .filter(d -> deposits.checkoutOf(d.id()).isEmpty())
                        .orElseThrow(() -> none);
                Deposit d = deposits.lock(found.id());
                yield new Collection(Product.PHONE_PROMPT, d.id(), collectionId, d.amount(),
                        BigDecimal.ZERO, d.status() == DepositStatus.COMPLETED && d.receiptNumber() != null);
            }
        };
    }

    /** The reversal the client asked for under the id. */
    public Optional<CollectionReversalView> find(String clientId, String originatorConversationId) {
        return reversals.find(clientId, originatorConversationId).map(this::view);
    }

    /** The newest reversal of the deposit (an express deposit's, a payment link payment's, a paybill deposit's). */
    public Optional<CollectionReversalView> latestOf(UUID paymentId) {
        return reversals.latestOf(paymentId).map(this::view);
    }

    /**
     * An operator's word on a HELD reversal (the rail silent for 24 h, its money held): given to its workflow as the
     * rail's answer would be, which posts the hold (PAID: the payer has the money back) or releases it (NOT_PAID),
     * with the events of either, unless the rail's own answer came first. The workflow applies it at once; the
     * answer is the reversal as it stood when told.
     *
     * @throws UnknownResourceException no reversal has that id
     * @throws Refused                  (CONFLICT) it is not HELD, or its workflow has ended: nothing was changed
     */
    public CollectionReversalView resolveHeld(UUID reversalId, OperatorResolution resolution, String operatorId) {
        CollectionReversal r = reversals.find(reversalId)
                .orElseThrow(() -> new UnknownResourceException("No collection reversal with that id"));
        PayBack payBack = payBackStore.find(r.id()).orElseThrow(
                () -> new InvariantViolationException("no pay-back of reversal " + r.id()));
        try {
            payBacks.resolveHeld(payBack, resolution, operatorId);
        } catch (PayBacks.NotHeld refused) {
            throw new Refused(Refused.Why.CONFLICT, refused.ended()
                    ? "The reversal's workflow has ended: nothing was changed"
                    : "Only a HELD reversal, its rail silent for 24 h, is resolved by an operator; this one is not"
                            + " (it may have been decided already): nothing was changed");
        }
        return view(r);
    }

    /** A reversal as operators follow it: whose, who asked, and where it stands. */
    public record Followed(String clientId, String requestedBy, CollectionReversalView reversal) {
    }

    /** Every client's reversals, newest first: operators find those HELD (the rail's answer unknown) here. */
    public List<Followed> newest(int limit) {
        return reversals.newest(limit).stream().map(r -> new Followed(r.clientId(), r.requestedBy(), view(r)))
                .toList();
    }

    public CollectionReversalView view(CollectionReversal r) {
        PayBack payBack = payBackStore.find(r.id()).orElseThrow(
                () -> new InvariantViolationException("no pay-back of reversal " + r.id()));
        CollectionReversalStore.Result result = reversals.result(r.id());
        boolean referred = payBack.heldUnanswered();
        return new CollectionReversalView(r.id().toString(), r.originatorConversationId(), r.collectionType().name(),
                r.collectionId(), r.amount(), r.fee(), r.currency(), payBack.status().reversalName(referred),
                result.code(), result.description() != null ? result.description() : payBack.reason(), r.reason(),
                r.createdAt(), payBack.closedAt());
    }

    /**
     * The rail's final answer, in the caller's transaction with the pay-back locked and not yet closed: reversed
     * posts the hold, refused releases it; the client is told by event (and the collection's callback URL).
     *
     * @return the deliveries to start once the transaction has committed
     */
    public List<Delivery> close(PayBack payBack, PayBackAnswer answer) {
        CollectionReversal r = reversals.find(payBack.id()).orElseThrow(
                () -> new InvariantViolationException("no reversal of pay-back " + payBack.id()));
        boolean reversed = answer.state() == PayBackAnswer.State.PAID;
        OffsetDateTime now = OffsetDateTime.now(clock);
        if (reversed) {
            money.settleRefund(postings(r));
            payBackStore.recordClosed(r.id(), PayBackStatus.PAID, answer.confirmation(), now);
        } else {
            money.releaseRefund(postings(r));
            payBackStore.recordClosed(r.id(), PayBackStatus.FAILED, answer.refusal(), now);
        }
        reversals.recordResult(r.id(), answer.code(), answer.description());
        boolean paybill = r.collectionType() == CollectionType.PAYBILL_DEPOSIT;
        EventType type = paybill
                ? (reversed ? EventType.PAYBILL_DEPOSIT_REVERSED : EventType.PAYBILL_DEPOSIT_REVERSAL_FAILED)
                : (reversed ? EventType.DEPOSIT_REVERSED : EventType.DEPOSIT_REVERSAL_FAILED);
        String eventKey = r.collectionType().product().eventKey(r.paymentId().toString());
        String callbackUrl = paybill ? paybillDeposits.settings(r.clientId()).callbackUrl()
                : deposits.find(r.paymentId()).map(Deposit::callbackUrl).orElse(null);
        log.info("Reversal {} of {} {} of client {}: {} ({} {})", r.id(), r.collectionType(), r.collectionId(),
                r.clientId(), reversed ? "reversed, its hold posted" : "refused, its hold released", answer.code(),
                answer.description());
        return publisher.recordWithin(new EventCommand(UUID.nameUUIDFromBytes(("collection-reversal:" + r.id() + ":"
                        + type.wireName()).getBytes(StandardCharsets.UTF_8)).toString(), r.clientId(),
                type.wireName(), eventKey, JSON.writeValueAsString(view(r)), callbackUrl, clock.millis()));
    }

    private static List<Posting> postings(CollectionReversal r) {
        Movement collected = new Movement(r.collectionType().product(), r.paymentId().toString(), r.clientId(),
                Rail.MOBILE_MONEY, r.amount(), r.fee(), r.currency());
        return MoneyRules.collectionReversal(collected, r.id().toString(), "Reversal of "
                + words(r.collectionType()) + " " + r.collectionId() + " to its payer");
    }

    private static String words(CollectionType type) {
        return switch (type) {
            case EXPRESS_DEPOSIT -> "express deposit";
            case PAYMENT_LINK_PAYMENT -> "payment link payment";
            case PAYBILL_DEPOSIT -> "paybill deposit";
        };
    }

    private static CollectionType validated(ReversalRequest request) {
        List<FieldProblem> problems = new ArrayList<>();
        String ocid = request.originatorConversationId();
        if (blankOrLong(ocid, MAX_ID)) {
            problems.add(new FieldProblem("originatorConversationId",
                    "The originatorConversationId is required: 1 to " + MAX_ID + " characters, no control characters."));
        }
        Optional<CollectionType> type = Optional.ofNullable(request.collectionType()).flatMap(CollectionType::ofName);
        if (type.isEmpty()) {
            problems.add(new FieldProblem("collectionType",
                    "The collectionType is required: EXPRESS_DEPOSIT, PAYMENT_LINK_PAYMENT or PAYBILL_DEPOSIT."));
        }
        if (blankOrLong(request.collectionId(), MAX_ID)) {
            problems.add(new FieldProblem("collectionId", "The collectionId is required: 1 to " + MAX_ID
                    + " characters, as the collection's own status query takes it."));
        }
        if (blankOrLong(request.reason(), MAX_REASON)) {
            problems.add(new FieldProblem("reason", "The reason is required: 1 to " + MAX_REASON
                    + " characters, no control characters."));
        }
        if (!problems.isEmpty()) {
            throw new InvalidInputException(blankOrLong(ocid, MAX_ID) ? null : ocid, problems);
        }
        return type.orElseThrow();
    }

    private static boolean blankOrLong(String value, int max) {
        return value == null || value.isBlank() || value.strip().length() > max
                || value.chars().anyMatch(Character::isISOControl);
    }

    private static Optional<UUID> uuid(String id) {
        try {
            return Optional.of(UUID.fromString(id));
        } catch (IllegalArgumentException notOne) {
            return Optional.empty();
        }
    }
}
