-- A phone prompt whose success reached Paywire after its window: when that success was recorded, so that a
-- repeated late callback finds it done and an on-time success is never mistaken for a late one.
alter table express_deposits add column confirmed_late_at timestamptz;

-- Money a payer paid that no order could take (a checkout paid by another attempt, or already closed), and
-- the mobile-money rail cannot reverse: it is owed back to the payer, for an operator to pay out.
insert into ledger_accounts (id, client_id, kind, currency, may_go_negative) values
  ('platform:REFUNDS_DUE', null, 'REFUNDS_DUE', 'KES', false);
