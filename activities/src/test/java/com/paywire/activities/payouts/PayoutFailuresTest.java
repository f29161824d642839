package com.paywire.activities.payouts;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.stubbing.Scenario;
import com.paywire.activities.payouts.PayoutHarness.LineSpec;
import com.paywire.persistence.LedgerInvariants;
import com.paywire.vocabulary.ledger.LedgerAccounts;
import com.paywire.vocabulary.payouts.LineStatus;
import com.paywire.vocabulary.payouts.PayoutLineRow;
import com.paywire.vocabulary.rails.Rail;
import com.paywire.workflows.FailureType;
import com.paywire.workflows.WorkflowIds;
import com.paywire.workflows.payouts.LineOutcome;
import com.paywire.workflows.payouts.PaymentOrderCommand;
import com.paywire.workflows.payouts.PayoutActivities;
import com.paywire.workflows.payouts.PayoutLineCommand;
import com.paywire.workflows.payouts.PayoutRailActivities;
import com.paywire.workflows.payouts.RailAcknowledgement;
import com.paywire.workflows.payouts.RailResult;
import com.paywire.workflows.payouts.Reservation;
import io.temporal.client.WorkflowFailedException;
import io.temporal.failure.ActivityFailure;
import io.temporal.failure.ApplicationFailure;
import java.math.BigDecimal;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Payout lines when something fails on the way, with their real activities (see {@link PayoutWorkflowTestBase}):
 * a rail that answers 503 or is down for the whole window, a worker or database that dies in the middle of a step
 * (retried without paying or posting twice), and failures that are not the rail's absence, which fail the line at
 * once where an operator sees them.
 */
class PayoutFailuresTest extends PayoutWorkflowTestBase {

    @Test
    void givenARailThatAnswers503Twice_theLineShouldBePaidOnce() {
        startWorker(payoutActivities, railActivities);
        rail.stubFor(post(urlPathEqualTo(MOBILE)).inScenario("flaky").whenScenarioStateIs(Scenario.STARTED)
                .willReturn(aResponse().withStatus(503)).willSetStateTo("one failure"));
        rail.stubFor(post(urlPathEqualTo(MOBILE)).inScenario("flaky").whenScenarioStateIs("one failure")
                .willReturn(aResponse().withStatus(503)).willSetStateTo("two failures"));
        rail.stubFor(post(urlPathEqualTo(MOBILE)).inScenario("flaky").whenScenarioStateIs("two failures")
                .willReturn(accepted()));
        String client = harness.newClient("1000.00");
        PaymentOrderCommand order = harness.record(client, TIMING, LineSpec.mobile("+254712000009", "100.00"));
        PayoutLineCommand line = order.lines().getFirst();
        railAnswers(line, "COMPLETED", "0", "Processed");

        run(order);

        assertThat(store.findLine(line.reference()).orElseThrow().transactionStatus()).isEqualTo(LineStatus.COMPLETED);
        rail.verify(3, postRequestedFor(urlPathEqualTo(MOBILE))
                .withHeader("Idempotency-Key", equalTo(line.reference())));
        assertThat(ledger.available(LedgerAccounts.working(client))).isEqualByComparingTo("890.00");
        assertThat(postedTransfers(line)).isEqualTo(2); // amount and fee, once
        LedgerInvariants.assertHold(jdbc);
    }

    @Test
    void givenAWorkerThatCrashesAfterSettling_theRetryShouldPostOnce() {
        startWorker(new CrashingAfterFirstClose(payoutActivities), railActivities);
        PayoutLineCommand line = runPaidLine("+254712000010");
        String client = line.clientId();

        assertThat(store.findLine(line.reference()).orElseThrow().transactionStatus()).isEqualTo(LineStatus.COMPLETED);
        assertThat(ledger.available(LedgerAccounts.working(client))).isEqualByComparingTo("790.00");
        assertThat(postedTransfers(line)).isEqualTo(2);
        assertThat(jdbc.sql("select count(*) from ledger_entries e join ledger_transfers t on t.id = e.transfer_id where t.reservation_key = ?")
                .param("payout:" + line.reference()).query(Integer.class).single())
                .isEqualTo(4);
        LedgerInvariants.assertHold(jdbc);
    }

    /** Found by the chaos run: a dropped database connection failed the line's workflow and left its funds held. */
    @Test
    void givenTheDatabaseDroppingTheConnectionWhenTheLineCloses_theStepShouldBeRetried_andTheLineComplete() {
        startWorker(new FailingFirstClose(payoutActivities), railActivities);
        PayoutLineCommand line = runPaidLine("+254712000011");
        String client = line.clientId();

        assertThat(env.getWorkflowClient().newUntypedWorkflowStub(WorkflowIds.payoutLine(client,
                line.systemTraceAuditNumber())).getResult(LineStatus.class)).isEqualTo(LineStatus.COMPLETED);
        assertThat(store.findLine(line.reference()).orElseThrow().transactionStatus()).isEqualTo(LineStatus.COMPLETED);
        assertThat(ledger.find(LedgerAccounts.working(client)).orElseThrow().reserved()).isEqualByComparingTo("0.00");
        assertThat(postedTransfers(line)).isEqualTo(2);
        LedgerInvariants.assertHold(jdbc);
    }

