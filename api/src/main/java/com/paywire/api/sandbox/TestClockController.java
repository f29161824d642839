package com.paywire.api.sandbox;

import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.domain.platform.TestClock;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The local stack's test clock (docs/sandbox.md#the-test-clock): where the platform's time is, and moving it forward.
 * It exists only where the local stack enables it; anywhere else these paths answer 404. There is one clock for the
 * whole stack, which moves every client's payments alike, so a token of any scope may read or move it, but the
 * operator's admin scope, which grants nothing but the administration of clients.
 */
@RestController
@RequestMapping("/v1/sandbox/clock")
@Tag(name = "Sandbox")
@RequiresScope({Scope.PAYOUTS, Scope.COLLECTIONS, Scope.CARDS, Scope.CHECKOUT, Scope.KYC, Scope.BILLS, Scope.ACCOUNTS,
        Scope.WEBHOOKS, Scope.OPERATIONS})
@ConditionalOnProperty(name = TestClock.ENABLED, havingValue = "true")
class TestClockController {

    private final TestClock clock;

    TestClockController(TestClock clock) {
        this.clock = clock;
    }

    record ClockView(@Schema(description = "the platform's now, which Temporal's timers and every due date follow")
                     OffsetDateTime now,
                     @Schema(description = "how far the platform's time is ahead of the wall clock, as an ISO-8601"
                             + " duration: the advances less the real time they took", example = "PT1M59.8S")
                     String advancedBy) {
    }

    record AdvanceRequest(@Schema(description = "how far to move the clock, as an ISO-8601 duration: positive, at"
            + " most P30D", example = "PT2M") String by) {
    }

    @Operation(summary = "The platform's time in the local stack")
    @GetMapping
    ClockView now() {
        return view(clock.now());
    }

    @Operation(summary = "Moves the platform's time forward, firing every timer due meanwhile, and answers the new time",
            description = "Answers once the clock has got there. Time jumps between the work workflows do; while an"
                    + " activity or a workflow task is in flight it runs at the wall clock's pace, so an advance takes"
                    + " at least as long as the work it sets off (a rail call, a webhook attempt). One at a time.")
    @PostMapping("/advance")
    ClockView advance(@RequestBody AdvanceRequest body) {
        return view(clock.advance(TestClock.advanceOf(body.by())));
    }

    private ClockView view(Instant now) {
        return new ClockView(OffsetDateTime.ofInstant(now, ZoneOffset.UTC), clock.advancedBy().toString());
    }
}
