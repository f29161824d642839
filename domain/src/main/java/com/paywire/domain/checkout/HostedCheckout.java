package com.paywire.domain.checkout;

import com.paywire.domain.InvalidInputException;
import com.paywire.domain.UnavailableException;
import com.paywire.domain.UnknownResourceException;
import com.paywire.domain.cards.CardSources;
import com.paywire.domain.cards.CardSources.TokenUse;
import com.paywire.domain.collections.PromptCaps;
import com.paywire.domain.collections.TooManyPromptsException;
import com.paywire.domain.notifications.CallbackSecrets;
import com.paywire.domain.platform.FieldRules;
import com.paywire.persistence.checkout.CheckoutStore;
import com.paywire.persistence.clients.ApiClientStore;
import com.paywire.vocabulary.checkout.CheckoutOrder;
import com.paywire.vocabulary.checkout.CheckoutStatus;
import com.paywire.vocabulary.checkout.PaymentMethod;
import com.paywire.vocabulary.networks.MobileNumbers;
import com.paywire.vocabulary.rules.amounts.AmountLimit;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.checkout.CardAttempt;
import com.paywire.workflows.checkout.CheckoutWorkflow;
import com.paywire.workflows.checkout.MobileMoneyAttempt;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowException;
import io.temporal.client.WorkflowNotFoundException;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The payer's side of hosted checkout, for the hosted page: no client credentials, the unguessable checkoutId is
 * the capability. Paying and cancelling record what the payer gave and signal the order's CheckoutWorkflow, which
 * owns the status; the page then follows the status through {@link #find}.
 * <p>
 * Refusals: {@link UnknownResourceException} for an id that names no order; {@link CheckoutStateException} when
 * the order may not be paid or cancelled now (being paid, final, past due, its attempts used up) or has no return
 * yet; {@link InvalidInputException} naming the field the payer got wrong (billToFirstName, transientToken,
 * phoneNumber, ...); {@link TooManyPromptsException} when the order or the phone has had its prompts for now
 * ({@link PromptCaps}); {@link UnavailableException} when Temporal cannot be reached (try again).
 */
public class HostedCheckout {

    private static final Logger log = LoggerFactory.getLogger(HostedCheckout.class);
    private final CheckoutStore checkouts;
    private final CheckoutOrders orders;
    private final ApiClientStore clients;
    private final CallbackSecrets callbackSecrets;
    private final CardSources cardSources;
    private final PromptCaps promptCaps;
    private final WorkflowClient temporal;
    private final Clock clock;

    public HostedCheckout(CheckoutStore checkouts, CheckoutOrders orders, ApiClientStore clients,
                          CallbackSecrets callbackSecrets,
                          CardSources cardSources, PromptCaps promptCaps, WorkflowClient temporal, Clock clock) {
        this.checkouts = checkouts;
        this.orders = orders;
        this.clients = clients;
        this.callbackSecrets = callbackSecrets;
        this.cardSources = cardSources;
        this.promptCaps = promptCaps;
        this.temporal = temporal;
        this.clock = clock;
    }

    /** The order behind a page address; empty when the id names none. */
    public Optional<CheckoutPage> find(String checkoutId) {
        return order(checkoutId).map(this::page);
    }

    /**
     * Pays with a card the page has tokenised (for the order's client) and, when the card's network asks for it,
     * authenticated with 3-D Secure.
     *
     * @param payerAuthenticationId the successful 3-D Secure authentication of the card, or null
     * @throws InvalidInputException naming a billTo* field (billToCountry is required here), or transientToken
     *                               when the token is unknown, expired or used
     */
    public void payByCard(String checkoutId, BillTo billTo, String transientToken, String payerAuthenticationId) {
        CheckoutOrder order = attemptable(checkoutId);
        BillTo payer = validated(billTo, true);
        FieldRules rules = new FieldRules();
        String token = rules.text("transientToken", transientToken, true, 200);
        String authentication = rules.text("payerAuthenticationId", payerAuthenticationId, false, 100);
        rules.refuseIfAny(null);
        try {
            cardSources.resolve(order.clientId(), token, null, TokenUse.LOOK);
        } catch (InvalidInputException unusable) {
            throw InvalidInputException.of(null, "transientToken", "The card details can no longer be used (they"
                    + " serve once, for 15 minutes); enter the card again.");
        }
        String attemptId = UUID.randomUUID().toString();
        log.info("Checkout {}: card attempt {}", order.originatorConversationId(), attemptId);
        String country = payer.country();
        attempt(order, payer, PaymentMethod.CARD, workflow -> workflow.payByCard(new CardAttempt(attemptId, token,
                authentication, country)));
    }

    /**
     * Pays by a prompt on the payer's phone, as an express deposit of the order's total.
     *
     * @param phoneNumber a Kenyan mobile number, written as people write it (0712 345 678, +254712345678, ...)
     * @throws InvalidInputException naming phoneNumber or a billTo* field
     * @throws TooManyPromptsException when the order or the phone has had its prompts for now: nothing is sent
     */
    public void payByMobileMoney(String checkoutId, BillTo billTo, String phoneNumber) {
        CheckoutOrder order = attemptable(checkoutId);
        if (!AmountLimit.PHONE_PROMPT.allows(order.totalAmount())) {
            throw InvalidInputException.of(null, "phoneNumber", "This order is more than one mobile-money payment"
                    + " may be (" + AmountLimit.PHONE_PROMPT.range() + " KES): please pay it by card.");
        }
        Optional<String> mobile = MobileNumbers.kenyan(phoneNumber);
        if (mobile.isEmpty()) {
            throw InvalidInputException.of(null, "phoneNumber", MobileNumbers.refusal("phoneNumber"));
        }
        BillTo payer = validated(billTo, false);
        if (payer.phoneNumber() == null) {
            payer = new BillTo(payer.firstName(), payer.lastName(), payer.address1(), payer.locality(),
                    payer.administrativeArea(), payer.postalCode(), payer.country(), payer.email(), "+" + mobile.get());
        }
        UUID prompt = promptCaps.takeForCheckout(order.id(), mobile.get());
        String attemptId = UUID.randomUUID().toString();
        log.info("Checkout {}: mobile-money attempt {}", order.originatorConversationId(), attemptId);
        try {
            attempt(order, payer, PaymentMethod.MOBILE_MONEY,
                    workflow -> workflow.payByMobileMoney(new MobileMoneyAttempt(attemptId, mobile.get())));
        } catch (RuntimeException notSent) {
            promptCaps.release(prompt);
            throw notSent;
        }
    }

    /** The payer gives up: the order becomes Cancelled (and the page sends the payer to checkoutCancelUrl). */
    public void cancel(String checkoutId) {
        CheckoutOrder order = payable(checkoutId);
        log.info("Checkout {}: cancelled by the payer", order.originatorConversationId());
        signal(order, CheckoutWorkflow::cancel);
    }

    /**
     * The form the page POSTs from the payer's browser to the merchant's checkoutReturnUrl once the order is
     * final, with its hash.
     *
     * @throws CheckoutStateException (NOT_FINISHED) when the order is not final yet
     */
    public ReturnForm returnForm(String checkoutId) {
        CheckoutOrder order = order(checkoutId).orElseThrow(HostedCheckout::unknown);
        if (!order.status().terminal()) {
            throw new CheckoutStateException(CheckoutStateException.Reason.NOT_FINISHED);
        }
        Map<String, String> fields = CheckoutDocuments.returnFields(order);
        String secret = callbackSecrets.require(order.clientId());
        String hash = CheckoutReturnHash.sign(fields, secret);
        return new ReturnForm(withHash(order.returnUrl(), hash), hash,
                fields.entrySet().stream().map(f -> new ReturnForm.Field(f.getKey(), f.getValue())).toList());
    }

    /** The URL with {@code hash} added to its query, before any fragment. */
    static String withHash(String url, String hash) {
        int fragment = url.indexOf('#');
        String base = fragment < 0 ? url : url.substring(0, fragment);
        String separator = !base.contains("?") ? "?" : base.endsWith("?") || base.endsWith("&") ? "" : "&";
        return base + separator + "hash=" + hash + (fragment < 0 ? "" : url.substring(fragment));
    }

    private Optional<CheckoutOrder> order(String checkoutId) {
        try {
            return checkoutId == null ? Optional.empty() : checkouts.find(UUID.fromString(checkoutId));
        } catch (IllegalArgumentException notAnId) {
            return Optional.empty();
        }
    }

    private CheckoutOrder payable(String checkoutId) {
        CheckoutOrder order = order(checkoutId).orElseThrow(HostedCheckout::unknown);
        CheckoutStatus status = order.status();
        if (!status.payable() || !order.dueDate().isAfter(OffsetDateTime.now(clock))) {
            throw CheckoutStateException.notPayable(status);
        }
        return order;
    }

    /** Payable, with attempts left. */
    private CheckoutOrder attemptable(String checkoutId) {
        CheckoutOrder order = payable(checkoutId);
        if (attemptsUsedUp(order)) {
            throw CheckoutStateException.notPayable(order.status(), true);
        }
        return order;
    }

    private static boolean attemptsUsedUp(CheckoutOrder order) {
        return order.attempts() >= CheckoutWorkflow.MAX_ATTEMPTS;
    }

    private static BillTo validated(BillTo billTo, boolean countryRequired) {
        return (billTo == null ? new BillTo(null, null, null, null, null, null, null, null, null) : billTo)
                .validated(countryRequired);
    }

    /**
     * Takes the attempt (see {@link CheckoutStore#startAttempt}) and hands it to the order's workflow. The page
     * shows Processing from this moment, before the workflow has recorded it; should the workflow not be reached,
     * the order is put back as it was, its attempt uncounted, so that the payer may try again.
     */
    private void attempt(CheckoutOrder order, BillTo payer, PaymentMethod method, Consumer<CheckoutWorkflow> signal) {
        if (!checkouts.startAttempt(order.id(), payer.details(), method, CheckoutWorkflow.MAX_ATTEMPTS,
                OffsetDateTime.now(clock))) {
            CheckoutOrder now = checkouts.find(order.id()).orElseThrow();
            throw CheckoutStateException.notPayable(now.status(), attemptsUsedUp(now));
        }
        try {
            signal(order, signal);
        } catch (RuntimeException notTaken) {
            checkouts.putBack(order, OffsetDateTime.now(clock));
            throw notTaken;
        }
    }

    private void signal(CheckoutOrder order, Consumer<CheckoutWorkflow> signal) {
        CheckoutWorkflow workflow = temporal.newWorkflowStub(CheckoutWorkflow.class,
                WorkflowIds.checkout(order.clientId(), order.originatorConversationId()));
        try {
            signal.accept(workflow);
        } catch (WorkflowNotFoundException notRunning) {
            // not started yet (Temporal was away when the order was accepted), or it ended a moment ago
            CheckoutOrder now = checkouts.find(order.id()).orElseThrow();
            CheckoutStatus status = now.status();
            if (now.workflowStarted() || status.terminal()) {
                throw status.terminal() ? CheckoutStateException.notPayable(status) : unavailable();
            }
            if (!orders.start(now)) {
                throw unavailable();
            }
            signal.accept(workflow);
        } catch (WorkflowException temporalAway) {
            log.warn("Checkout {}: Temporal could not be reached: {}", order.originatorConversationId(),
                    temporalAway.getMessage());
            throw unavailable();
        }
    }

    private CheckoutPage page(CheckoutOrder order) {
        CheckoutStatus status = order.status();
        boolean failed = status == CheckoutStatus.FAILED;
        boolean payableButForAttempts = status.payable() && order.dueDate().isAfter(OffsetDateTime.now(clock));
        return new CheckoutPage(order.id().toString(), order.clientId(),
                clients.displayName(order.clientId()).orElse(order.clientId()),
                order.originatorConversationId(), order.checkoutReference(), order.notes(), order.currencyName(),
                checkouts.lines(order.id()), order.totalAmount(), order.feeAmount(), order.dueDate(), status,
                payableButForAttempts && !attemptsUsedUp(order), payableButForAttempts && attemptsUsedUp(order),
                failed ? order.outcome().resultCode() : null, failed ? order.outcome().resultDesc() : null,
                order.paymentMethod(),
                order.preferredPaymentMethod(),
                order.returnUrl(), order.cancelUrl(), BillTo.of(order.billTo()));
    }

    private static UnknownResourceException unknown() {
        return new UnknownResourceException("No checkout order with that id");
    }

    private static UnavailableException unavailable() {
        return new UnavailableException("Payments cannot be taken right now; try again in a moment");
    }
}
