-- A phone prompt of its own (an express deposit, a payment link's payment) whose rail never said what became of it
-- keeps its credit held while its workflow asks the rail for a day (prompt-held-while-out). If the rail is still
-- silent then, the deposit is referred to operators: unconfirmed_since says since when its outcome has been unknown
-- (when it closed with no final word), referred_at when it was referred. Both are kept once it is decided; the
-- operators' queue lists only those whose held credit is still pending.
alter table express_deposits add column unconfirmed_since timestamptz;
alter table express_deposits add column referred_at timestamptz;
create index express_deposits_referred on express_deposits (referred_at) where referred_at is not null;

-- Operators resolve referred phone prompts too, under the product of their ledger keys (deposit:{id}).
alter table unconfirmed_payment_resolutions drop constraint unconfirmed_payment_resolutions_product_check;
alter table unconfirmed_payment_resolutions add constraint unconfirmed_payment_resolutions_product_check
    check (product in ('AIRTIME', 'BILL', 'PAYOUT', 'CARD', 'PHONE_PROMPT'));
