package com.paywire.api.console;

import com.paywire.api.auth.Scope;
import com.paywire.domain.InvalidInputException;
import com.paywire.domain.UnknownResourceException;
import com.paywire.domain.notifications.WebhookEvents;
import com.paywire.domain.notifications.Webhooks;
import com.paywire.domain.timeline.DeliverySteps;
import com.paywire.domain.timeline.PaymentDetail;
import io.swagger.v3.oas.annotations.Hidden;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The client's webhook endpoints over {@link Webhooks}, as the webhook operations manage them (and with their
 * scope): listed, added for event types with a signing secret (never shown again), deleted, activated again, sent a
 * test event; with the newest events and how each was delivered.
 */
@Hidden
@RestController
class WebhooksPageController {

    static final String PATH = "/console/webhooks";
    static final int RECENT_EVENTS = 10;
    /** What the page says after each action; the request names one, never the words. */
    private static final Map<String, String> NOTICES = Map.of(
            "added", "The endpoint was added.",
            "deleted", "The endpoint was deleted: nothing more is delivered to it.",
            "activated", "The endpoint is active again; the events it missed are on their way.",
            "tested", "A webhook.test event is on its way to the endpoint: see its delivery under Recent events.");

    private final Webhooks webhooks;
    private final ConsolePages pages;

    WebhooksPageController(Webhooks webhooks, ConsolePages pages) {
        this.webhooks = webhooks;
        this.pages = pages;
    }

    /** What the form was sent with; the signing secret is never written back to the page. */
    record WebhookForm(String url, String description, List<String> events) {
    }

    @GetMapping(PATH)
    ResponseEntity<String> page(@RequestAttribute(ConsoleSession.ATTRIBUTE) ConsoleSession session,
                                @RequestParam(value = "done", defaultValue = "") String done) {
        if (!session.holds(Scope.WEBHOOKS)) {
            return notHeld(session);
        }
        return page(HttpStatus.OK, session, new WebhookForm("", "", List.of()), List.of(), NOTICES.get(done));
    }

    @PostMapping(path = PATH, consumes = MediaType.APPLICATION_FORM_URLENCODED_VALUE)
    ResponseEntity<String> add(@RequestAttribute(ConsoleSession.ATTRIBUTE) ConsoleSession session,
                               @RequestParam(value = "url", defaultValue = "") String url,
                               @RequestParam(value = "description", defaultValue = "") String description,
                               @RequestParam(value = "events", required = false) List<String> types,
                               @RequestParam(value = "signingSecret", defaultValue = "") String signingSecret) {
        if (!session.holds(Scope.WEBHOOKS)) {
            return notHeld(session);
        }
        WebhookForm form = new WebhookForm(url.strip(), description.strip(), types == null ? List.of() : types);
        List<String> problems = new ArrayList<>();
        if (form.url().isEmpty() || form.url().length() > 2048) {
            problems.add("Enter the endpoint's URL (at most 2,048 characters).");
        }
        if (form.events().isEmpty()) {
            problems.add("Choose at least one event type.");
        }
        if (signingSecret.length() < 16 || signingSecret.length() > 256) {
            problems.add("Enter a signing secret of 16 to 256 characters: deliveries are signed with it.");
        }
        if (form.description().length() > 500) {
            problems.add("The description is at most 500 characters.");
        }
        if (problems.isEmpty()) {
            try {
                webhooks.register(session.clientId(), new Webhooks.Registration(form.url(), form.events(),
                        form.description().isEmpty() ? null : form.description(), signingSecret));
                return ConsolePages.seeOther(PATH + "?done=added");
            } catch (InvalidInputException refused) {
                refused.problems().forEach(p -> problems.add(p.message()));
            }
        }
        return page(HttpStatus.BAD_REQUEST, session, form, problems, null);
    }

    /** delete, activate (an INACTIVE endpoint) or test (send it a webhook.test event); then the page again. */
    @PostMapping(PATH + "/{webhookId}/{action}")
    ResponseEntity<String> act(@RequestAttribute(ConsoleSession.ATTRIBUTE) ConsoleSession session,
                               @PathVariable UUID webhookId, @PathVariable String action) {
        if (!session.holds(Scope.WEBHOOKS)) {
            return notHeld(session);
        }
        String done = switch (action) {
            case "delete" -> {
                webhooks.delete(session.clientId(), webhookId);
                yield "deleted";
            }
            case "activate" -> {
                webhooks.activate(session.clientId(), webhookId);
                yield "activated";
            }
            case "test" -> {
                webhooks.sendTest(session.clientId(), webhookId);
                yield "tested";
            }
            default -> throw new UnknownResourceException("No such action");
        };
        return ConsolePages.seeOther(PATH + "?done=" + done);
    }

    private ResponseEntity<String> page(HttpStatus status, ConsoleSession session, WebhookForm form,
                                        List<String> problems, String notice) {
        Map<String, Object> model = new HashMap<>();
        model.put("endpoints", webhooks.list(session.clientId()));
        model.put("eventTypes", WebhookEvents.ALL);
        model.put("form", form);
        model.put("problems", problems);
        model.put("notice", notice);
        model.put("recent", webhooks.events(session.clientId(), null, RECENT_EVENTS).stream()
                .map(event -> new PaymentDetail.EventDeliveries(event, webhooks.deliveriesOf(event.id()).stream()
                        .map(d -> new DeliverySteps.DeliveryAttempts(event, d, webhooks.attemptsOf(d.id()))).toList()))
                .toList());
        return pages.page(status, "webhooks", session, model);
    }

    private ResponseEntity<String> notHeld(ConsoleSession session) {
        return pages.message(HttpStatus.FORBIDDEN, session, "Not for this client",
                "Your client does not hold the webhooks scope, which webhook endpoints need.");
    }
}
