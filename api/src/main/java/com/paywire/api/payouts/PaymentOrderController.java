package com.paywire.api.payouts;

import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.api.errors.NotFoundException;
import com.paywire.api.platform.PaywireProperties;
import com.paywire.domain.InvalidInputException;
import com.paywire.domain.payouts.PaymentOrders;
import com.paywire.vocabulary.payouts.LineStatus;
import com.paywire.vocabulary.payouts.PaymentOrderRow;
import com.paywire.vocabulary.payouts.PayoutLineRow;
import com.paywire.vocabulary.payouts.ResultCode;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.json.JsonMapper;

@RestController
@Tag(name = "Payouts")
@RequiresScope(Scope.PAYOUTS)
class PaymentOrderController {

    private static final Set<String> ID_TYPES = Set.of("OriginatorConversationId", "SystemConversationId");

    private final PaymentOrders orders;
    private final JsonMapper json;
    private final String appDomainName;
    private final Clock clock;

    PaymentOrderController(PaymentOrders orders, JsonMapper json, PaywireProperties properties, Clock clock) {
        this.orders = orders;
        this.json = json;
        this.appDomainName = properties.appDomainName();
        this.clock = clock;
    }

    @Operation(summary = "Submit payment order: mobile wallet, bank and business payouts, one workflow per line",
            description = "Answers 200 once the order is stored; each line is then paid on its own, its amount and fee "
            + "held in the working account first. originatorConversationId, and each line's "
            + "systemTraceAuditNumber, are idempotency keys: one used before is refused (400, naming it), "
            + "so a retry after a lost answer never pays twice: ask check-status instead. Each line's "
            + "outcome is read with check-status and sent to the client's webhooks as an event.")
    @PostMapping("/v1/payment-order/new-order")
    PaymentOrderViews.Accepted newOrder(@Valid @RequestBody PaymentOrderRequest request, AuthenticatedClient client) {
        PaymentOrderRow order = orders.accept(client.clientId(), request.submission());
        return new PaymentOrderViews.Accepted(new PaymentOrderViews.Message(appDomainName, order.id().toString(),
                order.originatorConversationId(), "order submission accepted", OffsetDateTime.now(clock)));
    }

    @Operation(summary = "Find payment order by OriginatorConversationId or SystemConversationId")
    @GetMapping("/v1/payment-order/check-status")
    Object checkStatus(@RequestParam("IdType") String idType, @RequestParam("Id") String id,
                       AuthenticatedClient client) {
        String canonicalIdType = ID_TYPES.stream().filter(t -> t.equalsIgnoreCase(idType)).findFirst()
                .orElseThrow(() -> InvalidInputException.of(null, "IdType",
                        "The IdType must be OriginatorConversationId or SystemConversationId."));
        PaymentOrderRow order = orders.find(client.clientId(), canonicalIdType, id)
                .orElseThrow(() -> new NotFoundException(new PaymentOrderViews.NotFound(id, canonicalIdType,
                        "No payment order with " + canonicalIdType + " '" + id + "'.")));
        return orders.record(order, json);
    }

    @Operation(summary = "Reject Payment Order: lines not yet sent to the rail become 7 Rejected")
    @PostMapping("/v1/payment-order/reject-order")
    PaymentOrderViews.Rejection reject(@RequestParam("OriginatorConversationId") String originatorConversationId,
                                       AuthenticatedClient client) {
        PaymentOrderRow order = orders.find(client.clientId(), "OriginatorConversationId", originatorConversationId)
                .orElseThrow(() -> new NotFoundException(new PaymentOrderViews.NotFound(originatorConversationId,
                        "OriginatorConversationId", "No payment order with OriginatorConversationId '"
                        + originatorConversationId + "'.")));
        Set<String> rejected = new HashSet<>(orders.reject(order));
        List<PaymentOrderViews.RejectedLine> lines = orders.lines(order).stream()
                .map(line -> rejected.contains(line.systemTraceAuditNumber())
                        ? rejectedLine(order, line, "0", "Order line rejected")
                        : rejectedLine(order, line, ResultCode.CANNOT_REJECT.code(), ResultCode.CANNOT_REJECT.description()))
                .toList();
        return new PaymentOrderViews.Rejection(lines);
    }

    private static PaymentOrderViews.RejectedLine rejectedLine(PaymentOrderRow order, PayoutLineRow line,
                                                               String resultCode, String description) {
        LineStatus status = line.transactionStatus();
        return new PaymentOrderViews.RejectedLine(order.originatorConversationId(), line.systemTraceAuditNumber(),
                status.code(), status.description(), resultCode, description);
    }
}
