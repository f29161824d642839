-- Reversals of collections (issue 48): a client, or an operator, asks the mobile-money rail to give a collection
-- back to its payer. Each is a pay-back of kind COLLECTION_REVERSAL (subject: the collection's ledger key; one row
-- per attempt, as a refused reversal may be asked again), paid back by the pay-backs' workflow; its money is held
-- from the client's utility account (and revenue, for the fee) when the client asks, so owed_account names the
-- client's utility account. This table keeps what the client asked, under its own idempotency id.

alter table pay_backs drop constraint pay_backs_kind_check;
alter table pay_backs add constraint pay_backs_kind_check
    check (kind in ('SUSPENSE_RETURN', 'REFUND_DUE', 'COLLECTION_REVERSAL'));

create table collection_reversals (
    id                         uuid          primary key references pay_backs (id),
    client_id                  text          not null,
    originator_conversation_id text          not null,
    collection_type            text          not null
        check (collection_type in ('EXPRESS_DEPOSIT', 'PAYMENT_LINK_PAYMENT', 'PAYBILL_DEPOSIT')),
    collection_id              text          not null,  -- as the client named it
    payment_id                 uuid          not null,  -- Paywire's id of the deposit
    collection_key             text          not null,  -- the collection's ledger key
    amount                     numeric(20,2) not null check (amount > 0),
    fee                        numeric(20,2) not null check (fee >= 0),  -- the part revenue gives back
    currency                   text          not null,
    reason                     text          not null,
    requested_by               text,                    -- the operator's id, when an operator asked
    result_code                text,                    -- the rail's code of its final answer
    result_desc                text,                    -- and its words
    created_at                 timestamptz   not null,
    unique (client_id, originator_conversation_id)
);
create index collection_reversals_payment on collection_reversals (payment_id, created_at desc);

-- Where the charges live: whether reversing a collection of a transaction type gives its fee back (revenue's leg)
-- or keeps it (the client gives back the whole amount alone). A type without a row gives it back.
create table charge_reversal_rules (
    transaction_type_id integer primary key,
    fee_returned        boolean not null
);
insert into charge_reversal_rules values (12, true);
