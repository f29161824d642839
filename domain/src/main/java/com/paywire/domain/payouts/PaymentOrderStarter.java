package com.paywire.domain.payouts;

import com.paywire.domain.InvalidInputException;
import com.paywire.domain.platform.Intake;
import com.paywire.domain.platform.Outbox;
import com.paywire.persistence.payouts.PayoutStore;
import com.paywire.vocabulary.payouts.PaymentOrderRow;
import com.paywire.vocabulary.payouts.PayoutLineRow;
import com.paywire.vocabulary.products.Product;
import com.paywire.workflows.PaymentSearchAttributes;
import com.paywire.workflows.TaskQueues;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.logging.PaymentContext;
import com.paywire.workflows.payouts.PaymentOrderCommand;
import com.paywire.workflows.payouts.PaymentOrderLineWorkflow;
import com.paywire.workflows.payouts.PaymentOrderWorkflow;
import com.paywire.workflows.payouts.PayoutLineCommand;
import com.paywire.workflows.payouts.PayoutLineSummary;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowStub;
import jakarta.annotation.PreDestroy;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands recorded orders to Temporal. The order is committed first and started second (a transactional
 * outbox): if Temporal is away or the API stops in between, the sweep below starts it later, and the
 * workflow ID (reject-duplicate) makes a second start harmless.
 */
public final class PaymentOrderStarter {

    private static final Logger log = LoggerFactory.getLogger(PaymentOrderStarter.class);

    private final WorkflowClient temporal;
    private final PayoutStore store;
    private final PayoutsProperties properties;
    private final Intake intake;
    /** A few threads are enough: a start is one gRPC call; a full queue waits for the sweep. */
    private final ThreadPoolExecutor dispatcher = new ThreadPoolExecutor(4, 4, 0, TimeUnit.SECONDS,
            new ArrayBlockingQueue<>(10_000), new ThreadPoolExecutor.DiscardPolicy());

    PaymentOrderStarter(WorkflowClient temporal, PayoutStore store, PayoutsProperties properties, Clock clock) {
        this.temporal = temporal;
        this.store = store;
        this.properties = properties;
        this.intake = new Intake("payment order", "order", "originatorConversationId", InvalidInputException::of,
                temporal, clock);
    }

    /** The payment orders' intake: {@link PaymentOrders} refuses a reused originatorConversationId with it. */
    Intake intake() {
        return intake;
    }

    /**
     * Hands the order to Temporal without holding up the request that accepted it: the order is already
     * committed (the outbox), and the sweep starts whatever this does not.
     */
    void startSoon(PaymentOrderRow order, List<PayoutLineRow> lines) {
        dispatcher.execute(() -> start(order, lines));
    }

    @PreDestroy
    void stopDispatching() {
        dispatcher.shutdown();
    }

    /** @return true when Temporal has the order (now or before) */
    boolean start(PaymentOrderRow order) {
        return start(order, store.linesOf(order.id()));
    }

    /**
     * An order of one line starts that line's workflow directly: an order workflow would only start it and wait
     * for it, at the cost of a workflow start and three workflow tasks more per payment. Larger orders start an
     * order workflow, which starts their lines as children and keeps at most maxLinesInFlight in flight.
     */
    private boolean start(PaymentOrderRow order, List<PayoutLineRow> lines) {
        String ocid = order.originatorConversationId();
        Runnable start;
        PaymentContext payment;
        if (lines.size() == 1) {
            PayoutLineCommand line = PayoutLines.command(lines.getFirst(), properties.timing(), false);
            // the line is the payment: its workflow logs with the line's ids, as the lines of larger orders do
            payment = new PaymentContext(order.clientId(), line.systemTraceAuditNumber(), line.reference());
            WorkflowStub workflow = temporal.newUntypedWorkflowStub(PaymentOrderLineWorkflow.WORKFLOW_TYPE,
                    Outbox.options(WorkflowIds.payoutLine(order.clientId(), line.systemTraceAuditNumber()),
                            TaskQueues.PAYOUTS, PayoutLineSummary.of(line, ocid),
                            PayoutLineSummary.searchAttributes(line, ocid)));
            start = () -> workflow.start(line);
        } else {
            boolean linesWait = lines.size() > properties.timing().maxLinesInFlight();
            PaymentOrderCommand command = new PaymentOrderCommand(order.clientId(), order.id().toString(), ocid,
                    lines.stream().map(line -> PayoutLines.command(line, properties.timing(), linesWait)).toList(),
                    properties.timing());
            PaymentOrderWorkflow workflow = temporal.newWorkflowStub(PaymentOrderWorkflow.class,
                    Outbox.options(WorkflowIds.paymentOrder(order.clientId(), ocid), TaskQueues.PAYOUTS,
                            "Payment order " + ocid + " of client " + order.clientId() + ", " + lines.size() + " lines",
                            PaymentSearchAttributes.of(Product.PAYMENT_ORDER, order.clientId(), ocid)));
            start = () -> WorkflowClient.start(workflow::process, command);
            payment = new PaymentContext(order.clientId(), ocid, order.id().toString());
        }
        return intake.start(payment, start, () -> store.markWorkflowStarted(order.id()));
    }

    /** The outbox's sweep; the API runs it every {@code paywire.payouts.start-sweep-interval}. */
    void startStragglers() {
        intake.sweep(store::findUnstarted, this::start);
    }
}
