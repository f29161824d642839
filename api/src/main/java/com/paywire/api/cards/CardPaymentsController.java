package com.paywire.api.cards;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.api.errors.FieldErrorsException;
import com.paywire.api.errors.ReasonException;
import com.paywire.api.input.Amount;
import com.paywire.domain.notifications.EventPublisher;
import com.paywire.persistence.cards.CardStore;
import com.paywire.persistence.cards.CardSummary;
import com.paywire.persistence.cards.CardTransaction;
import com.paywire.persistence.cards.CardTransactionStore;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.cards.AuthorisationResult;
import com.paywire.workflows.cards.CardAuthorisationCommand;
import com.paywire.workflows.cards.CardOperation;
import com.paywire.workflows.cards.CardOperationResult;
import com.paywire.workflows.cards.CardPaymentWorkflow;
import com.paywire.workflows.cards.CardPaymentWorkflowImpl;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowExecutionAlreadyStarted;
import io.temporal.client.WorkflowNotFoundException;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowUpdateException;
import io.temporal.failure.ApplicationFailure;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Server-to-server card payments. An authorisation starts its CardPaymentWorkflow and waits for the
 * processor's answer through an Update; capture, void and refund are Updates of that workflow, which
 * checks them against its state. The same RequestId always names the same operation. Refusals throughout the
 * card API name the id field, never the value sent: a client may paste a card number into any of them.
 */
@RestController
@RequestMapping("${paywire.cards.base-path}")
@Tag(name = "Card payments")
@RequiresScope(Scope.CARDS)
class CardPaymentsController {

    private static final String REQUEST_ID = "[A-Za-z0-9._:-]{1,64}";
    private static final Set<String> CURRENCIES = Set.of("KES", "USD", "EUR", "GBP", "UGX", "TZS", "RWF", "ZAR",
            "NGN", "GHS");

    private final WorkflowClient temporal;
    private final CardTransactionStore transactions;
    private final CardStore cards;
    private final CardSources sources;
    private final FraudRules fraud;
    private final EventPublisher events;
    private final Duration authorisationExpiry;
    private final Clock clock;

    CardPaymentsController(WorkflowClient temporal, CardTransactionStore transactions, CardStore cards,
                           CardSources sources, FraudRules fraud, EventPublisher events,
                           @Value("${paywire.cards.authorisation-expiry}") Duration authorisationExpiry, Clock clock) {
        this.temporal = temporal;
        this.transactions = transactions;
        this.cards = cards;
        this.sources = sources;
        this.fraud = fraud;
        this.events = events;
        this.authorisationExpiry = authorisationExpiry;
        this.clock = clock;
    }

    record Transaction(@JsonProperty("Amount") @NotBlank @Amount String amount,
                       @JsonProperty("Currency") @NotBlank String currency,
                       @JsonProperty("TransientToken") String transientToken,
                       @JsonProperty("PaymentInstrumentId") String paymentInstrumentId,
                       @JsonProperty("RequestId") @NotBlank @Pattern(regexp = REQUEST_ID, message = "must be 1-64 letters, digits or . _ : -") String requestId,
                       @JsonProperty("PayerAuthenticationId") String payerAuthenticationId,
                       @JsonProperty("FraudScreen") Boolean fraudScreen) {
    }

    record BillingAddress(@JsonProperty("FirstName") String firstName, @JsonProperty("LastName") String lastName,
                          @JsonProperty("Email") String email, @JsonProperty("PhoneNumber") String phoneNumber,
                          @JsonProperty("Country") @Pattern(regexp = "[A-Z]{2}", message = "must be a two-letter country code") String country) {
    }

    record AuthoriseRequest(@JsonProperty("Transaction") @NotNull @Valid Transaction transaction,
                            @JsonProperty("BillingAddress") @Valid BillingAddress billingAddress) {
    }

    record ProcessorResponse(@JsonProperty("ResponseCode") String responseCode, @JsonProperty("AvsCode") String avsCode,
                             @JsonProperty("CvnCode") String cvnCode) {
    }

