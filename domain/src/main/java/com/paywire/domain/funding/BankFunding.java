package com.paywire.domain.funding;

import com.paywire.domain.InvalidInputException;
import com.paywire.domain.UnknownResourceException;
import com.paywire.domain.money.MoneyEngine;
import com.paywire.domain.notifications.EventPublisher;
import com.paywire.domain.operations.OperatorActions;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.funding.FundingStore;
import com.paywire.vocabulary.clients.ClientDetails;
import com.paywire.vocabulary.funding.BankEntry;
import com.paywire.vocabulary.funding.BankEntryOutcome;
import com.paywire.vocabulary.funding.BankEntryResult;
import com.paywire.vocabulary.funding.FundingEntry;
import com.paywire.vocabulary.funding.FundingReference;
import com.paywire.vocabulary.money.Cents;
import com.paywire.vocabulary.money.Currencies;
import com.paywire.vocabulary.notifications.Delivery;
import com.paywire.vocabulary.notifications.EventType;
import com.paywire.vocabulary.operations.OperatorAction;
import com.paywire.vocabulary.operations.OperatorActionKind;
import com.paywire.workflows.notifications.EventCommand;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

/**
 * What a bank statement's entries do to the ledger, one entry at a time, and what operators do with the entries
 * held in funding suspense. Each entry is decided and moved in one transaction keyed by the bank's reference of it
 * ({@code bank_statement_entries}' key): the same entry in a statement posted again, in an overlapping statement,
 * or in two posted at once, moves its money once.
 */
@Service
public class BankFunding {

    private static final Logger log = LoggerFactory.getLogger(BankFunding.class);
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final FundingStore store;
    private final FundingReferences references;
    private final ApiClientStore clients;
    private final MoneyEngine money;
    private final OperatorActions operatorActions;
    private final EventPublisher publisher;
    private final TransactionTemplate transaction;
    private final Clock clock;

    public BankFunding(FundingStore store, FundingReferences references, ApiClientStore clients, MoneyEngine money,
                       OperatorActions operatorActions, EventPublisher publisher, TransactionTemplate transaction,
                       Clock clock) {
        this.store = store;
        this.references = references;
        this.clients = clients;
        this.money = money;
        this.operatorActions = operatorActions;
        this.publisher = publisher;
        this.transaction = transaction;
        this.clock = clock;
    }

    /**
     * Applies one entry of a statement. Debits, credits in another currency and entries not booked move nothing. A
     * KES credit is recorded once by its bank reference: this call records it, credits the client its valid funding
     * reference names (or funding suspense) and records {@code balance.funded}, all in one transaction; an entry
     * recorded before answers ALREADY_PROCESSED, unless this same run of the statement recorded it (a retry of
     * the step after its commit), which answers what it decided then.
     *
     * @param statementKey the statement's identity ({@code account:statement id})
     * @param run          the statement workflow's run
     */
    public BankEntryResult apply(String statementKey, String run, String account, String statementId, BankEntry entry) {
        if (!entry.booked()) {
            return ignored(entry, BankEntryOutcome.IGNORED_NOT_BOOKED, "the bank has not booked it");
        }
        if (!entry.credit()) {
            return ignored(entry, BankEntryOutcome.IGNORED_DEBIT, "money out of the bank account: nothing moves");
        }
        if (!Currencies.KES.equals(entry.currency())) {
            return ignored(entry, BankEntryOutcome.IGNORED_CURRENCY, "working accounts are in KES");
        }
        Applied applied = transaction.execute(tx -> {
            Optional<FundingEntry> recorded = store.find(entry.entryReference());
            if (recorded.isPresent()) {
                return new Applied(answer(recorded.get(), run, entry), List.of());
            }
            FundingEntry decided = decide(statementKey, run, account, statementId, entry);
            if (!store.insertOnce(decided)) {
                // another statement recorded it meanwhile (its transaction committed while this one waited)
                return new Applied(answer(store.find(entry.entryReference()).orElseThrow(), run, entry), List.of());
            }
            String key = BankEntry.ledgerKey(entry.entryReference());
            if (decided.outcome() == BankEntryOutcome.CREDITED) {
                money.creditFloat(key, decided.clientId(), entry.amount(), "Bank transfer " + entry.entryReference()
                        + (decided.fundingReference() == null ? "" : " (" + decided.fundingReference() + ")"));
                log.info("Bank entry {} of statement {} credited {} KES to client {}", entry.entryReference(),
                        statementKey, entry.amount().toPlainString(), decided.clientId());
                return new Applied(result(decided, entry, BankEntryOutcome.CREDITED),
                        publisher.recordWithin(event(decided.clientId(), entry.entryReference(), entry.amount(),
                                decided.fundingReference(), "BANK_STATEMENT", decided.recordedAt())));
            }
            money.suspendBankCredit(key, entry.amount(), "Bank transfer " + entry.entryReference()
                    + " in funding suspense: " + decided.suspenseReason());
            log.warn("Bank entry {} of statement {} ({} KES) held in funding suspense: {}", entry.entryReference(),
                    statementKey, entry.amount().toPlainString(), decided.suspenseReason());
            return new Applied(result(decided, entry, BankEntryOutcome.SUSPENDED), List.of());
        });
        applied.deliveries().forEach(publisher::start);
        return applied.result();
    }

