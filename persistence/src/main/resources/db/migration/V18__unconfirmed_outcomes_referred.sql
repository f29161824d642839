-- Airtime top-ups and bill payments whose rail never said what became of them are no longer released blind: the
-- funds stay held, the recipient or payment stays PROCESSING with result code 14 (pending confirmation), and the
-- rail is asked for a day. If it is still silent then, the row is referred to operations: this column says when,
-- and the partial indexes find what waits for an operator.

alter table airtime_recipients add column referred_at timestamptz;
create index airtime_recipients_referred on airtime_recipients (referred_at) where referred_at is not null;

alter table bill_payments add column referred_at timestamptz;
create index bill_payments_referred on bill_payments (referred_at) where referred_at is not null;
