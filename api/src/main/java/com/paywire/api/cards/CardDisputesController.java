package com.paywire.api.cards;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.api.errors.ReasonException;
import com.paywire.api.input.PageParameters;
import com.paywire.domain.disputes.CardDisputes;
import com.paywire.vocabulary.cards.CardDispute;
import com.paywire.vocabulary.cards.DisputeEvidence;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.OffsetDateTime;
import java.util.Map;
import java.util.function.Supplier;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * A merchant's card disputes over {@link CardDisputes}, in the card API's casing: list and read them, answer one
 * with evidence or accept it before its due date. Another client's dispute answers 404.
 */
@RestController
@RequestMapping("${paywire.cards.base-path}/disputes")
@Tag(name = "Card disputes")
@RequiresScope(Scope.CARDS)
class CardDisputesController {

    private final CardDisputes disputes;

    CardDisputesController(CardDisputes disputes) {
        this.disputes = disputes;
    }

    record EvidenceRequest(
            @Schema(description = "why the charge stands, in the merchant's words (no card data)")
            @JsonProperty("explanation") String explanation,
            @Schema(description = "what was sold")
            @JsonProperty("productDescription") String productDescription,
            @Schema(description = "the customer's name")
            @JsonProperty("customerName") String customerName,
            @Schema(description = "the merchant's reference of a document it keeps (a receipt, a delivery proof)")
            @JsonProperty("documentReference") String documentReference) {
    }

    record EvidenceView(@Schema(description = "the merchant's explanation")
                        @JsonProperty("Explanation") String explanation,
                        @Schema(description = "what was sold")
                        @JsonProperty("ProductDescription") String productDescription,
                        @Schema(description = "the customer's name")
                        @JsonProperty("CustomerName") String customerName,
                        @Schema(description = "the merchant's reference of a document it keeps")
                        @JsonProperty("DocumentReference") String documentReference) {
    }

    record DisputeView(
            @Schema(description = "Paywire's id of the dispute")
            @JsonProperty("Id") String id,
            @Schema(description = "the card processor's id of it")
            @JsonProperty("ProcessorDisputeId") String processorDisputeId,
            @Schema(description = "NEEDS_RESPONSE, UNDER_REVIEW (evidence sent), WON or LOST")
            @JsonProperty("Status") String status,
            @Schema(description = "true: LOST because the merchant accepted it")
            @JsonProperty("Accepted") boolean accepted,
            @Schema(description = "the amount debited: the processor's, at most what was captured less refunds")
            @JsonProperty("Amount") String amount,
            @Schema(description = "the payment's currency (ISO 4217 letters)")
            @JsonProperty("Currency") String currency,
            @Schema(description = "the dispute fee debited beside it (never credited back)")
            @JsonProperty("Fee") String fee,
            @Schema(description = "the cardholder's reason, as the processor gave it")
            @JsonProperty("Reason") String reason,
            @Schema(description = "until when evidence or an acceptance is taken; with none by then it is lost")
            @JsonProperty("EvidenceDueBy") OffsetDateTime evidenceDueBy,
            @Schema(description = "the disputed capture's CaptureId")
            @JsonProperty("CaptureId") String captureId,
            @Schema(description = "the payment's AuthorisationId")
            @JsonProperty("AuthorisationId") String authorisationId,
            @Schema(description = "the evidence sent; null: none yet")
            @JsonProperty("Evidence") EvidenceView evidence,
            @Schema(description = "when the evidence was sent; null: none yet")
            @JsonProperty("EvidenceSubmittedAt") OffsetDateTime evidenceSubmittedAt,
            @Schema(description = "when it was won or lost; null: undecided")
            @JsonProperty("DecidedAt") OffsetDateTime decidedAt,
            @Schema(description = "when the processor's notification was recorded")
            @JsonProperty("CreatedAt") OffsetDateTime createdAt) {

        static DisputeView of(CardDispute d) {
            DisputeEvidence e = d.evidence();
            return new DisputeView(d.id(), d.processorDisputeId(), d.status().name(), d.accepted(),
                    d.amount().toPlainString(), d.currency(), d.fee().toPlainString(), d.reason(), d.evidenceDueBy(),
                    d.captureId(), d.authorisationId(), e == null ? null : new EvidenceView(e.explanation(),
                    e.productDescription(), e.customerName(), e.documentReference()), d.evidenceSubmittedAt(),
                    d.decidedAt(), d.createdAt());
        }
    }

    @Operation(summary = "List disputes, newest first")
    @GetMapping
    Map<String, Object> list(@RequestParam(value = "pageSize", defaultValue = "20") int pageSize,
                             AuthenticatedClient client) {
        PageParameters.check("pageSize", 1, "pageSize", pageSize, 100);
        return Map.of("Disputes", disputes.list(client.clientId(), pageSize).stream().map(DisputeView::of).toList(),
                "PageSize", pageSize);
    }

    @Operation(summary = "Get a dispute")
    @GetMapping("/{disputeId}")
    DisputeView get(@PathVariable String disputeId, AuthenticatedClient client) {
        return disputes.find(client.clientId(), disputeId).map(DisputeView::of)
                .orElseThrow(() -> new ReasonException(HttpStatus.NOT_FOUND, "No dispute with that id"));
    }

    @Operation(summary = "Submit evidence: the processor decides, after which the dispute is WON or LOST",
            description = "Answers 200 with the dispute, UNDER_REVIEW; 400 naming a field too long or one that "
            + "looks like a card number (never accepted); 404 for another client's or an unknown id; 409 after the "
            + "due date, once answered or decided.")
    @PostMapping("/{disputeId}/evidence")
    DisputeView evidence(@PathVariable String disputeId, @RequestBody EvidenceRequest request,
                         AuthenticatedClient client) {
        return answered(() -> disputes.submitEvidence(client.clientId(), disputeId, new DisputeEvidence(
                request.explanation(), request.productDescription(), request.customerName(),
                request.documentReference())));
    }

    @Operation(summary = "Accept a dispute: LOST at once, the amount and fee stay debited",
            description = "Answers 200 with the dispute, LOST and Accepted; 404 for another client's or an unknown "
            + "id; 409 after the due date, once answered or decided.")
    @PostMapping("/{disputeId}/accept")
    DisputeView accept(@PathVariable String disputeId, AuthenticatedClient client) {
        return answered(() -> disputes.accept(client.clientId(), disputeId));
    }

    private static DisputeView answered(Supplier<CardDispute> answer) {
        try {
            return DisputeView.of(answer.get());
        } catch (CardDisputes.NotAnswerableException refused) {
            throw new ReasonException(HttpStatus.CONFLICT, refused.getMessage());
        }
    }
}
