package com.paywire.vocabulary.ledger;

/**
 * A ledger transfer's state, stored by name (ledger_transfers.state). A reserved (two-phase) transfer starts
 * PENDING, a hold on its debit account, and ends POSTED or VOIDED; a one-phase transfer is POSTED at once. Only a
 * POSTED transfer has entries.
 */
public enum TransferState {
    PENDING,
    POSTED,
    VOIDED
}
