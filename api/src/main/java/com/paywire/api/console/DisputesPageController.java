package com.paywire.api.console;

import com.paywire.api.auth.Scope;
import com.paywire.domain.InvalidInputException;
import com.paywire.domain.UnknownResourceException;
import com.paywire.domain.disputes.CardDisputes;
import com.paywire.vocabulary.cards.CardDispute;
import com.paywire.vocabulary.cards.DisputeEvidence;
import com.paywire.vocabulary.cards.DisputeStatus;
import io.swagger.v3.oas.annotations.Hidden;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
 * The merchant's card disputes: listed newest first with their deadlines, and one dispute with the evidence form
 * (or its acceptance) while it may still be answered. They need the cards scope; another client's dispute answers
 * 404. What a refused form held is never written back to the page: it may hold a card number.
 */
@Hidden
@RestController
class DisputesPageController {

    private static final String PATH = "/console/disputes";
    private static final int LISTED = 100;
    private static final Map<String, String> NOTICES = Map.of(
            "sent", "The evidence is with the card processor, which decides the dispute.",
            "accepted", "The dispute is accepted: it is lost, and its amount and fee stay debited.");

    private final CardDisputes disputes;
    private final ConsolePages pages;
    private final Clock clock;

    DisputesPageController(CardDisputes disputes, ConsolePages pages, Clock clock) {
        this.disputes = disputes;
        this.pages = pages;
        this.clock = clock;
    }

    @GetMapping(PATH)
    ResponseEntity<String> list(@RequestAttribute(ConsoleSession.ATTRIBUTE) ConsoleSession session) {
        if (!session.holds(Scope.CARDS)) {
            return notHeld(session);
        }
        Map<String, Object> model = new HashMap<>();
        model.put("disputes", disputes.list(session.clientId(), LISTED));
        return pages.page(HttpStatus.OK, "disputes", session, model);
    }

    @GetMapping(PATH + "/{id}")
    ResponseEntity<String> one(@RequestAttribute(ConsoleSession.ATTRIBUTE) ConsoleSession session,
                               @PathVariable String id, @RequestParam(value = "done", defaultValue = "") String done) {
        if (!session.holds(Scope.CARDS)) {
            return notHeld(session);
        }
        return page(HttpStatus.OK, session, dispute(session, id), List.of(), NOTICES.get(done));
    }

    @PostMapping(path = PATH + "/{id}/evidence", consumes = MediaType.APPLICATION_FORM_URLENCODED_VALUE)
    ResponseEntity<String> evidence(@RequestAttribute(ConsoleSession.ATTRIBUTE) ConsoleSession session,
                                    @PathVariable String id,
                                    @RequestParam(value = "explanation", defaultValue = "") String explanation,
                                    @RequestParam(value = "productDescription", defaultValue = "") String product,
                                    @RequestParam(value = "customerName", defaultValue = "") String customer,
                                    @RequestParam(value = "documentReference", defaultValue = "") String document) {
        if (!session.holds(Scope.CARDS)) {
            return notHeld(session);
        }
        CardDispute dispute = dispute(session, id);
        try {
            disputes.submitEvidence(session.clientId(), dispute.id(), new DisputeEvidence(blankIsNone(explanation),
                    blankIsNone(product), blankIsNone(customer), blankIsNone(document)));
            return ConsolePages.seeOther(PATH + "/" + dispute.id() + "?done=sent");
        } catch (InvalidInputException refused) {
            return page(HttpStatus.BAD_REQUEST, session, dispute, refused.problems().stream()
                    .map(p -> label(p.field()) + " " + p.message() + ".").toList(), null);
        } catch (CardDisputes.NotAnswerableException refused) {
            return page(HttpStatus.CONFLICT, session, dispute, List.of(refused.getMessage()), null);
        }
    }

    @PostMapping(PATH + "/{id}/accept")
    ResponseEntity<String> accept(@RequestAttribute(ConsoleSession.ATTRIBUTE) ConsoleSession session,
                                  @PathVariable String id) {
        if (!session.holds(Scope.CARDS)) {
            return notHeld(session);
        }
        CardDispute dispute = dispute(session, id);
        try {
            disputes.accept(session.clientId(), dispute.id());
            return ConsolePages.seeOther(PATH + "/" + dispute.id() + "?done=accepted");
        } catch (CardDisputes.NotAnswerableException refused) {
            return page(HttpStatus.CONFLICT, session, dispute, List.of(refused.getMessage()), null);
        }
    }

    private CardDispute dispute(ConsoleSession session, String id) {
        return disputes.find(session.clientId(), id).orElseThrow(() -> new UnknownResourceException("No such dispute"));
    }

    private ResponseEntity<String> page(HttpStatus status, ConsoleSession session, CardDispute dispute,
                                        List<String> problems, String notice) {
        Map<String, Object> model = new HashMap<>();
        model.put("dispute", dispute);
        // answerable as the card API would take an answer: undecided, unanswered, before its due date
        model.put("answerable", dispute.status() == DisputeStatus.NEEDS_RESPONSE
                && OffsetDateTime.now(clock).isBefore(dispute.evidenceDueBy()));
        model.put("problems", problems);
        model.put("notice", notice);
        return pages.page(status, "dispute", session, model);
    }

    /** The form's label of a field the rules name. */
    private static String label(String field) {
        return switch (field) {
            case "productDescription" -> "The product description";
            case "customerName" -> "The customer's name";
            case "documentReference" -> "The document reference";
            default -> "The explanation";
        };
    }

    private static String blankIsNone(String text) {
        return text.isBlank() ? null : text.strip();
    }

    private ResponseEntity<String> notHeld(ConsoleSession session) {
        return pages.message(HttpStatus.FORBIDDEN, session, "Not for this client",
                "Your client does not hold the cards scope, which card disputes need.");
    }
}