    private FundingEntry decide(String statementKey, String run, String account, String statementId,
                                BankEntry entry) {
        FundingReference.Found found = FundingReference.find(entry.remittance());
        String reference = found instanceof FundingReference.Valid valid ? valid.reference() : null;
        String clientId = null;
        String reason = found.refusal().orElse(null);
        if (reference != null) {
            Optional<ClientDetails> client = references.clientOf(reference)
                    .flatMap(id -> clients.details(id, clock.instant()));
            if (client.isEmpty()) {
                reason = "the funding reference " + reference + " is no client's";
            } else if (!client.get().enabled()) {
                reason = "the funding reference " + reference + " is a disabled client's";
            } else {
                clientId = client.get().clientId();
            }
        }
        return new FundingEntry(entry.entryReference(), statementKey, run, account, statementId,
                Cents.exact(entry.amount()), entry.currency(), entry.remittance(), entry.bookingDate(), reference,
                clientId != null ? BankEntryOutcome.CREDITED : BankEntryOutcome.SUSPENDED, clientId,
                clientId != null ? null : reason, null, null, OffsetDateTime.now(clock));
    }

    /** An entry recorded before: as this run decided it (a retried step), else already processed. */
    private static BankEntryResult answer(FundingEntry recorded, String run, BankEntry entry) {
        if (recorded.statementRun().equals(run)) {
            return result(recorded, entry, recorded.outcome());
        }
        if (recorded.amount().compareTo(entry.amount()) != 0) {
            log.warn("Bank entry {} was recorded with {} KES by statement {}; this statement says {}: nothing moved",
                    recorded.entryReference(), recorded.amount().toPlainString(), recorded.statementKey(),
                    entry.amount().toPlainString());
        }
        return new BankEntryResult(entry.entryReference(), true, entry.amount(), entry.currency(),
                BankEntryOutcome.ALREADY_PROCESSED, recorded.clientId(), recorded.fundingReference(),
                "recorded by statement " + recorded.statementId() + " (" + recorded.outcome().name().toLowerCase()
                        + ")");
    }

    private static BankEntryResult result(FundingEntry decided, BankEntry entry, BankEntryOutcome outcome) {
        return new BankEntryResult(entry.entryReference(), true, entry.amount(), entry.currency(), outcome,
                decided.clientId(), decided.fundingReference(), decided.suspenseReason());
    }

    private static BankEntryResult ignored(BankEntry entry, BankEntryOutcome outcome, String reason) {
        return new BankEntryResult(entry.entryReference(), entry.credit(), entry.amount(), entry.currency(), outcome,
                null, null, reason);
    }

