package com.paywire.api.payouts;

import com.paywire.persistence.payouts.PaymentOrderRow;
import com.paywire.persistence.payouts.PayoutLineRow;
import com.paywire.persistence.payouts.PayoutRecords;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;

/** The response bodies of the payout operations, field for field as docs/interface.md#payouts and operations.md name them. */
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

    /** The status record (docs/interface.md#payouts), built where payout events build their data too. */
    static Map<String, Object> statusRecord(PaymentOrderRow order, List<PayoutLineRow> lines, JsonMapper json) {
        return PayoutRecords.order(order, lines, json);
    }
}
