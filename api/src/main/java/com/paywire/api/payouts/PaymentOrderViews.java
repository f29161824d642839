package com.paywire.api.payouts;

import io.swagger.v3.oas.annotations.media.Schema;
import java.time.OffsetDateTime;
import java.util.List;

/** The response bodies of the payout operations, field for field as docs/interface.md#payouts names them. */
final class PaymentOrderViews {

    private PaymentOrderViews() {
    }

    record Accepted(
            @Schema(description = "the acceptance")
            Message message) {
    }

    record Message(
            @Schema(description = "the Paywire service that answered")
            String appDomainName,
            @Schema(description = "Paywire's id of the request")
            String systemConversationId,
            @Schema(description = "the client's own unique id of the request")
            String originatorConversationId,
            @Schema(description = "what happened to the order, in words")
            String remarks,
            @Schema(description = "when Paywire answered")
            OffsetDateTime timestamp) {
    }

    record NotFound(String id, String idType, String message) {
    }

    record Rejection(
            @Schema(description = "the lines that were refused, each with its reason")
            List<RejectedLine> paymentOrderlines) {
    }

    record RejectedLine(
            @Schema(description = "the order's originatorConversationId")
            String originatorConversationId,
            @Schema(description = "the line's systemTraceAuditNumber")
            String systemTraceAuditNumber,
            @Schema(description = "the line's status code (rejected)")
            int transactionStatus,
            @Schema(description = "the status in words")
            String transactionStatusDescription,
            @Schema(description = "the reason's code")
            String resultCode,
            @Schema(description = "the reason in words")
            String resultCodeDescription) {
    }
}
