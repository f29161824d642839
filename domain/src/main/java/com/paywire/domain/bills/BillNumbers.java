package com.paywire.domain.bills;

import com.paywire.domain.InvalidInputException;
import com.paywire.domain.platform.FieldRules;
import com.paywire.domain.rails.biller.BillerProtocol.BillerAccount;
import com.paywire.persistence.bills.BillNumberStore;
import com.paywire.vocabulary.bills.BillNumber;
import com.paywire.vocabulary.bills.BillService;
import com.paywire.vocabulary.networks.MobileNumbers;
import com.paywire.vocabulary.products.Product;
import com.paywire.workflows.PaymentSearchAttributes;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.bills.BillReminderCommand;
import com.paywire.workflows.bills.BillReminderWorkflow;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowExecutionAlreadyStarted;
import io.temporal.client.WorkflowNotFoundException;
import io.temporal.client.WorkflowOptions;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Saved bill numbers: a client's account at a biller, saved after asking the biller about it (its holder, balance
 * and due date). Rules in docs/interface.md#bills.
 */
@Component
public class BillNumbers {

    static final Pattern ACCOUNT_NUMBER = Pattern.compile("[A-Za-z0-9-]{3,30}");
    private static final Logger log = LoggerFactory.getLogger(BillNumbers.class);

    private final BillServices services;
    private final BillerAccounts billers;
    /** A reminder is sent this long before the due date. */
    public static final Duration REMINDER_LEAD = Duration.ofDays(3);
    /** When the biller gives no due date, or not the next one yet, it is asked again after this. */
    public static final Duration REMINDER_RECHECK = Duration.ofDays(1);

    private final BillNumberStore numbers;
    private final WorkflowClient temporal;
    private final Clock clock;

    public BillNumbers(BillServices services, BillerAccounts billers, BillNumberStore numbers, WorkflowClient temporal,
                       Clock clock) {
        this.services = services;
        this.billers = billers;
        this.numbers = numbers;
        this.temporal = temporal;
        this.clock = clock;
    }

    /** A saved number with its service. */
    public record Saved(BillNumber number, BillService service) {
    }

    /**
     * Asks the biller about the account and saves it (again: saving twice updates the first).
     *
     * @throws InvalidInputException          naming a missing or malformed field, or an unknown service
     * @throws AccountUnknownToBiller         when the biller does not know the account
     * @throws com.paywire.domain.UnavailableException when the biller does not answer in time
     */
    public Saved save(String clientId, NewBillNumber r) {
        FieldRules rules = new FieldRules();
        BillService service = services.named(r.service(), rules);
        String account = rules.matching("accountNumber", r.accountNumber(), true, 30, ACCOUNT_NUMBER,
                "must be 3 to 30 letters, digits or '-'");
        String phone = rules.text("phoneNumber", r.phoneNumber(), false, 20);
        if (phone != null && !rules.has("phoneNumber")) {
            Optional<String> msisdn = MobileNumbers.kenyan(phone);
            if (msisdn.isEmpty()) {
                rules.add("phoneNumber", MobileNumbers.refusal("phoneNumber"));
            }
            phone = msisdn.orElse(phone);
        }
        String description = rules.text("transactionDesc", r.transactionDesc(), false, 100);
        rules.refuseIfAny(null);

        BillerAccount known = billers.lookUp(service, account).orElseThrow(AccountUnknownToBiller::new);
        OffsetDateTime now = OffsetDateTime.now(clock);
        BillNumber saved = numbers.save(new BillNumber(UUID.randomUUID(), clientId, service.id(), account,
                known.accountName(), phone, description, true, true, known.dueDate(), known.balance(),
                Boolean.TRUE.equals(r.remindMeDueDate()), now, now));
        log.info("Saved bill number at {} for client {}", service.serviceCode(), clientId);
        if (saved.remindMeDueDate()) {
            startReminder(saved);
        } else {
            stopReminder(saved);
        }
        return new Saved(saved, service);
    }

    /**
     * Deletes the client's saved number, which ends its reminder.
     *
     * @return false when there was no such number
     */
    public boolean delete(String clientId, String serviceReference, String accountNumber) {
        Optional<Saved> saved = find(clientId, serviceReference, accountNumber);
        saved.ifPresent(s -> {
            numbers.disable(s.number().id());
            stopReminder(s.number());
        });
        return saved.isPresent();
    }

    private void startReminder(BillNumber number) {
        BillReminderWorkflow reminder = temporal.newWorkflowStub(BillReminderWorkflow.class, WorkflowOptions.newBuilder()
                .setWorkflowId(WorkflowIds.billReminder(number.clientId(), number.id().toString()))
                .setTaskQueue(TaskQueues.PLATFORM)
                .setMemo(Map.of("summary", "Due-date reminder of a bill number"))
                .setTypedSearchAttributes(PaymentSearchAttributes.of(Product.BILL_REMINDER,
                        number.clientId(), null))
                .build());
        try {
            WorkflowClient.start(reminder::remind, new BillReminderCommand(number.id().toString(), number.clientId(),
                    REMINDER_LEAD, REMINDER_RECHECK));
        } catch (WorkflowExecutionAlreadyStarted running) {
            // one reminder per number: the running one reads the saved due date when it wakes
        }
    }

    private void stopReminder(BillNumber number) {
        try {
            temporal.newUntypedWorkflowStub(WorkflowIds.billReminder(number.clientId(), number.id().toString()))
                    .signal("stop");
        } catch (WorkflowNotFoundException notRunning) {
            // nothing to stop; a reminder that wakes reads the number as turned off anyway
        }
    }

    /** The client's saved number; another client's is as unknown as one never saved. */
    public Optional<Saved> find(String clientId, String serviceReference, String accountNumber) {
        return services.find(serviceReference).flatMap(service -> numbers.find(clientId, service.id(),
                accountNumber == null ? "" : accountNumber.strip()).map(n -> new Saved(n, service)));
    }
}
