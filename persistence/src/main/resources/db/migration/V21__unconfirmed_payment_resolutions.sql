-- Operators resolve airtime top-ups and bill payments whose rail never said what became of them (issue 26). Each
-- row says who resolved which payment, when, how and on what evidence; the key makes a second resolution impossible.
-- unconfirmed_since says since when a recipient or payment has been pending confirmation, for the operators' list.

create table unconfirmed_payment_resolutions (
    product     text        not null check (product in ('AIRTIME', 'BILL')),
    payment_id  uuid        not null,
    client_id   text        not null,
    outcome     text        not null check (outcome in ('PAID', 'NOT_PAID')),
    reference   text        not null,
    resolved_by text        not null,
    resolved_at timestamptz not null,
    primary key (product, payment_id)
);

alter table airtime_recipients add column unconfirmed_since timestamptz;
alter table bill_payments add column unconfirmed_since timestamptz;
