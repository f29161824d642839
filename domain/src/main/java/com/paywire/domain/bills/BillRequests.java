package com.paywire.domain.bills;

import com.paywire.domain.InvalidInputException;
import com.paywire.domain.observability.PaymentJournal;
import com.paywire.domain.platform.FieldRules;
import com.paywire.domain.platform.Intake;
import com.paywire.domain.platform.Outbox;
import com.paywire.domain.rails.biller.BillerProtocol.BillerAccount;
import com.paywire.persistence.bills.BillPaymentStore;
import com.paywire.persistence.bills.BillServiceStore;
import com.paywire.persistence.charges.ChargeBands;
import com.paywire.persistence.notifications.UrlPolicy;
import com.paywire.vocabulary.bills.BillPayment;
import com.paywire.vocabulary.bills.BillPaymentStatus;
import com.paywire.vocabulary.bills.BillRequestType;
import com.paywire.vocabulary.bills.BillService;
import com.paywire.vocabulary.ledger.TransactionType;
import com.paywire.vocabulary.money.Cents;
import com.paywire.vocabulary.money.Currencies;
import com.paywire.vocabulary.networks.MobileNumbers;
import com.paywire.vocabulary.products.Product;
import com.paywire.workflows.PaymentSearchAttributes;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.bills.BillPaymentCommand;
import com.paywire.workflows.bills.BillPaymentWorkflow;
import com.paywire.workflows.logging.PaymentContext;
import io.temporal.client.WorkflowClient;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Bill requests (docs/interface.md#bills): a query of the bill (1) or a validation of the account (3) is answered
 * at once from the biller; a payment (2) is validated, recorded and handed to its BillPaymentWorkflow (the outbox
 * way).
 */
public class BillRequests {


    private final BillServices services;
    private final BillerAccounts billers;
    private final BillPaymentStore payments;
    private final BillServiceStore serviceStore;
    private final ChargeBands charges;
    private final UrlPolicy urlPolicy;
    private final WorkflowClient temporal;
    private final BillsProperties properties;
    private final Clock clock;
    private final PaymentJournal journal;
    private final Intake intake;

    public BillRequests(BillServices services, BillerAccounts billers, BillPaymentStore payments,
                        BillServiceStore serviceStore, ChargeBands charges, UrlPolicy urlPolicy,
                        WorkflowClient temporal, BillsProperties properties, Clock clock, PaymentJournal journal) {
        this.services = services;
        this.billers = billers;
        this.payments = payments;
        this.serviceStore = serviceStore;
        this.charges = charges;
        this.urlPolicy = urlPolicy;
        this.temporal = temporal;
        this.properties = properties;
        this.clock = clock;
        this.journal = journal;
        this.intake = new Intake("bill payment", "originatorConversationId", InvalidInputException::of, temporal,
                clock);
    }

    /** What the biller said of an account (1, 3), or the payment accepted (2). */
    public record Answer(BillRequestType transactionType, BillService service, Optional<BillerAccount> account,
                         BillPayment payment) {
    }

    /**
     * @throws InvalidInputException          naming the fields that break a rule
     * @throws AccountUnknownToBiller         (1, 3) when the biller does not know the account
     * @throws com.paywire.domain.UnavailableException (1, 3) when the biller does not answer in time
     */
    public Answer handle(String clientId, NewBillRequest r) {
        FieldRules rules = new FieldRules();
        Optional<BillRequestType> type = BillRequestType.requested(r.transactionType());
        if (r.transactionType() == null) {
            rules.required("transactionType");
        } else if (type.isEmpty()) {
            rules.add("transactionType", "The transactionType must be 1 (query the bill), 2 (pay it) or 3 (validate"
                    + " the account).");
        }
        BillService service = services.named(r.service(), rules);
        String account = rules.matching("accountNumber", r.accountNumber(), true, 30, BillNumbers.ACCOUNT_NUMBER,
                "must be 3 to 30 letters, digits or '-'");
        if (type.orElse(null) != BillRequestType.PAY) {
            rules.refuseIfAny(r.originatorConversationId());
            BillerAccount known = billers.lookUp(service, account).orElseThrow(AccountUnknownToBiller::new);
            return new Answer(type.orElseThrow(), service, Optional.of(known), null);
        }
        return new Answer(BillRequestType.PAY, service, Optional.empty(),
                acceptPayment(clientId, r, service, account, rules));
    }

    private BillPayment acceptPayment(String clientId, NewBillRequest r, BillService service, String account,
                                      FieldRules rules) {
        String ocid = rules.text("originatorConversationId", r.originatorConversationId(), true, 64);
        String msisdn = rules.text("msisdn", r.msisdn(), true, 20);
        if (msisdn != null && !rules.has("msisdn")) {
            Optional<String> number = MobileNumbers.kenyan(msisdn);
            if (number.isEmpty()) {
                rules.add("msisdn", MobileNumbers.refusal("msisdn"));
            }
            msisdn = number.orElse(msisdn);
        }
        BigDecimal amount = r.amount();
        if (amount == null) {
            rules.required("amount");
        } else if (service != null && (amount.compareTo(service.minAmount()) < 0
                || amount.compareTo(service.maxAmount()) > 0)) {
            rules.add("amount", "The amount must be between " + service.minAmount().toPlainString() + " and "
                    + service.maxAmount().toPlainString() + " for " + service.name() + ".");
        }
        String currency = rules.text("currencyCode", r.currencyCode(), false, 3);
        if (currency != null && !Currencies.namesKes(currency)) {
            rules.add("currencyCode", "The currencyCode must be KES.");
        }
        String country = rules.text("countryCode", r.countryCode(), false, 3);
        if (country != null && !Set.of("KE", "KEN").contains(country.toUpperCase(Locale.ROOT))) {
            rules.add("countryCode", "The countryCode must be KE.");
        }
        String callbackUrl = rules.url("callBackUrl", r.callbackUrl(), false, 512, urlPolicy);
        String names = rules.text("customerNames", r.customerNames(), false, 200);
        String narration = rules.text("narration", r.narration() != null ? r.narration() : r.transactionDesc(), false,
                200);
        rules.refuseIfAny(r.originatorConversationId());

        BigDecimal value = Cents.exact(amount);
        BillPayment payment = new BillPayment(UUID.randomUUID(), clientId, ocid, service.id(), account, msisdn, value,
                charges.feeFor(TransactionType.BILL_PAYMENT.code(), value), names, narration, callbackUrl,
                BillPaymentStatus.PENDING, null, null, null, null, null, null, null, false, OffsetDateTime.now(clock));
        intake.record(ocid, () -> payments.insert(payment));
        PaymentJournal.Payment bill = PaymentJournal.Payment.of(payment);
        bill.ids().putForTheRequest();
        journal.accepted(bill, value, Currencies.KES);
        start(payment, service);
        return payment;
    }

    /** The payment's public record; another client's is as unknown as one that does not exist. */
    public Optional<BillPaymentRecord> find(String clientId, String originatorConversationId) {
        return payments.find(clientId, originatorConversationId)
                .map(p -> BillPaymentRecord.of(p, serviceStore.find(p.serviceId()).orElseThrow()));
    }

    public void startStragglers() {
        intake.sweep(payments::findUnstarted, p -> start(p, serviceStore.find(p.serviceId()).orElseThrow()));
    }

    /** @return false when Temporal could not be reached (the sweep starts it later) */
    public boolean start(BillPayment payment, BillService service) {
        BillPaymentWorkflow workflow = temporal.newWorkflowStub(BillPaymentWorkflow.class, Outbox.options(
                WorkflowIds.billPayment(payment.clientId(), payment.originatorConversationId()), TaskQueues.PLATFORM,
                "Bill payment " + payment.amount().toPlainString() + " KES to " + service.serviceCode() + ", order "
                        + payment.originatorConversationId(),
                PaymentSearchAttributes.of(Product.BILL, payment.clientId(), payment.originatorConversationId(),
                        BillPaymentStatus.PENDING)));
        BillPaymentCommand command = new BillPaymentCommand(payment.id().toString(), payment.clientId(),
                payment.originatorConversationId(), service.validateAccountEnabled(), properties.payWindow(),
                properties.confirmWindow());
        return intake.start(new PaymentContext(payment.clientId(),
                        payment.originatorConversationId(), payment.id().toString()),
                () -> WorkflowClient.start(workflow::pay, command), () -> payments.markWorkflowStarted(payment.id()));
    }
}
