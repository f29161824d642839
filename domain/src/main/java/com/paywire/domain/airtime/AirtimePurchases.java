package com.paywire.domain.airtime;

import com.paywire.domain.InvalidInputException;
import com.paywire.domain.observability.PaymentJournal;
import com.paywire.domain.platform.FieldRules;
import com.paywire.domain.platform.Intake;
import com.paywire.domain.platform.Outbox;
import com.paywire.persistence.airtime.AirtimeRecipient;
import com.paywire.persistence.airtime.AirtimeStore;
import com.paywire.persistence.charges.ChargeBands;
import com.paywire.persistence.notifications.UrlPolicy;
import com.paywire.persistence.routes.RouteStore;
import com.paywire.vocabulary.airtime.AirtimePurchase;
import com.paywire.vocabulary.airtime.AirtimePurchaseStatus;
import com.paywire.vocabulary.airtime.AirtimeRecipientStatus;
import com.paywire.vocabulary.money.Cents;
import com.paywire.vocabulary.money.Currencies;
import com.paywire.vocabulary.networks.MobileNetwork;
import com.paywire.vocabulary.networks.MobileNumbers;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rules.amounts.AmountLimit;
import com.paywire.vocabulary.rules.amounts.Amounts;
import com.paywire.vocabulary.rules.routes.Route;
import com.paywire.workflows.PaymentSearchAttributes;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.airtime.AirtimePurchaseCommand;
import com.paywire.workflows.airtime.AirtimePurchaseWorkflow;
import com.paywire.workflows.logging.PaymentContext;
import io.temporal.client.WorkflowClient;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Airtime purchases, the client's side: validates and records a purchase with its recipients (each one's network
 * from its number, each one's fee), starts its AirtimePurchaseWorkflow (the outbox way), and answers the status
 * query. Rules and limits in docs/interface.md#airtime.
 */
public class AirtimePurchases {

    public static final String AIRTIME_ROUTE = "AIRTIME";
    /** At most this many recipients in one purchase. */
    public static final int MAX_RECIPIENTS = 100;
    /** The currency as clients write it: ISO 4217 letters (any case) or number. */

    private final AirtimeStore purchases;
    private final RouteStore routes;
    private final ChargeBands charges;
    private final UrlPolicy urlPolicy;
    private final WorkflowClient temporal;
    private final AirtimeProperties properties;
    private final Clock clock;
    private final PaymentJournal journal;
    private final Intake intake;

    public AirtimePurchases(AirtimeStore purchases, RouteStore routes, ChargeBands charges, UrlPolicy urlPolicy,
                            WorkflowClient temporal, AirtimeProperties properties, Clock clock,
                            PaymentJournal journal) {
        this.purchases = purchases;
        this.routes = routes;
        this.charges = charges;
        this.urlPolicy = urlPolicy;
        this.temporal = temporal;
        this.properties = properties;
        this.clock = clock;
        this.journal = journal;
        this.intake = new Intake("airtime purchase", "originatorConversationId", InvalidInputException::of,
                temporal, clock);
    }

    /** A recipient that follows every rule, before it has an id. */
    private record Checked(int position, String phoneNumber, MobileNetwork network, String name, BigDecimal amount) {
    }

    /**
     * Validates, records and starts the purchase.
     *
     * @throws InvalidInputException naming every field that breaks a rule, or the reused originatorConversationId
     */
    public AirtimePurchase accept(String clientId, NewAirtimePurchase r) {
        FieldRules rules = new FieldRules();
        String ocid = rules.text("originatorConversationId", r.originatorConversationId(), true, 100);
        String callbackUrl = rules.url("callbackURL", r.callbackUrl(), true, 512, urlPolicy);
        Optional<Route> route = route(clientId, rules);
        List<Checked> recipients = recipients(r.recipients(), rules);
        rules.refuseIfAny(r.originatorConversationId());

        OffsetDateTime now = OffsetDateTime.now(clock);
        UUID id = UUID.randomUUID();
        int transactionType = route.orElseThrow().transactionTypeId();
        List<AirtimeRecipient> rows = new ArrayList<>();
        for (Checked c : recipients) {
            rows.add(new AirtimeRecipient(UUID.randomUUID(), id, c.position(), c.phoneNumber(), c.network(),
                    c.name(), Currencies.KES, c.amount(), charges.feeFor(transactionType, c.amount()), transactionType,
                    AirtimeRecipientStatus.PENDING, null, null, null, null));
        }
        AirtimePurchase purchase = new AirtimePurchase(id, clientId, ocid, callbackUrl, AirtimePurchaseStatus.PENDING, null,
                false, now);
        intake.record(ocid, () -> purchases.insert(purchase, rows));
        PaymentJournal.Payment payment = PaymentJournal.Payment.of(purchase);
        payment.ids().putForTheRequest();
        journal.accepted(payment, rows.stream().map(AirtimeRecipient::amount).reduce(BigDecimal.ZERO, BigDecimal::add),
                Currencies.KES);
        start(purchase);
        return purchase;
    }