    /** The entries held in funding suspense, newest first, those assigned since included (and to whom). */
    public List<FundingEntry> suspended(int limit) {
        return store.suspended(true, limit);
    }

    /**
     * An operator assigns an entry held in funding suspense to a client: its amount moves from suspense to the
     * client's working account once, recorded in the operators' audit log (who, why) in the same transaction, and
     * {@code balance.funded} is published to the client.
     *
     * @throws UnknownResourceException no entry with this reference is recorded
     * @throws FundingConflict          the entry was credited by its statement, or assigned already (naming who)
     * @throws InvalidInputException    no such client, or a disabled one
     */
    public FundingEntry assign(String entryReference, String clientId, String reason, String operatorId) {
        Applied applied = transaction.execute(tx -> {
            FundingEntry entry = store.lock(entryReference).orElseThrow(() -> new UnknownResourceException(
                    "No bank entry with this entryReference is recorded."));
            if (entry.outcome() != BankEntryOutcome.SUSPENDED) {
                throw new FundingConflict("This bank entry is not in funding suspense: its"
                        + " statement credited it to " + entry.clientId() + ".");
            }
            Optional<OperatorAction> earlier = operatorActions.find(OperatorActionKind.FUNDING_SUSPENSE_ASSIGNED,
                    entryReference);
            if (earlier.isPresent()) {
                throw assignedAlready(earlier.get());
            }
            ClientDetails client = clients.details(clientId, clock.instant()).orElseThrow(() ->
                    InvalidInputException.of(null, "clientId", "The clientId names no client."));
            if (!client.enabled()) {
                throw InvalidInputException.of(null, "clientId", "The client is disabled: enable it"
                        + " first, or assign the entry to another.");
            }
            OperatorActions.Recorded recorded = operatorActions.record(OperatorActionKind.FUNDING_SUSPENSE_ASSIGNED,
                    entryReference, operatorId, clientId, entry.amount(), entry.currency(), reason);
            if (!recorded.byThisCall()) {
                throw assignedAlready(recorded.action());
            }
            OffsetDateTime now = recorded.action().actedAt();
            money.assignFundingSuspense(OperatorActionKind.FUNDING_SUSPENSE_ASSIGNED.ledgerKey(entryReference),
                    clientId, entry.amount(), "Bank transfer " + entryReference
                            + " assigned from funding suspense by operator " + operatorId + ": " + reason.strip());
            store.markAssigned(entryReference, clientId, now);
            log.info("Bank entry {} ({} KES) assigned from funding suspense to client {} by operator {}",
                    entryReference, entry.amount().toPlainString(), clientId, operatorId);
            return new Applied(null, publisher.recordWithin(event(clientId, entryReference, entry.amount(), null,
                    "SUSPENSE_ASSIGNMENT", now)));
        });
        applied.deliveries().forEach(publisher::start);
        return store.find(entryReference).orElseThrow();
    }

    private static FundingConflict assignedAlready(OperatorAction action) {
        return new FundingConflict("This bank entry was assigned to " + action.clientId()
                + " already, by " + action.operatorId() + " at " + action.actedAt() + ".");
    }

    private EventCommand event(String clientId, String entryReference, BigDecimal amount,
                               String fundingReference, String source, OffsetDateTime at) {
        String orderingKey = "funding:" + entryReference;
        String eventId = UUID.nameUUIDFromBytes((EventType.BALANCE_FUNDED.wireName() + ":" + orderingKey)
                .getBytes(StandardCharsets.UTF_8)).toString();
        BalanceFunded data = new BalanceFunded(entryReference, Cents.exact(amount).toPlainString(), Currencies.KES, 1,
                fundingReference, source, at);
        return new EventCommand(eventId, clientId, EventType.BALANCE_FUNDED.wireName(), orderingKey,
                JSON.writeValueAsString(data), null, clock.millis());
    }

    private record Applied(BankEntryResult result, List<Delivery> deliveries) {
    }
}
