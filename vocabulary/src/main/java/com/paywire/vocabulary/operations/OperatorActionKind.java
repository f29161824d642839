package com.paywire.vocabulary.operations;

/**
 * What an operator did that moved money, as the operators' audit log stores it ({@code operator_actions.action}).
 * Each kind acts on one kind of subject, named in its comment; a subject is acted on once per kind.
 */
public enum OperatorActionKind {
    /** A bank-statement entry held in funding suspense credited to a client's working account (the bank's entry reference). */
    FUNDING_SUSPENSE_ASSIGNED,
    /** A paybill deposit held in suspense credited to a client as the deposit it should have been (the rail's receipt). */
    PAYBILL_SUSPENSE_ASSIGNED,
    /** A paybill deposit held in suspense paid back to its payer (the rail's receipt). */
    PAYBILL_SUSPENSE_RETURNED;

    /**
     * The ledger key of the action's money, {@code operator:{kind}:{subject}}: its prefix is no product's, so a
     * client's statement types its entries {@code ADJUSTMENT}.
     */
    public String ledgerKey(String subject) {
        return "operator:" + name().toLowerCase() + ":" + subject;
    }
}
