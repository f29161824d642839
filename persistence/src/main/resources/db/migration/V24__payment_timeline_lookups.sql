-- A payment's timeline reads its ledger transfers by their key's prefix (payout:<reference>, and the keys that
-- extend it) and its events by their ordering key; the events' predecessor lookup reads them by that key too.
create index ledger_transfers_key_prefix on ledger_transfers (idempotency_key text_pattern_ops);
create index events_ordering_key on events (ordering_key) where ordering_key is not null;
