package com.paywire.activities.paybacks;

import static com.paywire.activities.ActivityFailures.reported;

import com.paywire.activities.ActivityCollaborators;
import com.paywire.domain.money.MoneyEngine;
import com.paywire.domain.notifications.EventPublisher;
import com.paywire.domain.observability.MoneyBackMeter;
import com.paywire.domain.paybacks.CollectionReversals;
import com.paywire.persistence.InvariantViolationException;
import com.paywire.persistence.paybacks.PayBackStore;
import com.paywire.vocabulary.notifications.Delivery;
import com.paywire.vocabulary.paybacks.PayBack;
import com.paywire.vocabulary.paybacks.PayBackKind;
import com.paywire.vocabulary.paybacks.PayBackMethod;
import com.paywire.vocabulary.paybacks.PayBackStatus;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.workflows.paybacks.PayBackActivities;
import com.paywire.workflows.paybacks.PayBackAnswer;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/** The ledger and the record of a pay-back, each step in one transaction under the row's lock, once. */
@Component
public class PayBackActivitiesImpl implements PayBackActivities {

    private static final Logger log = LoggerFactory.getLogger(PayBackActivitiesImpl.class);

    private final PayBackStore payBacks;
    private final PayBackPayments payments;
    private final CollectionReversals reversals;
    private final EventPublisher publisher;
    private final MoneyEngine money;
    private final TransactionTemplate transaction;
    private final Clock clock;
    private final MoneyBackMeter meter;

    public PayBackActivitiesImpl(PayBackStore payBacks, PayBackPayments payments, CollectionReversals reversals,
                                 EventPublisher publisher, MoneyBackMeter meter, ActivityCollaborators with) {
        this.payBacks = payBacks;
        this.payments = payments;
        this.reversals = reversals;
        this.publisher = publisher;
        this.meter = meter;
        this.money = with.money();
        this.transaction = with.transaction();
        this.clock = with.clock();
    }

    @Override
    public void holdPayBack(String payBackId) {
        reported(() -> transaction.executeWithoutResult(tx -> {
            PayBack payBack = payBacks.lock(UUID.fromString(payBackId));
            if (payBack.status() != PayBackStatus.PENDING) {
                return; // held before (a retry), or closed
            }
            if (payBack.kind() == PayBackKind.COLLECTION_REVERSAL) {
                throw new InvariantViolationException("collection reversal " + payBackId
                        + " is held when it is asked for, yet it is PENDING");
            }
            PayBackMethod method = payments.methodOf(payBack);
            Rail rail = method == PayBackMethod.CARD_REFUND ? Rail.CARD_PROCESSOR : Rail.MOBILE_MONEY;
            money.holdPayBack(payBack.holdKey(), payBack.kind().owedAccount(), rail, payBack.amount(),
                    describe(payBack));
            payBacks.recordPaying(payBack.id(), method);
            log.info("Pay-back {} of {} {}: {} {} held on {} to pay back by {}", payBack.id(), payBack.kind(),
                    payBack.subject(), payBack.amount(), payBack.currency(), payBack.kind().owedAccount(), method);
        }));
    }

    @Override
    public void closePayBack(String payBackId, PayBackAnswer answer) {
        Closed closed = reported(() -> transaction.execute(tx -> close(UUID.fromString(payBackId), answer)));
        if (closed.kind() != null) {
            meter.payBackClosed(closed.kind(), answer.state() == PayBackAnswer.State.PAID);
        }
        closed.deliveries().forEach(publisher::start);
    }

    /** What closing did: the pay-back's kind when this answer closed it (null: closed before), and its events. */
    private record Closed(PayBackKind kind, List<Delivery> deliveries) {
    }

    private Closed close(UUID id, PayBackAnswer answer) {
        PayBack payBack = payBacks.lock(id);
        if (payBack.status().isFinal()) {
            return new Closed(null, List.of()); // closed before: the money moved once
        }
        if (payBack.status() != PayBackStatus.PAYING || !answer.decides()) {
            throw new InvariantViolationException("pay-back " + id + " is " + payBack.status()
                    + " and cannot be closed by " + answer.state());
        }
        if (payBack.kind() == PayBackKind.COLLECTION_REVERSAL) {
            return new Closed(payBack.kind(), reversals.close(payBack, answer));
        }
        OffsetDateTime now = OffsetDateTime.now(clock);
        if (answer.state() == PayBackAnswer.State.PAID) {
            money.settlePayBack(payBack.holdKey());
            payBacks.recordClosed(payBack.id(), PayBackStatus.PAID, answer.confirmation(), now);
            log.info("Pay-back {} of {} {} paid: {} {} left {}", id, payBack.kind(), payBack.subject(),
                    payBack.amount(), payBack.currency(), payBack.kind().owedAccount());
        } else {
            money.releasePayBack(payBack.holdKey());
            PayBackStatus closed = payBack.kind() == PayBackKind.SUSPENSE_RETURN ? PayBackStatus.FAILED
                    : PayBackStatus.REFERRED;
            String why = answer.refusal();
            payBacks.recordClosed(payBack.id(), closed, why, now);
            log.warn("Pay-back {} of {} {} refused, its money back on {}: {}", id, payBack.kind(),
                    payBack.subject(), payBack.kind().owedAccount(), why);
        }
        return new Closed(payBack.kind(), List.of());
    }

    @Override
    public void keepPayBackHeld(String payBackId, String reason) {
        reported(() -> {
            UUID id = UUID.fromString(payBackId);
            if (payBacks.recordWaiting(id, reason)) {
                meter.payBackHeld(payBacks.find(id).orElseThrow().kind());
            }
            log.warn("Pay-back {}: {}", payBackId, reason);
        });
    }

    private static String describe(PayBack payBack) {
        return (payBack.kind() == PayBackKind.SUSPENSE_RETURN ? "Paybill deposit " + payBack.subject()
                + " returned to its payer from suspense" : "Refund due " + payBack.subject() + " paid back to its payer");
    }
}
