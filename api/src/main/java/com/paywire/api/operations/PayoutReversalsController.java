package com.paywire.api.operations;

import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.api.errors.ReasonException;
import com.paywire.domain.UnknownResourceException;
import com.paywire.domain.operations.UnconfirmedPayments;
import com.paywire.domain.payouts.reversals.PayoutReversals;
import com.paywire.domain.payouts.reversals.PayoutReversals.Requested;
import com.paywire.vocabulary.payouts.reversals.PayoutReversal;
import com.paywire.vocabulary.payouts.reversals.PayoutReversalStatus;
import com.paywire.workflows.OperatorResolution;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.UUID;
import java.util.function.Supplier;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * Operators' reversals of completed mobile-money payout lines sent to the wrong wallet (issue 48): the rail takes
 * the money back from the wallet while the recipient still holds it, and the client's working account is credited
 * the amount (the fee stays earned).
 */
@RestController
@Tag(name = "Operations")
@RequiresScope(Scope.OPERATIONS)
class PayoutReversalsController {

    private final PayoutReversals reversals;

    PayoutReversalsController(PayoutReversals reversals) {
        this.reversals = reversals;
    }

    record ReversalRequest(@Schema(description = "the client whose payout it was") String clientId,
                           @Schema(description = "the payment order's originatorConversationId")
                           String originatorConversationId,
                           @Schema(description = "the line's systemTraceAuditNumber") String systemTraceAuditNumber,
                           @Schema(description = "why, kept with the reversal: 1 to 200 characters") String reason) {
    }

    record Reversal(@Schema(description = "Paywire's id of the reversal") UUID reversalId,
                    @Schema(description = "PENDING (recorded), REVERSING (the amount held for the working account,"
                            + " the rail asked or its answer not known yet), REVERSED (the working account credited,"
                            + " the line Reversed, 6), REFUSED (nothing credited, the line still Completed)",
                            allowableValues = {"PENDING", "REVERSING", "REVERSED", "REFUSED"})
                    PayoutReversalStatus status,
                    @Schema(description = "the line's amount, credited back when reversed") BigDecimal amount,
                    @Schema(description = "its currency") String currency,
                    @Schema(description = "the client whose payout line it is") String clientId,
                    @Schema(description = "the payment order's originatorConversationId")
                    String originatorConversationId,
                    @Schema(description = "the line's systemTraceAuditNumber") String systemTraceAuditNumber,
                    @Schema(description = "Paywire's id of the line (transactionOutcome.id)") UUID lineId,
                    @Schema(description = "the wallet the rail takes the money back from") String msisdn,
                    @Schema(description = "the rail's receipt of the payout") String originalReceipt,
                    @Schema(description = "why the operator reversed it") String reason,
                    @Schema(description = "the operator who asked for it") String operatorId,
                    @Schema(description = "the rail's result code once it decided: 0 reversed, R000003 the"
                            + " recipient no longer holds the money, ...; null before") String resultCode,
                    @Schema(description = "why it was refused, or why it still waits, or which operator"
                            + " confirmed it reversed; null otherwise") String note,
                    @Schema(description = "when the operator asked for it") OffsetDateTime createdAt,
                    @Schema(description = "when the rail's answer closed it; null before") OffsetDateTime closedAt) {

        static Reversal of(PayoutReversal r) {
            return new Reversal(r.id(), r.status(), r.amount(), r.currency(), r.clientId(),
                    r.originatorConversationId(), r.systemTraceAuditNumber(), r.lineId(), r.msisdn(),
                    r.originalReceipt(), r.reason(), r.operatorId(), r.resultCode(), r.note(), r.createdAt(),
                    r.closedAt());
        }
    }

    @Operation(summary = "Reverse a completed mobile-money payout line sent to the wrong wallet",
            description = "The line is named by its payment order's originatorConversationId and its"
                    + " systemTraceAuditNumber. A workflow holds the amount from the rail's settlement for the"
                    + " client's working account, asks the mobile-money rail to reverse the payout, posts the hold"
                    + " when it does (the line becomes Reversed, 6, with payout.reversed; the statement shows"
                    + " PAYOUT_REVERSAL; the fee stays earned), voids it when the rail refuses (the recipient no"
                    + " longer holds the money: the line stays Completed) and keeps it held while the answer is"
                    + " unknown. Answers 202 with a new reversal; 200 with the line's reversal asked before, pending"
                    + " or done, for the same reason (after a refusal a new one may be asked). 404 no such line of"
                    + " the client; 409 the line is not Completed, or has a reversal for another reason; 422 the"
                    + " line is not a mobile-money payout to a wallet with the rail's receipt; 400 a field missing.")
    @PostMapping("/v1/operations/payout-reversals")
    ResponseEntity<Reversal> reverse(@RequestBody ReversalRequest body, AuthenticatedClient operator) {
        Requested requested = refusals(() -> reversals.request(body.clientId(), body.originatorConversationId(),
                body.systemTraceAuditNumber(), body.reason(), operator.clientId()));
        return ResponseEntity.status(requested.created() ? HttpStatus.ACCEPTED : HttpStatus.OK)
                .body(Reversal.of(requested.reversal()));
    }

    @Operation(summary = "A payout reversal, as it stands", description = "404 no reversal has that id.")
    @GetMapping("/v1/operations/payout-reversals/{reversalId}")
    Reversal reversal(@PathVariable("reversalId") UUID reversalId) {
        return reversals.find(reversalId).map(Reversal::of)
                .orElseThrow(() -> new UnknownResourceException("No payout reversal has that id"));
    }

    @Operation(summary = "Resolve a payout reversal referred with its amount held: the operator's word stands for"
            + " the rail's",
            description = "Only a reversal REVERSING with a note (the rail silent for 24 h, its amount held) is"
                    + " resolved. PAID: the wallet gave the money back (the working account credited, the line"
                    + " Reversed, 6, payout.reversed); NOT_PAID: it did not (the hold released, the line still"
                    + " Completed). The reference (the rail's receipt or the operator's note, at most 100"
                    + " characters) is kept in the reversal's note with the operator's id. Its workflow applies it"
                    + " at once, unless the rail's own answer came first: answers 202 with the reversal as it stood"
                    + " when told; GET it to see it closed. 404 no reversal has that id; 409 not referred, decided"
                    + " already, or its workflow ended (nothing changed); 400 the outcome or reference missing.")
    @PostMapping("/v1/operations/payout-reversals/{reversalId}/resolve")
    ResponseEntity<Reversal> resolve(@PathVariable("reversalId") UUID reversalId,
                                     @RequestBody UnconfirmedPaymentsController.ResolveRequest body,
                                     AuthenticatedClient operator) {
        OperatorResolution resolution =
                UnconfirmedPayments.resolution(reversalId.toString(), body.outcome(), body.reference());
        return ResponseEntity.status(HttpStatus.ACCEPTED).body(Reversal.of(
                refusals(() -> reversals.resolveHeld(reversalId, resolution, operator.clientId()))));
    }

    private static <T> T refusals(Supplier<T> action) {
        try {
            return action.get();
        } catch (PayoutReversals.Conflict conflict) {
            throw new ReasonException(HttpStatus.CONFLICT, conflict.getMessage());
        } catch (PayoutReversals.NotReversible notReversible) {
            throw new ReasonException(HttpStatus.valueOf(422), notReversible.getMessage());
        }
    }
}
