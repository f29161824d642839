package com.paywire.domain.checkout;

import com.paywire.domain.InvalidInputException;
import com.paywire.domain.collections.CollectionsProperties;
import com.paywire.domain.observability.PaymentJournal;
import com.paywire.domain.platform.FieldRules;
import com.paywire.domain.platform.Intake;
import com.paywire.domain.platform.Outbox;
import com.paywire.domain.routes.ChannelTypes;
import com.paywire.persistence.charges.ChargeBands;
import com.paywire.persistence.checkout.CheckoutLine;
import com.paywire.persistence.checkout.CheckoutStore;
import com.paywire.persistence.notifications.UrlPolicy;
import com.paywire.persistence.routes.RouteStore;
import com.paywire.vocabulary.checkout.BillingDetails;
import com.paywire.vocabulary.checkout.CheckoutChannel;
import com.paywire.vocabulary.checkout.CheckoutOrder;
import com.paywire.vocabulary.checkout.CheckoutStatus;
import com.paywire.vocabulary.checkout.PaymentMethod;
import com.paywire.vocabulary.money.Cents;
import com.paywire.vocabulary.money.Currencies;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rules.amounts.AmountLimit;
import com.paywire.vocabulary.rules.amounts.Amounts;
import com.paywire.vocabulary.rules.routes.Route;
import com.paywire.workflows.PaymentSearchAttributes;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.checkout.CheckoutCommand;
import com.paywire.workflows.checkout.CheckoutWorkflow;
import com.paywire.workflows.logging.PaymentContext;
import io.temporal.client.WorkflowClient;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The merchant's side of hosted checkout: validates and records a checkout order, starts its CheckoutWorkflow
 * (the outbox way: recorded first, started right after, swept when Temporal was away), and answers the status
 * query. Rules in docs/interface.md#hosted-checkout.
 */
public class CheckoutOrders {

    public static final String CHECKOUT_ROUTE = "CHECKOUT";
    public static final int MAX_LINES = 100;
    /** A due date further ahead than this is refused: an order is paid in the session that created it, or soon. */
    public static final Duration MAX_DUE_AHEAD = Duration.ofDays(30);
    /** A due date written without an offset is read in the platform's zone. */
    static final ZoneId EAST_AFRICA = ZoneId.of("Africa/Nairobi");
    static final int MAX_URL = 512;

    private final CheckoutStore checkouts;
    private final RouteStore routes;
    private final ChargeBands charges;
    private final UrlPolicy urlPolicy;
    private final WorkflowClient temporal;
    private final Duration promptWindow;
    private final Clock clock;
    private final PaymentJournal journal;
    private final Intake intake;

    public CheckoutOrders(CheckoutStore checkouts, RouteStore routes, ChargeBands charges, UrlPolicy urlPolicy,
                          WorkflowClient temporal, CollectionsProperties collections, Clock clock,
                          PaymentJournal journal) {
        this.checkouts = checkouts;
        this.routes = routes;
        this.charges = charges;
        this.urlPolicy = urlPolicy;
        this.temporal = temporal;
        this.promptWindow = collections.promptWindow();
        this.clock = clock;
        this.journal = journal;
        this.intake = new Intake("checkout order", "originatorConversationId", InvalidInputException::of, temporal,
                clock);
    }

