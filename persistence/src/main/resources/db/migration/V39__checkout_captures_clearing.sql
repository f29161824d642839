-- A checkout's card capture is held before the processor is asked, like any capture, but its order (not the
-- capture) credits the merchant: until the order takes it, the captured money waits here. Posting the order's
-- credit, owing it back or refunding it empties it; it may not go negative, so a capture is spent once.
insert into ledger_accounts (id, client_id, kind, currency, may_go_negative) values
  ('platform:CHECKOUT_CAPTURES', null, 'CHECKOUT_CAPTURES', 'KES', false);
