package com.paywire.api.console;

import com.paywire.domain.UnknownResourceException;
import io.swagger.v3.oas.annotations.Hidden;
import java.util.Map;
import org.springframework.context.annotation.Profile;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RestController;

/**
 * The sandbox page of the local stack: the simulator's outcomes, each made happen by a button (a small payment of
 * that kind from the signed-in client, then its page), and the place of the test clock's controls.
 */
@Hidden
@RestController
@Profile("local")
class SandboxController {

    static final String PATH = "/console/sandbox";

    private final SandboxOutcomes outcomes;
    private final ConsolePages pages;

    SandboxController(SandboxOutcomes outcomes, ConsolePages pages) {
        this.outcomes = outcomes;
        this.pages = pages;
    }

    @GetMapping(PATH)
    ResponseEntity<String> page(@RequestAttribute(ConsoleSession.ATTRIBUTE) ConsoleSession session) {
        return pages.page(HttpStatus.OK, "sandbox", session, Map.of("groups", outcomes.groups()));
    }

    @PostMapping(PATH + "/{key}")
    ResponseEntity<String> trigger(@RequestAttribute(ConsoleSession.ATTRIBUTE) ConsoleSession session,
                                   @PathVariable String key) {
        SandboxOutcomes.Outcome outcome = outcomes.find(key)
                .orElseThrow(() -> new UnknownResourceException("No such sandbox outcome"));
        if (!session.holds(outcome.scope())) {
            return pages.message(HttpStatus.FORBIDDEN, session, "Not for this client",
                    "Your client does not hold the " + outcome.scope().value() + " scope, which this payment needs.");
        }
        return ConsolePages.seeOther(outcome.trigger().make(session.clientId()));
    }
}