    @Test
    void givenAWorkerThatCrashesAfterTheRailAccepted_theRetryShouldReuseTheIdempotencyKey_andPayOnce() {
        startWorker(payoutActivities, new CrashingAfterFirstSend(railActivities));
        PayoutLineCommand line = runPaidLine("+254712000011");
        String client = line.clientId();

        rail.verify(2, postRequestedFor(urlPathEqualTo(MOBILE))
                .withHeader("Idempotency-Key", equalTo(line.reference())));
        assertThat(store.findLine(line.reference()).orElseThrow().transactionStatus()).isEqualTo(LineStatus.COMPLETED);
        assertThat(ledger.available(LedgerAccounts.working(client))).isEqualByComparingTo("790.00");
        assertThat(postedTransfers(line)).isEqualTo(2);
        LedgerInvariants.assertHold(jdbc);
    }

    @Test
    void givenARailDownForTheWholeWindow_theLineShouldFailAsUnavailable_andReleaseItsFunds() {
        startWorker(payoutActivities, railActivities);
        rail.stubFor(post(urlPathEqualTo(MOBILE)).willReturn(aResponse().withStatus(503)));
        String client = harness.newClient("1000.00");
        PaymentOrderCommand order = harness.record(client, TIMING, LineSpec.mobile("+254712000012", "200.00"));
        PayoutLineCommand line = order.lines().getFirst();
        rail.stubFor(get(urlPathEqualTo(MOBILE + "/" + line.reference())).willReturn(aResponse().withStatus(404)));

        run(order);

        PayoutLineRow row = store.findLine(line.reference()).orElseThrow();
        assertThat(row.transactionStatus()).isEqualTo(LineStatus.FAILED);
        assertThat(row.resultCode()).isEqualTo("16");
        assertThat(ledger.available(LedgerAccounts.working(client))).isEqualByComparingTo("1000.00");
        LedgerInvariants.assertHold(jdbc);
    }

    @Test
    void givenALineThatWasNeverRecorded_whenItReservesFunds_itShouldFailOnce_asABrokenInvariant() {
        AtomicInteger reservations = new AtomicInteger();
        startWorker(new CountingReservations(payoutActivities, reservations), railActivities);
        String client = harness.newClient("1000.00");
        PayoutLineCommand unrecorded = new PayoutLineCommand(client, UUID.randomUUID().toString(),
                UUID.randomUUID().toString(), UUID.randomUUID().toString(), Rail.MOBILE_MONEY, 1,
                new BigDecimal("100.00"), "KES", "+254712000015", "Jane", "63902", "ref", TIMING, false, null,
                UUID.randomUUID().toString());

        // retried every 30 s, it would still be trying when the hour is up
        assertThatThrownBy(() -> directLineStub(unrecorded).process(unrecorded))
                .isInstanceOf(WorkflowFailedException.class)
                .cause().isInstanceOf(ActivityFailure.class)
                .cause().isInstanceOfSatisfying(ApplicationFailure.class, failure -> {
                    assertThat(failure.getType()).isEqualTo(FailureType.INVARIANT_VIOLATED.name());
                    assertThat(failure.getOriginalMessage()).contains("no payout line");
                });
        assertThat(reservations).hasValue(1);
        assertThat(ledger.find(LedgerAccounts.working(client)).orElseThrow().reserved()).isEqualByComparingTo("0");
    }

    @Test
    void givenARailActivityThatFailsOtherwiseThanUnreachable_theLineShouldFailVisibly_notAskTheRailAsIfItWereAway() {
        AtomicInteger sends = new AtomicInteger();
        startWorker(payoutActivities, new PayoutRailActivities() {
            @Override
            public RailAcknowledgement sendPayout(PayoutLineCommand line) {
                sends.incrementAndGet();
                throw FailureType.BAD_DATA.failure("an answer no one can read", null);
            }

            @Override
            public RailResult queryPayoutStatus(Rail rail, String stan) {
                return railActivities.queryPayoutStatus(rail, stan);
            }
        });
        String client = harness.newClient("1000.00");
        PayoutLineCommand line = harness.record(client, TIMING, LineSpec.mobile("+254712000016", "100.00"))
                .lines().getFirst();

        assertThatThrownBy(() -> directLineStub(line).process(line))
                .isInstanceOf(WorkflowFailedException.class)
                .cause().isInstanceOf(ActivityFailure.class)
                .cause().isInstanceOfSatisfying(ApplicationFailure.class,
                        failure -> assertThat(failure.getType()).isEqualTo(FailureType.BAD_DATA.name()));
        assertThat(sends).hasValue(1);
        assertThat(rail.findAll(getRequestedFor(urlPathMatching(MOBILE + "/.*")))).isEmpty();
        // the instruction's fate is unknown: the hold stays, for an operator to see and settle
        assertThat(store.findLine(line.reference()).orElseThrow().transactionStatus()).isEqualTo(LineStatus.PROCESSING);
        assertThat(ledger.find(LedgerAccounts.working(client)).orElseThrow().reserved()).isEqualByComparingTo("110.00");
    }

