-- A checkout attempt's payment (a card capture, a phone prompt) is held before the rail is asked, like any
-- payment, but its order (not the attempt) credits the merchant: until the order takes it, the money waits here.
-- Posting the order's credit, owing it back or refunding it empties it; it may not go negative, so a payment is
-- spent once.
insert into ledger_accounts (id, client_id, kind, currency, may_go_negative) values
  ('platform:CHECKOUT_PAYMENTS', null, 'CHECKOUT_PAYMENTS', 'KES', false);
