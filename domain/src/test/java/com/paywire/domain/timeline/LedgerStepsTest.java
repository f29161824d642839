package com.paywire.domain.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.domain.timeline.TimelineStep.Outcome;
import com.paywire.persistence.ledger.Ledger;
import com.paywire.vocabulary.ledger.TransferState;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A payment's transfers as steps: holds when made and when settled, postings with their legs together. */
class LedgerStepsTest {

    private static final OffsetDateTime T0 = OffsetDateTime.parse("2026-11-20T10:00:00Z");

    private static Ledger.Transfer transfer(String key, String reservationKey, String debitKind, String creditKind,
                                            String amount, TransferState state, int createdAt, Integer settledAt) {
        return new Ledger.Transfer(key, reservationKey, "debit", debitKind, "credit", creditKind, new BigDecimal(amount),
                "KES", state, "a transfer", T0.plusSeconds(createdAt),
                settledAt == null ? null : T0.plusSeconds(settledAt));
    }

    @Test
    void givenAHoldThatWasPosted_itShouldBeHeldThenPosted_amountAndFeeTogether() {
        List<TimelineStep> steps = LedgerSteps.of(List.of(
                transfer("payout:r#0", "payout:r", "WORKING", "RAIL_SETTLEMENT", "1000.00", TransferState.POSTED, 0, 30),
                transfer("payout:r#1", "payout:r", "WORKING", "FEE_REVENUE", "10.00", TransferState.POSTED, 0, 30)));

        assertThat(steps).extracting(TimelineStep::words).containsExactly(
                "held 1,010.00 KES on the working account (1,000.00 KES for the rail, 10.00 KES fee)",
                "posted 1,000.00 KES to the rail, 10.00 KES fee");
        assertThat(steps).extracting(TimelineStep::outcome).containsExactly(Outcome.HELD, Outcome.POSTED);
        assertThat(steps.getFirst().duration()).as("held for").isEqualTo(Duration.ofSeconds(30));
        assertThat(steps.getLast().time()).isEqualTo(T0.plusSeconds(30).toInstant());
        assertThat(steps.getFirst().operator().name()).isEqualTo("payout:r");
    }

    @Test
    void givenACardCaptureHeldOnTheRailsSettlement_itShouldSayTheCreditGoesToTheUtilityAccount() {
        List<TimelineStep> steps = LedgerSteps.of(List.of(
                transfer("card:c#0", "card:c", "RAIL_SETTLEMENT", "UTILITY", "97.50", TransferState.POSTED, 0, 1),
                transfer("card:c#1", "card:c", "RAIL_SETTLEMENT", "FEE_REVENUE", "2.50", TransferState.POSTED, 0, 1)));

        assertThat(steps).extracting(TimelineStep::words).containsExactly(
                "held 100.00 KES on the rail's settlement account (97.50 KES for the utility account, 2.50 KES fee)",
                "posted 97.50 KES to the utility account, 2.50 KES fee");
    }

    @Test
    void givenAPhonePromptsCreditHeldThenReleased_andPaidLate_itShouldSayWhereTheCreditGoes_andThatItCameAfterTheRelease() {
        List<TimelineStep> steps = LedgerSteps.of(List.of(
                transfer("deposit:d#0", "deposit:d", "RAIL_SETTLEMENT", "UTILITY", "250.00", TransferState.VOIDED, 0, 60),
                transfer("deposit:d:paid-late", null, "RAIL_SETTLEMENT", "UTILITY", "250.00", TransferState.POSTED, 90,
                        90)));

        assertThat(steps).extracting(TimelineStep::words).containsExactly(
                "held 250.00 KES on the rail's settlement account (250.00 KES for the utility account)",
                "released the hold of 250.00 KES",
                "paid after its hold was released: credited 250.00 KES to the utility account");
    }

    @Test
    void givenAHoldReleased_orStillHeld_itShouldSaySo() {
        List<TimelineStep> released = LedgerSteps.of(List.of(
                transfer("airtime:a#0", "airtime:a", "WORKING", "RAIL_SETTLEMENT", "50.00", TransferState.VOIDED, 0, 5)));
        List<TimelineStep> held = LedgerSteps.of(List.of(
                transfer("bill:b#0", "bill:b", "WORKING", "RAIL_SETTLEMENT", "70.00", TransferState.PENDING, 0, null)));

        assertThat(released).extracting(TimelineStep::words)
                .containsExactly("held 50.00 KES on the working account", "released the hold of 50.00 KES");
        assertThat(held).extracting(TimelineStep::words).containsExactly("held 70.00 KES on the working account");
        assertThat(held.getFirst().duration()).as("still held").isNull();
    }

    @Test
    void givenACreditAndARefundOfIt_eachShouldBeOneStep_withItsFee() {
        List<TimelineStep> steps = LedgerSteps.of(List.of(
                transfer("card:cap_1", null, "RAIL_SETTLEMENT", "UTILITY", "97.50", TransferState.POSTED, 0, 0),
                transfer("card:cap_1:fee", null, "RAIL_SETTLEMENT", "FEE_REVENUE", "2.50", TransferState.POSTED, 0, 0),
                transfer("card:cap_1:refund:ref_1", null, "UTILITY", "RAIL_SETTLEMENT", "39.00", TransferState.POSTED, 9, 9),
                transfer("card:cap_1:refund:ref_1:fee", null, "FEE_REVENUE", "RAIL_SETTLEMENT", "1.00",
                        TransferState.POSTED, 9, 9),
                transfer("card:cap_1:refund:ref_1:reversed", null, "RAIL_SETTLEMENT", "UTILITY", "39.00",
                        TransferState.POSTED, 20, 20)));

        assertThat(steps).extracting(TimelineStep::words).containsExactly(
                "credited 97.50 KES to the utility account, 2.50 KES fee",
                "refund: took 39.00 KES back from the utility account, 1.00 KES fee returned",
                "reversed: credited 39.00 KES to the utility account");
    }

    @Test
    void givenACreditThatPaidBackTheReceivable_itsRecoveryShouldBeOneStepSayingSo() {
        List<TimelineStep> steps = LedgerSteps.of(List.of(
                transfer("deposit:d", null, "RAIL_SETTLEMENT", "UTILITY", "40.00", TransferState.POSTED, 0, 0),
                transfer("deposit:d:recovery:payout:r:late:amount", null, "UTILITY", "RECEIVABLE", "25.00",
                        TransferState.POSTED, 0, 0),
                transfer("deposit:d:recovery:payout:r:late:fee", null, "UTILITY", "RECEIVABLE", "5.00",
                        TransferState.POSTED, 0, 0)));

        assertThat(steps).extracting(TimelineStep::words).containsExactly(
                "credited 40.00 KES to the utility account",
                "what the client owed paid back: took 25.00 KES from the utility account to the client's receivable, "
                        + "took 5.00 KES from the utility account to the client's receivable");
    }

    @Test
    void givenALateSuccessBookedFromTheReceivable_itShouldSayTheClientOwesIt() {
        List<TimelineStep> steps = LedgerSteps.of(List.of(
                transfer("payout:r:late:amount", null, "RECEIVABLE", "RAIL_SETTLEMENT", "100.00", TransferState.POSTED, 0, 0),
                transfer("payout:r:late:fee", null, "RECEIVABLE", "FEE_REVENUE", "10.00", TransferState.POSTED, 0, 0)));

        assertThat(steps).extracting(TimelineStep::words).containsExactly("the rail's late success booked: paid "
                + "100.00 KES to the rail, owed by the client (its working account was short), 10.00 KES fee");
    }
}
