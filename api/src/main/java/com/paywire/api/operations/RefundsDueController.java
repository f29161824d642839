package com.paywire.api.operations;

import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.api.errors.ReasonException;
import com.paywire.api.input.PageParameters;
import com.paywire.domain.UnknownResourceException;
import com.paywire.domain.operations.UnconfirmedPayments;
import com.paywire.domain.paybacks.PayBacks;
import com.paywire.vocabulary.paybacks.PayBack;
import com.paywire.vocabulary.paybacks.PayBackKind;
import com.paywire.vocabulary.paybacks.PayBackStatus;
import com.paywire.workflows.OperatorResolution;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Payments owed back to their payers (a checkout attempt's phone payment or card capture no order could take, on
 * {@code platform:REFUNDS_DUE}): each is paid back by its own workflow, and operators follow them here (issue 45).
 */
@RestController
@Tag(name = "Operations")
@RequiresScope(Scope.OPERATIONS)
class RefundsDueController {

    private static final int MAX_LIMIT = 500;

    private final PayBacks payBacks;

    RefundsDueController(PayBacks payBacks) {
        this.payBacks = payBacks;
    }

    record RefundDue(@Schema(description = "Paywire's id of the refund due") UUID id,
                     @Schema(description = "the payment paid back: PHONE_PROMPT (a checkout attempt's phone payment,"
                             + " its express deposit's id) or CARD (a checkout attempt's capture, its CaptureId)")
                     String product,
                     @Schema(description = "Paywire's id of the payment") String paymentId,
                     @Schema(description = "the checkout order it was paid to, when known") UUID checkoutId,
                     @Schema(description = "the amount owed back") BigDecimal amount,
                     @Schema(description = "its currency") String currency,
                     @Schema(description = "how it is paid back, once held: REVERSAL (the mobile-money rail reverses"
                             + " the payment), B2C (a payout to the payer's phone), CARD_REFUND; null before")
                     String method,
                     @Schema(description = "PENDING (not held yet), PAYING (held, the rail asked or its answer not"
                             + " known), PAID, REFERRED (failed for good: back on REFUNDS_DUE, for an operator)",
                             allowableValues = {"PENDING", "PAYING", "PAID", "REFERRED"}) PayBackStatus status,
                     @Schema(description = "why it was referred, or waits, or which operator confirmed it"
                             + " paid; null otherwise") String reason,
                     @Schema(description = "when it was booked as owed back") OffsetDateTime createdAt,
                     @Schema(description = "when it was paid or referred; null before") OffsetDateTime closedAt) {

        static RefundDue of(PayBack p) {
            return new RefundDue(p.id(), p.product().name(), p.paymentId(), p.checkoutId(), p.amount(), p.currency(),
                    p.method() == null ? null : p.method().name(), p.status(), p.reason(), p.createdAt(),
                    p.closedAt());
        }
    }

    record RefundsDue(@Schema(description = "newest first") List<RefundDue> refunds) {
    }

    @Operation(summary = "Payments owed back to their payers, of every client, newest first, each with its state",
            description = "Limit 1 to 500 (default 100). Each is paid back automatically, in two phases on"
                    + " REFUNDS_DUE: held before the rail is asked, posted when it pays, released when it refuses"
                    + " (then REFERRED with the reason), kept held while its answer is unknown.")
    @GetMapping("/v1/operations/refunds-due")
    RefundsDue refundsDue(@Parameter(description = "how many, newest first: 1 to 500")
                          @RequestParam(value = "Limit", defaultValue = "100") int limit) {
        PageParameters.check("Page", 1, "Limit", limit, MAX_LIMIT);
        return new RefundsDue(payBacks.refundsDue(limit).stream().map(RefundDue::of).toList());
    }

    @Operation(summary = "Resolve a refund due held with its rail silent: the operator's word stands for the rail's",
            description = "Only a refund due PAYING with a reason (the rail silent for 24 h, its amount held on"
                    + " REFUNDS_DUE) is resolved. PAID: the payer has the money back (the hold posted, PAID);"
                    + " NOT_PAID: the payer does not (the hold released, REFERRED, owed back still). The reference"
                    + " (the rail's receipt or the operator's note, at most 100 characters) is kept in its reason"
                    + " with the operator's id. Its workflow applies it at once, unless the rail's own answer came"
                    + " first: answers 202 with the refund due as it stood when told; list them to see it closed."
                    + " 404 no refund due has that id; 409 not held so, closed already, or its workflow ended"
                    + " (nothing changed); 400 the outcome or reference missing.")
    @PostMapping("/v1/operations/refunds-due/{refundId}/resolve")
    ResponseEntity<RefundDue> resolve(@PathVariable("refundId") UUID refundId,
                                      @RequestBody UnconfirmedPaymentsController.ResolveRequest body,
                                      AuthenticatedClient operator) {
        OperatorResolution resolution =
                UnconfirmedPayments.resolution(refundId.toString(), body.outcome(), body.reference());
        PayBack refund = payBacks.find(refundId).filter(p -> p.kind() == PayBackKind.REFUND_DUE)
                .orElseThrow(() -> new UnknownResourceException("No refund due has that id"));
        try {
            return ResponseEntity.status(HttpStatus.ACCEPTED)
                    .body(RefundDue.of(payBacks.resolveHeld(refund, resolution, operator.clientId())));
        } catch (PayBacks.NotHeld notHeld) {
            throw new ReasonException(HttpStatus.CONFLICT, notHeld.getMessage());
        }
    }
}
