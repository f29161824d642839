package com.paywire.domain.settlements;

import com.paywire.domain.InvalidInputException;
import com.paywire.domain.notifications.EventPublisher;
import com.paywire.domain.platform.FieldRules;
import com.paywire.persistence.settlements.SettlementStore;
import com.paywire.vocabulary.money.Cents;
import com.paywire.vocabulary.notifications.EventType;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.settlements.SettlementInstructions;
import com.paywire.vocabulary.settlements.SettlementSchedule;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.settlements.AccountCheck;
import com.paywire.workflows.settlements.AccountCheckCommand;
import com.paywire.workflows.settlements.SettlementAccountCheckWorkflow;
import com.paywire.workflows.settlements.SettlementScheduleWorkflow;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/**
 * A merchant's settlement instructions: where its collections go and when. A bank account new to the instructions
 * is checked at the bank's account registry first, synchronously: the PUT waits (at most
 * {@code paywire.settlement.account-check-wait}) for {@link SettlementAccountCheckWorkflow}, which the worker runs,
 * and an unknown account, one that cannot receive money, a holder whose name does not match {@code accountName}
 * (KYC's name matching) or a registry that did not answer in time is refused and nothing changes. A change of
 * account is a security event: logged (without the account), published as {@code settlement.instructions_changed},
 * and no settlement goes to the new account before the cool-off has passed. A change of schedule or minimum alone
 * is not a change of account. Each change is told to the client's schedule workflow, started on the first.
 */
@Service
public class SettlementAccounts {

    private static final Logger log = LoggerFactory.getLogger(SettlementAccounts.class);
    private static final Pattern BANK_CODE = Pattern.compile("\\d{2,6}");
    private static final Pattern ACCOUNT_NUMBER = Pattern.compile("\\d{6,20}");

    private final SettlementStore store;
    private final WorkflowClient temporal;
    private final EventPublisher events;
    private final SettlementProperties properties;
    private final Clock clock;

    public SettlementAccounts(SettlementStore store, WorkflowClient temporal, EventPublisher events,
                              SettlementProperties properties, Clock clock) {
        this.store = store;
        this.temporal = temporal;
        this.events = events;
        this.properties = properties;
        this.clock = clock;
    }

    public Optional<SettlementInstructions> instructions(String clientId) {
        return store.instructions(clientId);
    }

    /**
     * Sets or changes the client's instructions.
     *
     * @throws InvalidInputException on a field that breaks its rule, or an account the bank refused
     */
    public SettlementInstructions put(String clientId, NewSettlementInstructions r) {
        FieldRules rules = new FieldRules();
        String bankCode = rules.matching("bankCode", r.bankCode(), true, 6, BANK_CODE, "must be 2 to 6 digits");
        String accountNumber = rules.matching("accountNumber", r.accountNumber(), true, 20, ACCOUNT_NUMBER,
                "must be 6 to 20 digits");
        String accountName = rules.text("accountName", r.accountName(), true, 100);
        String scheduleName = rules.text("schedule", r.schedule(), true, 10);
        SettlementSchedule schedule = null;
        if (scheduleName != null && !rules.has("schedule")) {
            schedule = Arrays.stream(SettlementSchedule.values()).filter(s -> s.name().equals(scheduleName))
                    .findFirst().orElse(null);
            if (schedule == null) {
                rules.add("schedule", "The field schedule must be one of DAILY, WEEKLY or MANUAL.");
            }
        }
        BigDecimal minimum = r.minimumAmount();
        if (minimum == null) {
            rules.required("minimumAmount");
        } else if (minimum.signum() < 0 || !Cents.isExact(minimum) || minimum.compareTo(new BigDecimal("999999999")) > 0) {
            rules.add("minimumAmount", "The field minimumAmount must be an amount of zero or more, in shillings with at"
                    + " most two decimals.");
        }
        rules.refuseIfAny(null);

        Optional<SettlementInstructions> current = store.instructions(clientId);
        // to the microsecond, as the database keeps it: a time read back is the time written
        OffsetDateTime now = OffsetDateTime.now(clock).truncatedTo(ChronoUnit.MICROS);
        boolean sameAccount = current.map(c -> c.sameAccountAs(bankCode, accountNumber)).orElse(false);
        boolean sameName = current.map(c -> c.accountName().equals(accountName)).orElse(false);
        if (!(sameAccount && sameName)) {
            refuseUnlessMatched(clientId, check(clientId, bankCode, accountNumber, accountName));
        }
        boolean newAccount = current.isPresent() && !sameAccount;
        SettlementInstructions saved = new SettlementInstructions(clientId, bankCode, accountNumber, accountName,
                schedule, Cents.exact(minimum),
                newAccount ? now : current.map(SettlementInstructions::accountChangedAt).orElse(null),
                newAccount ? now.plus(properties.accountCoolOff())
                        : current.map(SettlementInstructions::usableFrom).orElse(now),
                current.map(SettlementInstructions::createdAt).orElse(now), now);
        store.saveInstructions(saved);
        if (!sameAccount) {
            // a security event: which client, and from when the account is used; never the account itself
            log.warn("Settlement account of client {} {}: settlements go to it from {}", clientId,
                    newAccount ? "changed" : "set", saved.usableFrom());
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("bankCode", bankCode);
            data.put("accountNumber", saved.maskedAccountNumber());
            data.put("changedAt", now.toString());
            data.put("usableFrom", saved.usableFrom().toString());
            data.put("firstAccount", !newAccount);
            events.publishNow(clientId, EventType.SETTLEMENT_INSTRUCTIONS_CHANGED.wireName(),
                    Product.SETTLEMENT.eventKey("instructions:" + clientId), data);
        }
        tellSchedule(clientId);
        return saved;
    }

