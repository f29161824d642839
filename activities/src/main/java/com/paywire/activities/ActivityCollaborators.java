package com.paywire.activities;

import com.paywire.domain.money.MoneyEngine;
import com.paywire.domain.notifications.EventPublisher;
import com.paywire.domain.observability.PaymentJournal;
import java.time.Clock;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * What every activity class that moves a payment's money works with, whatever its product: the money engine, the
 * database transaction each step runs in, the clock, the event publisher and the payment journal. One bean, so each
 * class takes them in one argument beside its own store and rules.
 */
@Component
public record ActivityCollaborators(MoneyEngine money, TransactionTemplate transaction, Clock clock,
                                    EventPublisher publisher, PaymentJournal journal) {
}
