package com.paywire.workflows.paybacks;

import com.paywire.workflows.OperatorResolution;

/**
 * What a rail said of money paid back to a payer: to the request (accepted or refused), to a status query, or in
 * its result callback.
 *
 * @param railReference what the rail calls the pay-back, when it names it (a card refund's id)
 * @param code          the rail's own result code, or null
 * @param description   the rail's words, or Paywire's when the rail said nothing
 * @param operatorId    the operator whose word this is, given as the rail's would be; null: the rail's own (and in
 *                      histories recorded before operators could answer)
 */
public record PayBackAnswer(State state, String railReference, String code, String description, String operatorId) {

    /** The rail's answer. */
    public PayBackAnswer(State state, String railReference, String code, String description) {
        this(state, railReference, code, description, null);
    }

    public enum State {
        /** The rail took the request; its result comes later. */
        ACCEPTED,
        /** Asked how it stands: not finished. */
        PENDING,
        /** The payer was paid back. */
        PAID,
        /** The rail refused, for good. */
        REFUSED,
        /** No answer (the rail could not be reached, or never heard of it): the money stays held. */
        UNKNOWN
    }

    /**
     * An operator's word on money held with the rail's answer unknown, given to the workflow as the rail's would be:
     * paid posts the hold, not paid releases it. No rail code: the words say who decided, and on what.
     */
    public static PayBackAnswer resolvedBy(OperatorResolution resolution, String operatorId) {
        return new PayBackAnswer(resolution.paid() ? State.PAID : State.REFUSED, null, null,
                (resolution.paid() ? "Confirmed done" : "Confirmed not done") + " by operator " + operatorId + ": "
                        + resolution.reference(), operatorId);
    }

    public static PayBackAnswer unknown(String why) {
        return new PayBackAnswer(State.UNKNOWN, null, null, why);
    }

    /** Why the money did not move, for the record: the rail's refusal, with its code and words, or the operator's. */
    public String refusal() {
        return operatorId != null ? description : "The rail refused it" + (code == null ? "" : " (" + code + ")")
                + (description == null ? "" : ": " + description);
    }

    /** What the record keeps of a payment confirmed: who confirmed it, when an operator did; null for the rail's. */
    public String confirmation() {
        return operatorId != null ? description : null;
    }

    /** Paid or refused: the hold may be posted or released. */
    public boolean decides() {
        return state == State.PAID || state == State.REFUSED;
    }
}
