-- A payout line whose rail gave no final answer in its window keeps its hold: it reads Timed Out to the
-- client while Paywire does not know what became of the money. unconfirmed says what is unknown: HOLD_KEPT, the hold
-- still pending until the rail's late answer or an operator posts or releases it; PAID_UNBOOKED, the rail paid after
-- the hold was released and the working account could not cover the payout again. unconfirmed_since says since when;
-- both go back to null once the money is decided. referred_at says when the line was referred to operations (kept).
alter table payout_lines add column unconfirmed text check (unconfirmed in ('HOLD_KEPT', 'PAID_UNBOOKED'));
alter table payout_lines add column unconfirmed_since timestamptz;
alter table payout_lines add column referred_at timestamptz;
create index payout_lines_unconfirmed on payout_lines (unconfirmed_since) where unconfirmed is not null;

-- Operators resolve payout lines as they do airtime top-ups and bill payments.
alter table unconfirmed_payment_resolutions drop constraint unconfirmed_payment_resolutions_product_check;
alter table unconfirmed_payment_resolutions add constraint unconfirmed_payment_resolutions_product_check
    check (product in ('AIRTIME', 'BILL', 'PAYOUT'));
