package com.paywire.activities.collections.paybill;

import static com.paywire.activities.ActivityFailures.reported;

import com.paywire.activities.ActivityCollaborators;
import com.paywire.domain.collections.paybill.PaybillDepositView;
import com.paywire.domain.collections.paybill.PaybillRouting;
import com.paywire.domain.collections.paybill.PaybillRouting.Refused;
import com.paywire.domain.collections.paybill.PaybillRouting.Routed;
import com.paywire.domain.money.MoneyEngine;
import com.paywire.domain.notifications.EventPublisher;
import com.paywire.persistence.InvariantViolationException;
import com.paywire.persistence.charges.ChargeBands;
import com.paywire.vocabulary.collections.PaybillDeposit;
import com.paywire.persistence.collections.PaybillDepositStore;
import com.paywire.vocabulary.collections.PaybillDepositStatus;
import com.paywire.vocabulary.ledger.TransactionType;
import com.paywire.vocabulary.lifecycle.Lifecycles;
import com.paywire.vocabulary.notifications.EventType;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.vocabulary.rules.money.Movement;
import com.paywire.workflows.collections.PaybillDepositActivities;
import com.paywire.workflows.notifications.EventCommand;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

@Component
public class PaybillDepositActivitiesImpl implements PaybillDepositActivities {

    private static final Logger log = LoggerFactory.getLogger(PaybillDepositActivitiesImpl.class);
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final PaybillDepositStore deposits;
    private final PaybillRouting routing;
    private final ChargeBands charges;
    private final MoneyEngine money;
    private final EventPublisher publisher;
    private final TransactionTemplate transaction;
    private final Clock clock;

    public PaybillDepositActivitiesImpl(PaybillDepositStore deposits, PaybillRouting routing, ChargeBands charges,
                                        ActivityCollaborators with) {
        this.deposits = deposits;
        this.routing = routing;
        this.charges = charges;
        this.money = with.money();
        this.publisher = with.publisher();
        this.transaction = with.transaction();
        this.clock = with.clock();
    }

    @Override
    public PaybillDepositStatus creditPaybillDeposit(String depositId) {
        return reported(() -> credit(UUID.fromString(depositId)));
    }

    @Override
    public void announcePaybillDeposit(String depositId) {
        reported(() -> announce(UUID.fromString(depositId)));
    }

    private PaybillDepositStatus credit(UUID id) {
        return transaction.execute(tx -> {
            PaybillDeposit deposit = deposits.lock(id);
            if (Lifecycles.PAYBILL_DEPOSIT.isTerminal(deposit.status())) {
                return deposit.status(); // a retry after the commit: recorded, and moved, once
            }
            OffsetDateTime now = OffsetDateTime.now(clock);
            String key = Product.PAYBILL_DEPOSIT.key(id.toString());
            switch (routing.route(deposit.shortCode(), deposit.accountReference(), deposit.amount())) {
                case Routed routed -> {
                    BigDecimal fee = charges.feeFor(TransactionType.PAYBILL_DEPOSIT.code(), deposit.amount());
                    deposits.recordCredited(id, routed.clientId(), routed.clientReference(), fee, now);
                    money.credit(new Movement(Product.PAYBILL_DEPOSIT, id.toString(), routed.clientId(),
                                    Rail.MOBILE_MONEY, deposit.amount(), fee),
                            PaybillDepositView.statementLine(deposit));
                    log.info("Paybill deposit {} credited to client {} ({}), fee {}", deposit.receiptNumber(),
                            routed.clientId(), routed.clientReference(), fee);
                    return PaybillDepositStatus.CREDITED;
                }
                case Refused refused -> {
                    deposits.recordSuspended(id, refused.reason(), now);
                    money.suspend(key, Rail.MOBILE_MONEY, deposit.amount(),
                            "Paybill deposit " + deposit.receiptNumber() + " in suspense: " + refused.reason());
                    log.warn("Paybill deposit {} to {} with AccountNo {} held in suspense for an operator: {}",
                            deposit.receiptNumber(), deposit.shortCode(), deposit.accountReference(), refused.reason());
                    return PaybillDepositStatus.SUSPENDED;
                }
            }
        });
    }

    private void announce(UUID id) {
        PaybillDeposit deposit = deposits.find(id).orElseThrow(() -> new InvariantViolationException(
                "no paybill deposit " + id));
        if (deposit.status() != PaybillDepositStatus.CREDITED) {
            throw new InvariantViolationException("only a credited paybill deposit is announced; " + id + " is "
                    + deposit.status());
        }
        String eventId = UUID.nameUUIDFromBytes((Product.PAYBILL_DEPOSIT.eventKey(id.toString())).getBytes(StandardCharsets.UTF_8)).toString();
        publisher.publish(new EventCommand(eventId, deposit.clientId(), EventType.PAYBILL_DEPOSIT_RECEIVED.wireName(),
                Product.PAYBILL_DEPOSIT.eventKey(id.toString()), JSON.writeValueAsString(PaybillDepositView.of(deposit)),
                deposits.settings(deposit.clientId()).callbackUrl(), clock.millis()));
    }
}
