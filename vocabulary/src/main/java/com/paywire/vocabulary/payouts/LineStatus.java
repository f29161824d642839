package com.paywire.vocabulary.payouts;

import com.paywire.vocabulary.Coded;
import java.util.Arrays;
import java.util.List;

/** A payout line's transactionStatus (0, 4, 7 and 8 are public; the rest are Paywire's). */
public enum LineStatus implements Coded {
    PENDING(0, "Pending"),
    QUEUED(1, "Queued"),
    PROCESSING(2, "Processing"),
    FAILED(3, "Failed"),
    COMPLETED(4, "Completed"),
    CANCELLED(5, "Cancelled"),
    REVERSED(6, "Reversed"),
    REJECTED(7, "Rejected"),
    TIMED_OUT(8, "Timed Out");

    private final int code;
    private final String description;

    LineStatus(int code, String description) {
        this.code = code;
        this.description = description;
    }

    @Override
    public int code() {
        return code;
    }

    public String description() {
        return description;
    }

    /** Pending, Queued and Processing lines may still change; the others are final. */
    public boolean isFinal() {
        return this != PENDING && this != QUEUED && this != PROCESSING;
    }

    /** The codes of the statuses a line may still leave, for queries over the read model. */
    public static List<Integer> openCodes() {
        return Arrays.stream(values()).filter(s -> !s.isFinal()).map(LineStatus::code).toList();
    }

    public static LineStatus of(int code) {
        return Coded.of(LineStatus.class, code);
    }
}
