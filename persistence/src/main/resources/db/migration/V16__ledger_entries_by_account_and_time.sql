-- A statement reads one account's entries in time order, and sums them before and within a period.
create index ledger_entries_account_time on ledger_entries (account_id, created_at, id);
