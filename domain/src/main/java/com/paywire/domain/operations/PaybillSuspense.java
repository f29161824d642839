package com.paywire.domain.operations;

import com.paywire.domain.InvalidInputException;
import com.paywire.domain.UnknownResourceException;
import com.paywire.domain.collections.paybill.PaybillDepositView;
import com.paywire.domain.money.MoneyEngine;
import com.paywire.domain.notifications.EventPublisher;
import com.paywire.domain.paybacks.PayBacks;
import com.paywire.persistence.charges.ChargeBands;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.persistence.collections.PaybillDepositStore;
import com.paywire.vocabulary.clients.ClientDetails;
import com.paywire.vocabulary.collections.PaybillDeposit;
import com.paywire.vocabulary.collections.PaybillDepositStatus;
import com.paywire.vocabulary.ledger.TransactionType;
import com.paywire.vocabulary.money.Currencies;
import com.paywire.vocabulary.notifications.Delivery;
import com.paywire.vocabulary.notifications.EventType;
import com.paywire.vocabulary.operations.OperatorActionKind;
import com.paywire.vocabulary.paybacks.PayBack;
import com.paywire.vocabulary.paybacks.PayBackStatus;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rules.FieldProblem;
import com.paywire.workflows.OperatorResolution;
import com.paywire.workflows.notifications.EventCommand;
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
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

/**
 * What operators do with a paybill deposit held in suspense (issue 45): assign it to the client it should have
 * gone to, credited as that client's deposit, or return it to its payer through the mobile-money rail. Each is
 * recorded in the operators' audit log in the transaction that decides it, and each deposit is acted on once:
 * assigned once, or returned once (a return the rail refused may be returned again, or assigned).
 */
@Service
public class PaybillSuspense {

    /** The longest reason an operator may give. */
    public static final int MAX_REASON = 200;
    private static final Logger log = LoggerFactory.getLogger(PaybillSuspense.class);
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String OPERATIONS_SCOPE = "operations";

    private final PaybillDepositStore deposits;
    private final ApiClientStore clients;
    private final ChargeBands charges;
    private final MoneyEngine money;
    private final OperatorActions actions;
    private final PayBacks payBacks;
    private final EventPublisher publisher;
    private final TransactionTemplate transaction;
    private final Clock clock;

    public PaybillSuspense(PaybillDepositStore deposits, ApiClientStore clients, ChargeBands charges,
                           MoneyEngine money, OperatorActions actions, PayBacks payBacks, EventPublisher publisher,
                           TransactionTemplate transaction, Clock clock) {
        this.deposits = deposits;
        this.clients = clients;
        this.charges = charges;
        this.money = money;
        this.actions = actions;
        this.payBacks = payBacks;
        this.publisher = publisher;
        this.transaction = transaction;
        this.clock = clock;
    }

    /** A deposit held in suspense, with the newest return of it, if any (its status, and why it failed). */
    public record Held(PaybillDeposit deposit, Optional<PayBack> lastReturn) {

        /** HELD, or the last return's RETURNING, RETURNED or RETURN_FAILED. */
        public String status() {
            return lastReturn.map(r -> r.status().suspenseName()).orElse("HELD");
        }
    }

    /** The deposit is no longer the operator's to act on: assigned, or being returned or returned. */
    public static final class NotInSuspense extends RuntimeException {
        public NotInSuspense(String message) {
            super(message);
        }
    }

    /** The deposits held in suspense, newest first, each with its last return. */
    public List<Held> held(int limit) {
        return deposits.suspended(limit).stream()
                .map(d -> new Held(d, payBacks.latestReturn(d.receiptNumber()))).toList();
    }