    /**
     * Validates, records and starts the order.
     *
     * @throws InvalidInputException naming every field that breaks a rule, or the reused originatorConversationId
     */
    public CheckoutOrder accept(String clientId, NewCheckoutOrder r) {
        OffsetDateTime now = OffsetDateTime.now(clock);
        FieldRules rules = new FieldRules();
        String ocid = rules.guid("originatorConversationId", r.originatorConversationId(), true);
        String reference = rules.text("checkoutReference", r.checkoutReference(), false, 100);
        Optional<Route> route = route(clientId, r.checkoutRouteId(), rules);
        if (r.checkoutRouteChannelType() == null) {
            rules.required("checkoutRouteChannelType");
        } else if (route.isPresent()) {
            route.get().channelTypeRefusal(r.checkoutRouteChannelType(), "checkoutRouteChannelType")
                    .ifPresentOrElse(refused -> rules.add("checkoutRouteChannelType", refused),
                            () -> ChannelTypes.noteDeprecatedUse(clientId, route.get(), r.checkoutRouteChannelType()));
        }
        String notes = rules.text("checkoutNotes", r.checkoutNotes(), false, 500);
        if (r.checkoutCurrencyCode() == null) {
            rules.required("checkoutCurrencyCode");
        } else if (r.checkoutCurrencyCode() != Currencies.KES_NUMBER) {
            rules.add("checkoutCurrencyCode", "The checkoutCurrencyCode must be " + Currencies.KES_NUMBER + " (KES).");
        }
        String currencyName = rules.text("checkoutCurrencyName", r.checkoutCurrencyName(), true, 3);
        if (currencyName != null && !Currencies.KES.equalsIgnoreCase(currencyName)) {
            rules.add("checkoutCurrencyName", "The checkoutCurrencyName must be " + Currencies.KES + ".");
        }
        OffsetDateTime dueDate = dueDate(r.checkoutDueDate(), now, rules);
        String returnUrl = url("checkoutReturnUrl", r.checkoutReturnUrl(), rules);
        String cancelUrl = url("checkoutCancelUrl", r.checkoutCancelUrl(), rules);
        String callbackUrl = url("checkoutCallbackUrl", r.checkoutCallbackUrl(), rules);
        String accountNo = rules.text("checkoutAccountNo", r.checkoutAccountNo(), false, 50);
        List<CheckoutLine> lines = lines(r.checkoutRequestLines(), rules);
        BigDecimal total = lines.stream().map(CheckoutLine::price).reduce(BigDecimal.ZERO, BigDecimal::add);
        BigDecimal fee = Cents.ZERO;
        boolean everyPrice = !lines.isEmpty() && lines.size() == r.checkoutRequestLines().size();
        if (everyPrice && route.isPresent()) {
            if (!AmountLimit.CHECKOUT_ORDER.allows(total)) {
                rules.add("checkoutRequestLines", "The prices must add up to an order total "
                        + AmountLimit.CHECKOUT_ORDER.range() + ".");
            } else {
                // priced only within the limit: the charge bands cover it, and nothing outside it
                fee = charges.feeFor(route.get().transactionTypeId(), total);
                if (fee.compareTo(total) >= 0) {
                    rules.add("checkoutRequestLines", "The prices must add up to more than the checkout fee of "
                            + fee.toPlainString() + ".");
                }
            }
        }
        rules.refuseIfAny(r.originatorConversationId());

        CheckoutOrder order = new CheckoutOrder(UUID.randomUUID(), UUID.randomUUID(), clientId, ocid, reference,
                route.orElseThrow().id(), r.checkoutRouteChannelType(),
                preferredMethod(route.get(), r.checkoutRouteChannelType()), notes, Currencies.KES_NUMBER, Currencies.KES, dueDate,
                returnUrl, cancelUrl, callbackUrl, accountNo, Cents.exact(total), fee, CheckoutStatus.PENDING,
                CheckoutStatus.PENDING.description(), CheckoutOrder.Outcome.NONE, null,
                new BillingDetails(null, null, null, null, null, null, null, null, null), 0, false, now, now);
        intake.record(ocid, () -> checkouts.insert(order, lines));
        PaymentJournal.Payment payment = PaymentJournal.Payment.of(order, null);
        payment.ids().putForTheRequest();
        journal.accepted(payment, order.totalAmount(), order.currencyName());
        start(order);
        return order;
    }

    /** The order as the status query answers it; another client's is as unknown as one that does not exist. */
    public Optional<CheckoutOrderView> find(String clientId, String originatorConversationId) {
        return checkouts.find(clientId, originatorConversationId)
                .map(order -> CheckoutDocuments.view(order, checkouts.lines(order.id())));
    }

    /** The outbox's sweep: starts the orders accepted a while ago that Temporal has not got yet. */
    public void startStragglers() {
        intake.sweep(checkouts::findUnstarted, this::start);
    }

    /**
     * Hands the order to Temporal; when Temporal is away the sweep does it later.
     *
     * @return false when Temporal could not be reached
     */
    public boolean start(CheckoutOrder order) {
        CheckoutWorkflow workflow = temporal.newWorkflowStub(CheckoutWorkflow.class, Outbox.options(
                WorkflowIds.checkout(order.clientId(), order.originatorConversationId()), TaskQueues.COLLECTIONS,
                "Checkout " + order.totalAmount().toPlainString() + " " + order.currencyName() + ", order "
                        + order.originatorConversationId(),
                PaymentSearchAttributes.of(Product.CHECKOUT, order.clientId(), order.originatorConversationId(),
                        CheckoutStatus.PENDING)));
        CheckoutCommand command = new CheckoutCommand(order.id().toString(), order.clientId(),
                order.originatorConversationId(), order.totalAmount(), order.currencyName(),
                Duration.between(OffsetDateTime.now(clock), order.dueDate()), promptWindow);
        return intake.start(new PaymentContext(order.clientId(),
                        order.originatorConversationId(), order.id().toString()),
                () -> WorkflowClient.start(workflow::run, command), () -> checkouts.markWorkflowStarted(order.id()));
    }

