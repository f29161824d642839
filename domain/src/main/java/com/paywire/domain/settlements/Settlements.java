package com.paywire.domain.settlements;

import com.paywire.domain.InvalidInputException;
import com.paywire.domain.money.MoneyEngine;
import com.paywire.domain.notifications.EventPublisher;
import com.paywire.domain.platform.FieldRules;
import com.paywire.domain.platform.Outbox;
import com.paywire.domain.platform.PeriodBounds;
import com.paywire.domain.rails.SettlementPayouts;
import com.paywire.persistence.InvariantViolationException;
import com.paywire.persistence.charges.ChargeBands;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.persistence.settlements.SettlementStore;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.money.Cents;
import com.paywire.vocabulary.money.Currencies;
import com.paywire.vocabulary.notifications.EventType;
import com.paywire.vocabulary.payouts.ResultCode;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.vocabulary.rules.FieldProblem;
import com.paywire.vocabulary.rules.money.Movement;
import com.paywire.vocabulary.settlements.SettledEntry;
import com.paywire.vocabulary.settlements.Settlement;
import com.paywire.vocabulary.settlements.SettlementInstructions;
import com.paywire.vocabulary.settlements.SettlementStatus;
import com.paywire.workflows.PaymentSearchAttributes;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.notifications.EventCommand;
import com.paywire.workflows.payouts.PayoutLineCommand;
import com.paywire.workflows.payouts.PayoutTiming;
import com.paywire.workflows.payouts.RailResult;
import com.paywire.workflows.settlements.SchedulePlan;
import com.paywire.workflows.settlements.SettlementCommand;
import com.paywire.workflows.settlements.SettlementHold;
import com.paywire.workflows.settlements.SettlementWorkflow;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowExecutionAlreadyStarted;
import io.temporal.client.WorkflowNotFoundException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

/**
 * Settlements of a merchant's utility account to its bank account: made on request or at a schedule's cut-off,
 * each run by its own {@link SettlementWorkflow}, whose ledger steps are here. The fee is the charge table's bank
 * transfer band (transaction type 2) of the amount settled, and comes out of it: the bank pays amount less fee.
 */
@Service
public class Settlements implements SettlementPayouts {

    /** The charge table's transaction type of a bank transfer, whose bands price a settlement. */
    public static final int BANK_TRANSFER_TYPE = 2;
    private static final Logger log = LoggerFactory.getLogger(Settlements.class);
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Pattern CLIENT_ID_TEXT = Pattern.compile("[A-Za-z0-9._:-]{1,64}");

    private final SettlementStore store;
    private final Ledger ledger;
    private final MoneyEngine money;
    private final ChargeBands charges;
    private final EventPublisher events;
    private final WorkflowClient temporal;
    private final TransactionTemplate transaction;
    private final SettlementProperties properties;
    private final Clock clock;

    public Settlements(SettlementStore store, Ledger ledger, MoneyEngine money, ChargeBands charges,
                       EventPublisher events, WorkflowClient temporal, TransactionTemplate transaction,
                       SettlementProperties properties, Clock clock) {
        this.store = store;
        this.ledger = ledger;
        this.money = money;
        this.charges = charges;
        this.events = events;
        this.temporal = temporal;
        this.transaction = transaction;
        this.properties = properties;
        this.clock = clock;
    }

    // --- the client's side

    /**
     * A settlement the client asks for now, of {@code amount} or the whole available balance. The same
     * originatorConversationId again answers the settlement it made (and starts it if Temporal did not take it).
     *
     * @throws InvalidInputException without instructions, within the account's cool-off, while another settlement
     *                               is open, or for an amount below the minimum, above the available balance or
     *                               not above its fee
     */
    public Settlement request(String clientId, String originatorConversationId, BigDecimal amount) {
        FieldRules rules = new FieldRules();
        String ocid = rules.matching("originatorConversationId", originatorConversationId, true, 64, CLIENT_ID_TEXT,
                "must be 1 to 64 letters, digits or . _ : -");
        if (amount != null && (amount.signum() <= 0 || !Cents.isExact(amount))) {
            rules.add("amount", "The field amount must be a positive amount in shillings with at most two decimals.");
        }
        rules.refuseIfAny(null);
        Optional<Settlement> earlier = store.findByOriginatorConversationId(clientId, ocid);
        if (earlier.isPresent()) {
            start(earlier.get());
            return store.find(earlier.get().id()).orElseThrow();
        }
        Settlement made = make(clientId, ocid, amount, false, UUID.randomUUID());
        start(made);
        return store.find(made.id()).orElseThrow();
    }

