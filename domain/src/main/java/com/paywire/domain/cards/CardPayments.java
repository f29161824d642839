package com.paywire.domain.cards;

import com.paywire.domain.InvalidInputException;
import com.paywire.domain.UnknownResourceException;
import com.paywire.domain.cards.CardSources.TokenUse;
import com.paywire.domain.observability.PaymentJournal;
import com.paywire.persistence.cards.CardTransactionStore;
import com.paywire.persistence.disputes.CardDisputeStore;
import com.paywire.vocabulary.cards.CardSummary;
import com.paywire.vocabulary.cards.CardTransaction;
import com.paywire.vocabulary.cards.CardTransactionPage;
import com.paywire.vocabulary.cards.CardTransactionStatus;
import com.paywire.vocabulary.cards.CardTransactionType;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.rules.amounts.AmountLimit;
import com.paywire.workflows.PaymentSearchAttributes;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.cards.CardAuthorisationCommand.ForCheckout;
import com.paywire.workflows.cards.CardAuthorisationCommand.FraudScreening;
import com.paywire.workflows.cards.CardAuthorisationCommand;
import com.paywire.workflows.cards.CardFailures;
import com.paywire.workflows.cards.CardOperation;
import com.paywire.workflows.cards.CardOperationResult;
import com.paywire.workflows.cards.CardPaymentWorkflow;
import com.paywire.workflows.logging.PaymentContext;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowExecutionAlreadyStarted;
import io.temporal.client.WorkflowNotFoundException;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowUpdateException;
import io.temporal.failure.ApplicationFailure;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Service;

/**
 * Card payments, callable by any part of Paywire (the card API, hosted checkout). An authorisation starts its
 * CardPaymentWorkflow, which screens it when asked and has the processor authorise it; capture, void and refund
 * are Updates of that workflow. The same RequestId always names the same operation and gets the same answer.
 */
@Service
public class CardPayments {

    /** The category of the card API's route, whose transaction type prices captures (the card fee). */
    public static final String CARD_ROUTE = "CARD";

    /** The currencies a card payment may be in (ISO 4217 letter codes). */
    public static final Set<String> CURRENCIES = Set.of("KES", "USD", "EUR", "GBP", "UGX", "TZS", "RWF", "ZAR",
            "NGN", "GHS");

    private static final Logger log = LoggerFactory.getLogger(CardPayments.class);

    private final WorkflowClient temporal;
    private final CardTransactionStore transactions;
    private final CardSources sources;
    private final PayerAuthentication authentication;
    private final Duration authorisationExpiry;
    private final Clock clock;
    private final PaymentJournal journal;
    private final CardDisputeStore disputes;

    public CardPayments(WorkflowClient temporal, CardTransactionStore transactions, CardSources sources,
                        PayerAuthentication authentication,
                        @Value("${paywire.cards.authorisation-expiry:7d}") Duration authorisationExpiry, Clock clock,
                        PaymentJournal journal, CardDisputeStore disputes) {
        this.temporal = temporal;
        this.transactions = transactions;
        this.sources = sources;
        this.authentication = authentication;
        this.authorisationExpiry = authorisationExpiry;
        this.clock = clock;
        this.journal = journal;
        this.disputes = disputes;
    }

    /**
     * An authorisation to ask for.
     *
     * @param fraudScreen    whether the authorisation is screened for fraud first
     * @param billingCountry the payer's billing country (for the screen), or null
     */
    public record Authorisation(String requestId, BigDecimal amount, String currency, String transientToken,
                                String paymentInstrumentId, String payerAuthenticationId, boolean fraudScreen,
                                String billingCountry) {
    }

    /** What became of a capture, void or refund. */
    public sealed interface Outcome {
    }

    /** Done, now or by an earlier request with the same RequestId (then {@code at} is when). */
    public record Done(String id, CardTransactionStatus status, BigDecimal amount, String currency, Instant at)
            implements Outcome {
    }

    public enum Refusal {
        /** The authorisation's state does not allow it. */
        INVALID_STATE,
        /** A refund the merchant's utility account cannot cover. */
        INSUFFICIENT_BALANCE,
        /** The processor refused it. */
        PROCESSOR_REFUSED
    }

