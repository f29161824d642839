package com.paywire.api.cards;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.api.errors.ReasonException;
import com.paywire.api.input.Amount;
import com.paywire.api.input.NumberOrText;
import com.paywire.api.input.PageParameters;
import com.paywire.domain.InvalidInputException;
import com.paywire.domain.cards.CardPayments.Done;
import com.paywire.domain.cards.CardPayments.Outcome;
import com.paywire.domain.cards.CardPayments.Refused;
import com.paywire.domain.cards.CardPayments;
import com.paywire.domain.cards.RequestIdReusedException;
import com.paywire.vocabulary.cards.CardTransaction;
import com.paywire.vocabulary.cards.CardTransactionPage;
import com.paywire.vocabulary.cards.CardTransactionStatus;
import com.paywire.vocabulary.rules.amounts.AmountLimit;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
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
import tools.jackson.databind.annotation.JsonDeserialize;

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

    CardPaymentsController(CardPayments payments) {
        this.payments = payments;
    }

    record Transaction(
            @JsonProperty("Amount") @NotBlank
            @JsonDeserialize(using = NumberOrText.class) @Amount(limits = AmountLimit.CARD_PAYMENT) String amount,
            @Schema(description = "the currency's letter code (KES)")
            @JsonProperty("Currency") @NotBlank String currency,
            @Schema(description = "the card, as a browser tokenised it, or in the sandbox a test token"
                    + " such as tok_sandbox_visa_authorised; give this or PaymentInstrumentId")
            @JsonProperty("TransientToken") String transientToken,
            @Schema(description = "a saved card; give this or TransientToken")
            @JsonProperty("PaymentInstrumentId") String paymentInstrumentId,
            @Schema(description = "the client's own id of the authorisation (1-64 letters, digits or . _ : -), its "
                    + "idempotency key: sent again, the first authorisation is answered; with another Amount, Currency "
                    + "or PayerAuthenticationId, 409")
            @JsonProperty("RequestId") @NotBlank @Pattern(regexp = REQUEST_ID, message = "must be 1-64 letters, digits or . _ : -") String requestId,
            @Schema(description = "the 3-D Secure authentication the payer passed, when there was one")
            @JsonProperty("PayerAuthenticationId") String payerAuthenticationId,
            @Schema(description = "true: screen the payment for fraud before authorising it")
            @JsonProperty("FraudScreen") Boolean fraudScreen) {
    }

    record BillingAddress(
            @Schema(description = "the card holder's first name")
            @JsonProperty("FirstName") String firstName,
            @Schema(description = "the card holder's last name")
            @JsonProperty("LastName") String lastName,
            @Schema(description = "the card holder's email address")
            @JsonProperty("Email") String email,
            @Schema(description = "the card holder's phone number")
            @JsonProperty("PhoneNumber") String phoneNumber,
            @Schema(description = "the card holder's country, a two-letter code (KE)")
            @JsonProperty("Country") @Pattern(regexp = "[A-Z]{2}", message = "must be a two-letter country code") String country) {
    }

    record AuthoriseRequest(
            @Schema(description = "the payment: amount, currency, the card and the client's RequestId")
            @JsonProperty("Transaction") @NotNull @Valid Transaction transaction,
            @Schema(description = "the card holder's billing address")
            @JsonProperty("BillingAddress") @Valid BillingAddress billingAddress) {
    }

    record ProcessorResponse(
            @Schema(description = "the processor's response code")
            @JsonProperty("ResponseCode") String responseCode,
            @Schema(description = "the address verification result")
            @JsonProperty("AvsCode") String avsCode,
            @Schema(description = "the security code check result")
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

    record CaptureRequest(
            @Schema(description = "the TransactionId of the authorisation to capture")
            @JsonProperty("AuthorisationId") @NotBlank String authorisationId,
            @Schema(description = "the amount to capture, at most the amount authorised")
            @JsonProperty("Amount") @NotBlank
            @JsonDeserialize(using = NumberOrText.class) @Amount String amount,
            @Schema(description = "the client's own id of this operation (1-64 letters, digits or . _ : -), its "
                    + "idempotency key: sent again, the first operation's result is answered and nothing more is done")
            @JsonProperty("RequestId") @NotBlank @Pattern(regexp = REQUEST_ID, message = "must be 1-64 letters, digits or . _ : -") String requestId) {
    }

    record VoidRequest(
            @Schema(description = "the TransactionId of the authorisation to cancel")
            @JsonProperty("AuthorisationId") @NotBlank String authorisationId,
            @Schema(description = "the client's own id of this operation (1-64 letters, digits or . _ : -), its "
                    + "idempotency key: sent again, the first operation's result is answered and nothing more is done")
            @JsonProperty("RequestId") @NotBlank @Pattern(regexp = REQUEST_ID, message = "must be 1-64 letters, digits or . _ : -") String requestId) {
    }

    record RefundRequest(
            @Schema(description = "the TransactionId of the capture to refund")
            @JsonProperty("CaptureId") @NotBlank String captureId,
            @Schema(description = "the amount to refund, at most what was captured and not yet refunded")
            @JsonProperty("Amount") @NotBlank
            @JsonDeserialize(using = NumberOrText.class) @Amount String amount,
            @Schema(description = "the client's own id of this operation (1-64 letters, digits or . _ : -), its "
                    + "idempotency key: sent again, the first operation's result is answered and nothing more is done")
            @JsonProperty("RequestId") @NotBlank @Pattern(regexp = REQUEST_ID, message = "must be 1-64 letters, digits or . _ : -") String requestId) {
    }

    @Operation(summary = "Payment Authorisation: hold an amount on a card, to capture later",
            description = "Answers 201 AUTHORIZED, 402 DECLINED, or 409 REQUEST_ID_REUSED when the RequestId is an "
            + "earlier authorisation's with another Amount, Currency or PayerAuthenticationId; the same RequestId with "
            + "the same values answers the first authorisation again. The card is a TransientToken (single use; in the "
            + "sandbox, a reusable test token may stand in for one) or "
            + "a PaymentInstrumentId.")
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
        } catch (RequestIdReusedException reused) {
            return ResponseEntity.status(HttpStatus.CONFLICT).body(new CardError("REFUSED", "REQUEST_ID_REUSED",
                    reused.getMessage(), reused.authorisationId()));
        }
    }

    @Operation(summary = "Payment Capture: partial allowed, never above what is left of the authorisation",
            description = "Answers 201 with the new transaction's CaptureId and Status (CAPTURED; PENDING while the "
            + "processor cannot be reached, until it says); 404 for an unknown id; 409 when the payment's state or "
            + "the amount does not allow it (checked before the processor is asked). The same RequestId again "
            + "answers the first result.")
    @PostMapping("/payment/capture")
    ResponseEntity<Object> capture(@Valid @RequestBody CaptureRequest request, AuthenticatedClient client) {
        return answer(payments.capture(client.clientId(), request.authorisationId(), new BigDecimal(request.amount()),
                request.requestId()), done -> Map.of("CaptureId", done.id(), "Status", done.status(), "Amount",
                done.amount().toPlainString(), "Currency", done.currency(), "Timestamp", done.at()));
    }

    @Operation(summary = "Payment Void: only before any capture",
            description = "Answers 201 with the new transaction's VoidId and Status; 404 for an unknown id; 409 "
            + "when the payment's state does not allow it. The same RequestId again answers the first result.")
    @PostMapping("/payment/void")
    ResponseEntity<Object> voidAuthorisation(@Valid @RequestBody VoidRequest request, AuthenticatedClient client) {
        return answer(payments.voidAuthorisation(client.clientId(), request.authorisationId(), request.requestId()),
                done -> Map.of("VoidId", done.id(), "Status", done.status(), "Timestamp", done.at()));
    }

    @Operation(summary = "Payment Refund: never above what was captured minus what was refunded",
            description = "Answers 201 with the new transaction's RefundId and Status (REFUND_INITIATED, also while "
            + "the processor cannot be reached: the refund stays held until it answers); 404 for an unknown id; 409 "
            + "when the payment's state or the utility account's balance does not allow it, or the processor "
            + "refuses it (nothing refunded). The same RequestId again answers the first result.")
    @PostMapping("/payment/refund")
    ResponseEntity<Object> refund(@Valid @RequestBody RefundRequest request, AuthenticatedClient client) {
        return answer(payments.refund(client.clientId(), request.captureId(), new BigDecimal(request.amount()),
                request.requestId()), done -> Map.of("RefundId", done.id(), "Status", done.status()));
    }

    @Operation(summary = "Get Transaction by ID: any AuthorisationId, CaptureId, VoidId or RefundId")
    @GetMapping("/transactions/{transactionId}")
    CardTransactionView transaction(@PathVariable String transactionId, AuthenticatedClient client) {
        return payments.find(client.clientId(), transactionId).map(this::view)
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
        CardTransactionPage found = payments.search(client.clientId(), orderId, status, type, from, to,
                page, pageSize);
        return Map.of("Transactions", found.transactions().stream().map(this::view).toList(), "Page", page,
                "PageSize", pageSize, "Total", found.total());
    }

    record CardSummaryView(
            @Schema(description = "the card network (VISA, MASTERCARD, ...)")
            @JsonProperty("Network") String network,
            @Schema(description = "the last four digits of the card number")
            @JsonProperty("LastFour") String lastFour,
            @Schema(description = "the card's expiry month, two digits")
            @JsonProperty("ExpiryMonth") String expiryMonth,
            @Schema(description = "the card's expiry year, four digits")
            @JsonProperty("ExpiryYear") String expiryYear) {
    }

    record Related(
            @Schema(description = "the related transaction's id")
            @JsonProperty("TransactionId") String transactionId,
            @Schema(description = "AUTHORISATION, CAPTURE, VOID or REFUND")
            @JsonProperty("Type") String type,
            @Schema(description = "its status")
            @JsonProperty("Status") String status) {
    }

    record CardTransactionView(
            @Schema(description = "Paywire's id of this transaction")
            @JsonProperty("TransactionId") String transactionId,
            @Schema(description = "the RequestId the client sent")
            @JsonProperty("OrderId") String orderId,
            @Schema(description = "AUTHORISATION, CAPTURE, VOID or REFUND")
            @JsonProperty("Type") String type,
            @Schema(description = "the transaction's status")
            @JsonProperty("Status") String status,
            @Schema(description = "the amount, to the cent")
            @JsonProperty("Amount") String amount,
            @Schema(description = "the currency's three-letter ISO 4217 code (KES)")
            @JsonProperty("Currency") String currency,
            @Schema(description = "the card, without its number")
            @JsonProperty("CardSummary") CardSummaryView cardSummary,
            @Schema(description = "what the card processor answered")
            @JsonProperty("ProcessorResponse") ProcessorResponse processorResponse,
            @Schema(description = "the transactions on the same payment (its authorisation, captures, refunds, void)")
            @JsonProperty("RelatedTransactions") List<Related> relatedTransactions,
            @Schema(description = "the fraud screen it passed; null: not screened")
            @JsonProperty("FraudScreenId") String fraudScreenId,
            @Schema(description = "the 3-D Secure authentication it used; null: none")
            @JsonProperty("AuthenticationId") String authenticationId,
            @Schema(description = "when it happened")
            @JsonProperty("Timestamp") OffsetDateTime timestamp) {
    }

    private CardTransactionView view(CardTransaction t) {
        return new CardTransactionView(t.id(), t.orderId(), t.type().name(), t.status().name(),
                t.amount() == null ? null : t.amount().toPlainString(), t.currency(),
                new CardSummaryView(t.network(), t.lastFour(), t.expiryMonth(), t.expiryYear()),
                new ProcessorResponse(t.responseCode(), t.avsCode(), t.cvnCode()),
                payments.onPaymentOf(t.authorisationId()).stream().filter(r -> !r.id().equals(t.id()))
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