    /**
     * Credits the deposit to the client, less the paybill deposit's fee (transaction type 12), from suspense, as
     * the deposit it should have been: its record becomes the client's (CREDITED), and the client is told with
     * {@code c2b.received} and its paybill callback, as of any credited deposit.
     *
     * @throws UnknownResourceException no deposit held in suspense has the receipt (never quoted)
     * @throws NotInSuspense            assigned already, or returned or being returned
     * @throws InvalidInputException    no enabled client of that id, or no reason
     */
    public PaybillDeposit assign(String receipt, String clientId, String reason, String operatorId) {
        List<FieldProblem> problems = new ArrayList<>();
        if (clientId == null || clientId.isBlank() || clientId.length() > 100) {
            problems.add(new FieldProblem("clientId", "The clientId is required: the client to credit."));
        }
        reasonProblem(reason).ifPresent(problems::add);
        if (!problems.isEmpty()) {
            throw new InvalidInputException(null, problems);
        }
        Assigned assigned = transaction.execute(tx -> {
            PaybillDeposit deposit = lockHeld(receipt);
            Optional<ClientDetails> client = clients.details(clientId, clock.instant());
            if (client.isEmpty() || !client.get().enabled() || client.get().scopes().contains(OPERATIONS_SCOPE)) {
                throw InvalidInputException.of(null, "clientId", "The clientId is not an enabled merchant client's.");
            }
            BigDecimal fee = charges.feeFor(TransactionType.PAYBILL_DEPOSIT.code(), deposit.amount());
            OperatorActions.Recorded action = actions.record(OperatorActionKind.PAYBILL_SUSPENSE_ASSIGNED, receipt,
                    operatorId, clientId, deposit.amount(), Currencies.KES, reason.strip());
            if (!action.byThisCall()) {
                throw new NotInSuspense("The deposit was assigned already.");
            }
            OffsetDateTime now = OffsetDateTime.now(clock);
            if (!deposits.recordAssigned(deposit.id(), clientId, deposit.accountReference(), fee, now)) {
                throw new NotInSuspense("The deposit is not in suspense.");
            }
            PaybillDeposit credited = deposits.find(deposit.id()).orElseThrow();
            money.assignFromSuspense(OperatorActionKind.PAYBILL_SUSPENSE_ASSIGNED.ledgerKey(receipt), clientId,
                    deposit.amount(), fee, PaybillDepositView.statementLine(credited) + ", assigned from suspense by operator "
                            + operatorId + ": " + reason.strip());
            String eventKey = Product.PAYBILL_DEPOSIT.eventKey(deposit.id().toString());
            var deliveries = publisher.recordWithin(new EventCommand(
                    UUID.nameUUIDFromBytes(eventKey.getBytes(StandardCharsets.UTF_8)).toString(), clientId,
                    EventType.PAYBILL_DEPOSIT_RECEIVED.wireName(), eventKey,
                    JSON.writeValueAsString(PaybillDepositView.of(credited)),
                    deposits.settings(clientId).callbackUrl(), clock.millis()));
            return new Assigned(credited, deliveries);
        });
        assigned.deliveries().forEach(publisher::start);
        log.info("Paybill deposit {} in suspense assigned to client {} by operator {}, fee {}", receipt, clientId,
                operatorId, assigned.deposit().fee());
        return assigned.deposit();
    }

    private record Assigned(PaybillDeposit deposit, List<Delivery> deliveries) {
    }

