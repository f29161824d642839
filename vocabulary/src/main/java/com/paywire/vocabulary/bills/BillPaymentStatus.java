package com.paywire.vocabulary.bills;

import com.paywire.vocabulary.Coded;
import java.util.Arrays;
import java.util.List;

/** A bill payment's status, stored and answered by its code (bill_payments.status). */
public enum BillPaymentStatus implements Coded {
    PENDING(0, "Pending"),
    /** with the biller; status code 14 while pending confirmation */
    PROCESSING(1, "Processing"),
    FAILED(2, "Failed"),
    COMPLETED(4, "Completed"),
    /**
     * only payments that ran before unconfirmed ones were kept held: the biller never confirmed and the funds were
     * released
     */
    TIMED_OUT(8, "Timed Out");

    private final int code;
    private final String description;

    BillPaymentStatus(int code, String description) {
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

    /** Pending and Processing payments may still change; the others are final. */
    public boolean isFinal() {
        return this != PENDING && this != PROCESSING;
    }

    /** The codes of the statuses a payment may still leave, for queries over bill_payments. */
    public static List<Integer> openCodes() {
        return Arrays.stream(values()).filter(s -> !s.isFinal()).map(BillPaymentStatus::code).toList();
    }

    public static BillPaymentStatus of(int code) {
        return Coded.of(BillPaymentStatus.class, code);
    }
}
