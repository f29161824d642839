package com.paywire.api.console;

import com.paywire.api.auth.Scope;
import com.paywire.api.sandbox.ClockHolds;
import com.paywire.domain.UnknownResourceException;
import com.paywire.domain.platform.TestClock;
import io.swagger.v3.oas.annotations.Hidden;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Profile;
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
 * The sandbox page of the local stack: the simulator's outcomes, each made happen by a button (a small payment of
 * that kind from the signed-in client, then its page), and the test clock's controls when the stack has the clock.
 */
@Hidden
@RestController
@Profile("local")
class SandboxController {

    static final String PATH = "/console/sandbox";
    static final String CLOCK_PATH = PATH + "/clock";

    /** An advance offered as a one-click button: the duration sent, and its words on the button. */
    record ClockStep(String by, String words) {
    }

    /** A payout's answer window, an hour of webhook retries, a day, a checkout's month. */
    static final List<ClockStep> CLOCK_STEPS = List.of(new ClockStep("PT2M", "2 minutes"),
            new ClockStep("PT1H", "1 hour"), new ClockStep("P1D", "1 day"), new ClockStep("P30D", "30 days"));

    private final SandboxOutcomes outcomes;
    private final ConsolePages pages;
    private final ObjectProvider<TestClock> clock;

    SandboxController(SandboxOutcomes outcomes, ConsolePages pages, ObjectProvider<TestClock> clock) {
        this.outcomes = outcomes;
        this.pages = pages;
        this.clock = clock;
    }

    /**
     * Where the test clock is, for the page: absent when this stack runs on the wall clock.
     *
     * @param advance the advance under way and what holds it, in words; null when none is
     */
    record ClockView(Instant now, Duration advancedBy, String advance, List<ClockStep> steps) {
    }

    @GetMapping(PATH)
    ResponseEntity<String> page(@RequestAttribute(ConsoleSession.ATTRIBUTE) ConsoleSession session,
                                @RequestParam(value = "moved", required = false) String moved) {
        Map<String, Object> model = new HashMap<>();
        model.put("groups", outcomes.groups());
        TestClock testClock = clock.getIfAvailable();
        if (testClock != null) {
            Instant now = testClock.now();
            boolean operator = session.holds(Scope.OPERATIONS);
            String advance = testClock.underWay().map(underWay -> ClockHolds.seenBy(underWay, session.clientId(),
                    operator).words(underWay, now, operator)).orElse(null);
            model.put("clock", new ClockView(now, testClock.advancedBy(), advance, CLOCK_STEPS));
        }
        // the notice names only what this page offers, never text taken from the request
        if (moved != null && testClock != null) {
            model.put("notice", "The test clock moved forward by " + TestClock.advanceOf(moved) + ".");
        }
        return pages.page(HttpStatus.OK, "sandbox", session, model);
    }

    /**
     * Moves the stack's one clock, as POST /v1/sandbox/clock/advance does, then shows the page again, saying it moved
     * or, when work in flight holds it, where it is going: every client's timers move with it, so the client must
     * hold a scope the API's clock takes (any but the operator's admin).
     */
    @PostMapping(path = CLOCK_PATH, consumes = MediaType.APPLICATION_FORM_URLENCODED_VALUE)
    ResponseEntity<String> advance(@RequestAttribute(ConsoleSession.ATTRIBUTE) ConsoleSession session,
                                   @RequestParam(value = "by", defaultValue = "") String by) {
        TestClock testClock = clock.getIfAvailable();
        if (testClock == null) {
            throw new UnknownResourceException("This stack has no test clock");
        }
        if (session.scopes().stream().allMatch(Scope.ADMIN.value()::equals)) {
            return pages.message(HttpStatus.FORBIDDEN, session, "Not for this client",
                    "The administration of clients does not move the test clock: sign in as a merchant's client.");
        }
        Duration advance = TestClock.advanceOf(by);
        if (testClock.advance(advance).underWay()) {
            return ConsolePages.seeOther(PATH + "#testClock");
        }
        return ConsolePages.seeOther(PATH + "?moved=" + advance + "#testClock");
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
