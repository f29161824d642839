-- Operators resolve settlements the bank never answered for (issue 45), referred with their hold kept, under the
-- product of their ledger keys (settlement:{id}).
alter table unconfirmed_payment_resolutions drop constraint unconfirmed_payment_resolutions_product_check;
alter table unconfirmed_payment_resolutions add constraint unconfirmed_payment_resolutions_product_check
    check (product in ('AIRTIME', 'BILL', 'PAYOUT', 'CARD', 'PHONE_PROMPT', 'SETTLEMENT'));
