package com.paywire.workflows.collections;

import com.paywire.vocabulary.collections.DepositStatus;

/**
 * The payer's answer to a prompt, as the mobile-money rail reports it. Result codes: 0 success, 1 insufficient
 * balance, 1032 cancelled by the payer, 1037 payer not reached, 2001 wrong PIN, 1019 expired, 1001 payer busy.
 *
 * @param transactionDate yyyyMMddHHmmss, as the rail writes it, or null
 */
public record PromptResult(String reference, State state, String resultCode, String resultDesc,
                           String receiptNumber, String transactionDate) {

    public static final String SUCCESS = "0";
    public static final String CANCELLED = "1032";
    public static final String NOT_REACHED = "1037";

    public enum State {
        PENDING,
        ANSWERED,
        UNKNOWN
    }

    public boolean hasAnswer() {
        return state == State.ANSWERED;
    }

    /** The payer paid. */
    public boolean paid() {
        return hasAnswer() && SUCCESS.equals(resultCode);
    }

    /** What the payer's answer makes of the deposit: the status the deposit is closed with. */
    public static DepositStatus depositStatus(String resultCode) {
        return switch (resultCode == null ? "" : resultCode) {
            case SUCCESS -> DepositStatus.COMPLETED;
            case CANCELLED -> DepositStatus.CANCELLED;
            default -> DepositStatus.FAILED;
        };
    }

    /** This success as the deposit records it and the client hears it when it came after the prompt window. */
    public PromptResult confirmedLate() {
        return new PromptResult(reference, state, resultCode,
                (resultDesc == null ? "Paid" : resultDesc) + " (confirmed after the prompt window)", receiptNumber,
                transactionDate);
    }

    public static PromptResult pending(String reference) {
        return new PromptResult(reference, State.PENDING, null, null, null, null);
    }

    public static PromptResult notReached(String reference) {
        return new PromptResult(reference, State.ANSWERED, NOT_REACHED,
                "The payer could not be reached within the prompt window", null, null);
    }

    /**
     * What a deposit whose prompt's credit is held closes with when the window passed with no callback and the
     * rail's status query has no final word: the client hears 1037, as for {@link #notReached}, but the outcome is
     * unknown ({@link State#UNKNOWN}), so the held credit is kept until the rail's late word or an operator decides.
     */
    public static PromptResult unconfirmed(String reference) {
        PromptResult notReached = notReached(reference);
        return new PromptResult(reference, State.UNKNOWN, notReached.resultCode(), notReached.resultDesc(), null, null);
    }

    /** A close that does not decide the money: the deposit reads 1037, its held credit stays pending. */
    public boolean outcomeUnknown() {
        return state == State.UNKNOWN;
    }
}