    /** The status record; another client's purchase is as unknown as one that does not exist. */
    public Optional<AirtimePurchaseRecord> find(String clientId, String originatorConversationId) {
        return purchases.find(clientId, originatorConversationId)
                .map(p -> AirtimePurchaseRecord.of(p, purchases.recipients(p.id())));
    }

    /** The outbox's sweep: starts the purchases accepted a while ago that Temporal has not got yet. */
    public void startStragglers() {
        intake.sweep(purchases::findUnstarted, this::start);
    }

    /** @return false when Temporal could not be reached (the sweep starts it later) */
    public boolean start(AirtimePurchase purchase) {
        List<String> recipientIds = purchases.recipients(purchase.id()).stream().map(r -> r.id().toString()).toList();
        AirtimePurchaseWorkflow workflow = temporal.newWorkflowStub(AirtimePurchaseWorkflow.class, Outbox.options(
                WorkflowIds.airtime(purchase.clientId(), purchase.originatorConversationId()), TaskQueues.PLATFORM,
                "Airtime purchase " + purchase.originatorConversationId() + ", " + recipientIds.size() + " recipients",
                PaymentSearchAttributes.of(Product.AIRTIME, purchase.clientId(), purchase.originatorConversationId(),
                        AirtimePurchaseStatus.PENDING)));
        AirtimePurchaseCommand command = new AirtimePurchaseCommand(purchase.id().toString(),
                purchase.clientId(), purchase.originatorConversationId(), recipientIds, properties.railWindow());
        return intake.start(new PaymentContext(purchase.clientId(),
                        purchase.originatorConversationId(), purchase.id().toString()),
                () -> WorkflowClient.start(workflow::purchase, command),
                () -> purchases.markWorkflowStarted(purchase.id()));
    }

    /** The client's AIRTIME route, which must be active. */
    private Optional<Route> route(String clientId, FieldRules rules) {
        Optional<Route> route = routes.findAssignedTo(clientId).stream()
                .filter(r -> AIRTIME_ROUTE.equals(r.category())).findFirst();
        if (route.isEmpty()) {
            rules.add("recipients", "Airtime is not enabled for you: the AIRTIME route is not assigned to you.");
        } else if (!route.get().routeIsActive() || !route.get().categoryIsEnabled()) {
            rules.add("recipients", "Airtime is not available now: the AIRTIME route is not active.");
        }
        return route;
    }

    private static List<Checked> recipients(List<NewAirtimePurchase.Recipient> sent, FieldRules rules) {
        if (sent == null || sent.isEmpty()) {
            if (sent == null) {
                rules.required("recipients");
            } else {
                rules.add("recipients", "The recipients must hold 1 to " + MAX_RECIPIENTS + " recipients.");
            }
            return List.of();
        }
        if (sent.size() > MAX_RECIPIENTS) {
            rules.add("recipients", "The recipients must hold 1 to " + MAX_RECIPIENTS + " recipients.");
            return List.of();
        }
        List<Checked> checked = new ArrayList<>();
        for (int i = 0; i < sent.size(); i++) {
            String at = "recipients[" + i + "]";
            NewAirtimePurchase.Recipient recipient = sent.get(i);
            if (recipient == null) {
                rules.required(at);
                continue;
            }
            String currency = rules.text(at + ".currencyCode", recipient.currencyCode(), true, 3);
            if (currency != null && !rules.has(at + ".currencyCode")
                    && !Currencies.namesKes(currency)) {
                rules.add(at + ".currencyCode", "The " + at + ".currencyCode must be KES: airtime is sold in Kenya only.");
            }
            String phone = rules.text(at + ".phoneNumber", recipient.phoneNumber(), true, 20);
            MobileNetwork network = null;
            String msisdn = null;
            if (phone != null && !rules.has(at + ".phoneNumber")) {
                msisdn = MobileNumbers.kenyan(phone).orElse(null);
                network = msisdn == null ? null : MobileNetwork.ofNumber(msisdn).orElse(null);
                if (msisdn == null) {
                    rules.add(at + ".phoneNumber", MobileNumbers.refusal(at + ".phoneNumber"));
                } else if (network == null) {
                    rules.add(at + ".phoneNumber", "The " + at + ".phoneNumber is not a number of Safaricom, Airtel"
                            + " or Telkom, the networks whose airtime Paywire sells.");
                }
            }
            BigDecimal amount = recipient.amount();
            if (amount == null) {
                rules.required(at + ".amount");
            } else if (!Amounts.isValid(amount)) {
                rules.add(at + ".amount", "The field " + at + ".amount " + Amounts.RULE + ".");
            } else {
                AmountLimit.AIRTIME_TOP_UP.refusal(amount).ifPresent(rule -> rules.add(at + ".amount", rule));
            }
            String name = rules.text(at + ".name", recipient.name(), false, 100);
            if (network != null && amount != null && !rules.has(at + ".amount")) {
                checked.add(new Checked(i, msisdn, network, name, Cents.exact(amount)));
            }
        }
        return checked;
    }
}
