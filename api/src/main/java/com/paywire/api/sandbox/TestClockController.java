package com.paywire.api.sandbox;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.paywire.api.auth.AuthenticatedClient;
import com.paywire.api.auth.RequiresScope;
import com.paywire.api.auth.Scope;
import com.paywire.domain.platform.TestClock;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.net.URI;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
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
@RequestMapping(TestClockController.PATH)
@Tag(name = "Sandbox")
@RequiresScope({Scope.PAYOUTS, Scope.COLLECTIONS, Scope.CARDS, Scope.CHECKOUT, Scope.KYC, Scope.BILLS, Scope.ACCOUNTS,
        Scope.WEBHOOKS, Scope.OPERATIONS})
@ConditionalOnProperty(name = TestClock.ENABLED, havingValue = "true")
class TestClockController {

    static final String PATH = "/v1/sandbox/clock";

    private final TestClock clock;

    TestClockController(TestClock clock) {
        this.clock = clock;
    }

    record ClockView(@Schema(description = "the platform's now, which Temporal's timers and every due date follow")
                     OffsetDateTime now,
                     @Schema(description = "how far the platform's time is ahead of the wall clock, as an ISO-8601"
                             + " duration: the advances less the real time they took", example = "PT1M59.8S")
                     String advancedBy,
                     @Schema(description = "while the clock is on its way: the advances asked since it stood still, as one (absent"
                             + " otherwise)")
                     @JsonInclude(JsonInclude.Include.NON_NULL) AdvanceView advance) {
    }

    @Schema(name = "TestClockAdvance")
    record AdvanceView(@Schema(description = "how far it moves the clock: as asked, in an advance's answer; from"
                               + " where the clock stood to where it goes, on the clock's own", example = "PT3M")
                       String by,
                       @Schema(description = "where it moves the clock to: it has got there once now is past it")
                       OffsetDateTime to,
                       @Schema(description = "how far the clock still has to go, as an ISO-8601 duration; within as"
                               + " much real time at the latest", example = "PT2M51.2S") String remaining,
                       @Schema(description = "the workflows whose work in flight holds the clock at the wall clock's"
                               + " pace: the caller's own (an operator's: every client's), longest first")
                       List<HeldView> heldBy,
                       @Schema(description = "how many other clients' workflows (or no client's) have work in flight;"
                               + " 0 for an operator, who sees them all in heldBy") int othersHolding,
                       @Schema(description = "where the advance is and what holds it, in a sentence") String message) {
    }

    @Schema(name = "TestClockHold")
    record HeldView(@Schema(description = "what the workflow's id starts with", example = "airtime") String kind,
                    @Schema(description = "the payment's id in the workflow's id: the client's own reference "
                            + "(originatorConversationId, systemTraceAuditNumber) or Paywire's")
                    String id,
                    @Schema(description = "how long its work has been in flight, in real time", example = "PT4.2S")
                    String inFlightFor,
                    @Schema(description = "operators only: whose payment it is (absent when its id names no client)")
                    @JsonInclude(JsonInclude.Include.NON_NULL) String clientId,
                    @Schema(description = "operators only: the workflow, as the Temporal UI finds it")
                    @JsonInclude(JsonInclude.Include.NON_NULL) String workflowId,
                    @Schema(description = "operators only: the activities in flight, by type")
                    @JsonInclude(JsonInclude.Include.NON_NULL) List<String> activities) {
    }

    record AdvanceRequest(@Schema(description = "how far to move the clock, as an ISO-8601 duration: positive, at"
            + " most P30D", example = "PT2M") String by) {
    }

    @Operation(summary = "The platform's time in the local stack, and the advance under way with what holds it")
    @GetMapping
    ClockView now(AuthenticatedClient client) {
        Instant now = clock.now();
        return new ClockView(utc(now), clock.advancedBy().toString(),
                clock.underWay().map(advance -> view(advance, now, client)).orElse(null));
    }

    @Operation(summary = "Moves the platform's time forward, firing every timer due meanwhile",
            description = "Answers 200 with the new time once the clock has got there, within "
                    + TestClock.ANSWER_WITHIN_SECONDS + " s. Time jumps between the work workflows do; while an"
                    + " activity is in flight (a rail call, a webhook attempt, any client's) it runs at the wall"
                    + " clock's pace. An advance still under way after " + TestClock.ANSWER_WITHIN_SECONDS + " s goes"
                    + " on: 202 with where the clock is, where it is going, and the workflows whose work in"
                    + " flight holds it (the caller's own by id, other clients' as a count; an operator sees all,"
                    + " with their clients), Location " + PATH + ", which shows the clock's way until it has got"
                    + " there. An advance asked while the clock is on its way, by anyone, joins it: the clock goes"
                    + " to the furthest point asked, and each call answers as its own got there. 400 names by.",
            responses = {
                    @ApiResponse(responseCode = "200", description = "The clock has got there"),
                    @ApiResponse(responseCode = "202", description = "Under way: work in flight holds the clock",
                            content = @Content(schema = @Schema(implementation = ClockView.class)))})
    @PostMapping("/advance")
    ResponseEntity<ClockView> advance(@RequestBody AdvanceRequest body, AuthenticatedClient client) {
        TestClock.Advance advance = clock.advance(TestClock.advanceOf(body.by()));
        Instant now = clock.now();
        if (!advance.underWay()) {
            return ResponseEntity.ok(new ClockView(utc(now), clock.advancedBy().toString(), null));
        }
        return ResponseEntity.status(HttpStatus.ACCEPTED).location(URI.create(PATH))
                .body(new ClockView(utc(now), clock.advancedBy().toString(), view(advance, now, client)));
    }

    private static AdvanceView view(TestClock.Advance advance, Instant now, AuthenticatedClient client) {
        boolean operator = client.scopes().contains(Scope.OPERATIONS.value());
        ClockHolds holds = ClockHolds.seenBy(advance, client.clientId(), operator);
        return new AdvanceView(advance.by().toString(), utc(advance.target()),
                ClockHolds.remaining(advance, now).toString(),
                holds.named().stream().map(held -> new HeldView(held.kind(), held.reference(),
                        held.inFlightFor().truncatedTo(ChronoUnit.MILLIS).toString(),
                        operator ? held.clientId() : null, operator ? held.workflowId() : null,
                        operator ? held.activities() : null)).toList(),
                holds.others(), holds.words(advance, now, operator) + " GET " + PATH + " shows where it has got to.");
    }

    private static OffsetDateTime utc(Instant instant) {
        return OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
    }
}
