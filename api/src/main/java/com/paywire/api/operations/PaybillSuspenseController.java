package com.paywire.api.operations;

import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.api.errors.ReasonException;
import com.paywire.api.input.PageParameters;
import com.paywire.domain.collections.paybill.PaybillDepositView;
import com.paywire.domain.operations.PaybillSuspense;
import com.paywire.domain.operations.PaybillSuspense.Held;
import com.paywire.domain.operations.PaybillSuspense.NotInSuspense;
import com.paywire.domain.operations.UnconfirmedPayments;
import com.paywire.domain.paybacks.PayBacks;
import com.paywire.vocabulary.collections.PaybillDeposit;
import com.paywire.vocabulary.paybacks.PayBack;
import com.paywire.workflows.OperatorResolution;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Paybill deposits the rail confirmed that named no client Paywire could credit (an unknown short code or prefix, a
 * disabled client): their money is in the ledger's suspense account, and operators see them here, with the payer's
 * whole phone number, and assign each to its client or return it to its payer (issue 45).
 */
@RestController
@Tag(name = "Operations")
@RequiresScope(Scope.OPERATIONS)
class PaybillSuspenseController {

    private static final int MAX_LIMIT = 500;

    private final PaybillSuspense suspense;

    PaybillSuspenseController(PaybillSuspense suspense) {
        this.suspense = suspense;
    }

    record SuspendedDeposit(@Schema(description = "Paywire's id of the deposit") UUID id,
                            @Schema(description = "the mobile-money rail's receipt") String receiptNumber,
                            @Schema(description = "the paybill number the payer paid") String shortCode,
                            @Schema(description = "the AccountNo the payer typed") String accountNo,
                            @Schema(description = "what the payer paid, in KES") BigDecimal amount,
                            @Schema(description = "the payer's phone number") String phoneNumber,
                            @Schema(description = "why no client was credited") String reason,
                            @Schema(description = "when Paywire held it in suspense") OffsetDateTime heldAt,
                            @Schema(description = "HELD; or, once an operator returned it, RETURNING (its amount"
                                    + " held while the rail pays it back, or its answer is not known yet),"
                                    + " RETURNED, or RETURN_FAILED (the rail refused: back in suspense, to return"
                                    + " again or assign)",
                                    allowableValues = {"HELD", "RETURNING", "RETURNED", "RETURN_FAILED"})
                            String status,
                            @Schema(description = "why the last return failed or still waits, or which operator"
                                    + " confirmed it paid; null otherwise")
                            String returnReason) {

        static SuspendedDeposit of(Held held) {
            PaybillDeposit d = held.deposit();
            PayBack last = held.lastReturn().orElse(null);
            return new SuspendedDeposit(d.id(), d.receiptNumber(), d.shortCode(), d.accountReference(), d.amount(),
                    d.phoneNumber(), d.statusReason(), d.closedAt(), held.status(),
                    last == null ? null : last.reason());
        }
    }

    record SuspendedDeposits(@Schema(description = "newest first") List<SuspendedDeposit> deposits) {
    }

    record AssignRequest(@Schema(description = "the client the deposit should have gone to") String clientId,
                         @Schema(description = "why, for the audit log: 1 to 200 characters") String reason) {
    }

    record ReturnRequest(@Schema(description = "why, for the audit log: 1 to 200 characters") String reason) {
    }

    @Operation(summary = "Paybill deposits held in suspense, of every client, newest first",
            description = "Limit 1 to 500 (default 100). Each with its status: HELD, or its last return's.")
    @GetMapping("/v1/operations/paybill-suspense")
    SuspendedDeposits suspended(@Parameter(description = "how many, newest first: 1 to 500")
                                @RequestParam(value = "Limit", defaultValue = "100") int limit) {
        PageParameters.check("Page", 1, "Limit", limit, MAX_LIMIT);
        return new SuspendedDeposits(suspense.held(limit).stream().map(SuspendedDeposit::of).toList());
    }

