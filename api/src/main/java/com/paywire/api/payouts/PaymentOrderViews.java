package com.paywire.api.payouts;

import java.time.OffsetDateTime;
import java.util.List;

/** The response bodies of the payout operations, field for field as docs/interface.md#payouts names them. */
final class PaymentOrderViews {

    private PaymentOrderViews() {
    }

    record Accepted(Message message) {
    }

    record Message(String appDomainName, String systemConversationId, String originatorConversationId,
                   String remarks, OffsetDateTime timestamp) {
    }

    record NotFound(String id, String idType, String message) {
    }

    record Rejection(List<RejectedLine> paymentOrderlines) {
    }

    record RejectedLine(String originatorConversationId, String systemTraceAuditNumber, int transactionStatus,
                        String transactionStatusDescription, String resultCode, String resultCodeDescription) {
    }
}