    public record Refused(Refusal code, String message, String authorisationId) implements Outcome {
    }

    /**
     * Authorises, or answers the earlier authorisation of this RequestId when the request is the same.
     *
     * @return the authorisation as recorded: approved, or DECLINED with its error code
     * @throws InvalidInputException naming Currency, TransientToken, PaymentInstrumentId or PayerAuthenticationId
     * @throws RequestIdReusedException when the RequestId named an authorisation of another Amount, Currency or
     *                                  PayerAuthenticationId
     */
    /** The client's transaction of this id: an authorisation, capture, void or refund. */
    public Optional<CardTransaction> find(String clientId, String transactionId) {
        return transactions.find(clientId, transactionId);
    }

    /** Every transaction on the payment of this authorisation, the authorisation included. */
    public List<CardTransaction> onPaymentOf(String authorisationId) {
        return transactions.related(authorisationId);
    }

    /** The client's card transactions that match, a page of them; a null filter matches any. */
    public CardTransactionPage search(String clientId, String orderId, String status, String type,
                                      OffsetDateTime from, OffsetDateTime to, int page, int pageSize) {
        return transactions.search(clientId, orderId, status, type, from, to, page, pageSize);
    }

    public CardTransaction authorise(String clientId, Authorisation request) {
        return authorise(clientId, request, null);
    }

    /** As {@link #authorise(String, Authorisation)}, for a checkout's attempt that captures by Update. */
    public CardTransaction authorise(String clientId, Authorisation request, ForCheckout checkout) {
        String authorisationId = acceptedId(clientId, request);
        var earlier = transactions.find(clientId, authorisationId);
        if (earlier.isPresent()) {
            return sameRequest(earlier.get(), request);
        }
        CardAuthorisationCommand command = command(clientId, request, authorisationId, checkout);
        CardPaymentWorkflow workflow = temporal.newWorkflowStub(CardPaymentWorkflow.class, WorkflowOptions.newBuilder()
                .setWorkflowId(WorkflowIds.cardPayment(clientId, authorisationId))
                .setTaskQueue(TaskQueues.CARDS)
                .setMemo(Map.of("summary", "Card payment " + request.amount().toPlainString() + " "
                        + request.currency() + ", order " + request.requestId()))
                .setTypedSearchAttributes(PaymentSearchAttributes.of(Product.CARD, clientId, request.requestId(),
                        CardTransactionStatus.PENDING))
                .build());
        // journaled as a payment of its own only through the card API: a checkout's attempt is a step of its order
        PaymentJournal.Payment payment = PaymentJournal.Payment.ofCard(clientId, request.requestId(), authorisationId);
        try (PaymentContext.Scope about = payment.ids().open()) {
            boolean startedHere = true;
            try {
                WorkflowClient.start(workflow::run, command);
            } catch (WorkflowExecutionAlreadyStarted raced) {
                startedHere = false; // the same RequestId a moment earlier: wait for the same answer
            }
            if (startedHere && checkout == null) {
                journal.accepted(payment, request.amount(), request.currency());
            }
            workflow.authorisation();
            CardTransaction answered = transactions.find(clientId, authorisationId).orElseThrow();
            if (!startedHere) {
                sameRequest(answered, request); // the same RequestId raced in with a body of its own
            }
            if (startedHere && checkout == null && answered.status() == CardTransactionStatus.DECLINED) {
                journal.finished(payment, PaymentJournal.Outcome.FAILED, answered.createdAt(),
                        "declined, " + answered.errorCode());
            }
            return answered;
        }
    }

    /**
     * What the card payment workflow of a checkout's attempt runs, started by the checkout as its child: the card
     * resolved (its transient token used up in the authorisation's name) and its 3-D Secure result checked.
     *
     * @throws InvalidInputException as {@link #authorise(String, Authorisation)}
     */
    public CardAuthorisationCommand commandForCheckout(String clientId, Authorisation request, ForCheckout checkout) {
        return command(clientId, request, acceptedId(clientId, request), checkout);
    }

