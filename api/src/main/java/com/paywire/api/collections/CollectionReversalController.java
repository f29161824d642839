package com.paywire.api.collections;

import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.api.errors.ReasonException;
import com.paywire.domain.paybacks.CollectionReversalView;
import com.paywire.domain.paybacks.CollectionReversals;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.function.Supplier;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Reversals of a client's own collections through the mobile-money rail (docs/disputes-and-reversals.md). */
@RestController
@Tag(name = "Pay-ins")
@RequiresScope(Scope.COLLECTIONS)
class CollectionReversalController {

    static final String STATUSES = "PENDING, REVERSING (held, the rail asked), HELD (held, the rail's answer unknown:"
            + " referred to operators), REVERSED, FAILED (the rail refused, with its code: released)";

    private final CollectionReversals reversals;

    CollectionReversalController(CollectionReversals reversals) {
        this.reversals = reversals;
    }

    record ReversalRequest(
            @Schema(description = "your id of this reversal: its idempotency key, 1 to 100 characters")
            String originatorConversationId,
            @Schema(description = "EXPRESS_DEPOSIT, PAYMENT_LINK_PAYMENT or PAYBILL_DEPOSIT")
            String collectionType,
            @Schema(description = "the collection as its status query takes it: an express deposit's "
                    + "OriginatorConversationId, a payment link payment's systemConversationId, a paybill "
                    + "deposit's ReceiptNumber")
            String collectionId,
            @Schema(description = "why it goes back, 1 to 200 characters")
            String reason) {

        CollectionReversals.ReversalRequest asked() {
            return new CollectionReversals.ReversalRequest(originatorConversationId, collectionType, collectionId,
                    reason);
        }
    }

    @Operation(summary = "Reverse one of your collections: the mobile-money rail gives the payer back all it paid",
            description = "Only a completed collection of yours (404 otherwise), once: 409 while a reversal of it is "
                    + "pending or after one reversed it (a refused one may be asked again). The whole amount is held "
                    + "at once, before the rail is asked: from your utility account what it was credited, and the "
                    + "fee from Paywire's revenue (the charge table's reversal rule; docs/disputes-and-reversals.md). "
                    + "409 when the utility account's available balance is short, with nothing held. Answers 202 "
                    + "with the reversal; the same originatorConversationId again answers the same reversal, and 409 "
                    + "with another body. Its status: " + STATUSES + ". Announced with deposit.reversed or "
                    + "c2b.reversed (deposit.reversal_failed, c2b.reversal_failed when refused).")
    @PostMapping("/v1/collections/reversals")
    ResponseEntity<CollectionReversalView> reverse(@RequestBody ReversalRequest request, AuthenticatedClient client) {
        return ResponseEntity.status(HttpStatus.ACCEPTED)
                .body(refusals(() -> reversals.request(client.clientId(), request.asked(), null).reversal()));
    }

    @Operation(summary = "Find a reversal of a collection by your OriginatorConversationId",
            description = "Its status: " + STATUSES + ". 404 when you asked for none under that id.")
    @GetMapping("/v1/collections/reversals/check-status")
    CollectionReversalView checkStatus(@RequestParam("OriginatorConversationId") String originatorConversationId,
                                       AuthenticatedClient client) {
        return reversals.find(client.clientId(), originatorConversationId).orElseThrow(() -> new ReasonException(
                HttpStatus.NOT_FOUND, "No reversal of yours has that OriginatorConversationId."));
    }

    /** A refusal with nothing held answers 409 in the reason shape. */
    static <T> T refusals(Supplier<T> action) {
        try {
            return action.get();
        } catch (CollectionReversals.Refused refused) {
            throw new ReasonException(HttpStatus.CONFLICT, refused.getMessage());
        }
    }
}
