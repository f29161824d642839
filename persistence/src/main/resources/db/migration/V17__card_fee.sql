-- Card payments on the ledger: a capture credits the merchant's utility account less this fee (transaction type 10,
-- the CARD route's), and a refund returns its share. One band covers every card amount (AmountLimit.CARD_PAYMENT).
insert into charges values
  ('0b7c4a10-3f1e-4d55-9a52-0d1e5c6a0010', 10, 1.00, 1000000.00, 2.50, 'PERCENT', 404);

-- A refund names the capture; a checkout paid by card keeps its CaptureId as the third party's reference.
create index checkout_orders_card_capture on checkout_orders (client_id, third_party_reference)
  where payment_method = 'CARD';