    record Authorised(@JsonProperty("AuthorisationId") String authorisationId, @JsonProperty("Status") String status,
                      @JsonProperty("Amount") String amount, @JsonProperty("Currency") String currency,
                      @JsonProperty("OrderId") String orderId,
                      @JsonProperty("ProcessorResponse") ProcessorResponse processorResponse,
                      @JsonProperty("Timestamp") Instant timestamp) {
    }

    /** The card API's refusal: 402 for a declined payment, 409 for an operation its state does not allow. */
    record CardError(@JsonProperty("Status") String status, @JsonProperty("ErrorCode") String errorCode,
                     @JsonProperty("ErrorMessage") String errorMessage,
                     @JsonProperty("AuthorisationId") String authorisationId) {
    }

    /** The data of a fraud.rejected event (AuthorisationId only when an authorisation asked for the screen). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record FraudRejected(@JsonProperty("FraudScreenId") String fraudScreenId,
                         @JsonProperty("AuthorisationId") String authorisationId,
                         @JsonProperty("Reasons") String reasons) {
    }

    record CaptureRequest(@JsonProperty("AuthorisationId") @NotBlank String authorisationId,
                          @JsonProperty("Amount") @NotBlank @Amount String amount,
                          @JsonProperty("RequestId") @NotBlank @Pattern(regexp = REQUEST_ID, message = "must be 1-64 letters, digits or . _ : -") String requestId) {
    }

    record VoidRequest(@JsonProperty("AuthorisationId") @NotBlank String authorisationId,
                       @JsonProperty("RequestId") @NotBlank @Pattern(regexp = REQUEST_ID, message = "must be 1-64 letters, digits or . _ : -") String requestId) {
    }

    record RefundRequest(@JsonProperty("CaptureId") @NotBlank String captureId,
                         @JsonProperty("Amount") @NotBlank @Amount String amount,
                         @JsonProperty("RequestId") @NotBlank @Pattern(regexp = REQUEST_ID, message = "must be 1-64 letters, digits or . _ : -") String requestId) {
    }

    @Operation(summary = "Payment Authorisation: 201 AUTHORIZED, 402 DECLINED")
    @PostMapping("/payment/authorise")
    ResponseEntity<Object> authorise(@Valid @RequestBody AuthoriseRequest request, AuthenticatedClient client) {
        Transaction tx = request.transaction();
        if (!CURRENCIES.contains(tx.currency())) {
            throw FieldErrorsException.of(tx.requestId(), "Transaction.Currency",
                    "The Currency must be an ISO 4217 letter code Paywire accepts: " + CURRENCIES.stream().sorted().toList() + ".");
        }
        String authorisationId = CardNumbers.idFor("auth_", client.clientId(), "AUTHORISATION", tx.requestId());
        Optional<CardTransaction> earlier = transactions.find(client.clientId(), authorisationId);
        if (earlier.isPresent()) {
            return answer(earlier.get()); // the same RequestId again: the same answer
        }
        BigDecimal amount = new BigDecimal(tx.amount());
        CardSummary card = sources.resolve(client.clientId(), tx.transientToken(), tx.paymentInstrumentId(),
                "Transaction.", CardSources.TokenUse.forAuthorisation(authorisationId));
        String cavv = null;
        if (tx.payerAuthenticationId() != null) {
            CardStore.PayerAuthentication authentication = cards.findPayerAuthentication(client.clientId(),
                            tx.payerAuthenticationId())
                    .filter(a -> "AUTHENTICATION_SUCCESSFUL".equals(a.status()))
                    .filter(a -> a.processorInstrumentId().equals(card.processorInstrumentId()))
                    .orElseThrow(() -> FieldErrorsException.of(tx.requestId(), "Transaction.PayerAuthenticationId",
                            "No successful 3-D Secure authentication of this card with that id."));
            cavv = authentication.cavv();
        }
        String fraudScreenId = null;
        if (Boolean.TRUE.equals(tx.fraudScreen())) {
            FraudRules.Decision decision = fraud.screen(client.clientId(), card, amount, tx.currency(),
                    request.billingAddress() == null ? null : request.billingAddress().country());
            fraudScreenId = decision.id();
            if (decision.rejected()) {
                events.publishNow(client.clientId(), "fraud.rejected", authorisationId,
                        new FraudRejected(decision.id(), authorisationId, String.join(",", decision.reasons())));
                return ResponseEntity.status(HttpStatus.PAYMENT_REQUIRED).body(new CardError("DECLINED",
                        "FRAUD_REJECTED", "Refused by fraud screening: " + decision.reasons(), authorisationId));
            }
        }
        CardPaymentWorkflow workflow = temporal.newWorkflowStub(CardPaymentWorkflow.class, WorkflowOptions.newBuilder()
                .setWorkflowId(WorkflowIds.cardPayment(client.clientId(), authorisationId))
                .setTaskQueue(TaskQueues.CARDS)
                .setMemo(Map.of("summary", "Card payment " + tx.amount() + " " + tx.currency() + ", order " + tx.requestId()))
                .build());
        try {
            WorkflowClient.start(workflow::run, new CardAuthorisationCommand(client.clientId(), authorisationId,
                    tx.requestId(), amount, tx.currency(), card.processorInstrumentId(), card.network(),
                    card.lastFour(), card.expiryMonth(), card.expiryYear(), tx.payerAuthenticationId(), cavv,
                    fraudScreenId, authorisationExpiry, clock.millis()));
        } catch (WorkflowExecutionAlreadyStarted raced) {
            // the same RequestId a moment earlier: wait for the same answer
        }
        AuthorisationResult result = workflow.authorisation();
        return answer(transactions.find(client.clientId(), result.authorisationId()).orElseThrow());
    }

    @Operation(summary = "Payment Capture: partial allowed, never above what is left of the authorisation")
    @PostMapping("/payment/capture")
    ResponseEntity<Object> capture(@Valid @RequestBody CaptureRequest request, AuthenticatedClient client) {
        CardTransaction authorisation = authorisation(client, request.authorisationId());
        Optional<CardTransaction> earlier = transactions.findByRequest(client.clientId(), "CAPTURE", request.requestId());
        if (earlier.isPresent()) {
            CardTransaction c = earlier.get();
            return ResponseEntity.status(HttpStatus.CREATED).body(Map.of("CaptureId", c.id(), "Status", c.status(),
                    "Amount", c.amount().toPlainString(), "Currency", c.currency(), "Timestamp", c.createdAt().toInstant()));
        }
        String captureId = CardNumbers.idFor("cap_", client.clientId(), "CAPTURE", request.requestId());
        return operate(authorisation, () -> workflow(client, authorisation).capture(new CardOperation(captureId,
                request.requestId(), new BigDecimal(request.amount()), null, clock.millis())),
                result -> Map.of("CaptureId", result.id(), "Status", result.status(), "Amount",
                        result.amount().toPlainString(), "Currency", result.currency(), "Timestamp", clock.instant()));
    }

    @Operation(summary = "Payment Void: only before any capture")
    @PostMapping("/payment/void")
    ResponseEntity<Object> voidAuthorisation(@Valid @RequestBody VoidRequest request, AuthenticatedClient client) {
        CardTransaction authorisation = authorisation(client, request.authorisationId());
        Optional<CardTransaction> earlier = transactions.findByRequest(client.clientId(), "VOID", request.requestId());
        if (earlier.isPresent()) {
            return ResponseEntity.status(HttpStatus.CREATED).body(Map.of("VoidId", earlier.get().id(), "Status",
                    earlier.get().status(), "Timestamp", earlier.get().createdAt().toInstant()));
        }
        String voidId = CardNumbers.idFor("void_", client.clientId(), "VOID", request.requestId());
        return operate(authorisation, () -> workflow(client, authorisation).voidAuthorisation(new CardOperation(voidId,
                request.requestId(), null, null, clock.millis())),
                result -> Map.of("VoidId", result.id(), "Status", result.status(), "Timestamp", clock.instant()));
    }

    @Operation(summary = "Payment Refund: never above what was captured minus what was refunded")
    @PostMapping("/payment/refund")
    ResponseEntity<Object> refund(@Valid @RequestBody RefundRequest request, AuthenticatedClient client) {
        CardTransaction capture = transactions.find(client.clientId(), request.captureId())
                .filter(t -> "CAPTURE".equals(t.type()))
                .orElseThrow(() -> new ReasonException(HttpStatus.NOT_FOUND, "No capture with that CaptureId"));
        CardTransaction authorisation = authorisation(client, capture.authorisationId());
        Optional<CardTransaction> earlier = transactions.findByRequest(client.clientId(), "REFUND", request.requestId());
        if (earlier.isPresent()) {
            return ResponseEntity.status(HttpStatus.CREATED).body(Map.of("RefundId", earlier.get().id(), "Status",
                    earlier.get().status()));
        }
        String refundId = CardNumbers.idFor("ref_", client.clientId(), "REFUND", request.requestId());
        return operate(authorisation, () -> workflow(client, authorisation).refund(new CardOperation(refundId,
                request.requestId(), new BigDecimal(request.amount()), capture.id(), clock.millis())),
                result -> Map.of("RefundId", result.id(), "Status", result.status()));
    }

    @Operation(summary = "Get Transaction by ID: any AuthorisationId, CaptureId, VoidId or RefundId")
    @GetMapping("/transactions/{transactionId}")
    CardTransactionView transaction(@PathVariable String transactionId, AuthenticatedClient client) {
        return transactions.find(client.clientId(), transactionId).map(this::view)
                .orElseThrow(() -> new ReasonException(HttpStatus.NOT_FOUND, "No transaction with that id"));
    }

    @Operation(summary = "Query Transactions, newest first")
    @GetMapping("/transactions")
    Map<String, Object> search(@RequestParam(value = "OrderId", required = false) String orderId,
                               @RequestParam(value = "Status", required = false) String status,
                               @RequestParam(value = "Type", required = false) String type,
                               @RequestParam(value = "From", required = false) OffsetDateTime from,
                               @RequestParam(value = "To", required = false) OffsetDateTime to,
                               @RequestParam(value = "Page", defaultValue = "1") int page,
                               @RequestParam(value = "PageSize", defaultValue = "20") int pageSize,
                               AuthenticatedClient client) {
        if (page < 1) {
            throw FieldErrorsException.of(null, "Page", "The Page starts at 1.");
        }
        if (pageSize < 1 || pageSize > 100) {
            throw FieldErrorsException.of(null, "PageSize", "The PageSize is 1 to 100.");
        }
        CardTransactionStore.Page found = transactions.search(client.clientId(), orderId, status, type, from, to,
                page, pageSize);
        return Map.of("Transactions", found.transactions().stream().map(this::view).toList(), "Page", page,
                "PageSize", pageSize, "Total", found.total());
    }

    record CardSummaryView(@JsonProperty("Network") String network, @JsonProperty("LastFour") String lastFour,
                           @JsonProperty("ExpiryMonth") String expiryMonth, @JsonProperty("ExpiryYear") String expiryYear) {
    }

    record Related(@JsonProperty("TransactionId") String transactionId, @JsonProperty("Type") String type,
                   @JsonProperty("Status") String status) {
    }

    record CardTransactionView(@JsonProperty("TransactionId") String transactionId, @JsonProperty("OrderId") String orderId,
                               @JsonProperty("Type") String type, @JsonProperty("Status") String status,
                               @JsonProperty("Amount") String amount, @JsonProperty("Currency") String currency,
                               @JsonProperty("CardSummary") CardSummaryView cardSummary,
                               @JsonProperty("ProcessorResponse") ProcessorResponse processorResponse,
                               @JsonProperty("RelatedTransactions") List<Related> relatedTransactions,
                               @JsonProperty("FraudScreenId") String fraudScreenId,
                               @JsonProperty("AuthenticationId") String authenticationId,
                               @JsonProperty("Timestamp") OffsetDateTime timestamp) {
    }

    private CardTransactionView view(CardTransaction t) {
        return new CardTransactionView(t.id(), t.orderId(), t.type(), t.status(),
                t.amount() == null ? null : t.amount().toPlainString(), t.currency(),
                new CardSummaryView(t.network(), t.lastFour(), t.expiryMonth(), t.expiryYear()),
                new ProcessorResponse(t.responseCode(), t.avsCode(), t.cvnCode()),
                transactions.related(t.authorisationId()).stream().filter(r -> !r.id().equals(t.id()))
                        .map(r -> new Related(r.id(), r.type(), r.status())).toList(),
                t.fraudScreenId(), t.authenticationId(), t.createdAt());
    }

    private ResponseEntity<Object> answer(CardTransaction authorisation) {
        if (AuthorisationResult.AUTHORIZED.equals(authorisation.status()) || "CAPTURED".equals(authorisation.status())
                || "VOIDED".equals(authorisation.status())) {
            return ResponseEntity.status(HttpStatus.CREATED).body(new Authorised(authorisation.id(), "AUTHORIZED",
                    authorisation.amount().toPlainString(), authorisation.currency(), authorisation.orderId(),
                    new ProcessorResponse(authorisation.responseCode(), authorisation.avsCode(), authorisation.cvnCode()),
                    authorisation.createdAt().toInstant()));
        }
        return ResponseEntity.status(HttpStatus.PAYMENT_REQUIRED).body(new CardError("DECLINED",
                authorisation.errorCode(), authorisation.errorMessage(), authorisation.id()));
    }

    private CardTransaction authorisation(AuthenticatedClient client, String authorisationId) {
        return transactions.find(client.clientId(), authorisationId).filter(t -> "AUTHORISATION".equals(t.type()))
                .orElseThrow(() -> new ReasonException(HttpStatus.NOT_FOUND, "No authorisation with that AuthorisationId"));
    }

    private CardPaymentWorkflow workflow(AuthenticatedClient client, CardTransaction authorisation) {
        return temporal.newWorkflowStub(CardPaymentWorkflow.class,
                WorkflowIds.cardPayment(client.clientId(), authorisation.id()));
    }

    /** Runs an Update; a refusal by the workflow's checks or the processor answers 409 with the card error body. */
    private ResponseEntity<Object> operate(CardTransaction authorisation, Supplier<CardOperationResult> update,
                                           java.util.function.Function<CardOperationResult, Map<String, Object>> body) {
        if (!AuthorisationResult.AUTHORIZED.equals(authorisation.status()) && !"CAPTURED".equals(authorisation.status())
                && !"VOIDED".equals(authorisation.status())) {
            return refused("INVALID_STATE", "The authorisation was not approved (" + authorisation.status() + ").", authorisation);
        }
        try {
            return ResponseEntity.status(HttpStatus.CREATED).body(body.apply(update.get()));
        } catch (WorkflowUpdateException refused) {
            Throwable cause = refused.getCause();
            while (cause != null && !(cause instanceof ApplicationFailure)) {
                cause = cause.getCause();
            }
            if (cause instanceof ApplicationFailure failure) {
                String code = CardPaymentWorkflowImpl.PROCESSOR_REFUSED.equals(failure.getType())
                        ? "PROCESSOR_REFUSED" : "INVALID_STATE";
                return refused(code, failure.getOriginalMessage(), authorisation);
            }
            throw refused;
        } catch (WorkflowNotFoundException closed) {
            return refused("INVALID_STATE", "The authorisation can no longer be changed.", authorisation);
        }
    }

    private static ResponseEntity<Object> refused(String code, String message, CardTransaction authorisation) {
        return ResponseEntity.status(HttpStatus.CONFLICT).body(new CardError("REFUSED", code, message, authorisation.id()));
    }
}
