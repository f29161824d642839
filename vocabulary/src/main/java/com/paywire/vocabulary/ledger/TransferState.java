package com.paywire.vocabulary.ledger;

/**
 * A ledger transfer's state, stored by name (ledger_transfers.state). A reserved (two-phase) transfer starts
 * PENDING, a hold on its debit account, and ends POSTED or VOIDED: its row stays PENDING and a resolution row of its
 * own records the end (ledger_transfer_states reads the leg in the state of its resolution). A one-phase transfer
 * is POSTED at once. Only a POSTED row has entries.
 */
public enum TransferState {
    PENDING,
    POSTED,
    VOIDED
}