    /**
     * The earlier authorisation of this RequestId, when this request asks for what it was made with. The card
     * itself is not compared: a transient token is spent by its first use and cannot be resolved again.
     */
    private static CardTransaction sameRequest(CardTransaction earlier, Authorisation request) {
        List<String> differing = new ArrayList<>();
        if (earlier.amount() != null && earlier.amount().compareTo(request.amount()) != 0) {
            differing.add("Amount");
        }
        if (!request.currency().equals(earlier.currency())) {
            differing.add("Currency");
        }
        if (!Objects.equals(request.payerAuthenticationId(), earlier.authenticationId())) {
            differing.add("PayerAuthenticationId");
        }
        if (!differing.isEmpty()) {
            throw new RequestIdReusedException(request.requestId(), earlier.id(), differing);
        }
        return earlier;
    }

    /** The authorisation's id, once its currency and amount are ones Paywire takes. */
    private static String acceptedId(String clientId, Authorisation request) {
        if (!CURRENCIES.contains(request.currency())) {
            throw InvalidInputException.of(request.requestId(), "Currency",
                    "The Currency must be an ISO 4217 letter code Paywire accepts: " + CURRENCIES.stream().sorted().toList() + ".");
        }
        AmountLimit.CARD_PAYMENT.refusal(request.amount()).ifPresent(rule -> {
            throw InvalidInputException.of(request.requestId(), "Amount", rule);
        });
        return CardIds.of(CardTransactionType.AUTHORISATION, clientId, request.requestId());
    }

    private CardAuthorisationCommand command(String clientId, Authorisation request, String authorisationId,
                                             ForCheckout checkout) {
        CardSummary card = sources.resolve(clientId, request.transientToken(), request.paymentInstrumentId(),
                TokenUse.forAuthorisation(authorisationId));
        String cavv = null;
        if (request.payerAuthenticationId() != null) {
            cavv = authentication.cavvOf(clientId, request.payerAuthenticationId(), card)
                    .orElseThrow(() -> InvalidInputException.of(request.requestId(), "PayerAuthenticationId",
                            "No successful 3-D Secure authentication of this card with that id."));
        }
        return new CardAuthorisationCommand(clientId, authorisationId, request.requestId(), request.amount(),
                request.currency(), card.processorInstrumentId(), card.network(), card.lastFour(), card.expiryMonth(),
                card.expiryYear(), request.payerAuthenticationId(), cavv,
                request.fraudScreen() ? CardIds.fraudScreenOf(authorisationId) : null, authorisationExpiry,
                clock.millis(), request.fraudScreen() ? new FraudScreening(request.billingCountry()) : null, checkout);
    }

    public Outcome capture(String clientId, String authorisationId, BigDecimal amount, String requestId) {
        return operate(clientId, authorisation(clientId, authorisationId), CardTransactionType.CAPTURE, requestId,
                amount, null, CardPaymentWorkflow::capture);
    }

    public Outcome voidAuthorisation(String clientId, String authorisationId, String requestId) {
        return operate(clientId, authorisation(clientId, authorisationId), CardTransactionType.VOID, requestId,
                null, null, CardPaymentWorkflow::voidAuthorisation);
    }

    public Outcome refund(String clientId, String captureId, BigDecimal amount, String requestId) {
        CardTransaction capture = transactions.find(clientId, captureId)
                .filter(t -> t.type() == CardTransactionType.CAPTURE)
                .orElseThrow(() -> new UnknownResourceException("No capture with that CaptureId"));
        if (transactions.findByRequest(clientId, CardTransactionType.REFUND, requestId).isEmpty()
                && disputes.blocksRefund(clientId, capture.id())) {
            // the cardholder's bank has taken the money back already (or is deciding): a refund would pay it twice
            return new Refused(Refusal.INVALID_STATE, "The capture is disputed; it cannot be refunded while its "
                    + "dispute is open or after it was lost.", capture.authorisationId());
        }
        return operate(clientId, authorisation(clientId, capture.authorisationId()), CardTransactionType.REFUND,
                requestId, amount, capture.id(), CardPaymentWorkflow::refund);
    }