    /**
     * Pays the deposit back to its payer through the mobile-money rail, by a workflow: its amount is held on
     * suspense before the rail is asked, posted when the rail pays it back, released to suspense when the rail
     * refuses (then it may be returned again, or assigned), kept held while the rail's answer is unknown.
     *
     * @throws UnknownResourceException no deposit held in suspense has the receipt (never quoted)
     * @throws NotInSuspense            assigned, or being returned or returned already
     */
    public Held returnToPayer(String receipt, String reason, String operatorId) {
        reasonProblem(reason).ifPresent(problem -> {
            throw new InvalidInputException(null, List.of(problem));
        });
        PayBack payBack = transaction.execute(tx -> {
            PaybillDeposit deposit = lockHeld(receipt);
            int attempt = payBacks.latestReturn(receipt).map(PayBack::attempt).orElse(0) + 1;
            String subject = attempt == 1 ? receipt : receipt + ":" + attempt;
            OperatorActions.Recorded action = actions.record(OperatorActionKind.PAYBILL_SUSPENSE_RETURNED, subject,
                    operatorId, null, deposit.amount(), Currencies.KES, reason.strip());
            if (!action.byThisCall()) {
                throw new NotInSuspense("The deposit is being returned already.");
            }
            return payBacks.recordSuspenseReturn(receipt, attempt,
                    OperatorActionKind.PAYBILL_SUSPENSE_RETURNED.ledgerKey(subject), deposit.id(), deposit.amount(),
                    operatorId);
        });
        payBacks.start(payBack);
        log.info("Paybill deposit {} in suspense returned to its payer by operator {} (attempt {})", receipt,
                operatorId, payBack.attempt());
        PaybillDeposit deposit = deposits.findByReceipt(receipt).orElseThrow();
        return new Held(deposit, payBacks.latestReturn(receipt));
    }

    /**
     * An operator's word on the deposit's last return when the rail left it unanswered for 24 h (RETURNING, its
     * amount held on suspense): PAID, the payer has it back (RETURNED); NOT_PAID, the rail did not pay it
     * (RETURN_FAILED, back in suspense), as the rail's answer would, unless that came first. The answer is the
     * deposit as it stood when its return's workflow was told.
     *
     * @throws UnknownResourceException no deposit held in suspense has the receipt, or it was never returned
     * @throws PayBacks.NotHeld         its return is not held so, or has ended: nothing was changed
     */
    public Held resolveReturn(String receipt, OperatorResolution resolution, String operatorId) {
        PaybillDeposit deposit = deposits.findByReceipt(receipt)
                .filter(d -> d.status() == PaybillDepositStatus.SUSPENDED)
                .orElseThrow(() -> new UnknownResourceException("No paybill deposit held in suspense has that receipt"));
        PayBack lastReturn = payBacks.latestReturn(receipt)
                .orElseThrow(() -> new UnknownResourceException("That paybill deposit was never returned"));
        return new Held(deposit, Optional.of(payBacks.resolveHeld(lastReturn, resolution, operatorId)));
    }

    /** The deposit in suspense with the receipt, locked, if it is still the operator's to act on. */
    private PaybillDeposit lockHeld(String receipt) {
        PaybillDeposit found = deposits.findByReceipt(receipt)
                .filter(d -> d.status() == PaybillDepositStatus.SUSPENDED || actions.find(
                        OperatorActionKind.PAYBILL_SUSPENSE_ASSIGNED, receipt).isPresent())
                // one credited by its own workflow, or not yet decided, was never in suspense: not the operator's
                .orElseThrow(() -> new UnknownResourceException("No paybill deposit held in suspense has that receipt"));
        PaybillDeposit deposit = deposits.lock(found.id());
        if (deposit.status() != PaybillDepositStatus.SUSPENDED) {
            throw new NotInSuspense("The deposit is no longer in suspense: it was assigned to a client.");
        }
        Optional<PayBack> last = payBacks.latestReturn(receipt);
        if (last.isPresent() && last.get().status() != PayBackStatus.FAILED) {
            throw new NotInSuspense(last.get().status() == PayBackStatus.PAID
                    ? "The deposit was returned to its payer already." : "The deposit is being returned to its payer.");
        }
        return deposit;
    }

    private static Optional<FieldProblem> reasonProblem(String reason) {
        if (reason == null || reason.isBlank() || reason.strip().length() > MAX_REASON
                || reason.chars().anyMatch(Character::isISOControl)) {
            return Optional.of(new FieldProblem("reason", "The reason is required: 1 to " + MAX_REASON
                    + " characters, no control characters."));
        }
        return Optional.empty();
    }
}