    /** Passes every step to the real activities; a decorator overrides the step it changes. */
    abstract static class DelegatingPayoutActivities implements PayoutActivities {
        final PayoutActivities delegate;

        DelegatingPayoutActivities(PayoutActivities delegate) {
            this.delegate = delegate;
        }

        @Override
        public Reservation reserveAndClaim(String reference) {
            return delegate.reserveAndClaim(reference);
        }

        @Override
        public void closeAndPublish(LineOutcome outcome) {
            delegate.closeAndPublish(outcome);
        }

        @Override
        public Reservation reserveFunds(PayoutLineCommand line) {
            return delegate.reserveFunds(line);
        }

        @Override
        public boolean claimForSending(String stan) {
            return delegate.claimForSending(stan);
        }

        @Override
        public void closeLine(LineOutcome outcome) {
            delegate.closeLine(outcome);
        }

        @Override
        public void reconcileLateSuccess(String stan, RailResult result) {
            delegate.reconcileLateSuccess(stan, result);
        }

        @Override
        public void keepHoldUnconfirmed(LineOutcome timedOut, boolean referNow) {
            delegate.keepHoldUnconfirmed(timedOut, referNow);
        }

        @Override
        public void referToOperations(String reference) {
            delegate.referToOperations(reference);
        }

        @Override
        public void reconcileLateAnswer(String reference, RailResult answer) {
            delegate.reconcileLateAnswer(reference, answer);
        }

        @Override
        public void publishOutcome(String stan) {
            delegate.publishOutcome(stan);
        }
    }

    /** Closes the line for real, then dies before Temporal hears of it: the retry must find the work done. */
    static final class CrashingAfterFirstClose extends DelegatingPayoutActivities {
        private final AtomicInteger closes = new AtomicInteger();

        CrashingAfterFirstClose(PayoutActivities delegate) {
            super(delegate);
        }

        @Override
        public void closeAndPublish(LineOutcome outcome) {
            delegate.closeAndPublish(outcome);
            if (closes.getAndIncrement() == 0) {
                throw new IllegalStateException("worker died after settling, before reporting it");
            }
        }
    }

    /** The database drops the connection in the first close, before anything is written. */
    static final class FailingFirstClose extends DelegatingPayoutActivities {
        private final AtomicInteger closes = new AtomicInteger();

        FailingFirstClose(PayoutActivities delegate) {
            super(delegate);
        }

        @Override
        public void closeAndPublish(LineOutcome outcome) {
            if (closes.getAndIncrement() == 0) {
                throw new org.springframework.dao.DataAccessResourceFailureException(
                        "FATAL: terminating connection due to administrator command");
            }
            delegate.closeAndPublish(outcome);
        }
    }

    /** Counts the attempts at reserving funds. */
    static final class CountingReservations extends DelegatingPayoutActivities {
        private final AtomicInteger reservations;

        CountingReservations(PayoutActivities delegate, AtomicInteger reservations) {
            super(delegate);
            this.reservations = reservations;
        }

        @Override
        public Reservation reserveAndClaim(String reference) {
            reservations.incrementAndGet();
            return delegate.reserveAndClaim(reference);
        }
    }

    /** Sends for real, then dies before Temporal hears the rail accepted. */
    static final class CrashingAfterFirstSend implements PayoutRailActivities {
        private final PayoutRailActivities delegate;
        private final AtomicInteger sends = new AtomicInteger();

        CrashingAfterFirstSend(PayoutRailActivities delegate) {
            this.delegate = delegate;
        }

        @Override
        public RailAcknowledgement sendPayout(PayoutLineCommand line) {
            RailAcknowledgement acknowledgement = delegate.sendPayout(line);
            if (sends.getAndIncrement() == 0) {
                throw new IllegalStateException("worker died after the rail accepted, before reporting it");
            }
            return acknowledgement;
        }

        @Override
        public RailResult queryPayoutStatus(Rail rail, String stan) {
            return delegate.queryPayoutStatus(rail, stan);
        }
    }

    /** A client with 1,000.00 and an order of one line of 200.00 to this phone, which the rail takes and pays, run. */
    private PayoutLineCommand runPaidLine(String phone) {
        railAccepts();
        String client = harness.newClient("1000.00");
        PaymentOrderCommand order = harness.record(client, TIMING, LineSpec.mobile(phone, "200.00"));
        PayoutLineCommand line = order.lines().getFirst();
        railAnswers(line, "COMPLETED", "0", "Processed");

        run(order);
        return line;
    }
}