    private CardTransaction authorisation(String clientId, String authorisationId) {
        return transactions.find(clientId, authorisationId)
                .filter(t -> t.type() == CardTransactionType.AUTHORISATION)
                .orElseThrow(() -> new UnknownResourceException("No authorisation with that AuthorisationId"));
    }

    /**
     * The one way an operation runs: the same RequestId again gets the earlier answer; otherwise the workflow's
     * Update decides, and its refusal (by its checks or the processor) is a {@link Refused}, logged in one line. The
     * first capture completes the payment in the journal, a void before any capture ends it unpaid.
     */
    private Outcome operate(String clientId, CardTransaction authorisation, CardTransactionType type, String requestId,
                            BigDecimal amount, String captureId,
                            BiFunction<CardPaymentWorkflow, CardOperation, CardOperationResult> update) {
        var earlier = transactions.findByRequest(clientId, type, requestId);
        if (earlier.isPresent()) {
            CardTransaction t = earlier.get();
            return new Done(t.id(), t.status(), t.amount(), t.currency(),
                    t.createdAt().toInstant());
        }
        CardTransactionStatus state = authorisation.status();
        PaymentJournal.Payment payment = PaymentJournal.Payment.ofCard(clientId, authorisation.requestId(),
                authorisation.id());
        try (PaymentContext.Scope about = payment.ids().open()) {
            Outcome outcome;
            if (state.approved()) {
                CardOperation operation = new CardOperation(CardIds.of(type, clientId, requestId), requestId, amount,
                        captureId, clock.millis());
                outcome = askTheWorkflow(temporal.newWorkflowStub(CardPaymentWorkflow.class,
                        WorkflowIds.cardPayment(clientId, authorisation.id())), operation, authorisation, update);
            } else {
                outcome = new Refused(Refusal.INVALID_STATE, "The authorisation was not approved (" + state + ").",
                        authorisation.id());
            }
            if (outcome instanceof Refused refused) {
                // an everyday answer (409, 402): one line, no stack
                log.info("Card {} {} refused ({}): {}", type.name().toLowerCase(Locale.ROOT), requestId,
                        refused.code(), refused.message());
            } else if (state == CardTransactionStatus.AUTHORIZED && type != CardTransactionType.REFUND
                    && ((Done) outcome).status() != CardTransactionStatus.PENDING) {
                // the first capture completes the payment; a void before any ends it unpaid (a capture whose
                // outcome the processor has not told yet does neither)
                journal.finished(payment, type == CardTransactionType.CAPTURE ? PaymentJournal.Outcome.COMPLETED
                        : PaymentJournal.Outcome.FAILED, authorisation.createdAt(), type == CardTransactionType.CAPTURE
                        ? "captured " + amount + " " + authorisation.currency() : "voided before any capture");
            }
            return outcome;
        }
    }

    /** The workflow's Update decides; its refusal (by its checks or the processor) is a {@link Refused}. */
    private Outcome askTheWorkflow(CardPaymentWorkflow workflow, CardOperation operation, CardTransaction authorisation,
                            BiFunction<CardPaymentWorkflow, CardOperation, CardOperationResult> update) {
        try {
            CardOperationResult result = update.apply(workflow, operation);
            return new Done(result.id(), result.status(), result.amount(), result.currency(), clock.instant());
        } catch (WorkflowUpdateException refused) {
            Throwable cause = refused.getCause();
            while (cause != null && !(cause instanceof ApplicationFailure)) {
                cause = cause.getCause();
            }
            if (cause instanceof ApplicationFailure failure) {
                Refusal code = switch (String.valueOf(failure.getType())) {
                    case CardFailures.PROCESSOR_REFUSED -> Refusal.PROCESSOR_REFUSED;
                    case CardFailures.INSUFFICIENT_BALANCE -> Refusal.INSUFFICIENT_BALANCE;
                    default -> Refusal.INVALID_STATE; // the handler's InvalidCardOperation, a validator's refusal
                                                      // (CardOperationRefused)
                };
                return new Refused(code, failure.getOriginalMessage(), authorisation.id());
            }
            throw refused;
        } catch (WorkflowNotFoundException closed) {
            return new Refused(Refusal.INVALID_STATE, "The authorisation can no longer be changed.", authorisation.id());
        }
    }
}