    public Optional<Settlement> find(String clientId, UUID id) {
        return store.find(clientId, id);
    }

    /**
     * The client's settlements made in [from, to), newest first, at most 100: each an ISO-8601 instant or a date (the
     * start of that day in UTC, for {@code to} of the next); from absent is the beginning, to absent now.
     */
    public List<Settlement> list(String clientId, String from, String to) {
        List<FieldProblem> problems = new ArrayList<>();
        Instant start = PeriodBounds.parse(from, "from", false, Instant.EPOCH, problems);
        Instant end = PeriodBounds.parse(to, "to", true, clock.instant(), problems);
        if (problems.isEmpty() && !start.isBefore(end)) {
            problems.add(new FieldProblem("to", "to must be after from."));
        }
        if (!problems.isEmpty()) {
            throw new InvalidInputException(null, problems);
        }
        return list(clientId, start, end, 100);
    }

    /** The client's settlements made in [from, to), newest first, at most {@code limit}. */
    public List<Settlement> list(String clientId, Instant from, Instant to, int limit) {
        return store.list(clientId, from.atOffset(ZoneOffset.UTC), to.atOffset(ZoneOffset.UTC), limit);
    }

    /** The utility entries the settlement settles (none before its amount is held, none once it failed). */
    public List<SettledEntry> entries(Settlement settlement) {
        return store.entries(settlement.id());
    }

    // --- the schedule's side

    public SchedulePlan plan(String clientId) {
        return new SchedulePlan(store.instructions(clientId).map(SettlementInstructions::schedule).orElse(null),
                properties.cutOff().toString(), properties.zone().getId(), properties.weeklyDay().name());
    }

    /**
     * A schedule's cut-off: settles the whole available balance when the rules allow, once per cut-off (its id is
     * derived from the client and the cut-off, its originatorConversationId {@code scheduled:{cut-off}}).
     *
     * @return the settlement's id, or null when the rules allow none now (logged)
     */
    public String settleAtCutOff(String clientId, long cutOffMillis) {
        String ocid = "scheduled:" + Instant.ofEpochMilli(cutOffMillis);
        Optional<Settlement> earlier = store.findByOriginatorConversationId(clientId, ocid);
        Settlement settlement;
        if (earlier.isPresent()) {
            settlement = earlier.get();
        } else {
            try {
                settlement = make(clientId, ocid, null, true,
                        UUID.nameUUIDFromBytes((clientId + "|" + ocid).getBytes(StandardCharsets.UTF_8)));
            } catch (InvalidInputException notNow) {
                log.info("No scheduled settlement for client {} at {}: {}", clientId, ocid,
                        notNow.problems().getFirst().message());
                return null;
            }
        }
        start(settlement);
        return settlement.id().toString();
    }

    private Settlement make(String clientId, String ocid, BigDecimal asked, boolean scheduled, UUID id) {
        SettlementInstructions instructions = store.instructions(clientId).orElseThrow(() -> InvalidInputException.of(
                ocid, "settlementInstructions", "There are no settlement instructions: set them first (PUT "
                        + "/v1/customer-accounts/settlement-instructions)."));
        OffsetDateTime now = OffsetDateTime.now(clock);
        if (now.isBefore(instructions.usableFrom())) {
            throw InvalidInputException.of(ocid, "accountNumber", "The settlement account was changed recently: "
                    + "settlements go to it from " + instructions.usableFrom() + ".");
        }
        Optional<Settlement> open = store.open(clientId);
        if (open.isPresent()) {
            // one Temporal did not take when it was made would block every later one: start it now
            start(open.get());
            throw InvalidInputException.of(ocid, "originatorConversationId",
                    "Another settlement is still in progress: wait for its outcome.");
        }
        BigDecimal available = Cents.exact(ledger.available(LedgerAccounts.utility(clientId)));
        if (asked != null && asked.compareTo(available) > 0) {
            throw InvalidInputException.of(ocid, "amount", "The amount is more than the utility account's available "
                    + "balance (" + available.toPlainString() + ").");
        }
        BigDecimal amount = asked != null ? Cents.exact(asked) : available;
        if (amount.signum() <= 0 || amount.compareTo(instructions.minimumAmount()) < 0) {
            throw InvalidInputException.of(ocid, "amount", "The amount to settle (" + amount.toPlainString()
                    + ") is below the settlement minimum (" + instructions.minimumAmount().toPlainString() + ").");
        }
        BigDecimal fee;
        try {
            fee = Cents.exact(charges.feeFor(BANK_TRANSFER_TYPE, amount));
        } catch (RuntimeException noBand) {
            throw InvalidInputException.of(ocid, "amount", "No bank transfer fee band covers the amount to settle.");
        }
        if (amount.compareTo(fee) <= 0) {
            throw InvalidInputException.of(ocid, "amount", "The amount to settle does not cover its fee ("
                    + fee.toPlainString() + ").");
        }
        Settlement settlement = new Settlement(id, clientId, ocid, scheduled, SettlementStatus.PENDING, amount, fee,
                Cents.exact(amount.subtract(fee)), null, null, instructions.bankCode(), instructions.accountNumber(),
                instructions.accountName(), null, null, null, now, null, null, null, null, null, false);
        if (!store.insert(settlement)) {
            return store.findByOriginatorConversationId(clientId, ocid).orElseThrow(() -> InvalidInputException.of(
                    ocid, "originatorConversationId", "Another settlement is still in progress: wait for its outcome."));
        }
        return settlement;
    }