    /** The client's route by that id, matched without regard to case, if it is the checkout route. */
    private Optional<Route> route(String clientId, String routeId, FieldRules rules) {
        String id = rules.guid("checkoutRouteId", routeId, true);
        if (id == null || rules.has("checkoutRouteId")) {
            return Optional.empty();
        }
        Optional<Route> route = routes.findAssigned(clientId, UUID.fromString(id));
        if (route.isEmpty()) {
            rules.add("checkoutRouteId", "The checkoutRouteId is not a route assigned to you.");
        } else if (!CHECKOUT_ROUTE.equals(route.get().category())) {
            rules.add("checkoutRouteId", "The checkoutRouteId must be the hosted checkout route (" + CHECKOUT_ROUTE
                    + "), not " + route.get().category() + ".");
        } else if (!route.get().routeIsActive() || !route.get().categoryIsEnabled()) {
            rules.add("checkoutRouteId", "The checkout route is not active.");
        } else {
            return route;
        }
        return Optional.empty();
    }

    private static OffsetDateTime dueDate(String value, OffsetDateTime now, FieldRules rules) {
        String text = rules.text("checkoutDueDate", value, true, 40);
        if (text == null || rules.has("checkoutDueDate")) {
            return null;
        }
        OffsetDateTime due;
        try {
            due = OffsetDateTime.parse(text);
        } catch (DateTimeParseException withoutOffset) {
            try {
                due = LocalDateTime.parse(text).atZone(EAST_AFRICA).toOffsetDateTime();
            } catch (DateTimeParseException notADate) {
                rules.add("checkoutDueDate", "The checkoutDueDate must be an ISO 8601 date and time such as "
                        + "2026-01-31T18:00:00+03:00.");
                return null;
            }
        }
        if (!due.isAfter(now)) {
            rules.add("checkoutDueDate", "The checkoutDueDate must be in the future.");
        } else if (due.isAfter(now.plus(MAX_DUE_AHEAD))) {
            rules.add("checkoutDueDate", "The checkoutDueDate must be at most " + MAX_DUE_AHEAD.toDays()
                    + " days ahead.");
        }
        return due;
    }

    /** Return, cancel and callback URLs follow the policy of callback URLs. */
    private String url(String field, String value, FieldRules rules) {
        return rules.url(field, value, true, MAX_URL, urlPolicy);
    }

    /** The lines with a price (the one amount rule, {@link Amounts}), numbered from 0. */
    private static List<CheckoutLine> lines(List<NewCheckoutOrder.Line> sent, FieldRules rules) {
        List<CheckoutLine> lines = new ArrayList<>();
        if (sent == null || sent.isEmpty() || sent.size() > MAX_LINES) {
            rules.add("checkoutRequestLines", sent == null ? "The checkoutRequestLines field is required."
                    : "The checkoutRequestLines must hold 1 to " + MAX_LINES + " lines.");
            return lines;
        }
        for (int i = 0; i < sent.size(); i++) {
            String at = "checkoutRequestLines[" + i + "]";
            NewCheckoutOrder.Line line = sent.get(i);
            if (line == null) {
                rules.required(at);
                continue;
            }
            String sku = rules.text(at + ".sku", line.sku(), true, 64);
            String name = rules.text(at + ".name", line.name(), true, 200);
            BigDecimal price = line.price();
            if (price == null) {
                rules.required(at + ".price");
            } else if (!Amounts.isValid(price)) {
                rules.add(at + ".price", "The field " + at + ".price " + Amounts.RULE + ".");
            } else {
                lines.add(new CheckoutLine(i, sku, name, Cents.exact(price)));
            }
        }
        return lines;
    }

    /** The method the merchant's channel type asks the page to offer first: 158 card, 1 M-Pesa (or their old codes). */
    private static PaymentMethod preferredMethod(Route route, int channelType) {
        return route.currentChannelType(channelType).flatMap(CheckoutChannel::find).map(CheckoutChannel::method)
                .orElse(null);
    }
}