    /** Starts the client's schedule workflow if it is not running, and tells it the instructions changed. */
    void tellSchedule(String clientId) {
        WorkflowStub schedule = temporal.newUntypedWorkflowStub("SettlementScheduleWorkflow",
                WorkflowOptions.newBuilder().setWorkflowId(WorkflowIds.settlementSchedule(clientId))
                        .setTaskQueue(TaskQueues.PAYOUTS).build());
        schedule.signalWithStart(SettlementScheduleWorkflow.INSTRUCTIONS_CHANGED_SIGNAL, new Object[0],
                new Object[] {clientId});
    }

    private AccountCheck check(String clientId, String bankCode, String accountNumber, String accountName) {
        String checkId = UUID.randomUUID().toString();
        Duration wait = properties.accountCheckWait();
        SettlementAccountCheckWorkflow workflow = temporal.newWorkflowStub(SettlementAccountCheckWorkflow.class,
                WorkflowOptions.newBuilder().setWorkflowId(WorkflowIds.settlementAccountCheck(clientId, checkId))
                        .setTaskQueue(TaskQueues.PAYOUTS).setWorkflowExecutionTimeout(wait.multipliedBy(3)).build());
        WorkflowClient.start(workflow::check, new AccountCheckCommand(checkId, bankCode, accountNumber, accountName,
                wait));
        try {
            return WorkflowStub.fromTyped(workflow).getResult(wait.toMillis() + 2_000, TimeUnit.MILLISECONDS,
                    AccountCheck.class);
        } catch (TimeoutException late) {
            log.warn("The bank's account registry did not answer check {} of client {} in {}", checkId, clientId, wait);
            return AccountCheck.UNAVAILABLE;
        }
    }

    private static void refuseUnlessMatched(String clientId, AccountCheck check) {
        switch (check) {
            case MATCHED -> { }
            case NAME_MISMATCH -> throw InvalidInputException.of(null, "accountName",
                    "The bank holds this account under another name: accountName must be the account holder's name.");
            case UNKNOWN_ACCOUNT -> throw InvalidInputException.of(null, "accountNumber",
                    "The bank does not know this account.");
            case INACTIVE -> throw InvalidInputException.of(null, "accountNumber",
                    "The account cannot receive money (closed, dormant or frozen).");
            case UNAVAILABLE -> throw InvalidInputException.of(null, "accountNumber",
                    "The bank could not be asked about this account in time: send the instructions again later.");
        }
    }
}
