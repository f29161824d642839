package com.paywire.vocabulary.airtime;

/** Where one top-up of an airtime purchase stands; stored, and answered to clients, by name (airtime_recipients.status). */
public enum AirtimeRecipientStatus {
    /** accepted; no funds held yet */
    PENDING,
    /** amount and fee held; with the network */
    PROCESSING,
    /** topped up; the hold posted */
    COMPLETED,
    /** not topped up; the hold released (or nothing was held) */
    FAILED;

    public boolean isFinal() {
        return this == COMPLETED || this == FAILED;
    }
}
