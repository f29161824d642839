package com.paywire.api.operations;

import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.api.errors.ReasonException;
import com.paywire.api.input.PageParameters;
import com.paywire.domain.operations.UnconfirmedPayments;
import com.paywire.domain.operations.UnconfirmedPayments.NotPendingConfirmation;
import com.paywire.domain.operations.UnconfirmedPayments.Resolution;
import com.paywire.vocabulary.operations.ResolutionOutcome;
import com.paywire.vocabulary.operations.UnconfirmedPaymentPage;
import com.paywire.vocabulary.products.Product;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Paywire's own operations on airtime top-ups, bill payments, payout lines, card captures and refunds and phone
 * prompts pending confirmation (docs/interface.md#operations): operators see them across clients and resolve them by
 * Paywire's id once they know from the rail or the card processor what happened.
 */
@RestController
@RequestMapping("/v1/operations/unconfirmed-payments")
@Tag(name = "Operations")
@RequiresScope(Scope.OPERATIONS)
class UnconfirmedPaymentsController {

    private final UnconfirmedPayments payments;

    UnconfirmedPaymentsController(UnconfirmedPayments payments) {
        this.payments = payments;
    }

    record PaymentView(
            @Schema(description = "airtime (the id is the recipient's), bill, payout (the id is the line's"
                    + " transactionOutcome id), card (the id is the capture's or the refund's: cap_…, ref_…), or"
                    + " phone_prompt (the id is the express deposit's SystemConversationId)",
                    allowableValues = {"airtime", "bill", "payout", "card", "phone_prompt"}) String product,
            @Schema(description = "Paywire's id of the payment: a UUID, or for card a CaptureId or RefundId")
            String id,
            @Schema(description = "the client whose payment it is")
            String clientId,
            @Schema(description = "the client's own id of the payment (for card, the operation's RequestId)")
            String originatorConversationId,
            @Schema(description = "the amount, in shillings")
            BigDecimal amount,
            @Schema(description = "Paywire's fee, in shillings (for a card capture the card fee held, in its"
                    + " currency; 0 for a card refund)")
            BigDecimal fee,
            @Schema(description = "since when it has been pending confirmation") OffsetDateTime since,
            @Schema(description = "true once it has been referred to the rail's operator")
            boolean referred,
            @Schema(description = "when it was referred; null: not yet")
            OffsetDateTime referredAt) {
    }

    record PaymentList(
            @Schema(description = "the payments on this page, oldest first")
            List<PaymentView> payments,
            @Schema(description = "the page number, from 1")
            int page,
            @Schema(description = "the most items on one page")
            int pageSize,
            @Schema(description = "how many items there are in all pages")
            long total) {
    }

    record ResolveRequest(@Schema(description = "what the rail says it did") ResolutionOutcome outcome,
                          @Schema(description = "the rail's receipt or the operator's note, at most 100 characters")
                          String reference) {
    }

    record ResolutionView(
            @Schema(description = "the product of the payment")
            String product,
            @Schema(description = "Paywire's id of the payment")
            String id,
            @Schema(description = "the client whose payment it is")
            String clientId,
            @Schema(description = "what the operator decided")
            ResolutionOutcome outcome,
            @Schema(description = "the operator client that resolved it")
            String resolvedBy,
            @Schema(description = "when it was resolved")
            OffsetDateTime resolvedAt) {
    }

    @Operation(summary = "Airtime recipients, bill payments, payout lines and card captures and refunds pending"
            + " confirmation, of every client, oldest first",
            description = "Page from 1, PageSize 1 to 100 (default 20). referred: the rail is no longer asked. A payout"
                    + " line is listed once referred: Timed Out with its hold kept after its reconciliation window,"
                    + " or paid by the rail after its hold was released with too little in the working account. A"
                    + " card capture (PENDING) or refund (REFUND_INITIATED) is listed once referred: the processor"
                    + " did not answer within a day of being asked again, its hold kept. A phone prompt (an express"
                    + " deposit or a payment link's payment) is listed once referred: its rail gave no final word for"
                    + " a day after its prompt window, its credit held (fee 0). A settlement (UNCONFIRMED) is listed"
                    + " once referred: the bank gave no final word through its reconciliation window, its hold kept"
                    + " (amount: what the bank pays; fee: the settlement's).")
    @GetMapping
    PaymentList list(@RequestParam(value = "Page", defaultValue = "1") int page,
                     @RequestParam(value = "PageSize", defaultValue = "20") int pageSize) {
        PageParameters.check("Page", page, "PageSize", pageSize, 100);
        UnconfirmedPaymentPage found = payments.list(page, pageSize);
        return new PaymentList(found.payments().stream().map(p -> new PaymentView(p.product().name().toLowerCase(),
                p.id(), p.clientId(), p.originatorConversationId(), p.amount(), p.fee(), p.unconfirmedSince(),
                p.referredAt() != null, p.referredAt())).toList(), page, pageSize, found.total());
    }

    @Operation(summary = "Resolve a payment pending confirmation: PAID posts its hold and completes it (the reference"
            + " as its receipt), NOT_PAID releases the hold and fails it; the client is called back",
            description = "409 when it is not pending confirmation, a second resolution included; nothing changes."
                    + " card: PAID, the processor captured (CAPTURED, payment.captured) or refunded (REFUNDED);"
                    + " NOT_PAID, it did not (the capture DECLINED; the refund REFUND_FAILED, its amount refundable"
                    + " again). phone_prompt: PAID, the payer paid (the held credit posted, the deposit Completed,"
                    + " confirmed late, the reference as its MobileMoneyReceiptNumber, the client called back with"
                    + " ResultCode 0); NOT_PAID, the payer did not (the held credit released, the deposit stays"
                    + " 1037, no callback). settlement: PAID, the bank paid (the hold posted, the reference as its"
                    + " bankReference, settlement.paid); NOT_PAID, it did not (the hold released, the money back on"
                    + " the utility account, settlement.failed); either through the settlement's workflow, at once.")
    @PostMapping("/{product}/{id}/resolve")
    ResolutionView resolve(@PathVariable("product") String product, @PathVariable("id") String id,
                           @RequestBody ResolveRequest body, AuthenticatedClient operator) {
        Product resolvable = UnconfirmedPayments.product(product).orElseThrow(() -> new ReasonException(
                HttpStatus.NOT_FOUND,
                "Only airtime, bill, payout, card, phone_prompt and settlement payments can be pending confirmation"));
        Resolution done;
        try {
            done = payments.resolve(resolvable, id, body.outcome(), body.reference(), operator.clientId());
        } catch (NotPendingConfirmation conflict) {
            throw new ReasonException(HttpStatus.CONFLICT, conflict.getMessage());
        }
        return new ResolutionView(product, done.paymentId(), done.clientId(), done.outcome(), done.resolvedBy(),
                done.resolvedAt());
    }
}
