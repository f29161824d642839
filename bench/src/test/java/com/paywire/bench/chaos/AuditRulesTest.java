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
    private static final String FUNDING = "platform:FUNDING";
    private static final String W = "client:c:WORKING";
    private static final String FS = "platform:FUNDING_SUSPENSE";
    private static final String BANK = "rail:BANK:SETTLEMENT";

    @Test
    void aBankEntryCreditedOnceToTheClientOrToSuspenseHolds() {
        List<Transfer> posted = List.of(new Transfer("bank-funding:CH1", FUNDING, W, money("1500.00")),
                new Transfer("bank-funding:CH2", FUNDING, FS, money("75.00")),
                new Transfer("bank-funding:CH12", FUNDING, W, money("9.00")));

        assertThat(AuditRules.bankEntryBooked("bank-funding:CH1", money("1500.00"), false, FUNDING, W, FS, posted))
                .isEmpty();
        assertThat(AuditRules.bankEntryBooked("bank-funding:CH2", money("75.00"), true, FUNDING, W, FS, posted))
                .isEmpty();
    }

    @Test
    void aBankEntryCreditedTwice_missing_ofAnotherAmount_orToTheWrongAccount_isCaught() {
        List<Transfer> twice = List.of(new Transfer("bank-funding:CH1", FUNDING, W, money("1500.00")),
                new Transfer("bank-funding:CH1:again", FUNDING, W, money("1500.00")));
        assertThat(AuditRules.bankEntryBooked("bank-funding:CH1", money("1500.00"), false, FUNDING, W, FS, twice))
                .hasValueSatisfying(v -> assertThat(v).contains("2 transfers"));
        assertThat(AuditRules.bankEntryBooked("bank-funding:CH1", money("1500.00"), false, FUNDING, W, FS, List.of()))
                .hasValueSatisfying(v -> assertThat(v).contains("0 transfers"));
        List<Transfer> short_ = List.of(new Transfer("bank-funding:CH1", FUNDING, W, money("1499.99")));
        assertThat(AuditRules.bankEntryBooked("bank-funding:CH1", money("1500.00"), false, FUNDING, W, FS, short_))
                .isPresent();
        // a bad reference credited to the client, and a good one held in suspense
        List<Transfer> credited = List.of(new Transfer("bank-funding:CH2", FUNDING, W, money("75.00")));
        assertThat(AuditRules.bankEntryBooked("bank-funding:CH2", money("75.00"), true, FUNDING, W, FS, credited))
                .isPresent();
        List<Transfer> held = List.of(new Transfer("bank-funding:CH1", FUNDING, FS, money("1500.00")));
        assertThat(AuditRules.bankEntryBooked("bank-funding:CH1", money("1500.00"), false, FUNDING, W, FS, held))
                .isPresent();
    }

    @Test
    void aBankEntryIsAnsweredAsItDeserves_orAsAlreadyProcessed() {
        assertThat(AuditRules.bankEntryAnswered("CH1", false, List.of("CREDITED", "CREDITED", "ALREADY_PROCESSED")))
                .isEmpty();
        assertThat(AuditRules.bankEntryAnswered("CH2", true, List.of("ALREADY_PROCESSED", "SUSPENDED"))).isEmpty();
        assertThat(AuditRules.bankEntryAnswered("CH1", false, List.of("CREDITED", "SUSPENDED"))).isPresent();
        assertThat(AuditRules.bankEntryAnswered("CH2", true, List.of("CREDITED"))).isPresent();
        assertThat(AuditRules.bankEntryAnswered("CH3", false, List.of())).isPresent();
    }

    @Test
    void aSettlementPaidByTheBankIsPostedOnce_aFailedOneReleased_anUnconfirmedOneHeldWhole() {
        List<Transfer> paid = List.of(new Transfer("settlement:s1#0", U, BANK, money("470.00")),
                new Transfer("settlement:s1#1", U, F, money("30.00")));
        assertThat(AuditRules.settlementBooked("s1", "PAID", money("500.00"), U, true, paid, BigDecimal.ZERO)).isEmpty();
        assertThat(AuditRules.settlementBooked("s2", "FAILED", money("500.00"), U, false, List.of(), BigDecimal.ZERO))
                .isEmpty();
        assertThat(AuditRules.settlementBooked("s3", "UNCONFIRMED", money("500.00"), U, false, List.of(),
                money("500.00"))).isEmpty();
    }

    @Test
    void aSettlementPostedWithoutTheBank_failedThoughPaid_postedTwice_orStrandedIsCaught() {
        List<Transfer> paid = List.of(new Transfer("settlement:s1#0", U, BANK, money("470.00")),
                new Transfer("settlement:s1#1", U, F, money("30.00")));
        assertThat(AuditRules.settlementBooked("s1", "PAID", money("500.00"), U, false, paid, BigDecimal.ZERO))
                .hasValueSatisfying(v -> assertThat(v).contains("did not pay"));
        assertThat(AuditRules.settlementBooked("s1", "FAILED", money("500.00"), U, true, List.of(), BigDecimal.ZERO))
                .hasValueSatisfying(v -> assertThat(v).contains("rail paid"));
        assertThat(AuditRules.settlementBooked("s1", "FAILED", money("500.00"), U, false, paid, BigDecimal.ZERO))
                .isPresent();
        assertThat(AuditRules.settlementBooked("s1", "FAILED", money("500.00"), U, false, List.of(), money("500.00")))
                .isPresent(); // failed but still held: stranded money
        List<Transfer> twice = List.of(paid.get(0), paid.get(1), new Transfer("settlement:s1#0", U, BANK, money("470.00")));
        assertThat(AuditRules.settlementBooked("s1", "PAID", money("500.00"), U, true, twice, BigDecimal.ZERO))
                .isPresent();
        assertThat(AuditRules.settlementBooked("s1", "UNCONFIRMED", money("500.00"), U, false, paid, BigDecimal.ZERO))
                .isPresent();
        assertThat(AuditRules.settlementBooked("s1", "PROCESSING", money("500.00"), U, false, List.of(),
                money("500.00"))).hasValueSatisfying(v -> assertThat(v).contains("stranded"));
    }

    @Test
    void aTransferMovedOnceFromUtilityToWorkingHolds_twiceOrTheOtherWayNot() {
        List<Transfer> once = List.of(new Transfer("transfer:t1", U, W, money("120.00")),
                new Transfer("transfer:t11", U, W, money("5.00")));
        assertThat(AuditRules.transferMovedOnce("transfer:t1", money("120.00"), U, W, once)).isEmpty();
        List<Transfer> twice = List.of(new Transfer("transfer:t1", U, W, money("120.00")),
                new Transfer("transfer:t1:again", U, W, money("120.00")));
        assertThat(AuditRules.transferMovedOnce("transfer:t1", money("120.00"), U, W, twice)).isPresent();
        List<Transfer> backwards = List.of(new Transfer("transfer:t1", W, U, money("120.00")));
        assertThat(AuditRules.transferMovedOnce("transfer:t1", money("120.00"), U, W, backwards)).isPresent();
        assertThat(AuditRules.transferMovedOnce("transfer:t1", money("120.00"), U, W, List.of())).isPresent();
    }
    private static final String PS = "platform:PAYBILL_SUSPENSE";
    private static final String MM = "rail:MOBILE_MONEY:SETTLEMENT";

    @Test
    void aSuspenseReturnTheRailReversedIsPostedOnceOutOfSuspense_aRefusedOneReleased_anUnknownOneHeld() {
        String key = "operator:paybill_suspense_returned:R1";
        List<Transfer> posted = List.of(new Transfer(key + "#0", PS, MM, money("150.00")));
        assertThat(AuditRules.heldThenBooked(key, "PAID", "PAYING", money("150.00"), PS, true, posted,
                BigDecimal.ZERO)).isEmpty();
        assertThat(AuditRules.heldThenBooked(key, "FAILED", "PAYING", money("150.00"), PS, false, List.of(),
                BigDecimal.ZERO)).isEmpty();
        assertThat(AuditRules.heldThenBooked(key, "PAYING", "PAYING", money("150.00"), PS, false, List.of(),
                money("150.00"))).isEmpty();
        // reversed by the rail but released: the payer has the money and suspense has it again
        assertThat(AuditRules.heldThenBooked(key, "FAILED", "PAYING", money("150.00"), PS, true, List.of(),
                BigDecimal.ZERO)).isPresent();
        assertThat(AuditRules.heldThenBooked(key, "PENDING", "PAYING", money("150.00"), PS, false, List.of(),
                BigDecimal.ZERO)).hasValueSatisfying(v -> assertThat(v).contains("stranded"));
    }

    @Test
    void suspenseHoldsExactlyTheDepositsNeitherReturnedNorAssigned() {
        assertThat(AuditRules.suspenseLeft(PS, money("90.00"), money("320.00"), money("150.00"), money("80.00")))
                .isEmpty();
        assertThat(AuditRules.suspenseLeft(PS, money("240.00"), money("320.00"), money("0.00"), money("80.00")))
                .isEmpty();
        assertThat(AuditRules.suspenseLeft(PS, money("0.00"), money("320.00"), money("150.00"), money("80.00")))
                .isPresent();
    }
    @Test
    void anOperatorsAdjustmentOnTheStatementNamesNoProduct_anyOtherLineMust() {
        List<StatementLine> lines = List.of(new StatementLine(1, money("149.17"), money("149.17"), "OTHER", "ADJUSTMENT"),
                new StatementLine(2, money("10.00"), money("159.17"), "OTHER", "COLLECTION"));

        assertThat(AuditRules.statementMatches(money("0.00"), money("159.17"), lines, Set.of(1L, 2L)))
                .containsExactly("entry 2 names no product");
    }

    @Test
    void aDisputeDebitedOnceInLegs_andCreditedBackOnceWhenWon_holds() {
        List<Transfer> posted = List.of(new Transfer("dispute:dsp_1#0", U, S, money("30.00")),
                new Transfer("dispute:dsp_1#1", "client:c:RECEIVABLE:USD", S, money("20.00")),
                new Transfer("dispute:dsp_1:fee", U, F, money("15.00")),
                new Transfer("dispute:dsp_1:won", S, U, money("50.00")));

        assertThat(AuditRules.disputeBooked("dsp_1", money("50.00"), money("15.00"), true, posted)).isEmpty();
        assertThat(AuditRules.disputeBooked("dsp_1", money("50.00"), money("15.00"), false, posted)).isPresent();
    }

    @Test
    void aDisputeDebitedTwice_orItsFeeMissing_orAStrayPosting_isAViolation() {
        Transfer amount = new Transfer("dispute:dsp_1", U, S, money("50.00"));
        Transfer fee = new Transfer("dispute:dsp_1:fee", U, F, money("15.00"));

        assertThat(AuditRules.disputeBooked("dsp_1", money("50.00"), money("15.00"), false, List.of(amount, fee)))
                .isEmpty();
        assertThat(AuditRules.disputeBooked("dsp_1", money("50.00"), money("15.00"), false,
                List.of(amount, fee, new Transfer("dispute:dsp_1#1", U, S, money("50.00"))))).isPresent();
        assertThat(AuditRules.disputeBooked("dsp_1", money("50.00"), money("15.00"), false, List.of(amount)))
                .isPresent();
        assertThat(AuditRules.disputeBooked("dsp_1", money("50.00"), money("15.00"), false,
                List.of(amount, fee, new Transfer("dispute:dsp_1:again", U, S, money("0.01"))))).isPresent();
    }

    @Test
    void aDisputeIsDecidedAsItsAnswerSays() {
        assertThat(AuditRules.disputeDecided("d", "WIN", "WON", false)).isEmpty();
        assertThat(AuditRules.disputeDecided("d", "LOSE", "LOST", false)).isEmpty();
        assertThat(AuditRules.disputeDecided("d", "UNANSWERED", "LOST", false)).isEmpty();
        assertThat(AuditRules.disputeDecided("d", "ACCEPT", "LOST", true)).isEmpty();
        assertThat(AuditRules.disputeDecided("d", "WIN", "LOST", false)).isPresent();
        assertThat(AuditRules.disputeDecided("d", "LOSE", "WON", false)).isPresent();
        assertThat(AuditRules.disputeDecided("d", "ACCEPT", "LOST", false)).isPresent();
    }

    @Test
    void aReversalIsPostedWholeWhenTheRailReversedIt_releasedWhenRefused_heldWhileUnanswered() {
        BigDecimal amount = money("500.00");
        BigDecimal none = BigDecimal.ZERO;

        assertThat(AuditRules.reversalBooked("r", "PAID", "PAID", "PAYING", amount, true, amount, none)).isEmpty();
        assertThat(AuditRules.reversalBooked("r", "FAILED", "PAID", "PAYING", amount, false, none, none)).isEmpty();
        assertThat(AuditRules.reversalBooked("r", "PAYING", "PAID", "PAYING", amount, null, none, amount)).isEmpty();

        assertThat(AuditRules.reversalBooked("r", "PAID", "PAID", "PAYING", amount, true, money("1000.00"), none))
                .isPresent();
        assertThat(AuditRules.reversalBooked("r", "PAID", "PAID", "PAYING", amount, false, amount, none)).isPresent();
        assertThat(AuditRules.reversalBooked("r", "FAILED", "PAID", "PAYING", amount, false, none, amount)).isPresent();
        assertThat(AuditRules.reversalBooked("r", "FAILED", "PAID", "PAYING", amount, null, none, none)).isPresent();
        assertThat(AuditRules.reversalBooked("r", "PAYING", "PAID", "PAYING", amount, true, none, amount)).isPresent();
    }

    @Test
    void aPaymentsReversal_isNotTakenForOneOfItsLegs() {
        List<Transfer> posted = List.of(new Transfer("paybill:p1", S, U, money("99.17")),
                new Transfer("paybill:p1:fee", S, F, money("0.83")),
                new Transfer("paybill:p1:reversal:r1#0", U, S, money("99.17")),
                new Transfer("paybill:p1:reversal:r1:fee#0", F, S, money("0.83")));

        assertThat(AuditRules.of("paybill:p1", posted)).extracting(Transfer::key)
                .containsExactly("paybill:p1", "paybill:p1:fee");
    }
}
