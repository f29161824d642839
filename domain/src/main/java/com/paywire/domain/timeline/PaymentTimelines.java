package com.paywire.domain.timeline;

import com.paywire.domain.InvalidInputException;
import com.paywire.domain.UnknownResourceException;
import com.paywire.domain.timeline.PaymentSources.Sources;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.persistence.notifications.EventStore;
import com.paywire.persistence.timeline.PaymentIdentifiers;
import com.paywire.persistence.timeline.RecentPayments;
import com.paywire.vocabulary.notifications.Event;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.timeline.PaymentMatch;
import com.paywire.vocabulary.timeline.RecentPayment;
import io.temporal.client.WorkflowClient;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.springframework.stereotype.Service;

/**
 * A payment's timeline, by any of its ids: which payment the id names among the caller's (an operator's: among
 * every client's), then its steps read from its workflows' histories, its ledger transfers and its notifications,
 * merged by time.
 */
@Service
public class PaymentTimelines {

    /** The longest id looked up: every id Paywire or a client gives is shorter. */
    static final int MAX_ID_LENGTH = 100;

    /**
     * Who asks.
     *
     * @param operator Paywire's operators may see any client's payments
     */
    public record Caller(String clientId, boolean operator) {
    }

    private final PaymentIdentifiers identifiers;
    private final PaymentSources sources;
    private final WorkflowHistories histories;
    private final HistorySteps historySteps;
    private final Ledger ledger;
    private final EventStore events;
    private final RecentPayments recent;

    PaymentTimelines(PaymentIdentifiers identifiers, PaymentSources sources, WorkflowClient temporal, Ledger ledger,
                     EventStore events, RecentPayments recent) {
        this.identifiers = identifiers;
        this.sources = sources;
        this.histories = new WorkflowHistories(temporal);
        this.historySteps = new HistorySteps(new PayloadReader(temporal.getOptions().getDataConverter()));
        this.ledger = ledger;
        this.events = events;
        this.recent = recent;
    }

    /**
     * The payment an id names: the caller's own; for an operator whose own payments it names none of, any
     * client's.
     *
     * @param product  the kind of payment meant ({@link Product#timelineName()}), or null for any
     * @param clientId whose payment is meant, or null: the caller's (an operator's, any client's)
     * @throws UnknownResourceException when it names none the caller may see (another client's included)
     * @throws InvalidInputException    when the id or product is not one, or the id names several payments
     */
    public PaymentMatch find(String id, String product, String clientId, Caller caller) {
        if (id == null || id.isBlank()) {
            throw InvalidInputException.of(null, "id", "The id is required: an id of the payment, yours or Paywire's.");
        }
        if (id.length() > MAX_ID_LENGTH) {
            throw InvalidInputException.of(null, "id", "The id is at most " + MAX_ID_LENGTH + " characters.");
        }
        Optional<Product> kind = Optional.ofNullable(product).map(p -> Product.ofTimelineName(p)
                .orElseThrow(() -> InvalidInputException.of(null, "product", "The product is one of "
                        + Product.followed().stream().map(Product::timelineName)
                        .collect(Collectors.joining(", ")) + ".")));
        if (clientId != null) {
            if (!caller.operator() && !clientId.equals(caller.clientId())) {
                throw new UnknownResourceException("No payment has that id.");
            }
            return PaymentMatches.choose(identifiers.find(id, clientId), kind);
        }
        List<PaymentMatch> own = identifiers.find(id, caller.clientId());
        boolean noneOwn = own.stream().noneMatch(m -> kind.map(k -> k == m.kind()).orElse(true));
        return PaymentMatches.choose(caller.operator() && noneOwn ? identifiers.findAcrossClients(id) : own, kind);
    }

    /**
     * Every payment of the caller's (never another client's, whoever calls) that an id names: its own ids, Paywire's
     * or a rail's receipt of it. A part named with its whole (a line with its order) is left out for the whole.
     */
    public List<PaymentMatch> search(String id, String clientId) {
        if (id == null || id.isBlank() || id.length() > MAX_ID_LENGTH) {
            return List.of();
        }
        String trimmed = id.strip();
        List<PaymentMatch> named = new ArrayList<>(identifiers.find(trimmed, clientId));
        named.addAll(identifiers.findByReceipt(trimmed, clientId));
        return PaymentMatches.wholes(named);
    }

    /**
     * The client's payments of these kinds, newest first, {@code limit} of them after the newest {@code offset}
     * (payment orders and payment links by their parts).
     */
    public List<RecentPayment> newest(String clientId, Collection<Product> kinds, int offset, int limit) {
        return recent.newest(clientId, kinds, offset, limit);
    }

    /** The payment's steps, oldest first. */
    public Timeline timeline(PaymentMatch payment) {
        return detail(payment).timeline();
    }

    /** The payment's steps, and the ledger transfers and deliveries they were read from. */
    public PaymentDetail detail(PaymentMatch payment) {
        Sources from = sources.of(payment);
        WorkflowHistories.Read read = histories.read(from.workflowIds());
        List<TimelineStep> steps = new ArrayList<>();
        read.runs().forEach(run -> steps.addAll(historySteps.of(run)));
        List<Ledger.Transfer> transfers = new ArrayList<>();
        for (String key : from.ledgerKeys()) {
            List<Ledger.Transfer> ofKey = ledger.transfersOf(key);
            transfers.addAll(ofKey);
            steps.addAll(LedgerSteps.of(ofKey));
        }
        List<DeliverySteps.DeliveryAttempts> deliveries = new ArrayList<>();
        List<PaymentDetail.EventDeliveries> eventDeliveries = new ArrayList<>();
        for (Event event : events.eventsOf(payment.clientId(), from.eventKeys())) {
            if (from.eventFilter().test(event)) {
                List<DeliverySteps.DeliveryAttempts> ofEvent = events.deliveriesOf(event.id()).stream()
                        .map(delivery -> new DeliverySteps.DeliveryAttempts(event, delivery,
                                events.attemptsOf(delivery.id()))).toList();
                deliveries.addAll(ofEvent);
                eventDeliveries.add(new PaymentDetail.EventDeliveries(event, ofEvent));
            }
        }
        steps.addAll(DeliverySteps.of(deliveries));
        steps.sort(Comparator.comparing(TimelineStep::time)); // stable: a source's own order stays
        Timeline timeline = new Timeline(payment.kind().timelineName(), payment.clientId(), payment.clientReference(),
                payment.paywireId(), read.runs().stream().map(WorkflowRun::workflowId).distinct().toList(), steps,
                read.notes());
        return new PaymentDetail(payment, timeline, transfers, eventDeliveries);
    }
}
