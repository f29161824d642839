package com.paywire.api.cards;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.api.errors.ReasonException;
import com.paywire.api.input.Amount;
import com.paywire.api.input.PageParameters;
import com.paywire.domain.AmountLimit;
import com.paywire.domain.InvalidInputException;
import com.paywire.domain.cards.CardPayments.Done;
import com.paywire.domain.cards.CardPayments.Outcome;
import com.paywire.domain.cards.CardPayments.Refused;
import com.paywire.domain.cards.CardPayments;
import com.paywire.persistence.cards.CardTransaction;
import com.paywire.persistence.cards.CardTransactionStore;
import com.paywire.vocabulary.cards.CardTransactionStatus;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
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
 * Server-to-server card payments over {@link CardPayments}: request and answer shapes, and the card API's error
 * bodies. Refusals throughout the card API name the id field, never the value sent: a client may paste a card
 * number into any of them.
 */
@RestController
@RequestMapping("${paywire.cards.base-path}")
@Tag(name = "Card payments")
@RequiresScope(Scope.CARDS)
class CardPaymentsController {

    private static final String REQUEST_ID = "[A-Za-z0-9._:-]{1,64}";

    private final CardPayments payments;
    private final CardTransactionStore transactions;

    CardPaymentsController(CardPayments payments, CardTransactionStore transactions) {
        this.payments = payments;
        this.transactions = transactions;
    }

    record Transaction(@JsonProperty("Amount") @NotBlank @Amount(limits = AmountLimit.CARD_PAYMENT) String amount,
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

    record Authorised(@JsonProperty("AuthorisationId") String authorisationId,
                      @JsonProperty("Status") CardTransactionStatus status,
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
        try {
            return answer(payments.authorise(client.clientId(), new CardPayments.Authorisation(tx.requestId(),
                    new BigDecimal(tx.amount()), tx.currency(), tx.transientToken(), tx.paymentInstrumentId(),
                    tx.payerAuthenticationId(), Boolean.TRUE.equals(tx.fraudScreen()),
                    request.billingAddress() == null ? null : request.billingAddress().country())));
        } catch (InvalidInputException e) {
            throw e.within("Transaction.");
        }
    }

    @Operation(summary = "Payment Capture: partial allowed, never above what is left of the authorisation")
    @PostMapping("/payment/capture")
    ResponseEntity<Object> capture(@Valid @RequestBody CaptureRequest request, AuthenticatedClient client) {
        return answer(payments.capture(client.clientId(), request.authorisationId(), new BigDecimal(request.amount()),
                request.requestId()), done -> Map.of("CaptureId", done.id(), "Status", done.status(), "Amount",
                done.amount().toPlainString(), "Currency", done.currency(), "Timestamp", done.at()));
    }

    @Operation(summary = "Payment Void: only before any capture")
    @PostMapping("/payment/void")
    ResponseEntity<Object> voidAuthorisation(@Valid @RequestBody VoidRequest request, AuthenticatedClient client) {
        return answer(payments.voidAuthorisation(client.clientId(), request.authorisationId(), request.requestId()),
                done -> Map.of("VoidId", done.id(), "Status", done.status(), "Timestamp", done.at()));
    }

    @Operation(summary = "Payment Refund: never above what was captured minus what was refunded")
    @PostMapping("/payment/refund")
    ResponseEntity<Object> refund(@Valid @RequestBody RefundRequest request, AuthenticatedClient client) {
        return answer(payments.refund(client.clientId(), request.captureId(), new BigDecimal(request.amount()),
                request.requestId()), done -> Map.of("RefundId", done.id(), "Status", done.status()));
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
        PageParameters.check("Page", page, "PageSize", pageSize, 100);
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
        return new CardTransactionView(t.id(), t.orderId(), t.type().name(), t.status().name(),
                t.amount() == null ? null : t.amount().toPlainString(), t.currency(),
                new CardSummaryView(t.network(), t.lastFour(), t.expiryMonth(), t.expiryYear()),
                new ProcessorResponse(t.responseCode(), t.avsCode(), t.cvnCode()),
                transactions.related(t.authorisationId()).stream().filter(r -> !r.id().equals(t.id()))
                        .map(r -> new Related(r.id(), r.type().name(), r.status().name())).toList(),
                t.fraudScreenId(), t.authenticationId(), t.createdAt());
    }

    private ResponseEntity<Object> answer(CardTransaction authorisation) {
        if (authorisation.status().approved()) {
            return ResponseEntity.status(HttpStatus.CREATED).body(new Authorised(authorisation.id(),
                    CardTransactionStatus.AUTHORIZED, authorisation.amount().toPlainString(), authorisation.currency(),
                    authorisation.orderId(),
                    new ProcessorResponse(authorisation.responseCode(), authorisation.avsCode(), authorisation.cvnCode()),
                    authorisation.createdAt().toInstant()));
        }
        return ResponseEntity.status(HttpStatus.PAYMENT_REQUIRED).body(new CardError("DECLINED",
                authorisation.errorCode(), authorisation.errorMessage(), authorisation.id()));
    }

    /** An operation's answer: 201 with its body, or 409 with the card error body. */
    private static ResponseEntity<Object> answer(Outcome outcome, Function<Done, Map<String, Object>> body) {
        return switch (outcome) {
            case Done done -> ResponseEntity.status(HttpStatus.CREATED).body(body.apply(done));
            case Refused refused -> ResponseEntity.status(HttpStatus.CONFLICT).body(new CardError("REFUSED",
                    refused.code().name(), refused.message(), refused.authorisationId()));
        };
    }
}
