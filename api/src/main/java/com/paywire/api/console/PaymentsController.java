package com.paywire.api.console;

import com.paywire.api.auth.Scope;
import com.paywire.domain.UnknownResourceException;
import com.paywire.domain.notifications.Webhooks;
import com.paywire.domain.timeline.PaymentDetail;
import com.paywire.domain.timeline.PaymentTimelines;
import com.paywire.vocabulary.notifications.Delivery;
import com.paywire.vocabulary.products.Product;
import com.paywire.vocabulary.timeline.PaymentMatch;
import com.paywire.vocabulary.timeline.RecentPayment;
import io.swagger.v3.oas.annotations.Hidden;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * The client's payments: the newest of every product it holds the scope of, a search by any id it could hold (its
 * own, Paywire's, a rail's receipt), and one payment's page with its timeline, ledger transfers and events with their
 * deliveries, each event deliverable again. Another client's payment answers 404, as an unknown one does.
 */
@Hidden
@RestController
class PaymentsController {

    static final int PAGE_SIZE = 25;
    private static final int MAX_PAGE = 400;

    private final PaymentTimelines timelines;
    private final Webhooks webhooks;
    private final ConsolePages pages;

    PaymentsController(PaymentTimelines timelines, Webhooks webhooks, ConsolePages pages) {
        this.timelines = timelines;
        this.webhooks = webhooks;
        this.pages = pages;
    }

    @GetMapping("/console/payments")
    ResponseEntity<String> payments(@RequestAttribute(ConsoleSession.ATTRIBUTE) ConsoleSession session,
                                    @RequestParam(value = "q", defaultValue = "") String query,
                                    @RequestParam(value = "page", defaultValue = "1") String page) {
        List<Product> followed = Product.followed().stream()
                .filter(kind -> session.holds(Scope.ofStatusQuery(kind))).toList();
        Map<String, Object> model = new HashMap<>();
        model.put("query", query);
        if (!query.isBlank()) {
            List<PaymentMatch> found = timelines.search(query, session.clientId()).stream()
                    .filter(m -> followed.contains(m.kind())).toList();
            if (found.size() == 1) {
                return ConsolePages.seeOther(pathOf(found.getFirst()));
            }
            model.put("found", found);
            return pages.page(found.isEmpty() ? HttpStatus.NOT_FOUND : HttpStatus.OK, "payments", session, model);
        }
        int number = pageNumber(page);
        List<RecentPayment> newest = timelines.newest(session.clientId(), followed,
                (number - 1) * PAGE_SIZE, PAGE_SIZE + 1); // one more: is there a next page?
        model.put("found", null);
        model.put("payments", newest.stream().limit(PAGE_SIZE).toList());
        model.put("page", number);
        model.put("newer", number > 1 ? number - 1 : null);
        model.put("older", newest.size() > PAGE_SIZE && number < MAX_PAGE ? number + 1 : null);
        return pages.page(HttpStatus.OK, "payments", session, model);
    }

    @GetMapping("/console/payments/{product}/{id}")
    ResponseEntity<String> payment(@RequestAttribute(ConsoleSession.ATTRIBUTE) ConsoleSession session,
                                   @PathVariable String product, @PathVariable String id,
                                   @RequestParam(value = "redelivered", required = false) Integer redelivered) {
        PaymentMatch payment = find(session, product, id);
        Scope needed = Scope.ofStatusQuery(payment.kind());
        if (!session.holds(needed)) {
            return pages.message(HttpStatus.FORBIDDEN, session, "Not for this client",
                    "Your client does not hold the " + needed.value() + " scope, which this payment needs.");
        }
        PaymentDetail detail = timelines.detail(payment);
        Map<String, Object> model = new HashMap<>();
        model.put("payment", payment);
        model.put("path", pathOf(payment));
        model.put("detail", detail);
        model.put("canRedeliver", session.holds(Scope.WEBHOOKS));
        model.put("notice", redelivered == null ? null : redelivered == 0
                ? "No endpoint or callback URL takes this event now: nothing was sent."
                : "Delivering it again: " + redelivered + (redelivered == 1 ? " new delivery." : " new deliveries."));
        return pages.page(HttpStatus.OK, "payment", session, model);
    }

    @PostMapping("/console/payments/{product}/{id}/events/{eventId}/redeliver")
    ResponseEntity<String> redeliver(@RequestAttribute(ConsoleSession.ATTRIBUTE) ConsoleSession session,
                                     @PathVariable String product, @PathVariable String id,
                                     @PathVariable UUID eventId) {
        PaymentMatch payment = find(session, product, id);
        if (!session.holds(Scope.WEBHOOKS)) {
            return pages.message(HttpStatus.FORBIDDEN, session, "Not for this client",
                    "Your client does not hold the webhooks scope, which delivering an event again needs.");
        }
        List<Delivery> started = webhooks.redeliver(session.clientId(), eventId);
        return ConsolePages.seeOther(pathOf(payment) + "?redelivered=" + started.size());
    }

    /** The client's payment of this kind and Paywire's id; another client's is as unknown as none. */
    private PaymentMatch find(ConsoleSession session, String product, String id) {
        if (Product.ofTimelineName(product).isEmpty()) {
            throw new UnknownResourceException("No such product");
        }
        return timelines.find(id, product, null, new PaymentTimelines.Caller(session.clientId(), false));
    }

    /** The payment's page: its kind and Paywire's id, which find it again. */
    static String pathOf(PaymentMatch payment) {
        return pathOf(payment.kind(), payment.paywireId());
    }

    static String pathOf(Product kind, String paywireId) {
        return UriComponentsBuilder.fromPath("/console/payments/{product}/{id}")
                .buildAndExpand(kind.timelineName(), paywireId).encode().toUriString();
    }

    private static int pageNumber(String page) {
        try {
            return Math.clamp(Integer.parseInt(page.strip()), 1, MAX_PAGE);
        } catch (NumberFormatException notANumber) {
            return 1;
        }
    }
}