    @Operation(summary = "Assign a paybill deposit held in suspense to the client it should have gone to",
            description = "Credits the client's utility account with the amount less the paybill deposit's fee"
                    + " (transaction type 12), from suspense, once, and records it in the operators' audit log"
                    + " (PAYBILL_SUSPENSE_ASSIGNED). The deposit becomes the client's: CREDITED in its status query,"
                    + " announced with c2b.received and its paybill callback. Answers the deposit as the client sees"
                    + " it. 404 no deposit in suspense has the receipt; 409 assigned, returned or being returned"
                    + " already; 400 no enabled merchant client of that id, or no reason.")
    @PostMapping("/v1/operations/paybill-suspense/{receipt}/assign")
    PaybillDepositView assign(@PathVariable("receipt") String receipt, @RequestBody AssignRequest body,
                              AuthenticatedClient operator) {
        return conflicts(() -> PaybillDepositView.of(suspense.assign(receipt, body.clientId(), body.reason(),
                operator.clientId())));
    }

    @Operation(summary = "Return a paybill deposit held in suspense to its payer, through the mobile-money rail",
            description = "Recorded in the operators' audit log (PAYBILL_SUSPENSE_RETURNED) and paid back by a"
                    + " workflow, by the rail's reversal of the payer's payment: its amount is held on suspense"
                    + " before the rail is asked, leaves when the rail reverses it (RETURNED), is released back to"
                    + " suspense when the rail refuses (RETURN_FAILED, with the reason: it may be returned again or"
                    + " assigned), and stays held while the rail's answer is not known (RETURNING). Answers 202"
                    + " with the deposit as the suspense list shows it. 404 no deposit in suspense has the receipt;"
                    + " 409 assigned, returned or being returned already; 400 no reason.")
    @PostMapping("/v1/operations/paybill-suspense/{receipt}/return")
    ResponseEntity<SuspendedDeposit> returnToPayer(@PathVariable("receipt") String receipt,
                                                                           @RequestBody ReturnRequest body,
                                                                           AuthenticatedClient operator) {
        return ResponseEntity.status(HttpStatus.ACCEPTED).body(conflicts(
                () -> SuspendedDeposit.of(suspense.returnToPayer(receipt, body.reason(), operator.clientId()))));
    }

    @Operation(summary = "Resolve a return its rail left unanswered: the operator's word stands for the rail's",
            description = "Only a deposit whose last return is RETURNING with a returnReason (the rail silent for"
                    + " 24 h, its amount held on suspense) is resolved. PAID: the payer has the money back (the hold"
                    + " posted, RETURNED); NOT_PAID: the payer does not (the hold released, RETURN_FAILED: back in"
                    + " suspense, to return again or assign). The reference (the rail's receipt or the operator's"
                    + " note, at most 100 characters) is kept in returnReason with the operator's id. Its workflow"
                    + " applies it at once, unless the rail's own answer came first: answers 202 with the deposit"
                    + " as it stood when told; list them to see it closed. 404 no deposit in suspense has the"
                    + " receipt, or it was never returned; 409 its return is not held so, closed already, or its"
                    + " workflow ended (nothing changed); 400 the outcome or reference missing.")
    @PostMapping("/v1/operations/paybill-suspense/{receipt}/return/resolve")
    ResponseEntity<SuspendedDeposit> resolveReturn(@PathVariable("receipt") String receipt,
                                                   @RequestBody UnconfirmedPaymentsController.ResolveRequest body,
                                                   AuthenticatedClient operator) {
        OperatorResolution resolution = UnconfirmedPayments.resolution(receipt, body.outcome(), body.reference());
        try {
            return ResponseEntity.status(HttpStatus.ACCEPTED)
                    .body(SuspendedDeposit.of(suspense.resolveReturn(receipt, resolution, operator.clientId())));
        } catch (PayBacks.NotHeld notHeld) {
            throw new ReasonException(HttpStatus.CONFLICT, notHeld.getMessage());
        }
    }

    private static <T> T conflicts(Supplier<T> action) {
        try {
            return action.get();
        } catch (NotInSuspense conflict) {
            throw new ReasonException(HttpStatus.CONFLICT, conflict.getMessage());
        }
    }
}
