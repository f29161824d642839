package com.paywire.api.timeline;

import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.auth.InsufficientScopeException;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.domain.timeline.PaymentTimelines;
import com.paywire.domain.timeline.Timeline;
import com.paywire.domain.timeline.TimelineStep;
import com.paywire.vocabulary.timeline.PaymentMatch;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * A payment's timeline (docs/timeline.md): any scope that has a status query will do, and the payment found must
 * be of that scope's products; the {@code operations} scope sees every client's payments.
 */
@RestController
@Tag(name = "Timeline")
@RequiresScope({Scope.PAYOUTS, Scope.COLLECTIONS, Scope.CARDS, Scope.CHECKOUT, Scope.KYC, Scope.BILLS,
        Scope.OPERATIONS})
class PaymentTimelineController {

    private final PaymentTimelines timelines;

    PaymentTimelineController(PaymentTimelines timelines) {
        this.timelines = timelines;
    }

    @Schema(name = "PaymentTimeline")
    record TimelineView(
            @Schema(description = "payment-order, payout-line, express-deposit, payment-link, checkout, card-payment, "
                    + "kyc-request, account-validation, airtime-purchase, bill-payment or paybill-deposit") String product,
            @Schema(description = "the client whose payment it is")
            String clientId,
            @Schema(description = "the client's own id of the payment: originatorConversationId, "
                    + "systemTraceAuditNumber, the authorisation's RequestId or a paybill deposit's AccountReference; null for a "
                    + "payment link")
                    String clientReference,
            @Schema(description = "Paywire's id of the payment: its systemConversationId, a payout line's rail "
                    + "reference, a card payment's AuthorisationId") String paywireId,
            @Schema(description = "the Temporal workflows read, parents before children") List<String> workflowIds,
            @Schema(description = "oldest first") List<StepView> steps,
            @Schema(description = "what could not be read, in words") List<String> notes) {

        /** @param operator whether the caller holds the operations scope, which alone is told where each step is */
        static TimelineView of(Timeline timeline, boolean operator) {
            return new TimelineView(timeline.product(), timeline.clientId(), timeline.clientReference(),
                    timeline.paywireId(), timeline.workflowIds(),
                    timeline.steps().stream().map(step -> StepView.of(step, operator)).toList(), timeline.notes());
        }
    }

    @Schema(name = "PaymentTimelineStep")
    record StepView(
            @Schema(description = "when the step began") Instant time,
            @Schema(description = "how long it took, ISO-8601 (PT1.5S); null while it lasts", type = "string",
                    example = "PT1.5S") Duration duration,
            @Schema(description = "the attempt it ended on (activities, deliveries)") Integer attempt,
            @Schema(description = "how the step ended")
            TimelineStep.Outcome outcome,
            @Schema(description = "what happened, in plain words", example = "rail called back: paid (0: Processed)")
                    String words,
            @Schema(description = "what went wrong, in plain words", example = "rail answered 503, retrying in 4 s")
                    String failure,
            @Schema(description = "WORKFLOW (its history), LEDGER (its transfers) or NOTIFICATION (its deliveries)")
                    TimelineStep.Source source,
            @Schema(description = "where an operator finds the step: only for a token with the operations scope, "
                    + "null for any other")
            OperatorView operator) {

        static StepView of(TimelineStep step, boolean forOperator) {
            TimelineStep.Operator operator = step.operator();
            return new StepView(step.time(), step.duration(), step.attempt(), step.outcome(), step.words(),
                    step.failure(), step.source(), forOperator ? new OperatorView(operator.workflowId(),
                    operator.runId(), operator.eventIds(), operator.kind(), operator.name(), operator.reference())
                    : null);
        }
    }

    @Schema(name = "PaymentTimelineOperator", description = "Where an operator finds the step")
    record OperatorView(
            @Schema(description = "the workflow whose history holds it (a delivery's: its delivery workflow)")
                    String workflowId,
            @Schema(description = "the workflow run whose history holds it")
            String runId,
            @Schema(description = "the history events it was read from") List<Long> eventIds,
            @Schema(description = "ACTIVITY, LOCAL_ACTIVITY, TIMER, SIGNAL, UPDATE, CHILD_WORKFLOW, WORKFLOW, "
                    + "TRANSFER or DELIVERY") String kind,
            @Schema(description = "the activity type, signal, Update or workflow type; a timer's id; a transfer's "
                    + "key; an event's type") String name,
            @Schema(description = "a delivery's id") String reference) {
    }

    @Operation(summary = "A payment's timeline, by any of its ids: its workflow steps, ledger entries and "
            + "notification deliveries, oldest first",
            description = "The id is the client's own (originatorConversationId, systemTraceAuditNumber, a card "
                    + "RequestId) or Paywire's (systemConversationId, checkoutId, payment link id, AuthorisationId "
                    + "or a card transaction id, a payout line's reference). A client sees only its own payments "
                    + "(404 otherwise); a token with the operations scope sees any client's, and alone is told each "
                    + "step's place in Temporal (operator; null for others). 400 names product "
                    + "(or clientId) when the id names several payments.")
    @GetMapping("/v1/payments/timeline")
    TimelineView timeline(@Parameter(description = "any id of the payment, the client's or Paywire's")
                          @RequestParam("id") String id,
                          @Parameter(description = "which kind of payment the id names, when it names several")
                          @RequestParam(value = "product", required = false) String product,
                          @Parameter(description = "operators: whose payment the id names")
                          @RequestParam(value = "clientId", required = false) String clientId,
                          AuthenticatedClient client) {
        boolean operator = client.scopes().contains(Scope.OPERATIONS.value());
        PaymentMatch payment = timelines.find(id, product, clientId,
                new PaymentTimelines.Caller(client.clientId(), operator));
        if (!operator) {
            InsufficientScopeException.require(client, Scope.ofStatusQuery(payment.kind()));
        }
        return TimelineView.of(timelines.timeline(payment), operator);
    }
}
