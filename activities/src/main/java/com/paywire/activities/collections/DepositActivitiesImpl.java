package com.paywire.activities.collections;

import static com.paywire.activities.ActivityFailures.reported;

import com.paywire.domain.money.MoneyEngine;
import com.paywire.domain.money.Movement;
import com.paywire.domain.money.Product;
import com.paywire.domain.notifications.EventPublisher;
import com.paywire.domain.rails.stkpush.StkPushProtocol;
import com.paywire.persistence.collections.Deposit;
import com.paywire.persistence.collections.DepositStatus;
import com.paywire.persistence.collections.DepositStore;
import com.paywire.workflows.collections.DepositActivities;
import com.paywire.workflows.collections.PromptAcknowledgement;
import com.paywire.workflows.collections.PromptResult;
import com.paywire.workflows.notifications.EventCommand;
import com.paywire.workflows.payouts.Rail;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

@Component
public class DepositActivitiesImpl implements DepositActivities {

    /** The event type of an express deposit's result callback in the events store. */
    public static final String CALLBACK_EVENT = "express_deposit.result";
    private static final Logger log = LoggerFactory.getLogger(DepositActivitiesImpl.class);
    private static final DateTimeFormatter RAIL_TIME = DateTimeFormatter.ofPattern("yyyyMMddHHmmss");
    /** The rail reports local (East Africa) time. */
    private static final ZoneId RAIL_ZONE = ZoneId.of("Africa/Nairobi");

    private final DepositStore deposits;
    private final MoneyEngine money;
    private final EventPublisher publisher;
    private final TransactionTemplate transaction;
    private final Clock clock;

    public DepositActivitiesImpl(DepositStore deposits, MoneyEngine money, EventPublisher publisher,
                                 TransactionTemplate transaction, Clock clock) {
        this.deposits = deposits;
        this.money = money;
        this.publisher = publisher;
        this.transaction = transaction;
        this.clock = clock;
    }

    @Override
    public void recordPrompt(String depositId, PromptAcknowledgement acknowledgement) {
        reported(() -> deposits.recordPrompt(UUID.fromString(depositId), acknowledgement.merchantRequestId(),
                acknowledgement.checkoutRequestId()));
    }

    @Override
    public void closeDeposit(String depositId, PromptResult result) {
        reported(() -> close(depositId, result));
    }

    private void close(String depositId, PromptResult result) {
        UUID id = UUID.fromString(depositId);
        String transactionDate = result.transactionDate() != null ? result.transactionDate()
                : LocalDateTime.now(clock.withZone(RAIL_ZONE)).format(RAIL_TIME);
        // an attempt at a checkout order: the checkout credits its client and calls it back, once, for the order
        boolean forCheckout = deposits.checkoutOf(id).isPresent();
        Deposit deposit = transaction.execute(tx -> {
            Deposit current = deposits.lock(id);
            if (current.status() != DepositStatus.PENDING) {
                return current; // closed before: only the callback may be missing
            }
            DepositStatus status = StkPushProtocol.depositStatus(result.resultCode());
            deposits.recordOutcome(id, status, result.resultCode(), result.resultDesc(), result.receiptNumber(),
                    OffsetDateTime.of(LocalDateTime.parse(transactionDate, RAIL_TIME), RAIL_ZONE.getRules()
                            .getOffset(LocalDateTime.parse(transactionDate, RAIL_TIME))));
            if (status == DepositStatus.COMPLETED && !forCheckout) {
                // the key makes a retried or duplicated close credit once; the rail's settlement cannot be short
                money.credit(new Movement(Product.PHONE_PROMPT, id.toString(), current.clientId(),
                        Rail.MOBILE_MONEY.name(), current.amount(), BigDecimal.ZERO), "Express deposit " + id);
            }
            log.info("Express deposit {} of client {}: {} {}", current.originatorConversationId(),
                    current.clientId(), result.resultCode(), result.resultDesc());
            return deposits.find(id).orElseThrow();
        });
        if (deposit.callbackUrl() != null && !forCheckout) {
            publisher.publish(new EventCommand(depositId, deposit.clientId(), CALLBACK_EVENT, "deposit:" + depositId,
                    StkCallbackBody.of(deposit, result, transactionDate), deposit.callbackUrl(), clock.millis()));
        }
    }
}