    /** Starts the settlement's workflow unless it was; Temporal refuses a second run under its id. */
    void start(Settlement s) {
        if (s.workflowStarted()) {
            return;
        }
        SettlementWorkflow workflow = temporal.newWorkflowStub(SettlementWorkflow.class,
                Outbox.options(WorkflowIds.settlement(s.clientId(), s.id().toString()), TaskQueues.PAYOUTS,
                        "Settlement " + s.id(), PaymentSearchAttributes.of(Product.SETTLEMENT, s.clientId(),
                                s.originatorConversationId())));
        PayoutTiming timing = new PayoutTiming(properties.railAnswerWindow(), properties.statusQueryInterval(),
                properties.reconciliationWindow(), 1);
        try {
            WorkflowClient.start(workflow::settle, new SettlementCommand(s.clientId(), s.id().toString(), timing));
        } catch (WorkflowExecutionAlreadyStarted already) {
            log.info("Settlement {} was already started", s.id());
        }
        store.markWorkflowStarted(s.id());
    }

    // --- the workflow's ledger steps

    /** Holds amount and fee on the utility account and takes the entries the settlement settles; once. */
    public SettlementHold hold(String settlementId) {
        UUID id = UUID.fromString(settlementId);
        List<Runnable> after = new ArrayList<>();
        SettlementHold hold = transaction.execute(tx -> {
            Settlement s = store.lock(id);
            switch (s.status()) {
                case PROCESSING, UNCONFIRMED, PAID -> {
                    return new SettlementHold(true, command(s), null, null);
                }
                case FAILED -> {
                    return new SettlementHold(false, null, s.resultCode(), s.resultDescription());
                }
                case PENDING -> { }
            }
            if (!money.holdSettlement(movement(s), "Settlement to bank account " + s.maskedAccountNumber())) {
                String why = "The utility account's available balance is short of the settlement's amount";
                store.markFailed(id, ResultCode.INSUFFICIENT_FUNDS.code(), why, OffsetDateTime.now(clock));
                after.addAll(publish(store.find(id).orElseThrow(), EventType.SETTLEMENT_FAILED));
                return new SettlementHold(false, null, ResultCode.INSUFFICIENT_FUNDS.code(), why);
            }
            OffsetDateTime now = OffsetDateTime.now(clock);
            BigDecimal entries = store.attributeEntries(id, s.clientId());
            BigDecimal carriedIn = store.lastCarriedOut(s.clientId());
            BigDecimal carriedOut = Cents.exact(carriedIn.add(entries).subtract(s.amount()));
            if (carriedOut.signum() < 0) {
                throw new InvariantViolationException("settlement " + id + " of " + s.amount()
                        + " is more than its entries " + entries + " and what was carried in " + carriedIn);
            }
            store.markProcessing(id, carriedIn, carriedOut, now);
            return new SettlementHold(true, command(s), null, null);
        });
        after.forEach(Runnable::run);
        return hold;
    }

