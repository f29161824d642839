-- The holds outstanding, which the metrics read every few seconds (Ledger.pendingHolds): an index of the pending
-- legs alone, as small as what is held now, so that counting them never reads the whole ledger.
create index ledger_transfers_pending on ledger_transfers (reservation_key) include (amount) where state = 'PENDING';
