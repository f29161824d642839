package com.paywire.bench.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import com.paywire.bench.chaos.AuditRules.StatementLine;
import com.paywire.bench.chaos.AuditRules.Transfer;
import java.math.BigDecimal;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AuditRulesTest {

    private static final String U = "client:c:UTILITY";
    private static final String S = "rail:CARD:SETTLEMENT";
    private static final String F = "platform:FEE_REVENUE";

    private static BigDecimal money(String amount) {
        return new BigDecimal(amount);
    }

    @Test
    void aCaptureCreditedOnceLessItsFeeHolds() {
        List<Transfer> posted = List.of(new Transfer("card:cap_1", S, U, money("97.10")),
                new Transfer("card:cap_1:fee", S, F, money("2.90")),
                new Transfer("card:cap_12", S, U, money("50.00")));

        assertThat(AuditRules.creditedOnce("card:cap_1", money("100.00"), U, posted)).isEmpty();
    }

    @Test
    void aCaptureCreditedAsAPostedHold_andRefundedAsOne_holdsLikeOnePostedAtOnce() {
        List<Transfer> posted = List.of(new Transfer("card:cap_1#0", S, U, money("97.10")),
                new Transfer("card:cap_1#1", S, F, money("2.90")),
                new Transfer(AuditRules.refundKey("card:cap_1", "ref_1") + "#0", U, S, money("24.27")),
                new Transfer(AuditRules.refundKey("card:cap_1", "ref_1") + ":fee#0", F, S, money("0.73")));

        assertThat(AuditRules.creditedOnce("card:cap_1", money("100.00"), U, posted)).isEmpty();
        assertThat(AuditRules.refundBooked(AuditRules.refundKey("card:cap_1", "ref_1"), money("25.00"), true, U,
                posted)).isEmpty();
    }

    @Test
    void aCapturesRefundsAreNotTakenForASecondCredit() {
        List<Transfer> posted = List.of(new Transfer("card:cap_1", S, U, money("97.10")),
                new Transfer("card:cap_1:fee", S, F, money("2.90")),
                new Transfer(AuditRules.refundKey("card:cap_1", "ref_1"), U, S, money("24.27")),
                new Transfer(AuditRules.refundKey("card:cap_1", "ref_1") + ":fee", F, S, money("0.73")));

        assertThat(AuditRules.creditedOnce("card:cap_1", money("100.00"), U, posted)).isEmpty();
    }

    @Test
    void aCaptureNeverCreditedOrCreditedTwiceOrShortIsAViolation() {
        assertThat(AuditRules.creditedOnce("card:cap_1", money("100.00"), U, List.of()))
                .hasValue("card:cap_1: 0 credits to client:c:UTILITY, not 1");
        assertThat(AuditRules.creditedOnce("card:cap_1", money("100.00"), U, List.of(
                new Transfer("card:cap_1", S, U, money("100.00")),
                new Transfer("card:cap_1:again", S, U, money("100.00"))))).isPresent();
        assertThat(AuditRules.creditedOnce("card:cap_1", money("100.00"), U, List.of(
                new Transfer("card:cap_1", S, U, money("97.10"))))).isPresent();
    }

    private static final String M = "rail:MOBILE_MONEY:SETTLEMENT";
    private static final String SUSPENSE = "platform:PAYBILL_SUSPENSE";

    @Test
    void aPaybillDepositCreditedOnceLessItsFeeOrHeldInSuspenseOnceHolds() {
        List<Transfer> posted = List.of(new Transfer("paybill:d1", M, U, money("149.17")),
                new Transfer("paybill:d1:fee", M, F, money("0.83")),
                new Transfer("paybill:d2", M, SUSPENSE, money("40.00")));

        assertThat(AuditRules.paybillBooked("paybill:d1", money("150.00"), money("0.83"), false, U, SUSPENSE, posted))
                .isEmpty();
        assertThat(AuditRules.paybillBooked("paybill:d2", money("40.00"), null, true, U, SUSPENSE, posted)).isEmpty();
    }

    @Test
    void aPaybillDepositLostCreditedTwiceOrMisplacedIsAViolation() {
        assertThat(AuditRules.paybillBooked("paybill:d1", money("150.00"), money("0.83"), false, U, SUSPENSE,
                List.of())).hasValue("paybill:d1: [] to client:c:UTILITY, not once 149.17");
        assertThat(AuditRules.paybillBooked("paybill:d1", money("150.00"), money("0.83"), false, U, SUSPENSE, List.of(
                new Transfer("paybill:d1", M, U, money("149.17")), new Transfer("paybill:d1:fee", M, F, money("0.83")),
                new Transfer("paybill:d1:again", M, U, money("149.17"))))).isPresent();
        assertThat(AuditRules.paybillBooked("paybill:d1", money("150.00"), money("0.83"), false, U, SUSPENSE, List.of(
                new Transfer("paybill:d1", M, SUSPENSE, money("150.00")))))
                .hasValue("paybill:d1: held in platform:PAYBILL_SUSPENSE");
        assertThat(AuditRules.paybillBooked("paybill:d2", money("40.00"), null, true, U, SUSPENSE, List.of(
                new Transfer("paybill:d2", M, SUSPENSE, money("40.00")),
                new Transfer("paybill:d2:again", M, SUSPENSE, money("40.00")))))
                .hasValue("paybill:d2: 2 transfers, not 1");
    }

    @Test
    void aSettledRefundIsDebitedOnceAndReturnsItsAmountToTheSettlementHoweverTheFeeIsShared() {
        List<Transfer> feeKept = List.of(new Transfer("card:cap_1:refund:ref_1", U, S, money("25.00")));
        List<Transfer> feeShared = List.of(new Transfer("card:cap_1:refund:ref_1", U, S, money("24.27")),
                new Transfer("card:cap_1:refund:ref_1:fee", F, S, money("0.73")));

        assertThat(AuditRules.refundBooked("card:cap_1:refund:ref_1", money("25.00"), true, U, feeKept)).isEmpty();
        assertThat(AuditRules.refundBooked("card:cap_1:refund:ref_1", money("25.00"), true, U, feeShared)).isEmpty();
        assertThat(AuditRules.refundBooked("card:cap_1:refund:ref_1", money("25.00"), true, U, List.of()))
                .hasValue("card:cap_1:refund:ref_1: 0 debits of client:c:UTILITY, not 1");
        assertThat(AuditRules.refundBooked("card:cap_1:refund:ref_1", money("25.00"), true, U,
                List.of(new Transfer("card:cap_1:refund:ref_1", U, S, money("24.27"))))).isPresent();
    }

    @Test
    void aFailedRefundLeavesNothingOnTheUtilityAccount() {
        assertThat(AuditRules.refundBooked("card:cap_1:refund:ref_1", money("25.00"), false, U, List.of(
                new Transfer("card:cap_1:refund:ref_1", U, S, money("25.00")),
                new Transfer("card:cap_1:refund:ref_1:reversed", S, U, money("25.00"))))).isEmpty();
        assertThat(AuditRules.refundBooked("card:cap_1:refund:ref_1", money("25.00"), false, U, List.of(
                new Transfer("card:cap_1:refund:ref_1", U, S, money("25.00")))))
                .hasValue("card:cap_1:refund:ref_1: a failed refund left -25.00 on client:c:UTILITY");
    }

    @Test
    void aStatementThatAddsUpAndShowsEveryEntryOnceHolds() {
        List<StatementLine> lines = List.of(new StatementLine(1, money("100.00"), money("100.00"), "EXPRESS_DEPOSIT"),
                new StatementLine(2, money("-30.00"), money("70.00"), "CARD"));

        assertThat(AuditRules.statementMatches(BigDecimal.ZERO, money("70.00"), lines, Set.of(1L, 2L))).isEmpty();
    }

    @Test
    void aStatementMissingAnEntryOrNotAddingUpIsWrong() {
        List<StatementLine> lines = List.of(new StatementLine(1, money("100.00"), money("100.00"), "EXPRESS_DEPOSIT"),
                new StatementLine(1, money("100.00"), money("190.00"), "OTHER"));

        assertThat(AuditRules.statementMatches(BigDecimal.ZERO, money("70.00"), lines, Set.of(1L, 2L)))
                .containsExactly("entry 1 shows a running balance of 190.00, the entries before it make 200.00",
                        "entry 1 is shown twice", "entry 1 names no product",
                        "the entries make 200.00, the balance moved 70.00",
                        "1 ledger entries not on the statement, e.g. 2");
    }

    @Test
    void aPayoutLineWhoseOutcomeIsUnknown_isAcceptedWhateverTheRailDid_whileNothingOfItIsPosted() {
        assertThat(AuditRules.payoutPostedIffPaid("s1", true, 0, true)).isEmpty();
        assertThat(AuditRules.payoutPostedIffPaid("s1", true, 0, false)).isEmpty();
        assertThat(AuditRules.payoutPostedIffPaid("s1", true, 2, true)).isPresent();
        assertThat(AuditRules.payoutStatusAgrees("s1", 8, true, true, 4, 8)).isEmpty();
        assertThat(AuditRules.payoutStatusAgrees("s1", 4, true, true, 4, 8)).isPresent();
    }

    @Test
    void aPhonePromptWhoseOutcomeIsUnknown_isAcceptedWhateverTheRailDid_solongAsNothingIsCredited() {
        assertThat(AuditRules.promptPostedIffPaid("d1", true, 0, true)).isEmpty();
        assertThat(AuditRules.promptPostedIffPaid("d1", true, 0, false)).isEmpty();
        assertThat(AuditRules.promptPostedIffPaid("d1", true, 1, true)).isPresent();
        assertThat(AuditRules.promptStatusAgrees("d1", "1037", true, true, "0", "1037")).isEmpty();
        assertThat(AuditRules.promptStatusAgrees("d1", "0", true, true, "0", "1037")).isPresent();
    }

    @Test
    void aPhonePromptWhoseOutcomeIsKnown_isCreditedOnce_exactlyWhenTheRailWasPaid() {
        assertThat(AuditRules.promptPostedIffPaid("d1", false, 1, true)).isEmpty();
        assertThat(AuditRules.promptPostedIffPaid("d1", false, 0, false)).isEmpty();
        assertThat(AuditRules.promptPostedIffPaid("d1", false, 0, true)).isPresent();
        assertThat(AuditRules.promptPostedIffPaid("d1", false, 1, false)).isPresent();
        assertThat(AuditRules.promptPostedIffPaid("d1", false, 2, true)).as("held and paid late both posted")
                .isPresent();
        assertThat(AuditRules.promptStatusAgrees("d1", "0", false, true, "0", "1037")).isEmpty();
        assertThat(AuditRules.promptStatusAgrees("d1", "1032", false, false, "0", "1037")).isEmpty();
        assertThat(AuditRules.promptStatusAgrees("d1", "1037", false, true, "0", "1037")).isPresent();
    }

    @Test
    void aPayoutLineWhoseOutcomeIsKnown_isPostedAndCompletedExactlyWhenTheRailPaid() {
        assertThat(AuditRules.payoutPostedIffPaid("s1", false, 2, true)).isEmpty();
        assertThat(AuditRules.payoutPostedIffPaid("s1", false, 0, false)).isEmpty();
        assertThat(AuditRules.payoutPostedIffPaid("s1", false, 0, true)).isPresent();
        assertThat(AuditRules.payoutPostedIffPaid("s1", false, 2, false)).isPresent();
        assertThat(AuditRules.payoutStatusAgrees("s1", 8, false, true, 4, 8)).isPresent();
        assertThat(AuditRules.payoutStatusAgrees("s1", 4, false, true, 4, 8)).isEmpty();
        assertThat(AuditRules.payoutStatusAgrees("s1", null, false, false, 4, 8)).isPresent();
    }
}