    /** The bank's final answer: posted and PAID, or released and FAILED, the client told; once. */
    public void close(String settlementId, RailResult result) {
        UUID id = UUID.fromString(settlementId);
        List<Runnable> after = transaction.execute(tx -> {
            Settlement s = store.lock(id);
            if (s.status().isFinal() || s.status() == SettlementStatus.PENDING) {
                return List.<Runnable>of();
            }
            OffsetDateTime now = OffsetDateTime.now(clock);
            if (result.state() == RailResult.State.COMPLETED) {
                money.settle(movement(s));
                store.markPaid(id, result.resultCode(), result.resultDescription(), result.receiptNumber(), now);
                return publish(store.find(id).orElseThrow(), EventType.SETTLEMENT_PAID);
            }
            money.release(movement(s));
            store.markFailed(id, result.resultCode(), result.resultDescription(), now);
            return publish(store.find(id).orElseThrow(), EventType.SETTLEMENT_FAILED);
        });
        after.forEach(Runnable::run);
    }

    /** Failed before the bank took it: what was held is released, the client told; once. */
    public void fail(String settlementId, String resultCode, String resultDescription) {
        UUID id = UUID.fromString(settlementId);
        List<Runnable> after = transaction.execute(tx -> {
            Settlement s = store.lock(id);
            if (s.status().isFinal()) {
                return List.<Runnable>of();
            }
            Movement movement = movement(s);
            if (money.wasHeld(movement) && !money.wasReleased(movement)) {
                money.release(movement);
            }
            store.markFailed(id, resultCode, resultDescription, OffsetDateTime.now(clock));
            return publish(store.find(id).orElseThrow(), EventType.SETTLEMENT_FAILED);
        });
        after.forEach(Runnable::run);
    }

    public void keepHeldUnconfirmed(String settlementId) {
        store.markUnconfirmed(UUID.fromString(settlementId), OffsetDateTime.now(clock));
    }

    public void refer(String settlementId) {
        store.markReferred(UUID.fromString(settlementId), OffsetDateTime.now(clock));
    }

    // --- the bank's callbacks

    @Override
    public boolean railResult(Rail rail, RailResult result) {
        if (rail != Rail.BANK) {
            return false;
        }
        Optional<Settlement> settlement;
        try {
            settlement = store.find(UUID.fromString(result.reference()));
        } catch (IllegalArgumentException notAnId) {
            return false;
        }
        if (settlement.isEmpty()) {
            return false;
        }
        try {
            temporal.newUntypedWorkflowStub(WorkflowIds.settlement(settlement.get().clientId(), result.reference()))
                    .signal(SettlementWorkflow.RAIL_RESULT_SIGNAL, result);
            return true;
        } catch (WorkflowNotFoundException ended) {
            log.warn("Bank callback for settlement {} found its workflow ended; kept", result.reference());
            return false;
        }
    }

    private static Movement movement(Settlement s) {
        return new Movement(Product.SETTLEMENT, s.id().toString(), s.clientId(), Rail.BANK, s.net(), s.fee(),
                Currencies.KES);
    }

    private static PayoutLineCommand command(Settlement s) {
        return new PayoutLineCommand(s.clientId(), null, s.id().toString(), s.id().toString(), Rail.BANK,
                BANK_TRANSFER_TYPE, s.net(), Currencies.KES, s.accountNumber(), s.accountName(), s.bankCode(),
                "Settlement " + s.id(), null, false, null, s.id().toString());
    }

    /** Records the event in the caller's transaction; answers the deliveries' starts, to run once it committed. */
    private List<Runnable> publish(Settlement s, EventType type) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("settlementId", s.id().toString());
        data.put("originatorConversationId", s.originatorConversationId());
        data.put("status", s.status().name());
        data.put("amount", s.amount());
        data.put("fee", s.fee());
        data.put("net", s.net());
        data.put("currency", Currencies.KES);
        data.put("bankCode", s.bankCode());
        data.put("accountNumber", s.maskedAccountNumber());
        data.put("bankReference", s.bankReference());
        data.put("resultCode", s.resultCode());
        data.put("resultDescription", s.resultDescription());
        String eventId = UUID.nameUUIDFromBytes((type.wireName() + ":" + s.id()).getBytes(StandardCharsets.UTF_8))
                .toString();
        return events.recordWithin(new EventCommand(eventId, s.clientId(), type.wireName(),
                        Product.SETTLEMENT.eventKey(s.id().toString()), JSON.writeValueAsString(data), null,
                        clock.millis()))
                .stream().<Runnable>map(delivery -> () -> events.start(delivery)).toList();
    }
}
