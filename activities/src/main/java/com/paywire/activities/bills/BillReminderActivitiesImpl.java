package com.paywire.activities.bills;

import static com.paywire.activities.ActivityFailures.reported;

import com.paywire.domain.bills.BillerAccounts;
import com.paywire.domain.notifications.EventPublisher;
import com.paywire.persistence.InvariantViolationException;
import com.paywire.persistence.bills.BillNumberStore;
import com.paywire.persistence.bills.BillServiceStore;
import com.paywire.vocabulary.bills.BillNumber;
import com.paywire.vocabulary.bills.BillService;
import com.paywire.vocabulary.notifications.EventType;
import com.paywire.vocabulary.products.Product;
import com.paywire.workflows.bills.BillReminderActivities;
import com.paywire.workflows.notifications.EventCommand;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

@Component
public class BillReminderActivitiesImpl implements BillReminderActivities {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final BillNumberStore numbers;
    private final BillServiceStore services;
    private final BillerAccounts billers;
    private final EventPublisher publisher;
    private final Clock clock;

    public BillReminderActivitiesImpl(BillNumberStore numbers, BillServiceStore services, BillerAccounts billers,
                                      EventPublisher publisher, Clock clock) {
        this.numbers = numbers;
        this.services = services;
        this.billers = billers;
        this.publisher = publisher;
        this.clock = clock;
    }

    @Override
    public ReminderState current(String billNumberId) {
        return reported(() -> state(numbers.find(UUID.fromString(billNumberId))));
    }

    @Override
    public void remind(String billNumberId, long dueDateMillis) {
        reported(() -> {
            BillNumber number = number(billNumberId);
            BillService service = service(number);
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("serviceId", String.valueOf(service.serviceType()));
            data.put("serviceCode", service.serviceCode());
            data.put("accountNumber", number.accountNumber());
            data.put("customerName", number.customerName());
            data.put("dueDate", Instant.ofEpochMilli(dueDateMillis).atOffset(ZoneOffset.UTC).toString());
            data.put("lastKnownBalance", number.lastKnownBalance());
            // one event per bill number and due date, however often this runs
            String eventId = UUID.nameUUIDFromBytes((billNumberId + "|" + dueDateMillis)
                    .getBytes(StandardCharsets.UTF_8)).toString();
            publisher.publish(new EventCommand(eventId, number.clientId(), EventType.BILL_DUE_DATE_REMINDER.wireName(),
                    Product.BILL_REMINDER.eventKey(billNumberId), JSON.writeValueAsString(data), null, clock.millis()));
        });
    }

    @Override
    public ReminderState refresh(String billNumberId) {
        return reported(() -> {
            BillNumber number = number(billNumberId);
            billers.lookUp(service(number), number.accountNumber()).ifPresent(account ->
                    numbers.recordBill(number.id(), account.dueDate(), account.balance()));
            return state(numbers.find(number.id()));
        });
    }

    private static ReminderState state(Optional<BillNumber> number) {
        return number.filter(n -> n.enabled() && n.remindMeDueDate())
                .map(n -> new ReminderState(true, n.dueDate() == null ? null : n.dueDate().toInstant().toEpochMilli()))
                .orElse(new ReminderState(false, null));
    }

    private BillNumber number(String billNumberId) {
        return numbers.find(UUID.fromString(billNumberId))
                .orElseThrow(() -> new InvariantViolationException("no bill number " + billNumberId));
    }

    private BillService service(BillNumber number) {
        return services.find(number.serviceId())
                .orElseThrow(() -> new InvariantViolationException("no bill service " + number.serviceId()));
    }
}
