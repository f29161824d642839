-- A card capture or refund the processor never answered about (asked again by its reference for a day) is referred
-- to operators: unconfirmed_since says since when its outcome has been unknown (when it was asked), referred_at when
-- it was referred. Both are kept once it is decided; the operators' queue lists only those still undecided (a capture
-- PENDING, a refund REFUND_INITIATED).
alter table card_transactions add column unconfirmed_since timestamptz;
alter table card_transactions add column referred_at timestamptz;
create index card_transactions_referred on card_transactions (referred_at) where referred_at is not null;

-- Operators resolve card captures and refunds too. Their ids are Paywire's card transaction ids (cap_…, ref_…), not
-- UUIDs: a resolution names its payment as text (a UUID reads the same as before).
alter table unconfirmed_payment_resolutions alter column payment_id type text using payment_id::text;
alter table unconfirmed_payment_resolutions drop constraint unconfirmed_payment_resolutions_product_check;
alter table unconfirmed_payment_resolutions add constraint unconfirmed_payment_resolutions_product_check
    check (product in ('AIRTIME', 'BILL', 'PAYOUT', 'CARD'));
