package com.paywire.api.operations;

import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.api.errors.ReasonException;
import com.paywire.api.input.PageParameters;
import com.paywire.domain.InvalidInputException;
import com.paywire.domain.operations.UnconfirmedPayments;
import com.paywire.domain.paybacks.CollectionReversalView;
import com.paywire.domain.paybacks.CollectionReversals;
import com.paywire.workflows.OperatorResolution;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import java.util.List;
import java.util.UUID;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** An operator's reversal of any client's collection, as the client's own (the operator recorded as asking). */
@RestController
@Tag(name = "Operations")
@RequiresScope(Scope.OPERATIONS)
class CollectionReversalOperationsController {

    private static final int MAX_LIMIT = 500;

    private final CollectionReversals reversals;

    CollectionReversalOperationsController(CollectionReversals reversals) {
        this.reversals = reversals;
    }

    record OperatorReversalRequest(
            @Schema(description = "the client whose collection it is") String clientId,
            @Schema(description = "an id of this reversal, the idempotency key among the client's reversals, 1 to "
                    + "100 characters") String originatorConversationId,
            @Schema(description = "EXPRESS_DEPOSIT, PAYMENT_LINK_PAYMENT or PAYBILL_DEPOSIT") String collectionType,
            @Schema(description = "the collection as the client's status query takes it") String collectionId,
            @Schema(description = "why it goes back, 1 to 200 characters") String reason) {
    }

    record FollowedReversal(@Schema(description = "the client whose collection it is") String clientId,
                            @Schema(description = "the operator who asked for it; null when the client did")
                            String requestedBy,
                            @Schema(description = "the reversal as the client's check-status answers it")
                            CollectionReversalView reversal) {
    }

    record FollowedReversals(@Schema(description = "newest first") List<FollowedReversal> reversals) {
    }

    @Operation(summary = "Reversals of collections, of every client, newest first, each with its status",
            description = "Limit 1 to 500 (default 100). HELD ones are referred: the rail has not answered in 24 h,"
                    + " the money stays held while the workflow still asks it.")
    @GetMapping("/v1/operations/collection-reversals")
    FollowedReversals followed(@Parameter(description = "how many, newest first: 1 to 500")
                               @RequestParam(value = "Limit", defaultValue = "100") int limit) {
        PageParameters.check("Page", 1, "Limit", limit, MAX_LIMIT);
        return new FollowedReversals(reversals.newest(limit).stream()
                .map(f -> new FollowedReversal(f.clientId(), f.requestedBy(), f.reversal())).toList());
    }

    @Operation(summary = "Reverse any client's collection through the mobile-money rail",
            description = "POST /v1/collections/reversals for the client named by clientId: the same rules, answers "
                    + "and events; the client finds it with its own check-status. 404 when that client has no such "
                    + "collection.")
    @PostMapping("/v1/operations/collection-reversals")
    ResponseEntity<CollectionReversalView> reverse(@RequestBody OperatorReversalRequest request,
                                                   AuthenticatedClient operator) {
        if (request.clientId() == null || request.clientId().isBlank() || request.clientId().length() > 100) {
            throw InvalidInputException.of(null, "clientId", "The clientId is required: the client whose "
                    + "collection it is.");
        }
        try {
            return ResponseEntity.status(HttpStatus.ACCEPTED).body(reversals.request(request.clientId(),
                    new CollectionReversals.ReversalRequest(request.originatorConversationId(),
                            request.collectionType(), request.collectionId(), request.reason()),
                    operator.clientId()).reversal());
        } catch (CollectionReversals.Refused refused) {
            throw new ReasonException(HttpStatus.CONFLICT, refused.getMessage());
        }
    }

    @Operation(summary = "Resolve a HELD collection reversal: the operator's word stands for the rail's",
            description = "Only a HELD reversal (the rail silent for 24 h, its money held from the utility account)"
                    + " is resolved. PAID: the payer has the money back (the hold posted, deposit.reversed or"
                    + " c2b.reversed); NOT_PAID: the payer does not (the hold released, FAILED,"
                    + " deposit.reversal_failed or c2b.reversal_failed). The reference (the rail's receipt or the"
                    + " operator's note, at most 100 characters) is kept in the reversal's resultDesc with the"
                    + " operator's id. Its workflow applies it at once, unless the rail's own answer came first:"
                    + " answers 202 with the reversal as it stood when told; the client's check-status shows it"
                    + " closed. 404 no reversal has that id; 409 not HELD, or its workflow ended (nothing changed);"
                    + " 400 the outcome or reference missing.")
    @PostMapping("/v1/operations/collection-reversals/{reversalId}/resolve")
    ResponseEntity<CollectionReversalView> resolve(@PathVariable("reversalId") UUID reversalId,
                                                   @RequestBody UnconfirmedPaymentsController.ResolveRequest body,
                                                   AuthenticatedClient operator) {
        OperatorResolution resolution =
                UnconfirmedPayments.resolution(reversalId.toString(), body.outcome(), body.reference());
        try {
            return ResponseEntity.status(HttpStatus.ACCEPTED)
                    .body(reversals.resolveHeld(reversalId, resolution, operator.clientId()));
        } catch (CollectionReversals.Refused refused) {
            throw new ReasonException(HttpStatus.CONFLICT, refused.getMessage());
        }
    }
}
